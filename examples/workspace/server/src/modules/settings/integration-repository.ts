// The integrations' rows (Salesforce, Google Meet): their settings, sealed secrets and how their
// last run ended.
import { SettingsStore } from './tables';

/** The `integrations` table of a workspace. */
export class IntegrationRepository extends SettingsStore {
  integrations(workspaceId: string) {
    return this.db
      .selectFrom('integrations')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .execute();
  }

  findIntegration(workspaceId: string, kind: 'salesforce' | 'googleMeet') {
    return this.db
      .selectFrom('integrations')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  async saveIntegration(row: {
    workspaceId: string;
    kind: 'salesforce' | 'googleMeet';
    enabled: boolean;
    config: Record<string, unknown>;
    secrets: Record<string, string>;
  }): Promise<void> {
    const values = {
      enabled: row.enabled,
      config: JSON.stringify(row.config),
      secrets: JSON.stringify(row.secrets),
    };
    await this.db
      .insertInto('integrations')
      .values({ workspace_id: row.workspaceId, kind: row.kind, ...values })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'kind']).doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
  }

  /**
   * Records how an integration's run ended: a success stamps `last_success_at` and clears the last
   * error; a failure keeps the last success and records the error. `state`, when given, replaces
   * the integration's bookmark in the same write.
   */
  async recordIntegrationRun(
    workspaceId: string,
    kind: 'salesforce' | 'googleMeet',
    outcome: { ok: true; state?: Record<string, unknown> } | { ok: false; error: string },
  ): Promise<void> {
    const now = new Date();
    await this.db
      .updateTable('integrations')
      .set(
        outcome.ok
          ? {
              last_success_at: now,
              last_error: null,
              last_error_at: null,
              ...(outcome.state ? { state: JSON.stringify(outcome.state) } : {}),
            }
          : { last_error: outcome.error.slice(0, 500), last_error_at: now },
      )
      .where('workspace_id', '=', workspaceId)
      .where('kind', '=', kind)
      .execute();
  }
}
