// An SMS campaign over the real wire, against the local channel gateway (Twilio's REST API and
// its signed status callbacks): a number that sent STOP is skipped and counted as opted out; a
// 429 from Twilio is retried and the message sent once; Twilio's refusals (21211 invalid number,
// 21614 landline) fail their message with Twilio's reason; status callbacks move the others to
// delivered, and a replayed callback changes nothing; a customer's reply opens a conversation
// linked to the campaign and counts as Replied (once; STOP is not a reply). On PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../gateway/src/signature';
import {
  campaignReportResponseSchema,
  campaignResponseSchema,
  recipientListResponseSchema,
} from '../src/contract/campaigns';
import { loadCampaignConfig } from '../src/modules/campaigns/config';
import { SendQueueRepository } from '../src/modules/campaigns/send-queue-repository';
import { campaignMessageKey } from '../src/modules/campaigns/sender';
import { withCampaignTables } from '../src/modules/campaigns/tables';
import { createSender } from '../src/modules/campaigns/worker';
import { startGatewayStack, type GatewayStack } from './channels-gateway';
import { dbKinds } from './harness';

const BUSINESS = '+15555550100';
/** Twilio's magic test number that the API refuses with 21211. */
const INVALID = '+15005550001';

describe.each(dbKinds())('an SMS campaign on the channel gateway on %s', (kind) => {
  let stack: GatewayStack;
  let jane: string;
  let acme: string;
  beforeAll(async () => {
    stack = await startGatewayStack(kind);
    jane = await stack.server.login('jane@acme.test');
    acme = stack.server.id('ws:acme');
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
  });

  const s = () => stack.server;
  const api = (method: string, path: string, body?: unknown) =>
    s().req(method, `/api/ws/acme/${path}`, { token: jane, ...(body ? { body } : {}) });
  const sender = () =>
    createSender(s().services, loadCampaignConfig({}), {
      workerId: 'test-worker',
      backoffBaseMs: 0,
      backoffMaxMs: 0,
    });
  const outbound = async (address: string) =>
    (
      (await stack.control('GET', `/messages?channel=sms&address=${encodeURIComponent(address)}`))
        .json.messages as { id: string; direction: string; text: string; status: string }[]
    ).filter((m) => m.direction === 'outbound');
  const db = () => withCampaignTables(s().services.db);

  it('skips the opted-out, retries a 429 once, fails refusals with the reason, and follows the receipts', async () => {
    // Olivia texts STOP before the campaign; a contact has Twilio's invalid magic number
    const stop = await stack.control('POST', '/sms', {
      from: '+15555550103',
      to: BUSINESS,
      body: 'STOP',
    });
    expect(stop.status, JSON.stringify(stop.json)).toBe(200);
    expect((await api('POST', 'contacts', { name: 'Wrong Number', phone: INVALID })).status).toBe(
      201,
    );
    const created = await api('POST', 'campaigns', {
      name: 'Delivery window',
      channel: 'sms',
      content: { channel: 'sms', body: 'Acme: hi {{first_name}}, reply to pick a slot.' },
      audience: {
        match: 'all',
        rules: [{ kind: 'attribute', field: 'phone', op: 'is_set', value: '' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.campaign.id as string;
    expect((await api('POST', `campaigns/${id}/schedule`, { sendAt: 'now' })).status).toBe(200);
    // the next Twilio call answers 429
    expect(
      (await stack.control('POST', '/faults', { channel: 'sms', status: 429, count: 1 })).status,
    ).toBe(200);
    await sender().drain();

    const campaign = campaignResponseSchema.parse(
      (await api('GET', `campaigns/${id}`)).body,
    ).campaign;
    expect(campaign.status).toBe('sent');
    const rows = await db()
      .selectFrom('campaign_messages')
      .selectAll()
      .where('campaign_id', '=', id)
      .execute();
    const row = (address: string) => rows.find((r) => r.address === address)!;
    // STOP: skipped, nothing sent to the number
    expect(row('+15555550103')).toMatchObject({ status: 'opted_out', sent_at: null });
    expect((await outbound('+15555550103')).filter((m) => m.text.includes('pick a slot'))).toEqual(
      [],
    );
    // refusals fail with Twilio's code and message
    expect(row(INVALID)).toMatchObject({ status: 'failed' });
    expect(row(INVALID).error).toMatch(/^21211: /);
    expect(row('+442071234567').error).toMatch(/^21614: /);
    // every other number got exactly one SMS (the 429 was retried, never duplicated)
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent.map((r) => r.address).sort()).toEqual([
      '+15555550101',
      '+15555550102',
      '+15555550123',
      '+15555550142',
    ]);
    expect(sent.some((r) => r.attempts === 2)).toBe(true);
    for (const r of sent) {
      const texts = (await outbound(r.address)).filter((m) => m.text.includes('pick a slot'));
      expect(texts, r.address).toHaveLength(1);
      expect(`sms:${texts[0]!.id}`).toBe(r.provider_message_id);
    }
    expect(campaign.stats).toMatchObject({ total: 7, sent: 4, failed: 2, optedOut: 1 });
    // Twilio's status callbacks move the sent ones to delivered
    const stats = async () =>
      campaignResponseSchema.parse((await api('GET', `campaigns/${id}`)).body).campaign.stats;
    await expect.poll(async () => (await stats()).delivered, { timeout: 20_000 }).toBe(4);
    const report = campaignReportResponseSchema.parse(
      (await api('GET', `campaigns/${id}/report`)).body,
    ).report;
    expect(report).toMatchObject({
      localGateway: true,
      receipts: { delivered: true, read: false },
      stats: { sent: 4, delivered: 4, failed: 2, optedOut: 1, replied: 0 },
    });
    const opted = recipientListResponseSchema.parse(
      (await api('GET', `campaigns/${id}/recipients?status=opted_out`)).body,
    );
    expect(opted.recipients.map((r) => r.address)).toEqual(['+15555550103']);

    // a replayed (signed) callback, here an old "sent" after "delivered", changes nothing
    const maria = row('+15555550101');
    const before = await db()
      .selectFrom('campaign_messages')
      .selectAll()
      .where('id', '=', maria.id)
      .executeTakeFirstOrThrow();
    const { info } = stack.gateway;
    const url = `${s().url}/api/channels/twilio/status?m=${campaignMessageKey(Number(maria.id))}`;
    const params = new URLSearchParams({
      MessageSid: maria.provider_message_id!.slice('sms:'.length),
      AccountSid: info.twilio.accountSid,
      MessageStatus: 'sent',
      From: BUSINESS,
      To: maria.address,
    });
    for (const status of ['sent', 'delivered']) {
      params.set('MessageStatus', status);
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(
            info.twilio.authToken,
            url,
            Object.fromEntries(params),
          ),
        },
        body: params.toString(),
      });
      expect(res.status).toBe(204);
    }
    const after = await db()
      .selectFrom('campaign_messages')
      .selectAll()
      .where('id', '=', maria.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('a message whose send a stopped worker had started is not sent again: it fails saying so', async () => {
    expect((await api('POST', 'contacts', { name: 'Cut Off', phone: '+15555557301' })).status).toBe(
      201,
    );
    const created = await api('POST', 'campaigns', {
      name: 'Cut off mid-send',
      channel: 'sms',
      content: { channel: 'sms', body: 'Acme: your slot is confirmed.' },
      audience: {
        match: 'all',
        rules: [{ kind: 'attribute', field: 'phone', op: 'starts_with', value: '+155555573' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.campaign.id as string;
    expect((await api('POST', `campaigns/${id}/schedule`, { sendAt: 'now' })).status).toBe(200);
    // A worker starts the campaign, claims its message and marks the provider call started, then
    // stops before the answer is recorded; its lease runs out.
    const repo = new SendQueueRepository(s().services.db);
    await repo.startDue(5, () => Promise.resolve({ snapshot: null }));
    const claimed = await repo.claim('dead-worker', 20, 30_000);
    expect(claimed.map((m) => m.address)).toEqual(['+15555557301']);
    await repo.markSending(
      'dead-worker',
      claimed.map((m) => m.id),
    );
    await db()
      .updateTable('campaign_messages')
      .set({ locked_until: new Date(Date.now() - 1_000) })
      .where('campaign_id', '=', id)
      .execute();
    await sender().drain();
    const [row] = await db()
      .selectFrom('campaign_messages')
      .selectAll()
      .where('campaign_id', '=', id)
      .execute();
    expect(row).toMatchObject({
      status: 'failed',
      error:
        'Sending was interrupted, so this recipient may or may not have received the message; it was not sent again.',
    });
    expect(await outbound('+15555557301')).toEqual([]);
  });

  it("a customer's reply opens a conversation linked to the campaign and counts once as Replied", async () => {
    const campaign = await db()
      .selectFrom('campaigns')
      .select(['id', 'name'])
      .where('name', '=', 'Delivery window')
      .executeTakeFirstOrThrow();
    for (const body of ['Tuesday morning please', 'Or Wednesday'])
      expect(
        (await stack.control('POST', '/sms', { from: '+15555550102', to: BUSINESS, body })).status,
      ).toBe(200);
    const conversation = await s()
      .services.db.selectFrom('conversations as c')
      .innerJoin('contacts as ct', 'ct.id', 'c.contact_id')
      .select(['c.id', 'c.campaign_id', 'c.channel'])
      .where('ct.phone', '=', '+15555550102')
      .where('c.workspace_id', '=', acme)
      .where('c.channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(conversation.campaign_id).toBe(campaign.id);
    const li = await db()
      .selectFrom('campaign_messages')
      .select(['replied_at'])
      .where('campaign_id', '=', campaign.id)
      .where('address', '=', '+15555550102')
      .executeTakeFirstOrThrow();
    expect(li.replied_at).not.toBeNull();
    // STOP from a recipient is an opt-out, not a reply
    expect(
      (await stack.control('POST', '/sms', { from: '+15555550101', to: BUSINESS, body: 'STOP' }))
        .status,
    ).toBe(200);
    const report = campaignReportResponseSchema.parse(
      (await api('GET', `campaigns/${campaign.id}/report`)).body,
    ).report;
    expect(report.stats.replied).toBe(1);
    const replied = recipientListResponseSchema.parse(
      (await api('GET', `campaigns/${campaign.id}/recipients?status=replied`)).body,
    );
    expect(replied.recipients.map((r) => r.address)).toEqual(['+15555550102']);
    // the inbox conversation names the campaign it answers
    const res = await api('GET', `inbox/conversations/${conversation.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.conversation.campaign).toEqual({ id: campaign.id, name: campaign.name });
  });
});
