import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import {
  CHAT_ATTACHMENT_DATA_PATH,
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENT_URL_TTL_S,
  CHAT_CONNECTION_LIFETIME_S,
  CHAT_EVENTS,
  CHAT_MAX_ATTACHMENT_BYTES,
  CHAT_MESSAGE_LIMITS,
  CHAT_SENDABLE_EVENTS,
  CHAT_TRANSCRIPT_MAX_PAGE,
  CHAT_WEB_SOCKET_PATH,
} from '../constants';
import { chatToken, readChatToken, type ChatTokenKind } from '../domain/chat-tokens';
import type { ContactCentre } from '../domain/contact-centre';
import type { EmulatorEnv } from '../http/node-env';
import { BodyTooLargeError, HttpError, readBodyBytes, readJson } from '../lib/http';
import type { ChatParticipant, ChatSession, ChatSessions } from './chat-sessions';
import { PARTICIPANT_MESSAGES as M, ParticipantApiError } from './participant-errors';

/** Options of {@link participantRoutes}. */
export interface ParticipantRoutesOptions {
  readonly centre: () => ContactCentre;
  readonly chats: ChatSessions;
  /** The emulator's base URL (`http://127.0.0.1:PORT`). */
  readonly base: () => string;
  /** The chat web socket's base URL (`ws://127.0.0.1:PORT`). */
  readonly wsBase: () => string;
  readonly now: () => number;
}

const clientToken = z.string().min(1).max(500).optional();
const schemas = {
  connection: z.object({
    Type: z
      .array(z.enum(['WEBSOCKET', 'CONNECTION_CREDENTIALS', 'WEBRTC_CONNECTION']))
      .min(1)
      .max(3)
      .optional(),
    ConnectParticipant: z.boolean().optional(),
  }),
  message: z.object({
    ContentType: z.string().min(1).max(100),
    Content: z.string().min(1).max(16384),
    ClientToken: clientToken,
  }),
  event: z.object({
    ContentType: z.string().min(1).max(100),
    Content: z.string().min(1).max(1024).optional(),
    ClientToken: clientToken,
  }),
  transcript: z.object({
    ContactId: z.string().min(1).max(256).optional(),
    MaxResults: z.number().int().min(0).max(CHAT_TRANSCRIPT_MAX_PAGE).optional(),
    NextToken: z.string().min(1).max(1000).optional(),
    ScanDirection: z.enum(['FORWARD', 'BACKWARD']).optional(),
    SortOrder: z.enum(['DESCENDING', 'ASCENDING']).optional(),
    StartPosition: z
      .object({
        Id: z.string().min(1).max(256).optional(),
        AbsoluteTime: z.string().min(1).max(100).optional(),
        MostRecent: z.number().int().min(0).max(CHAT_TRANSCRIPT_MAX_PAGE).optional(),
      })
      .optional(),
  }),
  disconnect: z.object({ ClientToken: clientToken }),
  startUpload: z.object({
    ContentType: z.string().min(1).max(255),
    AttachmentSizeInBytes: z.number().int().min(1),
    AttachmentName: z.string().min(1).max(256),
    ClientToken: z.string().min(1).max(500).optional(),
  }),
  completeUpload: z.object({
    AttachmentIds: z.array(z.string().min(1).max(256)).min(1).max(1),
    ClientToken: z.string().min(1).max(500).optional(),
  }),
  getAttachment: z.object({
    AttachmentId: z.string().min(1).max(256),
    UrlExpiryInSeconds: z.number().int().min(5).max(300).optional(),
  }),
};

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ParticipantApiError(
      'ValidationException',
      `${issue.path.join('.') || 'body'}: ${issue.message}`,
    );
  }
  return result.data;
}

/**
 * The Amazon Connect Participant Service (restJson1, bearer `X-Amz-Bearer`) at its real paths and
 * shapes, so that `amazon-connect-chatjs` and `@aws-sdk/client-connectparticipant` work unchanged
 * with their endpoint pointed at the emulator: CreateParticipantConnection (participant token),
 * then with the connection token SendMessage, SendEvent, GetTranscript, DisconnectParticipant and
 * the attachments (StartAttachmentUpload → PUT to the URL it gives → CompleteAttachmentUpload;
 * GetAttachment → GET). Bad input is ValidationException; a wrong token AccessDeniedException;
 * an ended chat AccessDeniedException (chatjs then reports the chat ended).
 */
export function participantRoutes(options: ParticipantRoutesOptions): Hono<EmulatorEnv> {
  const { chats } = options;
  const app = new Hono<EmulatorEnv>();
  const expiry = () => new Date(options.now() + CHAT_CONNECTION_LIFETIME_S * 1000).toISOString();

  /** The chat and participant the bearer token names (of the kind the operation needs). */
  const caller = (
    c: Context<EmulatorEnv>,
    kind: ChatTokenKind,
  ): { session: ChatSession; participant: ChatParticipant } => {
    const bearer = c.req.header('x-amz-bearer');
    if (!bearer) throw new ParticipantApiError('AccessDeniedException', M.missingToken);
    const centre = options.centre();
    const claims = readChatToken(centre.chatSecret, bearer);
    if (!claims) throw new ParticipantApiError('AccessDeniedException', M.invalidToken);
    if (claims.kind !== kind)
      throw new ParticipantApiError('AccessDeniedException', M.wrongTokenKind(kind));
    const session = chats.get(claims.contactId);
    if (!session) throw new ParticipantApiError('AccessDeniedException', M.invalidToken);
    let participant = session.participants.get(claims.participantId);
    if (!participant && !session.ended) {
      // An agent offered the chat (not yet joined) may already connect (chatjs does on offer).
      const contact = centre.contacts.get(claims.contactId);
      const leg = contact?.connections.find((x) => x.id === claims.participantId && x.agentId);
      if (leg) {
        participant = {
          id: leg.id,
          role: 'AGENT',
          displayName: centre.agents.get(leg.agentId!)?.name ?? 'Agent',
          agentId: leg.agentId!,
          joined: false,
          left: false,
        };
      }
    }
    if (!participant) throw new ParticipantApiError('AccessDeniedException', M.invalidToken);
    if (session.ended) throw new ParticipantApiError('AccessDeniedException', M.chatEnded);
    if (participant.left) throw new ParticipantApiError('AccessDeniedException', M.participantLeft);
    return { session, participant };
  };

  const body = async (c: Context<EmulatorEnv>): Promise<unknown> => {
    try {
      return await readJson(c.env.incoming);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw error;
      throw new ParticipantApiError('ValidationException', M.notJson);
    }
  };

  const reply = (c: Context<EmulatorEnv>, value: unknown) =>
    c.json(value as object, 200, { 'x-amzn-RequestId': randomUUID() });

  /**
   * Answers a retried request (the same participant sending the same request with the same
   * ClientToken) as the first time. The token alone is not the key: amazon-connect-chatjs sends
   * every read or delivered receipt with the one ClientToken `INCOMING_READ_RECEIPT` /
   * `INCOMING_DELIVERED_RECEIPT`, from the customer and the agent alike.
   */
  const once = (
    session: ChatSession,
    participant: ChatParticipant,
    input: { ClientToken?: string | undefined },
    make: () => unknown,
  ): unknown => {
    const token = input.ClientToken;
    if (token === undefined) return make();
    const key = createHash('sha256')
      .update(`${participant.id}\u0000${JSON.stringify(input)}`)
      .digest('base64url');
    if (session.clientTokens.has(key)) return session.clientTokens.get(key);
    const value = make();
    if (session.clientTokens.size < 10_000) session.clientTokens.set(key, value);
    return value;
  };

  const route = (
    method: 'post' | 'put' | 'get',
    path: string,
    handler: (c: Context<EmulatorEnv>) => Promise<Response> | Response,
  ) =>
    app[method](path, async (c) => {
      try {
        return await handler(c);
      } catch (error) {
        if (error instanceof ParticipantApiError)
          return c.json(
            { Message: error.message, ...error.extra },
            error.status as ContentfulStatusCode,
            { 'x-amzn-ErrorType': error.type, 'x-amzn-RequestId': randomUUID() },
          );
        if (error instanceof HttpError)
          return c.json({ Message: error.message }, error.status as ContentfulStatusCode, {
            'x-amzn-ErrorType': error.type,
          });
        throw error;
      }
    });

  route('post', '/participant/connection', async (c) => {
    const input = parse(schemas.connection, await body(c));
    const { session, participant } = caller(c, 'participant');
    const centre = options.centre();
    if (input.ConnectParticipant && participant.role !== 'AGENT')
      throw new ParticipantApiError('ValidationException', M.notParticipantAck);
    const types = input.Type ?? [];
    const connectionToken = chatToken(
      centre.chatSecret,
      'connection',
      session.contactId,
      participant.id,
    );
    return reply(c, {
      ...(types.includes('WEBSOCKET')
        ? {
            Websocket: {
              Url: `${options.wsBase()}${CHAT_WEB_SOCKET_PATH}?token=${encodeURIComponent(connectionToken)}`,
              ConnectionExpiry: expiry(),
            },
          }
        : {}),
      ...(types.includes('CONNECTION_CREDENTIALS')
        ? { ConnectionCredentials: { ConnectionToken: connectionToken, Expiry: expiry() } }
        : {}),
    });
  });

  route('post', '/participant/message', async (c) => {
    const input = parse(schemas.message, await body(c));
    const { session, participant } = caller(c, 'connection');
    const max = CHAT_MESSAGE_LIMITS[input.ContentType];
    if (max === undefined)
      throw new ParticipantApiError(
        'ValidationException',
        M.unsupportedContentType(input.ContentType),
      );
    if (input.Content.length > max)
      throw new ParticipantApiError(
        'ValidationException',
        M.contentTooLong(input.ContentType, max),
      );
    return reply(
      c,
      once(session, participant, input, () => {
        const item = chats.item(session, participant, {
          Type: 'MESSAGE',
          ContentType: input.ContentType,
          Content: input.Content,
        });
        chats.emit(session, item);
        return { Id: item.Id, AbsoluteTime: item.AbsoluteTime };
      }),
    );
  });

  route('post', '/participant/event', async (c) => {
    const input = parse(schemas.event, await body(c));
    const { session, participant } = caller(c, 'connection');
    if (!CHAT_SENDABLE_EVENTS.includes(input.ContentType))
      throw new ParticipantApiError(
        'ValidationException',
        M.unsupportedContentType(input.ContentType),
      );
    const receipt =
      input.ContentType === CHAT_EVENTS.messageRead ||
      input.ContentType === CHAT_EVENTS.messageDelivered;
    let messageId: string | undefined;
    if (receipt) {
      try {
        const parsed = z
          .object({ messageId: z.string().min(1).max(256) })
          .parse(JSON.parse(input.Content ?? ''));
        messageId = parsed.messageId;
      } catch {
        throw new ParticipantApiError(
          'ValidationException',
          'Content must be {"messageId":"<Id of the message>"}.',
        );
      }
    }
    return reply(
      c,
      once(session, participant, input, () => {
        const item = chats.item(session, participant, {
          Type: 'EVENT',
          ContentType: input.ContentType,
          ...(input.Content === undefined ? {} : { Content: input.Content }),
        });
        if (receipt) {
          const at = item.AbsoluteTime;
          chats.emit(
            session,
            {
              ...item,
              Type: 'MESSAGEMETADATA',
              MessageMetadata: {
                MessageId: messageId!,
                Receipts: [
                  {
                    ...(input.ContentType === CHAT_EVENTS.messageRead
                      ? { ReadTimestamp: at }
                      : { DeliveredTimestamp: at }),
                    RecipientParticipantId: participant.id,
                  },
                ],
              },
            },
            true,
          );
        } else chats.emit(session, item, input.ContentType === CHAT_EVENTS.typing);
        return { Id: item.Id, AbsoluteTime: item.AbsoluteTime };
      }),
    );
  });

  route('post', '/participant/transcript', async (c) => {
    const input = parse(schemas.transcript, await body(c));
    const { session } = caller(c, 'connection');
    const page = chats.transcript(session, {
      maxResults: input.MaxResults === 0 ? undefined : input.MaxResults,
      nextToken: input.NextToken,
      scanDirection: input.ScanDirection,
      sortOrder: input.SortOrder,
      startPosition: input.StartPosition,
    });
    if (page === 'bad-token') throw new ParticipantApiError('ValidationException', M.badNextToken);
    return reply(c, {
      InitialContactId: session.initialContactId,
      Transcript: page.items,
      ...(page.nextToken ? { NextToken: page.nextToken } : {}),
    });
  });

  route('post', '/participant/disconnect', async (c) => {
    parse(schemas.disconnect, await body(c));
    const { session, participant } = caller(c, 'connection');
    const centre = options.centre();
    const contact = centre.contacts.get(session.contactId);
    if (participant.role === 'CUSTOMER') {
      chats.leave(session, participant);
      if (contact && contact.state !== 'ended') centre.customerHangsUp(contact.id);
      else chats.end(session);
    } else if (contact) {
      const agent = centre.agents.get(participant.agentId!);
      const leg = contact.connections.find((x) => x.id === participant.id);
      if (agent && leg && leg.state !== 'disconnected')
        centre.destroyConnection(agent, centre.contactIdOf(contact, agent.id), leg.id);
    }
    return reply(c, {});
  });

  /** The signature of an attachment URL (upload or download) until `expires`. */
  const urlSig = (kind: 'put' | 'get', id: string, expires: number) =>
    createHmac('sha256', options.centre().chatSecret)
      .update(`${kind}:${id}:${expires}`)
      .digest('base64url');
  const signedUrl = (kind: 'put' | 'get', id: string, ttlS: number) => {
    const expires = Math.floor(options.now() / 1000) + ttlS;
    return {
      url: `${options.base()}${CHAT_ATTACHMENT_DATA_PATH}/${encodeURIComponent(id)}?expires=${expires}&sig=${urlSig(kind, id, expires)}`,
      expiry: new Date(expires * 1000).toISOString(),
    };
  };
  const checkSig = (c: Context<EmulatorEnv>, kind: 'put' | 'get', id: string): boolean => {
    const expires = Number(c.req.query('expires'));
    const sig = c.req.query('sig') ?? '';
    if (!Number.isInteger(expires) || expires * 1000 < options.now()) return false;
    const a = Buffer.from(sig);
    const b = Buffer.from(urlSig(kind, id, expires));
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const attachmentsById = (id: string) => {
    for (const contactId of [id.split('_')[0] ?? '']) {
      const session = chats.get(Buffer.from(contactId, 'base64url').toString('utf8'));
      const attachment = session?.attachments.get(id);
      if (session && attachment) return { session, attachment };
    }
    return undefined;
  };

  route('post', '/participant/start-attachment-upload', async (c) => {
    const input = parse(schemas.startUpload, await body(c));
    const { session, participant } = caller(c, 'connection');
    if (!CHAT_ATTACHMENT_TYPES.includes(input.ContentType))
      throw new ParticipantApiError(
        'ValidationException',
        M.unsupportedContentType(input.ContentType),
      );
    if (input.AttachmentSizeInBytes > CHAT_MAX_ATTACHMENT_BYTES)
      throw new ParticipantApiError(
        'ServiceQuotaExceededException',
        `Attachments are at most ${CHAT_MAX_ATTACHMENT_BYTES} bytes.`,
      );
    return reply(
      c,
      once(session, participant, input, () => {
        // The id names its chat, so that the upload URL finds it.
        const id = `${Buffer.from(session.contactId, 'utf8').toString('base64url')}_${randomUUID()}`;
        session.attachments.set(id, {
          id,
          name: input.AttachmentName,
          contentType: input.ContentType,
          size: input.AttachmentSizeInBytes,
          participantId: participant.id,
          status: 'IN_PROGRESS',
        });
        const { url, expiry: urlExpiry } = signedUrl('put', id, CHAT_ATTACHMENT_URL_TTL_S);
        return {
          AttachmentId: id,
          UploadMetadata: {
            Url: url,
            UrlExpiry: urlExpiry,
            HeadersToInclude: { 'Content-Type': input.ContentType },
          },
        };
      }),
    );
  });

  route('put', `${CHAT_ATTACHMENT_DATA_PATH}/:id`, async (c) => {
    const id = c.req.param('id') ?? '';
    const found = attachmentsById(id);
    if (!found || !checkSig(c, 'put', id))
      throw new ParticipantApiError('AccessDeniedException', M.invalidToken);
    if (found.attachment.data)
      throw new ParticipantApiError('ConflictException', `Attachment ${id} was already uploaded.`);
    const data = await readBodyBytes(c.env.incoming, found.attachment.size);
    found.attachment.data = data;
    return c.body(null, 200);
  });

  route('get', `${CHAT_ATTACHMENT_DATA_PATH}/:id`, (c) => {
    const id = c.req.param('id') ?? '';
    const found = attachmentsById(id);
    if (!found || !found.attachment.data || !checkSig(c, 'get', id))
      throw new ParticipantApiError('AccessDeniedException', M.invalidToken);
    return c.body(new Uint8Array(found.attachment.data), 200, {
      'Content-Type': found.attachment.contentType,
      'Content-Length': String(found.attachment.data.length),
    });
  });

  route('post', '/participant/complete-attachment-upload', async (c) => {
    const input = parse(schemas.completeUpload, await body(c));
    const { session, participant } = caller(c, 'connection');
    const id = input.AttachmentIds[0]!;
    const attachment = session.attachments.get(id);
    if (!attachment || attachment.participantId !== participant.id)
      throw new ParticipantApiError('ResourceNotFoundException', M.unknownAttachment(id), {
        ResourceId: id,
        ResourceType: 'ATTACHMENT',
      });
    if (!attachment.data)
      throw new ParticipantApiError('ConflictException', M.attachmentNotUploaded(id));
    return reply(
      c,
      once(session, participant, input, () => {
        if (attachment.status !== 'APPROVED') {
          attachment.status = 'APPROVED';
          chats.emit(
            session,
            chats.item(session, participant, {
              Type: 'ATTACHMENT',
              Attachments: [
                {
                  ContentType: attachment.contentType,
                  AttachmentId: attachment.id,
                  AttachmentName: attachment.name,
                  Status: 'APPROVED',
                },
              ],
            }),
          );
        }
        return {};
      }),
    );
  });

  route('post', '/participant/attachment', async (c) => {
    const input = parse(schemas.getAttachment, await body(c));
    const { session } = caller(c, 'connection');
    const attachment = session.attachments.get(input.AttachmentId);
    if (!attachment || attachment.status !== 'APPROVED')
      throw new ParticipantApiError(
        'ResourceNotFoundException',
        M.unknownAttachment(input.AttachmentId),
        { ResourceId: input.AttachmentId, ResourceType: 'ATTACHMENT' },
      );
    const { url, expiry: urlExpiry } = signedUrl(
      'get',
      attachment.id,
      input.UrlExpiryInSeconds ?? CHAT_ATTACHMENT_URL_TTL_S,
    );
    return reply(c, { Url: url, UrlExpiry: urlExpiry, AttachmentSizeInBytes: attachment.size });
  });

  return app;
}
