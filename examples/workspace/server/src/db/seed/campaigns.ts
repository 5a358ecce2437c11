// Demo campaigns of `npm start` (workspace acme): a WhatsApp draft from the approved template,
// an email newsletter draft, an SMS scheduled for tomorrow morning on the workspace clock, and a
// cancelled SMS. None has sent anything: every figure a report shows comes from a real send.
import type { Kysely } from 'kysely';
import { TZDate } from '@date-fns/tz';
import { newId } from '../../lib/ids';
import { withCampaignTables } from '../../modules/campaigns/tables';
import type { Database } from '../schema';

/** Seeds the demo campaigns of the workspaces in `ids` (keys as `seed()` makes them). */
export async function seedCampaigns(
  database: Kysely<Database>,
  ids: ReadonlyMap<string, string>,
): Promise<void> {
  const wsId = ids.get('ws:acme');
  if (!wsId) return;
  const db = withCampaignTables(database);
  const ws = await db
    .selectFrom('workspaces')
    .select('time_zone')
    .where('id', '=', wsId)
    .executeTakeFirstOrThrow();
  const template = await db
    .selectFrom('campaign_templates')
    .select(['id', 'name', 'language', 'body'])
    .where('workspace_id', '=', wsId)
    .where('name', '=', 'order_update')
    .executeTakeFirst();
  const createdBy = ids.get('user:jane') ?? null;
  const vip = ids.get('acme/tag:vip');
  const now = Date.now();
  const insert = (c: {
    name: string;
    channel: string;
    status: string;
    audience: unknown;
    content: unknown;
    templateId?: string | null;
    scheduledAt?: Date | null;
    startedAt?: Date | null;
    completedAt?: Date | null;
    cancelledAt?: Date | null;
    createdAt: Date;
  }) => {
    const id = newId();
    return db
      .insertInto('campaigns')
      .values({
        id,
        workspace_id: wsId,
        name: c.name,
        channel: c.channel,
        status: c.status,
        audience: JSON.stringify(c.audience),
        content: JSON.stringify(c.content),
        template_id: c.templateId ?? null,
        scheduled_at: c.scheduledAt ?? null,
        started_at: c.startedAt ?? null,
        completed_at: c.completedAt ?? null,
        cancelled_at: c.cancelledAt ?? null,
        created_by: createdBy,
        created_at: c.createdAt,
        updated_at: c.completedAt ?? c.cancelledAt ?? c.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };

  if (template)
    await insert({
      name: 'VIP order updates',
      channel: 'whatsapp',
      status: 'draft',
      audience: { match: 'all', rules: vip ? [{ kind: 'tag', op: 'has', tagId: vip }] : [] },
      content: {
        channel: 'whatsapp',
        templateId: template.id,
        variables: { '1': '{{first_name}}', '2': 'from your last visit' },
      },
      templateId: template.id,
      createdAt: new Date(now - 3_600_000),
    });

  // A draft to every contact with an email address (no figures are seeded: a report shows
  // only what the channels reported).
  await insert({
    name: 'Spring newsletter',
    channel: 'email',
    status: 'draft',
    audience: {
      match: 'all',
      rules: [{ kind: 'attribute', field: 'email', op: 'is_set', value: '' }],
    },
    content: {
      channel: 'email',
      subject: 'News from Acme, {{first_name}}',
      body: 'Hello {{first_name}},\n\nOur spring collection is here. Reply to this email to book a visit.\n\nThe Acme team',
    },
    createdAt: new Date(now - 2 * 86_400_000),
  });

  // Tomorrow 10:00 on the workspace clock.
  const today = new TZDate(now, ws.time_zone);
  const tomorrow = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + 1,
    10,
    0,
    0,
    ws.time_zone,
  );
  await insert({
    name: 'Delivery day reminder',
    channel: 'sms',
    status: 'scheduled',
    audience: {
      match: 'all',
      rules: [{ kind: 'attribute', field: 'phone', op: 'is_set', value: '' }],
    },
    content: { channel: 'sms', body: 'Acme: hi {{first_name}}, your parcel arrives today.' },
    scheduledAt: new Date(tomorrow.getTime()),
    createdAt: new Date(now - 7_200_000),
  });
  await insert({
    name: 'Black Friday teaser',
    channel: 'sms',
    status: 'cancelled',
    audience: { match: 'all', rules: [] },
    content: { channel: 'sms', body: 'Acme: Black Friday starts soon. Reply STOP to opt out.' },
    cancelledAt: new Date(now - 5 * 86_400_000),
    createdAt: new Date(now - 6 * 86_400_000),
  });
}
