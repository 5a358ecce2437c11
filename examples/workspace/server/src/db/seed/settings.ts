// Demo settings of `npm start`: channel addresses, the customer-satisfaction survey with a month
// of responses, and an assignment rule (Support takes new WhatsApp and chat conversations,
// round-robin). Runs inside the demo seed's transaction, after the workspaces.
import type { Transaction } from 'kysely';
import { newId } from '../../lib/ids';
import { settingsDb } from '../../modules/settings/tables';
import type { Database } from '../schema';

interface SettingsSeed {
  readonly slug: string;
  readonly channels: readonly { channel: string; enabled: boolean; address: string }[];
  readonly csat?: {
    readonly enabled: boolean;
    readonly question: string;
    readonly scale: 3 | 5 | 10;
    /** Responses per score, spread over the last 30 days. */
    readonly responses: Readonly<Record<number, number>>;
  };
  readonly rules: readonly {
    readonly team: string;
    readonly strategy: 'round_robin' | 'least_busy';
    readonly channels: readonly string[];
  }[];
}

export const SETTINGS_SEED: readonly SettingsSeed[] = [
  {
    slug: 'acme',
    channels: [
      { channel: 'whatsapp', enabled: true, address: '+15555550100' },
      { channel: 'email', enabled: true, address: 'support@acme.test' },
      { channel: 'sms', enabled: true, address: '+15555550100' },
      { channel: 'chat', enabled: true, address: 'https://acme.test' },
      { channel: 'voice', enabled: true, address: '+15555550199' },
    ],
    csat: {
      enabled: true,
      question: 'How would you rate the help you received?',
      scale: 5,
      responses: { 5: 14, 4: 7, 3: 3, 2: 1, 1: 1 },
    },
    rules: [{ team: 'Support', strategy: 'round_robin', channels: ['whatsapp', 'chat'] }],
  },
  {
    slug: 'globex',
    channels: [{ channel: 'email', enabled: true, address: 'help@globex.test' }],
    rules: [],
  },
];

/** Seeds the demo settings; `ids` are the demo seed's ids by key (`ws:acme`, `acme/team:Support`). */
export async function seedSettings(
  trx: Transaction<Database>,
  ids: ReadonlyMap<string, string>,
  data: readonly SettingsSeed[] = SETTINGS_SEED,
): Promise<void> {
  const db = settingsDb(trx);
  for (const w of data) {
    const workspaceId = ids.get(`ws:${w.slug}`);
    if (!workspaceId) continue;
    for (const c of w.channels)
      await db
        .insertInto('workspace_channels')
        .values({ workspace_id: workspaceId, ...c })
        .execute();
    if (w.csat) {
      const { responses, ...settings } = w.csat;
      await db
        .insertInto('csat_settings')
        .values({ workspace_id: workspaceId, ...settings })
        .execute();
      const rows = Object.entries(responses).flatMap(([score, count]) =>
        Array.from({ length: count }, (_, i) => ({
          id: newId(),
          workspace_id: workspaceId,
          conversation_id: null,
          scale: settings.scale,
          score: Number(score),
          comment: null,
          // Demo data: the settings card says "Includes demo answers" while any are counted.
          demo: true,
          // Spread over the last four weeks, a few hours apart.
          created_at: new Date(
            Date.now() - ((Number(score) * 7 + i * 13) % 27) * 86_400_000 - i * 3_600_000,
          ),
        })),
      );
      if (rows.length > 0) await db.insertInto('csat_responses').values(rows).execute();
    }
    for (const r of w.rules) {
      const teamId = ids.get(`${w.slug}/team:${r.team}`);
      if (!teamId) continue;
      await db
        .insertInto('assignment_rules')
        .values({
          id: newId(),
          workspace_id: workspaceId,
          team_id: teamId,
          strategy: r.strategy,
          channels: JSON.stringify(r.channels),
          enabled: true,
        })
        .execute();
    }
  }
}
