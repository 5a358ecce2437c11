// The real amazon-connect-chatjs (5.0.0) runs unchanged as the customer of a chat
// started with StartChatContact, against the emulator's Participant Service and chat web socket:
// it connects, the agent (Jane, through CTI and the participant client) joins and replies and
// types, the customer's message and attachment reach the agent's socket (topic aws/chat), and the
// customer disconnects.
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- amazon-connect-chatjs's window global ships no types, and the CTI answers are read as the wire's JSON */
import { createRequire } from 'node:module';
import { ConnectClient, StartChatContactCommand } from '@aws-sdk/client-connect';
import {
  ConnectParticipantClient,
  SendEventCommand,
  SendMessageCommand,
} from '@aws-sdk/client-connectparticipant';
import { expect, test } from '@playwright/test';
import { WebSocket } from 'ws';
import { startEmulator, type Emulator } from '../../packages/connect-emulator/src/index';
import { chatSubscribed } from './chatjs-socket';

const require = createRequire(import.meta.url);
const CHATJS = require.resolve('amazon-connect-chatjs/dist/amazon-connect-chat.js');

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
  return (await res.json()) as Record<string, any>;
}

test('a chatjs customer session and an agent exchange messages, typing and an attachment', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { accessToken } = emulator.login('jane');
  await cti(accessToken, 'PutAgentState', { state: { name: 'Available', type: 'routable' } });
  // The agent's socket hears the chat (topic aws/chat).
  const agentItems: any[] = [];
  const ws = new WebSocket(`${emulator.webSocketUrl}?token=${encodeURIComponent(accessToken)}`);
  await new Promise((resolve) => ws.once('open', resolve));
  ws.on('message', (raw) => {
    const frame = JSON.parse((raw as Buffer).toString('utf8'));
    if (frame.topic === 'aws/chat') agentItems.push(JSON.parse(frame.content));
  });
  ws.send(JSON.stringify({ topic: 'aws/subscribe', content: { topics: ['aws/chat'] } }));

  const admin = new ConnectClient({
    endpoint: emulator.url,
    region: 'us-east-1',
    credentials: emulator.adminCredentials,
    maxAttempts: 1,
  });
  const chat = await admin.send(
    new StartChatContactCommand({
      InstanceId: emulator.centre.instanceId,
      ContactFlowId: 'chat',
      ParticipantDetails: { DisplayName: 'Pat' },
    }),
  );
  admin.destroy();

  await page.goto(`${emulator.url}/`);
  const subscribed = chatSubscribed(page);
  await page.addScriptTag({ path: CHATJS });
  const connected = await page.evaluate(
    async ({ url, chat }) => {
      const w = window as any;
      w.received = [];
      w.connect.ChatSession.setGlobalConfig({ endpoint: url, region: 'us-east-1' });
      const session = w.connect.ChatSession.create({
        chatDetails: chat,
        type: 'CUSTOMER',
        options: { region: 'us-east-1' },
        disableCSM: true,
      });
      session.onMessage((e: any) =>
        w.received.push([
          'message',
          e.data.ParticipantRole,
          e.data.ContentType,
          e.data.Content ?? null,
        ]),
      );
      session.onTyping((e: any) => w.received.push(['typing', e.data.ParticipantRole]));
      w.session = session;
      return (await session.connect()).connectSuccess as boolean;
    },
    { url: emulator.url, chat },
  );
  expect(connected).toBe(true);
  await subscribed;

  // The agent accepts: the customer hears the agent join.
  const snapshot = (await cti(accessToken, 'GetAgentSnapshot', { timeout: 0 })).snapshot;
  const offer = snapshot.contacts[0];
  expect(offer.type).toBe('chat');
  const own = offer.connections.find((c: any) => c.type === 'agent');
  await cti(accessToken, 'AcceptContact', { contactId: offer.contactId });
  const received = () => page.evaluate(() => (window as any).received as unknown[][]);
  await expect
    .poll(received)
    .toContainEqual([
      'message',
      'AGENT',
      'application/vnd.amazonaws.connect.event.participant.joined',
      null,
    ]);

  // The agent replies and types (its connection token from CreateTransport chat_token).
  const token = (
    await cti(accessToken, 'CreateTransport', {
      transportType: 'chat_token',
      contactId: offer.contactId,
      participantId: own.connectionId,
    })
  ).chatTokenTransport.participantToken;
  const participant = new ConnectParticipantClient({
    endpoint: emulator.url,
    region: 'us-east-1',
    credentials: { accessKeyId: '', secretAccessKey: '' },
    maxAttempts: 1,
  });
  await participant.send(
    new SendMessageCommand({
      ConnectionToken: token,
      ContentType: 'text/plain',
      Content: 'Hi Pat',
    }),
  );
  await participant.send(
    new SendEventCommand({
      ConnectionToken: token,
      ContentType: 'application/vnd.amazonaws.connect.event.typing',
    }),
  );
  await expect.poll(received).toContainEqual(['message', 'AGENT', 'text/plain', 'Hi Pat']);
  await expect.poll(received).toContainEqual(['typing', 'AGENT']);
  participant.destroy();

  // The customer writes and sends a file; the agent's socket gets both.
  await page.evaluate(async () => {
    const s = (window as any).session;
    await s.sendMessage({ contentType: 'text/plain', message: 'My order is late' });
    await s.sendAttachment({
      attachment: new File(['order 1234'], 'order.txt', { type: 'text/plain' }),
    });
  });
  await expect
    .poll(() => agentItems.map((i) => [i.Type, i.Content ?? i.Attachments?.[0]?.AttachmentName]))
    .toEqual(
      expect.arrayContaining([
        ['MESSAGE', 'My order is late'],
        ['ATTACHMENT', 'order.txt'],
      ]),
    );

  // The customer leaves: the agent hears it, and the chat is in after-contact work.
  await page.evaluate(() => (window as any).session.disconnectParticipant());
  await expect
    .poll(() => agentItems.map((i) => i.ContentType))
    .toContain('application/vnd.amazonaws.connect.event.chat.ended');
  const after = (await cti(accessToken, 'GetAgentSnapshot', { timeout: 0 })).snapshot;
  expect(after.contacts[0].state.type).toBe('ended');
  await cti(accessToken, 'ClearContact', { contactId: offer.contactId });
  ws.close();
});
