// Demo campaigns of `npm start` (workspace acme): a WhatsApp draft from the approved template,
// an email newsletter sent two days ago (its recipients' receipts simulated by the sandbox
// provider's rules), an SMS scheduled for tomorrow morning on the workspace clock, and a
// cancelled SMS.
import type { Kysely } from 'kysely';
import { TZDate } from '@date-fns/tz';
import { SandboxChannelProvider } from '../../integrations/channels/sandbox-provider';
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

  // Sent two days ago to every contact with an email address.
  const sentAt = new Date(now - 2 * 86_400_000);
  const newsletter = {
    channel: 'email' as const,
    subject: 'News from Acme, {{first_name}}',
    body: 'Hello {{first_name}},\n\nOur spring collection is here. Reply to this email to book a visit.\n\nThe Acme team',
  };
  const sent = await insert({
    name: 'Spring newsletter',
    channel: 'email',
    status: 'sent',
    audience: {
      match: 'all',
      rules: [{ kind: 'attribute', field: 'email', op: 'is_set', value: '' }],
    },
    content: newsletter,
    scheduledAt: sentAt,
    startedAt: sentAt,
    completedAt: new Date(sentAt.getTime() + 60_000),
    createdAt: new Date(sentAt.getTime() - 86_400_000),
  });
  const recipients = await db
    .selectFrom('contacts')
    .select(['id', 'name', 'company', 'email', 'phone'])
    .where('workspace_id', '=', wsId)
    .where('email', 'is not', null)
    .orderBy('name')
    .execute();
  for (const [i, r] of recipients.entries()) {
    const accepted = new Date(sentAt.getTime() + i * 1_500);
    const fate = SandboxChannelProvider.simulate({ channel: 'email', address: r.email! }, accepted);
    await db
      .insertInto('campaign_messages')
      .values({
        campaign_id: sent.id,
        workspace_id: wsId,
        contact_id: r.id,
        contact_name: r.name,
        contact_company: r.company,
        contact_email: r.email,
        contact_phone: r.phone,
        address: r.email!,
        status: fate.valid ? 'sent' : 'failed',
        attempts: 1,
        provider_message_id: fate.valid ? `sbx_seed_${i}` : null,
        error: fate.valid ? fate.error : 'Invalid recipient address',
        sent_at: fate.valid ? accepted : null,
        delivered_at: fate.valid ? fate.deliveredAt : null,
        failed_at: fate.valid ? fate.failedAt : accepted,
        replied_at: fate.valid ? fate.repliedAt : null,
      })
      .execute();
  }
  await db
    .updateTable('campaigns')
    .set({ recipients_total: recipients.length })
    .where('id', '=', sent.id)
    .execute();

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
