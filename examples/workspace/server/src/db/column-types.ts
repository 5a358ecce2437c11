// The column types shared by the table types of every module (as Kysely sees them: what a select
// answers, what an insert and an update take).
import type { ColumnType } from 'kysely';

/** Set by the database on insert, never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A required timestamp. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** An optional timestamp. */
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A JSON column, written as its serialized text. */
export type Json<T> = ColumnType<T, string, string>;
