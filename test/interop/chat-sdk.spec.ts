// The chat SDK interop suite, the SDK side: an agent page on @x/connect-streams/compat (with the typed API underneath)
// runs the real amazon-connect-chatjs 5.0.0 as the chat library of its media sessions, against the
// emulator's panel in the page's hidden frame; customers run amazon-connect-chatjs too, in pages
// of their own. One agent holds a call and two chats; messages, typing, read receipts and an
// attachment cross both ways; one chat goes to another agent; the other customer leaves, the chat
// is in after-contact work and the agent clears it. The same agent page then runs on the real
// amazon-connect-streams 2.18.7 bundle, and the two event sequences (per contact: event, type,
// state) are the same.
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- the page globals (connect, chatjs) ship no types, and CTI answers are read as the wire's JSON */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConnectClient, StartChatContactCommand } from '@aws-sdk/client-connect';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startHarness, type Harness } from '../panel/support/emulator-harness';
import { chatSubscribed } from './chatjs-socket';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const CHATJS = readFileSync(
  require.resolve('amazon-connect-chatjs/dist/amazon-connect-chat.js'),
  'utf8',
);
const AGENT_PAGE = readFileSync(new URL('./chat-sdk-agent.js', import.meta.url), 'utf8');

let compatBundle: string | undefined;
async function compatJs(): Promise<string> {
  compatBundle ??= (
    await build({
      stdin: { contents: `import '@x/connect-streams/compat';`, resolveDir: here, loader: 'ts' },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  return compatBundle;
}

/** One contact event as the agent page records it. */
interface SeqEntry {
  label: string;
  event: string;
  type: string;
  state: string;
}

/** What a chat session heard (the agent's or a customer's). */
interface Heard {
  kind: 'message' | 'typing' | 'read' | 'delivered';
  type: string;
  role: string | null;
  contentType: string | null;
  content: string | null;
  id: string;
  messageId: string | null;
  attachments: { id: string; name: string }[];
}

const JOINED = 'application/vnd.amazonaws.connect.event.participant.joined';
const LEFT = 'application/vnd.amazonaws.connect.event.participant.left';

/** A CTI call (AmazonConnectCTIService JSON 1.0) to the emulator over TLS, as agent `token`. */
function cti(
  harness: Harness,
  token: string,
  op: string,
  body: Record<string, unknown>,
): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    const req = request(
      harness.emulator.ctiEndpoint,
      {
        method: 'POST',
        ca: harness.emulator.certificate ?? undefined,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `AmazonConnectCTIService.${op}`,
          'x-amz-bearer': token,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve(JSON.parse(text || '{}') as Record<string, any>));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ ...body, authentication: { authToken: token } }));
  });
}

/** A customer page running amazon-connect-chatjs as CUSTOMER on a chat StartChatContact started. */
async function customer(browser: Browser, harness: Harness, chat: unknown): Promise<Page> {
  const page = await browser.newPage({ ignoreHTTPSErrors: true });
  await page.goto(`${harness.emulator.url}/`);
  const subscribed = chatSubscribed(page);
  await page.addScriptTag({ content: CHATJS });
  const connected = await page.evaluate(
    async ({ url, chat }) => {
      const w = window as any;
      w.heard = [];
      w.connect.ChatSession.setGlobalConfig({ endpoint: url, region: 'us-east-1' });
      const session = w.connect.ChatSession.create({
        chatDetails: chat,
        type: 'CUSTOMER',
        options: { region: 'us-east-1' },
        disableCSM: true,
      });
      const push = (kind: string, d: any) =>
        w.heard.push({
          kind,
          type: d.Type,
          role: d.ParticipantRole ?? null,
          contentType: d.ContentType ?? null,
          content: d.Content ?? null,
          id: d.Id,
          messageId: d.MessageMetadata?.MessageId ?? null,
          attachments: (d.Attachments ?? []).map((a: any) => ({
            id: a.AttachmentId,
            name: a.AttachmentName,
          })),
          displayName: d.DisplayName ?? null,
        });
      session.onMessage((e: any) => push('message', e.data));
      session.onTyping((e: any) => push('typing', e.data));
      session.onReadReceipt((e: any) => push('read', e.data));
      session.onDeliveredReceipt((e: any) => push('delivered', e.data));
      w.session = session;
      return (await session.connect()).connectSuccess as boolean;
    },
    { url: harness.emulator.url, chat },
  );
  expect(connected).toBe(true);
  await subscribed;
  return page;
}

const heardBy = (page: Page) =>
  page.evaluate(() => (window as any).heard as Heard[] & { displayName?: string }[]);
const agentHeard = (page: Page, label: string) =>
  page.evaluate((l) => ((window as any).__chats[l]?.received ?? []) as Heard[], label);
const seqOf = (page: Page) => page.evaluate(() => (window as any).__seq as SeqEntry[]);
const host = <T = unknown>(page: Page, action: string, ...args: unknown[]): Promise<T> =>
  page.evaluate(([name, list]) => (window as any).host[name](...list) as Promise<unknown>, [
    action,
    args,
  ] as const) as Promise<T>;

/**
 * Each contact's own events in order (contacts interleave with timing; their own order does not).
 * `accepted` fires on accept's answer, so whether it comes before or after `connected` (the next
 * snapshot) is timing, in the real library as in ours: it is checked apart (exactly once, while
 * connecting or connected) and left out of the order.
 */
function perContact(seq: readonly SeqEntry[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const accepted: Record<string, string[]> = {};
  for (const e of seq)
    if (e.event === 'accepted') (accepted[e.label] ??= []).push(e.state);
    else (out[e.label] ??= []).push(`${e.event}:${e.type}:${e.state}`);
  for (const label of Object.keys(out)) {
    expect(accepted[label], `${label} accepted once`).toHaveLength(1);
    expect(['connecting', 'connected']).toContain(accepted[label]![0]);
  }
  return out;
}

interface JourneyResult {
  seq: SeqEntry[];
  model: unknown;
  typedModel: unknown;
}

/**
 * The journey on one host bundle (`ours`: @x/connect-streams/compat served in place of the real
 * 2.18.7 bundle): the checks hold on both, and the event sequence is returned for comparison.
 */
async function journey(browser: Browser, implementation: 'ours' | 'real'): Promise<JourneyResult> {
  const harness = await startHarness({ allowedOrigins: (origin) => [origin] });
  const pages: Page[] = [];
  try {
    const page = await browser.newPage({ ignoreHTTPSErrors: true });
    pages.push(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (implementation === 'ours') {
      const body = await compatJs();
      await page.route('**/streams/2.18.7.js', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body }),
      );
    }
    // chatjs installs connect.ChatSession on the global the streams bundle made, then the page.
    await page.route('**/host.js', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: `${CHATJS}\n;${AGENT_PAGE}`,
      }),
    );
    await page.goto(harness.hostUrl('2.18.7'));
    await expect.poll(() => host(page, 'ready'), { message: 'agent arrives' }).toBe(true);
    await host(page, 'setState', 'Available');

    // A call, accepted.
    await harness.placeInboundCall();
    await expect.poll(async () => (await host<any>(page, 'ids')).voice1).toBeTruthy();
    await host(page, 'accept', 'voice1');
    await expect
      .poll(async () =>
        (await seqOf(page)).some((e) => e.label === 'voice1' && e.event === 'connected'),
      )
      .toBe(true);

    // Two chats from StartChatContact; each customer runs chatjs.
    const admin = new ConnectClient({
      endpoint: harness.emulator.url,
      region: 'us-east-1',
      credentials: harness.emulator.adminCredentials,
      maxAttempts: 1,
      requestHandler: { httpsAgent: new Agent({ ca: harness.emulator.certificate ?? undefined }) },
    });
    const started = [];
    for (const name of ['Pat', 'Sam']) {
      started.push(
        await admin.send(
          new StartChatContactCommand({
            InstanceId: harness.emulator.centre.instanceId,
            ContactFlowId: 'chat',
            ParticipantDetails: { DisplayName: name },
          }),
        ),
      );
    }
    admin.destroy();
    const pat = await customer(browser, harness, started[0]);
    const sam = await customer(browser, harness, started[1]);
    pages.push(pat, sam);

    await expect
      .poll(async () => Object.keys(await host<any>(page, 'ids')).sort(), {
        message: 'both chats are offered while the call is on',
      })
      .toEqual(['chat1', 'chat2', 'voice1']);
    const ids = await host<Record<string, string>>(page, 'ids');
    // Chats are routed in the order they were started.
    expect([ids.chat1, ids.chat2]).toEqual([started[0]!.ContactId, started[1]!.ContactId]);
    await host(page, 'accept', 'chat1');
    await host(page, 'accept', 'chat2');
    await expect
      .poll(async () => [
        await host(page, 'sessionReady', 'chat1'),
        await host(page, 'sessionReady', 'chat2'),
      ])
      .toEqual([true, true]);

    // The agent model while holding a call and two chats.
    const model = await host<any>(page, 'model');
    expect(model).toEqual({
      all: 3,
      chat: 2,
      voice: 1,
      task: 0,
      contacts: [
        {
          label: 'chat1',
          type: 'chat',
          state: 'connected',
          agentConnection: 'connected',
          mediaType: 'chat',
        },
        {
          label: 'chat2',
          type: 'chat',
          state: 'connected',
          agentConnection: 'connected',
          mediaType: 'chat',
        },
        {
          label: 'voice1',
          type: 'voice',
          state: 'connected',
          agentConnection: 'connected',
          mediaType: 'softphone',
        },
      ],
    });
    const typedModel = await host<any>(page, 'typedModel');

    // Each customer hears the agent join.
    for (const customerPage of [pat, sam])
      await expect
        .poll(async () => (await heardBy(customerPage)).map((h) => [h.role, h.contentType]))
        .toContainEqual(['AGENT', JOINED]);

    // Customer → agent, on the right chat only.
    await pat.evaluate(() =>
      (window as any).session.sendMessage({ contentType: 'text/plain', message: 'Hi, Pat here' }),
    );
    await sam.evaluate(() =>
      (window as any).session.sendMessage({ contentType: 'text/plain', message: 'Sam speaking' }),
    );
    const fromCustomer = async (label: string, text: string) =>
      (await agentHeard(page, label)).find(
        (h) => h.kind === 'message' && h.role === 'CUSTOMER' && h.content === text,
      );
    await expect.poll(() => fromCustomer('chat1', 'Hi, Pat here')).toBeTruthy();
    await expect.poll(() => fromCustomer('chat2', 'Sam speaking')).toBeTruthy();
    expect(await fromCustomer('chat1', 'Sam speaking')).toBeUndefined();
    expect(await fromCustomer('chat2', 'Hi, Pat here')).toBeUndefined();

    // Agent → customer through the SDK's session.
    const reply = await host<{ Id: string }>(page, 'send', 'chat1', 'Hello Pat, how can I help?');
    expect(reply.Id).toBeTruthy();
    await expect
      .poll(async () =>
        (await heardBy(pat)).some(
          (h) => h.role === 'AGENT' && h.content === 'Hello Pat, how can I help?',
        ),
      )
      .toBe(true);
    expect((await heardBy(sam)).some((h) => h.content === 'Hello Pat, how can I help?')).toBe(
      false,
    );

    // Typing, both ways.
    await pat.evaluate(() =>
      (window as any).session.sendEvent({
        contentType: 'application/vnd.amazonaws.connect.event.typing',
      }),
    );
    await expect
      .poll(async () =>
        (await agentHeard(page, 'chat1')).some((h) => h.kind === 'typing' && h.role === 'CUSTOMER'),
      )
      .toBe(true);
    await host(page, 'typing', 'chat1');
    await expect
      .poll(async () => (await heardBy(pat)).some((h) => h.kind === 'typing' && h.role === 'AGENT'))
      .toBe(true);

    // Read receipts, both ways: the customer reads the agent's reply, the agent the customer's.
    await pat.evaluate(
      (messageId) =>
        (window as any).session.sendEvent({
          contentType: 'application/vnd.amazonaws.connect.event.message.read',
          content: JSON.stringify({ messageId }),
        }),
      reply.Id,
    );
    await expect
      .poll(async () =>
        (await agentHeard(page, 'chat1')).some(
          (h) => h.kind === 'read' && h.messageId === reply.Id,
        ),
      )
      .toBe(true);
    const patMessage = (await fromCustomer('chat1', 'Hi, Pat here'))!;
    await host(page, 'read', 'chat1', patMessage.id);
    await expect
      .poll(async () =>
        (await heardBy(pat)).filter((h) => h.kind === 'read').map((h) => h.messageId),
      )
      .toContain(patMessage.id);

    // An attachment from the customer reaches the agent's session, which downloads it.
    await pat.evaluate(() =>
      (window as any).session.sendAttachment({
        attachment: new File(['order 1234, two items'], 'order.txt', { type: 'text/plain' }),
      }),
    );
    await expect
      .poll(async () =>
        (await agentHeard(page, 'chat1')).flatMap((h) => h.attachments.map((a) => a.name)),
      )
      .toEqual(['order.txt']);
    const attachment = (await agentHeard(page, 'chat1')).find((h) => h.attachments.length > 0)!;
    expect(attachment.type).toBe('ATTACHMENT');
    expect(await host(page, 'download', 'chat1', attachment.attachments[0]!.id)).toBe(
      'order 1234, two items',
    );

    // Chat 1 goes to John: John (signed in through CTI) is offered it and accepts; Pat hears him.
    const john = harness.emulator.login('john').accessToken;
    await cti(harness, john, 'PutAgentState', {
      state: { name: 'Available', type: 'routable' },
    });
    await host(page, 'transfer', 'chat1', 'John Roe');
    let johnsChat: any;
    await expect
      .poll(
        async () => {
          const snapshot = (await cti(harness, john, 'GetAgentSnapshot', { timeout: 0 })).snapshot;
          johnsChat = snapshot?.contacts?.find((c: any) => c.type === 'chat');
          return johnsChat?.state?.type;
        },
        { message: "John is offered Pat's chat" },
      )
      .toBe('connecting');
    await cti(harness, john, 'AcceptContact', { contactId: johnsChat.contactId });
    await expect
      .poll(async () =>
        (await heardBy(pat)).some(
          (h: any) =>
            h.role === 'AGENT' && h.contentType === JOINED && h.displayName === 'John Roe',
        ),
      )
      .toBe(true);
    await expect
      .poll(async () => (await seqOf(page)).some((e) => e.label === 'chat1' && e.event === 'acw'))
      .toBe(true);
    await host(page, 'clear', 'chat1');

    // Sam leaves: chat 2 ends, after-contact work, the agent clears it.
    await sam.evaluate(() => (window as any).session.disconnectParticipant());
    await expect
      .poll(async () =>
        (await agentHeard(page, 'chat2')).some(
          (h) => h.role === 'CUSTOMER' && h.contentType === LEFT,
        ),
      )
      .toBe(true);
    await expect
      .poll(async () => (await seqOf(page)).some((e) => e.label === 'chat2' && e.event === 'acw'))
      .toBe(true);
    await host(page, 'clear', 'chat2');

    // The call ends and is cleared.
    await host(page, 'hangUp', 'voice1');
    await expect
      .poll(async () => (await seqOf(page)).some((e) => e.label === 'voice1' && e.event === 'acw'))
      .toBe(true);
    await host(page, 'clear', 'voice1');
    await expect
      .poll(async () =>
        (await seqOf(page))
          .filter((e) => e.event === 'destroy')
          .map((e) => e.label)
          .sort(),
      )
      .toEqual(['chat1', 'chat2', 'voice1']);
    expect(await host(page, 'model')).toMatchObject({ all: 0, chat: 0, voice: 0 });
    expect(await page.evaluate(() => (window as any).__errors)).toEqual([]);
    expect(errors).toEqual([]);
    return { seq: await seqOf(page), model, typedModel };
  } finally {
    for (const p of pages) await p.close();
    await harness.close();
  }
}

let ours: JourneyResult | undefined;

test('an agent page on @x/connect-streams runs amazon-connect-chatjs sessions: a call and two chats at once, messages, typing, read receipts, an attachment, transfer to another agent, customer leaves, ACW, clear', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  ours = await journey(browser, 'ours');
  // The typed API underneath sees the same agent model.
  expect(ours.typedModel).toEqual({
    all: 3,
    chat: 2,
    voice: 1,
    contacts: [
      { label: 'chat1', type: 'chat', state: 'connected', agentConnection: 'connected' },
      { label: 'chat2', type: 'chat', state: 'connected', agentConnection: 'connected' },
      { label: 'voice1', type: 'voice', state: 'connected', agentConnection: 'connected' },
    ],
  });
  // Each contact's events, in order (event:type:state).
  const lifecycle = (type: string) => [
    `contact:${type}:connecting`,
    `connecting:${type}:connecting`,
    `connected:${type}:connected`,
    `acw:${type}:ended`,
    `ended:${type}:ended`,
    `destroy:${type}:gone`,
  ];
  expect(perContact(ours.seq)).toEqual({
    voice1: lifecycle('voice'),
    chat1: lifecycle('chat'),
    chat2: lifecycle('chat'),
  });
});

test('the same agent page on the real amazon-connect-streams 2.18.7 sees the same contact events, per contact in the same order', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  expect(ours, 'the run on @x/connect-streams finished').toBeDefined();
  const real = await journey(browser, 'real');
  expect(real.model).toEqual(ours!.model);
  expect(perContact(ours!.seq)).toEqual(perContact(real.seq));
});
