// The campaigns API on PGlite and PostgreSQL: the campaigns permit and cross-tenant denial,
// drafts (audience, content, details), the states draft → scheduled → sending → sent (and
// cancelled), duplicate and delete, audience estimates, sending through the queue and the
// channel adapters over the local channel gateway (email into its mailbox, a crashed worker's
// batch resumed as the same mails: one Message-ID per recipient; WhatsApp as the approved
// template with its variables), reports and CSV, templates with their review, and the voice add-on's
// template search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTemplatesResponseSchema } from '../../../../packages/react-voice/src/api/contract';
import {
  campaignListResponseSchema,
  campaignOverviewResponseSchema,
  campaignReportResponseSchema,
  campaignResponseSchema,
  recipientListResponseSchema,
  templateListResponseSchema,
} from '../src/contract/campaigns';
import { CampaignRepository } from '../src/modules/campaigns/repository';
import { SendQueueRepository } from '../src/modules/campaigns/send-queue-repository';
import { loadCampaignConfig } from '../src/modules/campaigns/config';
import { campaignMessageKey, type CampaignSender } from '../src/modules/campaigns/sender';
import { createSender } from '../src/modules/campaigns/worker';
import { startGatewayStack, type GatewayStack } from './channels-gateway';
import { dbKinds, type TestServer } from './harness';

const EMAIL_CONTENT = { channel: 'email', subject: 'Hi {{first_name}}', body: 'Hello {{name}}!' };

describe.each(dbKinds())('campaigns on %s', (kind) => {
  let stack: GatewayStack;
  let s: TestServer;
  let jane: string;
  let sam: string;
  let gary: string;
  let sender: CampaignSender;
  const api = (method: string, path: string, token: string, body?: unknown) =>
    s.req(method, `/api/ws/${path}`, { token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    stack = await startGatewayStack(kind, { smtp: true });
    s = stack.server;
    [jane, sam, gary] = (await Promise.all(
      ['jane@acme.test', 'sam@both.test', 'gary@globex.test'].map((e) => s.login(e)),
    )) as [string, string, string];
    sender = createSender(s.services, loadCampaignConfig({}), {
      workerId: 'test-worker',
      batchSize: 3,
      backoffBaseMs: 0,
      backoffMaxMs: 0,
    });
  }, 240_000);
  afterAll(() => stack?.close());

  /** What the gateway holds for a customer's address on a channel (both directions). */
  const mailbox = async (channel: string, address: string) =>
    (
      await stack.control(
        'GET',
        `/messages?channel=${channel}&address=${encodeURIComponent(address)}`,
      )
    ).json.messages as {
      id: string;
      direction: string;
      subject?: string;
      text: string;
      template?: string;
      status: string;
    }[];

  const createEmail = async (name: string, audience?: unknown) => {
    const res = await api('POST', 'acme/campaigns', jane, {
      name,
      channel: 'email',
      content: EMAIL_CONTENT,
      ...(audience ? { audience } : {}),
    });
    expect(res.status, res.text).toBe(201);
    return campaignResponseSchema.parse(res.body).campaign;
  };

  it('the OpenAPI document declares the campaign and template routes', async () => {
    const doc = (await s.req('GET', '/api/openapi.json')).body as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/api/ws/{slug}/campaigns',
      '/api/ws/{slug}/campaigns/{id}',
      '/api/ws/{slug}/campaigns/{id}/schedule',
      '/api/ws/{slug}/campaigns/{id}/report.csv',
      '/api/ws/{slug}/campaign-overview',
      '/api/ws/{slug}/campaigns/audience/estimate',
      '/api/ws/{slug}/campaign-templates/{id}/review',
      '/api/ws/{slug}/v2/campaign-templates',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });

  it('needs the campaigns permit: a member without it gets 403 on every campaigns route', async () => {
    for (const [method, path, body] of [
      ['GET', 'acme/campaigns'],
      ['GET', 'acme/campaign-overview'],
      ['POST', 'acme/campaigns', { channel: 'email' }],
      ['POST', 'acme/campaigns/audience/estimate', { channel: 'sms', audience: {} }],
      ['GET', 'acme/campaigns/audience/options'],
      ['GET', 'acme/campaign-templates'],
      ['POST', 'acme/campaign-templates', { name: 'x', channel: 'sms', body: 'x' }],
    ] as const) {
      const res = await api(method, path, sam, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('forbidden');
    }
  });

  it("another workspace's campaigns and templates answer 404", async () => {
    const mine = await createEmail('Acme only');
    // gary is not a member of acme
    expect((await api('GET', `acme/campaigns/${mine.id}`, gary)).status).toBe(404);
    // and acme's ids do not exist in globex
    for (const path of [
      `globex/campaigns/${mine.id}`,
      `globex/campaigns/${mine.id}/report`,
      `globex/campaigns/${mine.id}/report.csv`,
      `globex/campaigns/${mine.id}/recipients`,
    ])
      expect((await api('GET', path, gary)).status, path).toBe(404);
    expect((await api('POST', `globex/campaigns/${mine.id}/duplicate`, gary)).status).toBe(404);
    expect((await api('DELETE', `globex/campaigns/${mine.id}`, gary)).status).toBe(404);
    const acmeTemplates = templateListResponseSchema.parse(
      (await api('GET', 'acme/campaign-templates', jane)).body,
    ).templates;
    expect(
      (await api('GET', `globex/campaign-templates/${acmeTemplates[0]!.id}`, gary)).status,
    ).toBe(404);
    // a globex tag in an acme audience is not accepted
    const globexTag = s.id('globex/tag:urgent');
    const res = await api('PATCH', `acme/campaigns/${mine.id}`, jane, {
      audience: { match: 'all', rules: [{ kind: 'tag', op: 'has', tagId: globexTag }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'body.audience.rules', message: 'Unknown tag' }]);
  });

  it('lists the seeded campaigns with state and channel filters, name search and cursor pages', async () => {
    const list = async (query: string) =>
      campaignListResponseSchema.parse((await api('GET', `acme/campaigns?${query}`, jane)).body);
    // nothing seeded has been sent: a report only ever shows what the channels reported
    expect((await list('status=sent')).campaigns).toEqual([]);
    const drafts = await list('status=draft');
    expect(drafts.campaigns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Spring newsletter', 'VIP order updates']),
    );
    expect(drafts.campaigns.every((c) => c.stats.total === 0)).toBe(true);
    expect((await list('channel=sms')).campaigns.map((c) => c.name).sort()).toEqual([
      'Black Friday teaser',
      'Delivery day reminder',
    ]);
    expect((await list('q=SPRING')).campaigns.map((c) => c.name)).toEqual(['Spring newsletter']);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.campaigns.length).toBeLessThanOrEqual(2);
      names.push(...page.campaigns.map((c) => c.name));
      cursor = page.page.nextCursor;
    } while (cursor);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['VIP order updates', 'Spring newsletter']));
    expect((await api('GET', 'acme/campaigns?cursor=nope', jane)).status).toBe(400);
  });

  it('estimates a segment live: by tag, attribute and last activity, reachable on the channel', async () => {
    const estimate = async (channel: string, audience: unknown) => {
      const res = await api('POST', 'acme/campaigns/audience/estimate', jane, {
        channel,
        audience,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.estimate as {
        matched: number;
        reachable: number;
        sample: { name: string }[];
      };
    };
    const everyone = await estimate('email', { match: 'all', rules: [] });
    expect(everyone).toMatchObject({ matched: 7, reachable: 4 });
    expect(everyone.sample.map((c) => c.name)).toEqual([
      'Emma Wilson',
      'Li Wei',
      'Maria Garcia',
      'Olivia Brown',
    ]);
    expect((await estimate('sms', { rules: [] })).sample).toHaveLength(5);
    const vip = { kind: 'tag', op: 'has', tagId: s.id('acme/tag:vip') };
    expect(await estimate('sms', { rules: [vip] })).toMatchObject({ matched: 2, reachable: 2 });
    expect(await estimate('email', { rules: [vip] })).toMatchObject({ matched: 2, reachable: 1 });
    expect(
      await estimate('sms', {
        rules: [{ kind: 'attribute', field: 'company', op: 'contains', value: 'co' }],
      }),
    ).toMatchObject({ matched: 1 });
    expect(
      await estimate('sms', {
        match: 'any',
        rules: [vip, { kind: 'attribute', field: 'company', op: 'starts_with', value: 'wilson' }],
      }),
    ).toMatchObject({ matched: 3, reachable: 2 });
    // activity in the last day: maria, li, olivia, noah (emma 33 h ago, the visitor 25 h ago, the
    // demo customer never)
    expect(
      await estimate('sms', { rules: [{ kind: 'last_activity', op: 'within', days: 1 }] }),
    ).toMatchObject({ matched: 4 });
    expect(
      await estimate('sms', { rules: [{ kind: 'last_activity', op: 'not_within', days: 1 }] }),
    ).toMatchObject({ matched: 3 });
    const bad = await api('POST', 'acme/campaigns/audience/estimate', jane, {
      channel: 'fax',
      audience: { rules: [{ kind: 'last_activity', op: 'within', days: 0 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.audience.rules.0.days',
      'body.channel',
    ]);
  });

  it('a draft lists what keeps it from being scheduled, and scheduling refuses it until ready', async () => {
    const res = await api('POST', 'acme/campaigns', jane, { channel: 'sms' });
    const draft = campaignResponseSchema.parse(res.body).campaign;
    expect(draft.status).toBe('draft');
    expect(draft.problems).toEqual(['Give the campaign a name.', 'Write the message.']);
    const refused = await api('POST', `acme/campaigns/${draft.id}/schedule`, jane, {
      sendAt: 'now',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('not_ready');
    const long = 'x'.repeat(1_531);
    expect(
      (
        await api('PATCH', `acme/campaigns/${draft.id}`, jane, {
          content: { channel: 'sms', body: long },
        })
      ).status,
    ).toBe(400);
    const patched = campaignResponseSchema.parse(
      (
        await api('PATCH', `acme/campaigns/${draft.id}`, jane, {
          name: 'Reminder',
          content: { channel: 'sms', body: 'Hi {{nickname}}' },
          audience: {
            rules: [{ kind: 'attribute', field: 'name', op: 'equals', value: 'nobody' }],
          },
        })
      ).body,
    ).campaign;
    expect(patched.problems).toEqual([
      'The audience has no reachable contacts.',
      'Unknown personalisation token {{nickname}}.',
    ]);
    // the content must be of the campaign's channel
    const wrong = await api('PATCH', `acme/campaigns/${draft.id}`, jane, {
      content: EMAIL_CONTENT,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toBe('body.content.channel');
  });

  it('schedules on the workspace clock (Europe/Madrid), unschedules, and only drafts are editable', async () => {
    const c = await createEmail('Later');
    const year = new Date().getUTCFullYear() + 1;
    const res = await api('POST', `acme/campaigns/${c.id}/schedule`, jane, {
      sendAt: { date: `${year}-01-15`, time: '09:30' },
    });
    expect(res.status, res.text).toBe(200);
    const scheduled = campaignResponseSchema.parse(res.body).campaign;
    expect(scheduled.status).toBe('scheduled');
    // 09:30 in Madrid in January is 08:30 UTC
    expect(scheduled.schedule).toEqual({
      sendAt: `${year}-01-15T08:30:00.000Z`,
      local: { date: `${year}-01-15`, time: '09:30' },
      timeZone: 'Europe/Madrid',
    });
    const edit = await api('PATCH', `acme/campaigns/${c.id}`, jane, { name: 'x' });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('not_editable');
    // the sender does not start it before its time
    await sender.drain();
    expect((await api('GET', `acme/campaigns/${c.id}`, jane)).body.campaign.status).toBe(
      'scheduled',
    );
    const back = await api('POST', `acme/campaigns/${c.id}/unschedule`, jane);
    expect(back.body.campaign).toMatchObject({ status: 'draft', schedule: { sendAt: null } });
    expect((await api('POST', `acme/campaigns/${c.id}/unschedule`, jane)).status).toBe(409);
    for (const sendAt of [
      { date: '2020-01-01', time: '10:00' },
      // the clock jumps from 02:00 to 03:00 on the last Sunday of March
      {
        date: `${year}-03-${31 - ((new Date(Date.UTC(year, 2, 31)).getUTCDay() + 7) % 7)}`,
        time: '02:30',
      },
    ]) {
      const r = await api('POST', `acme/campaigns/${c.id}/schedule`, jane, { sendAt });
      expect(r.status, JSON.stringify(sendAt)).toBe(400);
    }
    expect(
      (
        await api('POST', `acme/campaigns/${c.id}/schedule`, jane, {
          sendAt: { date: 'x', time: '25:00' },
        })
      ).status,
    ).toBe(400);
  });

  it('sends: draft → scheduled → sending → sent, one message per reachable contact, personalised', async () => {
    const c = await createEmail('Send me', {
      match: 'all',
      rules: [{ kind: 'attribute', field: 'email', op: 'is_set' }],
    });
    const scheduled = await api('POST', `acme/campaigns/${c.id}/schedule`, jane, { sendAt: 'now' });
    expect(scheduled.body.campaign.status).toBe('scheduled');
    // one pass starts it and sends a first batch of three
    const first = await sender.tick();
    expect(first).toMatchObject({ started: 1, claimed: 3 });
    const sending = campaignResponseSchema.parse(
      (await api('GET', `acme/campaigns/${c.id}`, jane)).body,
    ).campaign;
    expect(sending.status).toBe('sending');
    expect(sending.stats).toMatchObject({ total: 4, queued: 1 });
    expect(sending.stats.progress).toBeCloseTo(0.75);
    // a sending campaign is neither editable nor deletable
    expect((await api('DELETE', `acme/campaigns/${c.id}`, jane)).status).toBe(409);
    await sender.drain();
    const done = campaignResponseSchema.parse(
      (await api('GET', `acme/campaigns/${c.id}`, jane)).body,
    ).campaign;
    expect(done.status).toBe('sent');
    expect(done.stats).toMatchObject({ total: 4, queued: 0, progress: 1 });
    expect(done.completedAt).not.toBeNull();
    // each recipient has one mail in the gateway's mailbox, personalised, with our Message-ID
    const messages = await new CampaignRepository(s.services.db).recipients(c.id, undefined, 0, 10);
    expect(messages.map((m) => m.address).sort()).toEqual([
      'emma.wilson@example.com',
      'li.wei@example.com',
      'maria@example.com',
      'olivia@example.com',
    ]);
    const maria = messages.find((m) => m.address === 'maria@example.com')!;
    const mails = (await mailbox('email', 'maria@example.com')).filter(
      (m) => m.direction === 'outbound' && m.subject === 'Hi Maria',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      id: `<${campaignMessageKey(maria.id)}@acme.test>`,
      text: expect.stringContaining('Hello Maria Garcia!'),
    });
    // email has no delivery receipt: sent, never "delivered"
    expect(done.stats).toMatchObject({ sent: 4, delivered: 0, failed: 0 });
  });

  it('a worker that dies after the relay took its mails: another resumes them, and every recipient has one mail (one Message-ID)', async () => {
    const c = await createEmail('Crash', { rules: [] });
    await api('POST', `acme/campaigns/${c.id}/schedule`, jane, { sendAt: 'now' });
    const repo = new SendQueueRepository(s.services.db);
    // worker A starts it, claims two messages under a lease, sends them through the relay…
    await repo.startDue(1, () => Promise.resolve({ snapshot: null }));
    const claimed = await repo.claim('worker-a', 2, 60_000);
    expect(claimed).toHaveLength(2);
    for (const m of claimed) {
      const sent = await s.services.channels.email.send({
        idempotencyKey: campaignMessageKey(m.id),
        workspaceId: m.workspace_id,
        channel: 'email',
        from: 'support@acme.test',
        to: m.address,
        subject: 'Hi',
        body: 'Hello',
        thread: [],
        threadKey: campaignMessageKey(m.id),
      });
      expect(sent.ok).toBe(true);
    }
    // …and dies before writing the outcome. Until the lease ends nobody else takes its rows.
    const b = createSender(s.services, loadCampaignConfig({}), {
      workerId: 'worker-b',
      batchSize: 10,
    });
    const r1 = await b.tick();
    expect(r1.claimed).toBe(2);
    const stillHeld = await repo.db
      .selectFrom('campaign_messages')
      .select(['id', 'locked_by', 'status'])
      .where('campaign_id', '=', c.id)
      .where('status', '=', 'queued')
      .execute();
    expect(stillHeld.map((m) => m.locked_by)).toEqual(['worker-a', 'worker-a']);
    // after the lease (ended here rather than waited for, so a slow machine cannot end it before
    // B's first pass), B sends them again with the same Message-ID: the same mail
    await repo.db
      .updateTable('campaign_messages')
      .set({ locked_until: new Date(Date.now() - 1_000) })
      .where('campaign_id', '=', c.id)
      .where('locked_by', '=', 'worker-a')
      .execute();
    await expect.poll(async () => (await b.tick()).claimed, { timeout: 10_000 }).toBe(2);
    await b.drain();
    const rows = await repo.db
      .selectFrom('campaign_messages')
      .select(['id', 'address', 'status', 'sent_by'])
      .where('campaign_id', '=', c.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === 'sent' && r.sent_by === 'worker-b')).toBe(true);
    // the relay got the resumed ones twice, as the same mail (one Message-ID): the mailbox, as a
    // mail client does, holds one mail per recipient
    for (const r of rows) {
      const key = `<${campaignMessageKey(Number(r.id))}@acme.test>`;
      expect((await mailbox('email', r.address)).filter((m) => m.id === key)).toHaveLength(1);
    }
    expect((await api('GET', `acme/campaigns/${c.id}`, jane)).body.campaign.status).toBe('sent');
  });

  it('cancels: queued messages are not sent; a cancelled campaign can be duplicated and deleted', async () => {
    const c = await createEmail('Cancel me', { rules: [] });
    await api('POST', `acme/campaigns/${c.id}/schedule`, jane, { sendAt: 'now' });
    await sender.tick();
    const cancelled = await api('POST', `acme/campaigns/${c.id}/cancel`, jane);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.campaign.status).toBe('cancelled');
    await sender.drain();
    const after = campaignResponseSchema.parse(
      (await api('GET', `acme/campaigns/${c.id}`, jane)).body,
    ).campaign;
    expect(after.status).toBe('cancelled');
    expect(after.stats).toMatchObject({ total: 4, sent: 3, cancelled: 1, queued: 0 });
    expect((await api('POST', `acme/campaigns/${c.id}/cancel`, jane)).status).toBe(409);
    const copy = await api('POST', `acme/campaigns/${c.id}/duplicate`, jane);
    expect(copy.status).toBe(201);
    expect(copy.body.campaign).toMatchObject({
      name: 'Cancel me (copy)',
      status: 'draft',
      channel: 'email',
      content: EMAIL_CONTENT,
      stats: { total: 0 },
    });
    expect((await api('DELETE', `acme/campaigns/${c.id}`, jane)).status).toBe(204);
    expect((await api('GET', `acme/campaigns/${c.id}`, jane)).status).toBe(404);
  });

  it('reports sent, delivered, failed and replied over time, and exports CSV', async () => {
    const list = campaignListResponseSchema.parse(
      (await api('GET', 'acme/campaigns?status=sent&q=send%20me', jane)).body,
    );
    const id = list.campaigns[0]!.id;
    const report = campaignReportResponseSchema.parse(
      (await api('GET', `acme/campaigns/${id}/report`, jane)).body,
    ).report;
    expect(report.stats.total).toBe(4);
    expect(report.stats.sent).toBe(4);
    expect(report.bucket).toBe('minute');
    // the relay is the local gateway's, and email reports neither delivery nor reading
    expect(report.localGateway).toBe(true);
    expect(report.receipts).toEqual({ delivered: false, read: false });
    const sum = (k: 'sent' | 'delivered' | 'failed' | 'replied') =>
      report.series.reduce((n, p) => n + p[k], 0);
    expect(sum('sent')).toBe(report.stats.sent);
    expect(sum('delivered')).toBe(report.stats.delivered);
    expect(sum('replied')).toBe(report.stats.replied);
    const csv = await api('GET', `acme/campaigns/${id}/report.csv`, jane);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="send-me-recipients.csv"',
    );
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(
      'name,address,status,sent_at,delivered_at,read_at,failed_at,replied_at,error',
    );
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.startsWith('Maria Garcia,maria@example.com,'))).toBe(true);
    const timeline = await api('GET', `acme/campaigns/${id}/report.csv?kind=timeline`, jane);
    expect(timeline.text.split('\n')[0]).toBe('time,sent,delivered,failed,replied');
    const overviewRes = await api('GET', 'acme/campaign-overview', jane);
    expect(overviewRes.status, overviewRes.text).toBe(200);
    const overview = campaignOverviewResponseSchema.parse(overviewRes.body);
    expect(overview.series).toHaveLength(30);
    expect(overview.totals.sent).toBeGreaterThanOrEqual(report.stats.sent);
    expect(overview.counts.scheduled).toBeGreaterThanOrEqual(1);
  });

  it("lists a sent campaign's recipients by state, in pages; members without the permit get 403", async () => {
    const list = campaignListResponseSchema.parse(
      (await api('GET', 'acme/campaigns?status=sent&q=send%20me', jane)).body,
    );
    const id = list.campaigns[0]!.id;
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(
        'GET',
        `acme/campaigns/${id}/recipients?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        jane,
      );
      expect(res.status, res.text).toBe(200);
      const page = recipientListResponseSchema.parse(res.body);
      names.push(...page.recipients.map((r) => r.name));
      cursor = page.page.nextCursor;
    } while (cursor);
    expect(names.sort()).toEqual(['Emma Wilson', 'Li Wei', 'Maria Garcia', 'Olivia Brown']);
    const sent = recipientListResponseSchema.parse(
      (await api('GET', `acme/campaigns/${id}/recipients?status=sent`, jane)).body,
    );
    expect(sent.recipients).toHaveLength(4);
    expect(sent.recipients.every((r) => r.sentAt !== null && r.status === 'sent')).toBe(true);
    const queued = recipientListResponseSchema.parse(
      (await api('GET', `acme/campaigns/${id}/recipients?status=queued`, jane)).body,
    );
    expect(queued.recipients).toEqual([]);
    expect((await api('GET', `acme/campaigns/${id}/recipients?cursor=x`, jane)).status).toBe(400);
    expect((await api('GET', `acme/campaigns/${id}/recipients`, sam)).status).toBe(403);
    expect((await api('GET', `acme/campaigns/${id}/report`, sam)).status).toBe(403);
  });

  it('gives the audience options: the workspace tags and time zone', async () => {
    const res = await api('GET', 'acme/campaigns/audience/options', jane);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tags: [
        { id: s.id('acme/tag:billing'), name: 'billing', color: 'blue' },
        { id: s.id('acme/tag:bug'), name: 'bug', color: 'red' },
        { id: s.id('acme/tag:vip'), name: 'vip', color: 'amber' },
      ],
      timeZone: 'Europe/Madrid',
    });
    expect((await api('GET', 'globex/campaigns/audience/options', gary)).body.timeZone).toBe(
      'America/New_York',
    );
  });

  it('CSV cells that a spreadsheet would run as formulas are quoted', async () => {
    const contact = await api('POST', 'acme/contacts', jane, {
      name: '=HYPERLINK("http://x")',
      email: 'formula@example.com',
    });
    expect(contact.status, contact.text).toBe(201);
    const c = await createEmail('Formula', {
      rules: [{ kind: 'attribute', field: 'email', op: 'equals', value: 'formula@example.com' }],
    });
    await api('POST', `acme/campaigns/${c.id}/schedule`, jane, { sendAt: 'now' });
    await sender.drain();
    const csv = await api('GET', `acme/campaigns/${c.id}/report.csv`, jane);
    expect(csv.text.split('\n')[1]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/x""\)",formula@example.com,/,
    );
  });

  it('WhatsApp: a campaign needs an approved template; templates are reviewed, and edits go back to review', async () => {
    const list = templateListResponseSchema.parse(
      (await api('GET', 'acme/campaign-templates?channel=whatsapp&status=approved', jane)).body,
    );
    expect(list.templates.map((t) => t.name)).toEqual(['order_update']);
    const approved = list.templates[0]!;
    // an edit sends it back to review: now acme has no approved WhatsApp template
    const edited = await api('PATCH', `acme/campaign-templates/${approved.id}`, jane, {
      body: 'Hi {{1}}, order {{2}} ships on {{3}}.',
    });
    expect(edited.body.template).toMatchObject({ status: 'pending', variables: ['1', '2', '3'] });
    const blocked = await api('POST', 'acme/campaigns', jane, { channel: 'whatsapp' });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({
      error: 'whatsapp_template_required',
      message: 'Create a template to send a whatsapp campaign',
    });
    // email and SMS campaigns need no template
    expect((await api('POST', 'acme/campaigns', jane, { channel: 'sms' })).status).toBe(201);
    const review = await api('POST', `acme/campaign-templates/${approved.id}/review`, jane, {
      decision: 'approved',
    });
    expect(review.body.template.status).toBe('approved');
    expect(
      (
        await api('POST', `acme/campaign-templates/${approved.id}/review`, jane, {
          decision: 'rejected',
        })
      ).status,
    ).toBe(409);
    const created = await api('POST', 'acme/campaigns', jane, {
      name: 'Shipping',
      channel: 'whatsapp',
      content: {
        channel: 'whatsapp',
        templateId: approved.id,
        variables: { '1': '{{first_name}}' },
      },
    });
    expect(created.status).toBe(201);
    const campaign = campaignResponseSchema.parse(created.body).campaign;
    expect(campaign.template).toMatchObject({ name: 'order_update', status: 'approved' });
    expect(campaign.problems).toEqual(['Fill in every template variable.']);
    await api('PATCH', `acme/campaigns/${campaign.id}`, jane, {
      content: {
        channel: 'whatsapp',
        templateId: approved.id,
        variables: { '1': '{{first_name}}', '2': '#42', '3': 'Friday' },
      },
    });
    await api('POST', `acme/campaigns/${campaign.id}/schedule`, jane, { sendAt: 'now' });
    // while it is scheduled its template is locked
    expect(
      (
        await api('PATCH', `acme/campaign-templates/${approved.id}`, jane, {
          body: 'changed {{1}}',
        })
      ).status,
    ).toBe(409);
    expect((await api('DELETE', `acme/campaign-templates/${approved.id}`, jane)).status).toBe(409);
    // the template is approved at the provider too (as a business has it approved by Meta)
    const { info } = stack.gateway;
    const created2 = await fetch(
      `${info.whatsapp.apiBaseUrl}/v23.0/${info.whatsapp.businessAccountId}/message_templates`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${info.whatsapp.accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          name: 'order_update',
          language: approved.language,
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Hi {{1}}, order {{2}} ships on {{3}}.' }],
        }),
      },
    );
    expect(created2.status, await created2.text()).toBe(200);
    await sender.drain();
    // sent as the template with its variables, personalised per recipient
    const maria = (await mailbox('whatsapp', '+15555550101')).find(
      (m) => m.direction === 'outbound' && m.template === 'order_update',
    );
    expect(maria?.text).toBe('Hi Maria, order #42 ships on Friday.');
    // the Cloud API's statuses move the messages to delivered; the customer reads one
    const stats = async () =>
      campaignResponseSchema.parse((await api('GET', `acme/campaigns/${campaign.id}`, jane)).body)
        .campaign.stats;
    const total = (await stats()).total;
    await expect.poll(async () => (await stats()).delivered, { timeout: 20_000 }).toBe(total);
    const read = await stack.control('POST', '/read', { channel: 'whatsapp', id: maria!.id });
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    await expect.poll(async () => (await stats()).read, { timeout: 20_000 }).toBe(1);
    const report = campaignReportResponseSchema.parse(
      (await api('GET', `acme/campaigns/${campaign.id}/report`, jane)).body,
    ).report;
    expect(report).toMatchObject({
      localGateway: true,
      receipts: { delivered: true, read: true },
      stats: { sent: total, delivered: total, read: 1, failed: 0 },
    });
  });

  it('templates: create (pending), name rule for WhatsApp, list filters and search, delete', async () => {
    const bad = await api('POST', 'acme/campaign-templates', jane, {
      name: 'Not Valid',
      channel: 'whatsapp',
      body: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'body.name', message: 'Use lower-case letters, digits and underscores.' },
    ]);
    const res = await api('POST', 'acme/campaign-templates', jane, {
      name: 'welcome_back',
      channel: 'whatsapp',
      language: 'pt_BR',
      body: 'Olá {{1}}, bem-vindo de volta! Código {{2}}.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      template: { status: 'pending', language: 'pt_BR', variables: ['1', '2'] },
      usedBy: 0,
    });
    const one = await api('GET', `acme/campaign-templates/${res.body.template.id}`, jane);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(res.body);
    expect((await api('GET', `acme/campaign-templates/${res.body.template.id}`, sam)).status).toBe(
      403,
    );
    const found = templateListResponseSchema.parse(
      (await api('GET', 'acme/campaign-templates?q=bem-vindo&status=pending', jane)).body,
    );
    expect(found.templates.map((t) => t.name)).toEqual(['welcome_back']);
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = templateListResponseSchema.parse(
        (
          await api(
            'GET',
            `acme/campaign-templates?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
            jane,
          )
        ).body,
      );
      pages.push(...page.templates.map((t) => t.name));
      cursor = page.page.nextCursor;
    } while (cursor);
    expect(pages).toHaveLength(6);
    expect(
      (await api('DELETE', `acme/campaign-templates/${res.body.template.id}`, jane)).status,
    ).toBe(204);
  });

  it('§7 PATCH /v2/campaign-templates searches by text and channel in the shapes of the voice client', async () => {
    const res = await api('PATCH', 'acme/v2/campaign-templates', jane, {
      text: 'ORDER',
      channel: 'whatsapp',
    });
    expect(res.status).toBe(200);
    const parsed = campaignTemplatesResponseSchema.parse(res.body);
    expect(parsed.campaignTemplates.map((t) => t.name)).toEqual(['order_update']);
    const all = campaignTemplatesResponseSchema.parse(
      (await api('PATCH', 'acme/v2/campaign-templates', jane, { text: '', channel: 'whatsapp' }))
        .body,
    );
    expect(all.campaignTemplates.map((t) => t.status).sort()).toEqual([
      'approved',
      'pending',
      'rejected',
    ]);
    // a member without the campaigns permit sees approved templates only
    const member = campaignTemplatesResponseSchema.parse(
      (await api('PATCH', 'acme/v2/campaign-templates', sam, { text: '', channel: 'whatsapp' }))
        .body,
    );
    expect(member.campaignTemplates.map((t) => t.name)).toEqual(['order_update']);
    expect(
      (await api('PATCH', 'acme/v2/campaign-templates', jane, { text: 'x', channel: 'fax' }))
        .status,
    ).toBe(400);
    // another workspace's templates never show
    const globex = campaignTemplatesResponseSchema.parse(
      (await api('PATCH', 'globex/v2/campaign-templates', gary, { text: '', channel: 'whatsapp' }))
        .body,
    );
    expect(globex.campaignTemplates.map((t) => t.name)).toEqual(['globex_welcome']);
  });
});
