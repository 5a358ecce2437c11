/** A migration written as plain SQL statements, run in order inside one transaction. */
export interface SqlMigration {
  /** Sorts the migrations: `NNNN-topic`. */
  readonly name: string;
  readonly up: readonly string[];
}
