// Bad input to the chat and task starts (admin API) and to the Participant Service,
// sent through the AWS SDK clients, gets the services' error shapes: the error's name (from
// x-amzn-ErrorType), its HTTP status and message, never a 5xx. (The cases chat-contacts.test.ts
// already covers are not repeated.)
import {
  ConnectClient,
  StartChatContactCommand,
  StartTaskContactCommand,
} from '@aws-sdk/client-connect';
import {
  CompleteAttachmentUploadCommand,
  ConnectParticipantClient,
  CreateParticipantConnectionCommand,
  DisconnectParticipantCommand,
  GetTranscriptCommand,
  SendEventCommand,
  SendMessageCommand,
  StartAttachmentUploadCommand,
} from '@aws-sdk/client-connectparticipant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

let h: Harness;
let connect: ConnectClient;
let participant: ConnectParticipantClient;
let instanceId: string;

beforeAll(async () => {
  h = await startHarness({ log: () => undefined });
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
  connect.destroy();
  participant.destroy();
  await h.close();
});

/** An error of this name and HTTP status, with a message. */
const refused = (name: string, status: number) => ({
  name,
  message: expect.stringMatching(/\S/) as unknown,
  $metadata: expect.objectContaining({ httpStatusCode: status }) as unknown,
});

async function startChat(name = 'Pat') {
  const started = await connect.send(
    new StartChatContactCommand({
      InstanceId: instanceId,
      ContactFlowId: 'flow',
      ParticipantDetails: { DisplayName: name },
    }),
  );
  const connection = await participant.send(
    new CreateParticipantConnectionCommand({
      ParticipantToken: started.ParticipantToken!,
      Type: ['CONNECTION_CREDENTIALS'],
    }),
  );
  return { started, token: connection.ConnectionCredentials!.ConnectionToken! };
}

describe('StartChatContact and StartTaskContact with bad input', () => {
  const chat = (fields: Partial<ConstructorParameters<typeof StartChatContactCommand>[0]>) =>
    connect.send(
      new StartChatContactCommand({
        InstanceId: instanceId,
        ContactFlowId: 'flow',
        ParticipantDetails: { DisplayName: 'Pat' },
        ...fields,
      }),
    );
  const task = (fields: Partial<ConstructorParameters<typeof StartTaskContactCommand>[0]>) =>
    connect.send(
      new StartTaskContactCommand({
        InstanceId: instanceId,
        Name: 'Task',
        ContactFlowId: 'flow',
        ...fields,
      }),
    );

  it('an InitialMessage of an unsupported type or too long, or a ChatDurationInMinutes out of 60 to 10080, is InvalidParameterException (400)', async () => {
    await expect(
      chat({ InitialMessage: { ContentType: 'text/html', Content: '<b>hi</b>' } }),
    ).rejects.toMatchObject(refused('InvalidParameterException', 400));
    await expect(
      chat({ InitialMessage: { ContentType: 'text/plain', Content: 'x'.repeat(1025) } }),
    ).rejects.toMatchObject(refused('InvalidParameterException', 400));
    for (const minutes of [59, 10_081])
      await expect(chat({ ChatDurationInMinutes: minutes })).rejects.toMatchObject(
        refused('InvalidParameterException', 400),
      );
  });

  it('PersistentChat with RelatedContactId is InvalidRequestException (400)', async () => {
    await expect(
      chat({
        PersistentChat: { RehydrationType: 'ENTIRE_PAST_SESSION', SourceContactId: 'c-1' },
        RelatedContactId: 'c-2',
      }),
    ).rejects.toMatchObject(refused('InvalidRequestException', 400));
  });

  it('a task without a flow, quick connect or template is InvalidRequestException; a past or over-six-days ScheduledTime is InvalidParameterException; an unknown QuickConnectId is ResourceNotFoundException', async () => {
    await expect(
      connect.send(new StartTaskContactCommand({ InstanceId: instanceId, Name: 'Task' })),
    ).rejects.toMatchObject(refused('InvalidRequestException', 400));
    const now = Date.now();
    for (const at of [now - 3_600_000, now + 7 * 24 * 3_600_000])
      await expect(task({ ScheduledTime: new Date(at) })).rejects.toMatchObject(
        refused('InvalidParameterException', 400),
      );
    await expect(
      task({ ContactFlowId: undefined, QuickConnectId: 'no-such-quick-connect' }),
    ).rejects.toMatchObject(refused('ResourceNotFoundException', 404));
  });

  it('wrong admin credentials are refused with a 403, not served', async () => {
    const stranger = new ConnectClient({
      endpoint: h.emulator.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDNOTKNOWN', secretAccessKey: 'nope' },
      maxAttempts: 1,
    });
    try {
      await expect(
        stranger.send(
          new StartChatContactCommand({
            InstanceId: instanceId,
            ContactFlowId: 'flow',
            ParticipantDetails: { DisplayName: 'Pat' },
          }),
        ),
      ).rejects.toMatchObject({
        $metadata: expect.objectContaining({ httpStatusCode: 403 }) as unknown,
      });
    } finally {
      stranger.destroy();
    }
  });
});

describe('the Participant Service with bad input', () => {
  it('a connection token where the participant token is needed (CreateParticipantConnection) is AccessDeniedException (403)', async () => {
    const { token } = await startChat();
    await expect(
      participant.send(
        new CreateParticipantConnectionCommand({ ParticipantToken: token, Type: ['WEBSOCKET'] }),
      ),
    ).rejects.toMatchObject(refused('AccessDeniedException', 403));
  });

  it('a forged or tampered ConnectionToken is AccessDeniedException (403) on every operation', async () => {
    const { token } = await startChat();
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    for (const bad of ['forged', tampered]) {
      await expect(
        participant.send(
          new SendMessageCommand({ ConnectionToken: bad, ContentType: 'text/plain', Content: 'x' }),
        ),
      ).rejects.toMatchObject(refused('AccessDeniedException', 403));
      await expect(
        participant.send(new GetTranscriptCommand({ ConnectionToken: bad })),
      ).rejects.toMatchObject(refused('AccessDeniedException', 403));
      await expect(
        participant.send(new DisconnectParticipantCommand({ ConnectionToken: bad })),
      ).rejects.toMatchObject(refused('AccessDeniedException', 403));
    }
  });

  it('SendEvent of a type a participant may not send, or a receipt without its messageId, is ValidationException (400)', async () => {
    const { token } = await startChat();
    await expect(
      participant.send(
        new SendEventCommand({
          ConnectionToken: token,
          ContentType: 'application/vnd.amazonaws.connect.event.chat.ended',
        }),
      ),
    ).rejects.toMatchObject(refused('ValidationException', 400));
    await expect(
      participant.send(
        new SendEventCommand({
          ConnectionToken: token,
          ContentType: 'application/vnd.amazonaws.connect.event.message.read',
          Content: 'not json',
        }),
      ),
    ).rejects.toMatchObject(refused('ValidationException', 400));
  });

  it('an attachment of an unsupported type is ValidationException; completing an unknown one is ResourceNotFoundException (404)', async () => {
    const { token } = await startChat();
    await expect(
      participant.send(
        new StartAttachmentUploadCommand({
          ConnectionToken: token,
          ContentType: 'application/x-msdownload',
          AttachmentSizeInBytes: 10,
          AttachmentName: 'run.exe',
        }),
      ),
    ).rejects.toMatchObject(refused('ValidationException', 400));
    await expect(
      participant.send(
        new CompleteAttachmentUploadCommand({
          ConnectionToken: token,
          AttachmentIds: ['no-such-attachment'],
        }),
      ),
    ).rejects.toMatchObject(refused('ResourceNotFoundException', 404));
  });

  it('after the customer left, the customer’s connection token is AccessDeniedException (403) for messages and a second disconnect', async () => {
    const { token } = await startChat();
    await participant.send(new DisconnectParticipantCommand({ ConnectionToken: token }));
    await expect(
      participant.send(
        new SendMessageCommand({ ConnectionToken: token, ContentType: 'text/plain', Content: 'x' }),
      ),
    ).rejects.toMatchObject(refused('AccessDeniedException', 403));
    await expect(
      participant.send(new DisconnectParticipantCommand({ ConnectionToken: token })),
    ).rejects.toMatchObject(refused('AccessDeniedException', 403));
  });
});
