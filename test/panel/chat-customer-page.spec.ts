// The emulator's customer page starts a chat ("Start a chat": POST /control/chats) and
// acts as its customer over the Participant Service and the chat web socket, in plain browser
// JavaScript: the agent (CTI and the participant client, as the agent's chat session does)
// accepts, replies and types; the page shows the reply and the typing live; the customer's
// messages reach the agent's socket; "End chat" leaves and puts the agent in after-contact work.
// Then the same with the agent in the emulator's panel: the chat card's conversation, typing and
// reply box.
/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- the CTI answers and socket frames are read as the wire's JSON */
import {
  ConnectParticipantClient,
  SendEventCommand,
  SendMessageCommand,
} from '@aws-sdk/client-connectparticipant';
import { expect, test } from '@playwright/test';
import { WebSocket } from 'ws';
import { startEmulator, type Emulator } from '../../packages/connect-emulator/src/index';

let emulator: Emulator;
test.beforeAll(async () => {
  emulator = await startEmulator({ port: 0, log: () => undefined });
});
test.afterAll(async () => {
  await emulator.close();
});

async function cti(token: string, op: string, body: Record<string, unknown>) {
  const res = await fetch(emulator.ctiEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `AmazonConnectCTIService.${op}`,
      'x-amz-bearer': token,
    },
    body: JSON.stringify({ ...body, authentication: { authToken: token } }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, any>;
}

test('a customer starts a chat on the customer page, sees the agent join, reply and type, writes back and ends the chat', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { accessToken } = emulator.login('jane');
  await cti(accessToken, 'PutAgentState', { state: { name: 'Available', type: 'routable' } });
  const agentItems: any[] = [];
  const ws = new WebSocket(`${emulator.webSocketUrl}?token=${encodeURIComponent(accessToken)}`);
  await new Promise((resolve) => ws.once('open', resolve));
  ws.on('message', (raw) => {
    const frame = JSON.parse((raw as Buffer).toString('utf8'));
    if (frame.topic === 'aws/chat') agentItems.push(JSON.parse(frame.content));
  });
  ws.send(JSON.stringify({ topic: 'aws/subscribe', content: { topics: ['aws/chat'] } }));

  // The customer starts the chat with a first message.
  await page.goto(`${emulator.url}/control`);
  await page.getByTestId('chat-name').fill('Pat');
  await page.getByTestId('chat-first-message').fill('My order is late');
  await page.getByTestId('chat-start').click();
  await expect(page.getByTestId('chat')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('chat-status')).toHaveText('Waiting for an agent…');
  await expect(page.getByTestId('chat-message')).toHaveText(['Pat: My order is late']);

  // The chat reaches Jane through the same routing as StartChatContact; she accepts.
  const snapshot = (await cti(accessToken, 'GetAgentSnapshot', { timeout: 0 })).snapshot;
  const offer = snapshot.contacts.find((c: any) => c.type === 'chat');
  expect(offer.connections.find((c: any) => c.initial).chatMediaInfo.customerName).toBe('Pat');
  expect(await page.getByTestId('chat').getAttribute('data-contact-id')).toBe(offer.contactId);
  await cti(accessToken, 'AcceptContact', { contactId: offer.contactId });
  await expect(page.getByTestId('chat-event')).toContainText(['Jane Doe joined the chat']);
  await expect(page.getByTestId('chat-status')).toHaveText('Chatting with Jane Doe');

  // Jane types and replies with her chat connection token (CreateTransport chat_token).
  const own = offer.connections.find((c: any) => c.type === 'agent');
  const token = (
    await cti(accessToken, 'CreateTransport', {
      transportType: 'chat_token',
      contactId: offer.contactId,
      participantId: own.connectionId,
    })
  ).chatTokenTransport.participantToken as string;
  const participant = new ConnectParticipantClient({
    endpoint: emulator.url,
    region: 'us-east-1',
    credentials: { accessKeyId: '', secretAccessKey: '' },
    maxAttempts: 1,
  });
  await participant.send(
    new SendEventCommand({
      ConnectionToken: token,
      ContentType: 'application/vnd.amazonaws.connect.event.typing',
    }),
  );
  await expect(page.getByTestId('chat-typing')).toHaveText('Jane Doe is typing…');
  await participant.send(
    new SendMessageCommand({
      ConnectionToken: token,
      ContentType: 'text/plain',
      Content: 'Let me look that up, Pat',
    }),
  );
  participant.destroy();
  await expect(page.getByTestId('chat-message')).toHaveText([
    'Pat: My order is late',
    'Jane Doe: Let me look that up, Pat',
  ]);
  await expect(page.getByTestId('chat-typing')).toBeHidden();

  // The customer types and writes back: the agent's socket hears both.
  await page.getByTestId('chat-input').fill('Order 1234');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message')).toHaveText([
    'Pat: My order is late',
    'Jane Doe: Let me look that up, Pat',
    'Pat: Order 1234',
  ]);
  await expect(page.getByTestId('chat-input')).toHaveValue('');
  await expect
    .poll(() => agentItems.map((i) => [i.ParticipantRole, i.ContentType, i.Content ?? null]))
    .toEqual(
      expect.arrayContaining([
        ['CUSTOMER', 'application/vnd.amazonaws.connect.event.typing', null],
        ['CUSTOMER', 'text/plain', 'Order 1234'],
      ]),
    );

  // At 375 px the chat fits the width.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(
    await page.getByTestId('chat').evaluate((el) => el.getBoundingClientRect().right),
  ).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('customer-chat-375.png'), fullPage: true });

  // The customer ends the chat: the agent hears it and is in after-contact work.
  await page.getByTestId('chat-end').click();
  await expect(page.getByTestId('chat')).toHaveAttribute('data-state', 'ended');
  await expect(page.getByTestId('chat-status')).toHaveText('The chat has ended.');
  await expect(page.getByTestId('chat-compose')).toBeHidden();
  await expect(page.getByTestId('chat-start-form')).toBeVisible();
  await expect
    .poll(() => agentItems.map((i) => i.ContentType))
    .toContain('application/vnd.amazonaws.connect.event.chat.ended');
  const after = (await cti(accessToken, 'GetAgentSnapshot', { timeout: 0 })).snapshot;
  expect(after.contacts[0].state.type).toBe('ended');
  await cti(accessToken, 'ClearContact', { contactId: offer.contactId });
  ws.close();
});

test('the customer page and the agent’s panel chat: each sees the other’s messages and typing; the customer ends it and the agent closes it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const reset = await fetch(`${emulator.url}/control/reset`, {
    method: 'POST',
    headers: emulator.controlHeaders,
  });
  expect(reset.status).toBe(200);
  // Jane's panel, Available.
  await page.goto(`${emulator.url}/login?username=jane&redirect=/connect/ccp-v2/`);
  await expect(page.getByTestId('ccp')).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('agent-status').selectOption('Available');
  await expect(page.getByTestId('agent-status')).toHaveAttribute('data-state-type', 'routable');

  // The customer starts a chat; Jane accepts it and sees the first message.
  const customer = await browser.newPage();
  await customer.goto(`${emulator.url}/control`);
  await customer.getByTestId('chat-name').fill('Pat');
  await customer.getByTestId('chat-first-message').fill('Hi, I need help');
  await customer.getByTestId('chat-start').click();
  const card = page.getByTestId('contact-card').filter({ hasText: 'Pat' });
  await expect(card).toHaveAttribute('data-state', 'ringing');
  await card.getByTestId('contact-accept').click();
  await expect(card).toHaveAttribute('data-state', 'connected');
  await expect(card.getByTestId('contact-message')).toHaveText(['Pat: Hi, I need help']);
  await expect(customer.getByTestId('chat-status')).toHaveText('Chatting with Jane Doe');

  // The customer types and writes; the panel shows both.
  await customer.getByTestId('chat-input').pressSequentially('Order');
  await expect(card.getByTestId('contact-typing')).toHaveText('Pat is typing…');
  await customer.getByTestId('chat-input').fill('Order 1234 is late');
  await customer.getByTestId('chat-send').click();
  await expect(card.getByTestId('contact-message')).toHaveText([
    'Pat: Hi, I need help',
    'Pat: Order 1234 is late',
  ]);
  await expect(card.getByTestId('contact-typing')).toBeHidden();

  // Jane types and replies in the panel; the customer page shows both.
  await card.getByTestId('contact-reply').pressSequentially('Let me');
  await expect(customer.getByTestId('chat-typing')).toHaveText('Jane Doe is typing…');
  await card.getByTestId('contact-reply').fill('Let me look at order 1234');
  await card.getByTestId('contact-send').click();
  await expect(customer.getByTestId('chat-message')).toHaveText([
    'Pat: Hi, I need help',
    'Pat: Order 1234 is late',
    'Jane Doe: Let me look at order 1234',
  ]);
  await expect(card.getByTestId('contact-message')).toHaveCount(3);
  await expect(card.getByTestId('contact-reply')).toHaveValue('');
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('panel-chat-375.png'), fullPage: true });

  // The customer ends the chat: Jane's card is in after-contact work, and she closes it.
  await customer.getByTestId('chat-end').click();
  await expect(customer.getByTestId('chat')).toHaveAttribute('data-state', 'ended');
  await expect(card).toHaveAttribute('data-state', 'after-contact-work');
  await expect(card.getByTestId('contact-reply-form')).toBeHidden();
  await card.getByTestId('contact-clear').click();
  await expect(card).toHaveCount(0);
  await customer.close();
});

test('POST /control/chats answers StartChatContact’s shape and refuses bad input with a ValidationException', async () => {
  const post = (body: unknown) =>
    fetch(`${emulator.url}/control/chats`, {
      method: 'POST',
      headers: emulator.controlHeaders,
      body: JSON.stringify(body),
    });
  const ok = await post({ displayName: 'Sam', message: 'Hi' });
  expect(ok.status).toBe(201);
  const started = (await ok.json()) as Record<string, string>;
  expect(Object.keys(started).sort()).toEqual(['ContactId', 'ParticipantId', 'ParticipantToken']);
  expect(emulator.centre.contacts.get(started['ContactId']!)?.type).toBe('chat');
  for (const bad of [{}, { displayName: '' }, { displayName: 'X', message: 'x'.repeat(1025) }]) {
    const res = await post(bad);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('ValidationException');
  }
  const noToken = await fetch(`${emulator.url}/control/chats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ displayName: 'X' }),
  });
  expect(noToken.status).toBe(401);
});
