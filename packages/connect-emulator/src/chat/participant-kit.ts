// What every Participant Service route shares: the caller read from the bearer token, the JSON
// body, the reply with its request id, the answer of a retried request (ClientToken), and the
// route wrapper that turns a ParticipantApiError into its AWS-shaped answer.
import { createHash, randomUUID } from 'node:crypto';
import type { Hono, Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { readChatToken, type ChatTokenKind } from '../domain/chat-tokens';
import type { EmulatorEnv } from '../http/node-env';
import { BodyTooLargeError, HttpError, readJson } from '../lib/http';
import type { ChatParticipant, ChatSession, ChatSessions } from './chat-sessions';
import { PARTICIPANT_MESSAGES as M, ParticipantApiError } from './participant-errors';
import type { ParticipantRoutesOptions } from './participant-routes';

/** A request's ClientToken (a retried request carries the same). */
export const clientToken = z.string().min(1).max(500).optional();

/** The body read with `schema`; a `ValidationException` naming the first issue otherwise. */
export function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
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

/** What the Participant Service's route families use. */
export interface ParticipantKit {
  readonly options: ParticipantRoutesOptions;
  readonly chats: ChatSessions;
  /** The chat and participant the bearer token names (of the kind the operation needs). */
  readonly caller: (
    c: Context<EmulatorEnv>,
    kind: ChatTokenKind,
  ) => { session: ChatSession; participant: ChatParticipant };
  /** The request's JSON body (a `ValidationException` when it is not JSON). */
  readonly body: (c: Context<EmulatorEnv>) => Promise<unknown>;
  /** A 200 answer with its request id. */
  readonly reply: (c: Context<EmulatorEnv>, value: unknown) => Response;
  /** The answer of `make`, or of the first of the same request retried with its ClientToken. */
  readonly once: (
    session: ChatSession,
    participant: ChatParticipant,
    input: { ClientToken?: string | undefined },
    make: () => unknown,
  ) => unknown;
  /** Adds a route whose ParticipantApiError or HttpError is answered AWS-shaped. */
  readonly route: (
    method: 'post' | 'put' | 'get',
    path: string,
    handler: (c: Context<EmulatorEnv>) => Promise<Response> | Response,
  ) => void;
}

/** The shared parts of the Participant Service's routes on `app`. */
export function participantKit(
  app: Hono<EmulatorEnv>,
  options: ParticipantRoutesOptions,
): ParticipantKit {
  const { chats } = options;
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

  return { options, chats, caller, body, reply, once, route };
}
