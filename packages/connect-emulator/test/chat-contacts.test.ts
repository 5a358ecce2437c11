/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
// Chat contacts through the admin API (StartChatContact) and the Participant Service,
// with the AWS SDK clients and the chat web socket as the real service speaks them.
import {
  ConnectClient,
  DescribeContactCommand,
  StartChatContactCommand,
  StartTaskContactCommand,
} from '@aws-sdk/client-connect';
import {
  CompleteAttachmentUploadCommand,
  ConnectParticipantClient,
  CreateParticipantConnectionCommand,
  DisconnectParticipantCommand,
  GetAttachmentCommand,
  GetTranscriptCommand,
  SendEventCommand,
  SendMessageCommand,
  StartAttachmentUploadCommand,
} from '@aws-sdk/client-connectparticipant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ManualClock, startHarness, type Harness } from './helpers';

/** A socket that collects the `aws/chat` items it receives and waits for one. */
class ChatSocket {
  readonly items: any[] = [];
  private readonly waiters: { test: (item: any) => boolean; resolve: (item: any) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const frame = JSON.parse((raw as Buffer).toString('utf8'));
      if (frame.topic !== 'aws/chat') return;
      expect(typeof frame.content).toBe('string');
      const item = JSON.parse(frame.content);
      this.items.push(item);
      for (const w of [...this.waiters])
        if (w.test(item)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(item);
        }
    });
  }
  static async open(url: string): Promise<ChatSocket> {
    const ws = new WebSocket(url);
    const socket = new ChatSocket(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const subscribed = new Promise<any>((resolve) =>
      ws.on('message', (raw) => {
        const frame = JSON.parse((raw as Buffer).toString('utf8'));
        if (frame.topic === 'aws/subscribe') resolve(frame);
      }),
    );
    ws.send(JSON.stringify({ topic: 'aws/subscribe', content: { topics: ['aws/chat'] } }));
    expect((await subscribed).content.status).toBe('success');
    return socket;
  }
  /** The first item (seen or to come) that passes `test`; fails with what came after 4 s. */
  next(test: (item: any) => boolean): Promise<any> {
    const seen = this.items.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not received; got ${JSON.stringify(this.items, null, 1)}`)),
        4000,
      );
      this.waiters.push({
        test,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }
  close(): void {
    this.ws.close();
  }
}

const EVENT = 'application/vnd.amazonaws.connect.event.';

let h: Harness;
let connect: ConnectClient;
let participant: ConnectParticipantClient;
let instanceId: string;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  h = await startHarness();
  instanceId = h.emulator.centre.instanceId;
  connect = new ConnectClient({
    endpoint: h.emulator.url,
    region: 'us-east-1',
    credentials: h.emulator.adminCredentials,
    maxAttempts: 1,
  });
  participant = new ConnectParticipantClient({
    endpoint: h.emulator.url,
    region: 'us-east-1',
    credentials: { accessKeyId: '', secretAccessKey: '' },
    maxAttempts: 1,
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  connect.destroy();
  participant.destroy();
  await h.close();
});

async function startChat(name: string, initial?: string) {
  const started = await connect.send(
    new StartChatContactCommand({
      InstanceId: instanceId,
      ContactFlowId: 'chat-flow',
      ParticipantDetails: { DisplayName: name },
      ...(initial ? { InitialMessage: { ContentType: 'text/plain', Content: initial } } : {}),
    }),
  );
  const connection = await participant.send(
    new CreateParticipantConnectionCommand({
      ParticipantToken: started.ParticipantToken!,
      Type: ['WEBSOCKET', 'CONNECTION_CREDENTIALS'],
    }),
  );
  expect(connection.Websocket?.Url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\//);
  expect(Date.parse(connection.ConnectionCredentials!.Expiry!)).toBeGreaterThan(Date.now());
  const socket = await ChatSocket.open(connection.Websocket!.Url!);
  sockets.push(socket);
  return { started, token: connection.ConnectionCredentials!.ConnectionToken!, socket };
}

async function snapshot(harness: Harness = h, token?: string) {
  return (await harness.cti('GetAgentSnapshot', { timeout: 0 }, token ? { token } : {})).body
    .snapshot;
}

async function agentSocket(token: string): Promise<ChatSocket> {
  const socket = await ChatSocket.open(
    `${h.emulator.webSocketUrl}?token=${encodeURIComponent(token)}`,
  );
  sockets.push(socket);
  return socket;
}

describe('chat contacts', { timeout: 20_000 }, () => {
  it('a chat from StartChatContact reaches the agent with chatMediaInfo; messages, typing, receipts and an attachment go both ways; the customer leaves, the agent clears', async () => {
    expect(
      (await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } })).status,
    ).toBe(200);
    const customer = await startChat('Pat', 'Hello, I need help');
    // What came before the socket opened is in the transcript: the customer joined, the first message.
    const start = await participant.send(
      new GetTranscriptCommand({ ConnectionToken: customer.token }),
    );
    const [joined, first] = start.Transcript!;
    expect(joined).toMatchObject({
      Type: 'EVENT',
      ContentType: `${EVENT}participant.joined`,
      ParticipantRole: 'CUSTOMER',
      DisplayName: 'Pat',
      ContactId: customer.started.ContactId,
    });
    expect(first).toMatchObject({
      Type: 'MESSAGE',
      Content: 'Hello, I need help',
      ParticipantRole: 'CUSTOMER',
    });

    const offered = (await snapshot()).contacts[0];
    expect(offered).toMatchObject({
      contactId: customer.started.ContactId,
      type: 'chat',
      state: { type: 'connecting' },
      contactFeatures: { attachmentsEnabled: true },
    });
    const own = offered.connections.find((c: any) => c.type === 'agent');
    const cust = offered.connections.find((c: any) => c.initial);
    expect(cust.connectionId).toBe(customer.started.ParticipantId);
    expect(cust.chatMediaInfo.customerName).toBe('Pat');
    const auth = JSON.parse(own.chatMediaInfo.connectionData).ConnectionAuthenticationToken;
    expect(typeof auth).toBe('string');

    // The agent's chat session: its connection token from CreateTransport chat_token, its
    // items on its CTI socket (topic aws/chat).
    const agentWs = await agentSocket(h.token);
    expect((await h.cti('AcceptContact', { contactId: offered.contactId })).status).toBe(200);
    const agentJoined = await customer.socket.next(
      (i) => i.ContentType === `${EVENT}participant.joined` && i.ParticipantRole === 'AGENT',
    );
    expect(agentJoined).toMatchObject({ DisplayName: 'Jane Doe', ParticipantId: own.connectionId });
    const transport = await h.cti('CreateTransport', {
      transportType: 'chat_token',
      contactId: offered.contactId,
      participantId: own.connectionId,
    });
    expect(transport.status).toBe(200);
    const agentToken = transport.body.chatTokenTransport.participantToken;
    expect(Date.parse(transport.body.chatTokenTransport.expiry)).toBeGreaterThan(Date.now());
    // The agent acknowledges with its participant token (chatjs does after connecting).
    const ack = await participant.send(
      new CreateParticipantConnectionCommand({ ParticipantToken: auth, ConnectParticipant: true }),
    );
    expect(ack.Websocket).toBeUndefined();

    const sent = await participant.send(
      new SendMessageCommand({
        ConnectionToken: customer.token,
        ContentType: 'text/plain',
        Content: 'Is anyone there?',
      }),
    );
    const atAgent = await agentWs.next((i) => i.Id === sent.Id);
    expect(atAgent).toMatchObject({
      Type: 'MESSAGE',
      Content: 'Is anyone there?',
      ParticipantRole: 'CUSTOMER',
      ParticipantId: customer.started.ParticipantId,
      InitialContactId: customer.started.ContactId,
    });
    const reply = await participant.send(
      new SendMessageCommand({
        ConnectionToken: agentToken,
        ContentType: 'text/markdown',
        Content: '**Yes**, how can I help?',
      }),
    );
    expect(await customer.socket.next((i) => i.Id === reply.Id)).toMatchObject({
      ParticipantRole: 'AGENT',
      DisplayName: 'Jane Doe',
      ContentType: 'text/markdown',
    });

    await participant.send(
      new SendEventCommand({ ConnectionToken: customer.token, ContentType: `${EVENT}typing` }),
    );
    expect(await agentWs.next((i) => i.ContentType === `${EVENT}typing`)).toMatchObject({
      ParticipantRole: 'CUSTOMER',
      Type: 'EVENT',
    });
    await participant.send(
      new SendEventCommand({
        ConnectionToken: customer.token,
        ContentType: `${EVENT}message.read`,
        Content: JSON.stringify({ messageId: reply.Id }),
      }),
    );
    const receipt = await agentWs.next((i) => i.Type === 'MESSAGEMETADATA');
    expect(receipt.MessageMetadata).toMatchObject({
      MessageId: reply.Id,
      Receipts: [{ RecipientParticipantId: customer.started.ParticipantId }],
    });
    expect(typeof receipt.MessageMetadata.Receipts[0].ReadTimestamp).toBe('string');
    // amazon-connect-chatjs sends every read receipt with the ClientToken INCOMING_READ_RECEIPT,
    // customer and agent alike: the agent's is its own request (not the customer's answered
    // again), and only the same participant's same request is a retry.
    const chatjsReceipt = (token: string, messageId: string) =>
      participant.send(
        new SendEventCommand({
          ConnectionToken: token,
          ContentType: `${EVENT}message.read`,
          Content: JSON.stringify({ messageId }),
          ClientToken: 'INCOMING_READ_RECEIPT',
        }),
      );
    const customerRead = await chatjsReceipt(customer.token, reply.Id!);
    const agentRead = await chatjsReceipt(agentToken, sent.Id!);
    expect(agentRead.Id).not.toBe(customerRead.Id);
    expect(
      (await customer.socket.next((i) => i.Id === agentRead.Id)).MessageMetadata,
    ).toMatchObject({
      MessageId: sent.Id,
      Receipts: [{ RecipientParticipantId: own.connectionId }],
    });
    expect((await chatjsReceipt(agentToken, sent.Id!)).Id).toBe(agentRead.Id);

    // An attachment: start, PUT to the URL given, complete; the agent downloads it.
    const bytes = Buffer.from('%PDF-1.4 emulated invoice');
    const upload = await participant.send(
      new StartAttachmentUploadCommand({
        ConnectionToken: customer.token,
        ContentType: 'application/pdf',
        AttachmentName: 'invoice.pdf',
        AttachmentSizeInBytes: bytes.length,
      }),
    );
    const put = await fetch(upload.UploadMetadata!.Url!, {
      method: 'PUT',
      headers: upload.UploadMetadata!.HeadersToInclude!,
      body: bytes,
    });
    expect(put.status).toBe(200);
    await participant.send(
      new CompleteAttachmentUploadCommand({
        ConnectionToken: customer.token,
        AttachmentIds: [upload.AttachmentId!],
      }),
    );
    const attachment = await agentWs.next((i) => i.Type === 'ATTACHMENT');
    expect(attachment.Attachments).toEqual([
      {
        ContentType: 'application/pdf',
        AttachmentId: upload.AttachmentId,
        AttachmentName: 'invoice.pdf',
        Status: 'APPROVED',
      },
    ]);
    const download = await participant.send(
      new GetAttachmentCommand({ ConnectionToken: agentToken, AttachmentId: upload.AttachmentId! }),
    );
    expect(download.AttachmentSizeInBytes).toBe(bytes.length);
    expect(Buffer.from(await (await fetch(download.Url!)).arrayBuffer())).toEqual(bytes);

    // The transcript: joined, the first message, the two messages, the attachment (typing and
    // receipts are not kept); pages of 2, backward, ascending within a page.
    const all = await participant.send(
      new GetTranscriptCommand({
        ConnectionToken: agentToken,
        MaxResults: 100,
        ScanDirection: 'FORWARD',
      }),
    );
    expect(all.InitialContactId).toBe(customer.started.ContactId);
    expect(all.Transcript!.map((i) => i.Type)).toEqual([
      'EVENT',
      'MESSAGE',
      'EVENT',
      'MESSAGE',
      'MESSAGE',
      'ATTACHMENT',
    ]);
    const last = await participant.send(
      new GetTranscriptCommand({ ConnectionToken: customer.token, MaxResults: 2 }),
    );
    expect(last.Transcript!.map((i) => i.Id)).toEqual([
      reply.Id,
      upload.AttachmentId && attachment.Id,
    ]);
    const before = await participant.send(
      new GetTranscriptCommand({
        ConnectionToken: customer.token,
        MaxResults: 2,
        NextToken: last.NextToken!,
        SortOrder: 'DESCENDING',
      }),
    );
    expect(before.Transcript!.map((i) => i.Id)).toEqual([sent.Id, all.Transcript![2]!.Id]);

    // The customer leaves: participant.left and chat.ended reach the agent; after-contact work.
    await participant.send(new DisconnectParticipantCommand({ ConnectionToken: customer.token }));
    await agentWs.next((i) => i.ContentType === `${EVENT}participant.left`);
    expect(await agentWs.next((i) => i.ContentType === `${EVENT}chat.ended`)).toMatchObject({
      ParticipantRole: 'SYSTEM',
    });
    const acw = (await snapshot()).contacts[0];
    expect(acw.state.type).toBe('ended');
    const described = await connect.send(
      new DescribeContactCommand({
        InstanceId: instanceId,
        ContactId: customer.started.ContactId!,
      }),
    );
    expect(described.Contact).toMatchObject({ Channel: 'CHAT', InitiationMethod: 'API' });
    expect(described.Contact?.DisconnectTimestamp).toBeInstanceOf(Date);
    // An ended chat refuses its tokens as the service does (chatjs reports the chat ended).
    await expect(
      participant.send(
        new SendMessageCommand({
          ConnectionToken: agentToken,
          ContentType: 'text/plain',
          Content: 'x',
        }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } });
    expect((await h.cti('ClearContact', { contactId: acw.contactId })).status).toBe(200);
    expect((await snapshot()).contacts).toEqual([]);
  });

  it('routes by channel concurrency: an agent on a call still takes chats up to the CHAT limit (2), a third waits', async () => {
    const call = h.emulator.centre.dialIn('+15555550001');
    const offer = (await snapshot()).contacts.find((c: any) => c.contactId === call.id);
    expect(offer?.type).toBe('voice');
    expect((await h.cti('AcceptContact', { contactId: call.id })).status).toBe(200);
    const a = await startChat('A');
    const b = await startChat('B');
    const c = await startChat('C');
    const contacts = (await snapshot()).contacts;
    expect(contacts.map((x: any) => x.type).sort()).toEqual(['chat', 'chat', 'voice']);
    const ids = contacts.map((x: any) => x.contactId);
    expect(ids).toContain(a.started.ContactId);
    expect(ids).toContain(b.started.ContactId);
    expect(ids).not.toContain(c.started.ContactId);
    expect(h.emulator.centre.contacts.get(c.started.ContactId!)?.waiting).toBe(true);
    for (const x of [a, b])
      expect((await h.cti('AcceptContact', { contactId: x.started.ContactId })).status).toBe(200);
    expect((await snapshot()).contacts.map((x: any) => x.state.type)).toEqual([
      'connected',
      'connected',
      'connected',
    ]);
    // The third goes to the agent once a chat is over and cleared.
    await participant.send(new DisconnectParticipantCommand({ ConnectionToken: a.token }));
    expect((await h.cti('ClearContact', { contactId: a.started.ContactId })).status).toBe(200);
    expect((await snapshot()).contacts.map((x: any) => x.contactId)).toContain(c.started.ContactId);
    // Tidy up: the customers leave, the call ends, everything is cleared.
    for (const x of [b, c])
      await participant.send(new DisconnectParticipantCommand({ ConnectionToken: x.token }));
    h.emulator.centre.customerHangsUp(call.id);
    for (const x of (await snapshot()).contacts)
      expect((await h.cti('ClearContact', { contactId: x.contactId })).status).toBe(200);
  });

  it('bad input gets the services’ error shapes through the AWS SDK clients', async () => {
    await expect(
      connect.send(
        new StartChatContactCommand({
          InstanceId: instanceId,
          ContactFlowId: 'f',
          ParticipantDetails: { DisplayName: '' },
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(
      connect.send(
        new StartChatContactCommand({
          InstanceId: 'not-the-instance',
          ContactFlowId: 'f',
          ParticipantDetails: { DisplayName: 'X' },
        }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(
      connect.send(
        new StartChatContactCommand({
          InstanceId: instanceId,
          ContactFlowId: 'f',
          ParticipantDetails: { DisplayName: 'X' },
          SupportedMessagingContentTypes: ['text/markdown'],
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidRequestException' });
    await expect(
      connect.send(
        new StartTaskContactCommand({
          InstanceId: instanceId,
          Name: 'T',
          ContactFlowId: 'f',
          References: { doc: { Type: 'ATTACHMENT', Value: 'x' } },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(
      participant.send(
        new CreateParticipantConnectionCommand({ ParticipantToken: 'forged', Type: ['WEBSOCKET'] }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } });
    const chat = await startChat('Errors');
    await expect(
      participant.send(
        // A participant token where the connection token is needed.
        new SendMessageCommand({
          ConnectionToken: (
            await connect.send(
              new StartChatContactCommand({
                InstanceId: instanceId,
                ContactFlowId: 'f',
                ParticipantDetails: { DisplayName: 'Y' },
              }),
            )
          ).ParticipantToken!,
          ContentType: 'text/plain',
          Content: 'x',
        }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(
      participant.send(
        new SendMessageCommand({
          ConnectionToken: chat.token,
          ContentType: 'text/html',
          Content: 'x',
        }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
    await expect(
      participant.send(
        new SendMessageCommand({
          ConnectionToken: chat.token,
          ContentType: 'text/plain',
          Content: 'x'.repeat(1025),
        }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(
      participant.send(
        new GetAttachmentCommand({ ConnectionToken: chat.token, AttachmentId: 'nope' }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      ResourceId: 'nope',
      ResourceType: 'ATTACHMENT',
    });
    await expect(
      participant.send(
        new GetTranscriptCommand({ ConnectionToken: chat.token, NextToken: 'garbage' }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('StartTaskContact', () => {
  it('a task with references waits until its scheduled time, then reaches an agent by TASK routing', async () => {
    const clock = new ManualClock();
    const th = await startHarness({ clock });
    const client = new ConnectClient({
      endpoint: th.emulator.url,
      region: 'us-east-1',
      credentials: th.emulator.adminCredentials,
      maxAttempts: 1,
    });
    try {
      await th.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } });
      const { ContactId } = await client.send(
        new StartTaskContactCommand({
          InstanceId: th.emulator.centre.instanceId,
          Name: 'Call back about the refund',
          Description: 'Order 1234',
          ContactFlowId: 'Sales inbound',
          References: { order: { Type: 'URL', Value: 'https://example.com/orders/1234' } },
          ScheduledTime: new Date(clock.now() + 60_000),
        }),
      );
      expect((await th.cti('GetAgentSnapshot', { timeout: 0 })).body.snapshot.contacts).toEqual([]);
      clock.advance(60_000);
      const task = (await th.cti('GetAgentSnapshot', { timeout: 0 })).body.snapshot.contacts[0];
      expect(task).toMatchObject({
        contactId: ContactId,
        type: 'task',
        initiationMethod: 'api',
        name: 'Call back about the refund',
        description: 'Order 1234',
        references: { order: { type: 'URL', value: 'https://example.com/orders/1234' } },
        queue: { name: 'Sales' },
      });
      const described = await client.send(
        new DescribeContactCommand({ InstanceId: th.emulator.centre.instanceId, ContactId }),
      );
      expect(described.Contact?.Channel).toBe('TASK');
    } finally {
      client.destroy();
      await th.close();
    }
  });
});
