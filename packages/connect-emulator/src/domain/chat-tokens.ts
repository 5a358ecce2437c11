import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tokens a contact's parties hold: a chat participant's participant token (StartChatContact's
 * `ParticipantToken`, an agent's `ConnectionAuthenticationToken`) and connection token
 * (CreateParticipantConnection's `ConnectionToken`, an agent's `chat_token` transport), and a voice
 * party's softphone token (the `callContextToken` of its softphone media). Each names its contact
 * and participant (a connection id) and is signed with the instance's secret, so a token of
 * another kind, contact or instance is refused.
 */
export type ChatTokenKind = 'participant' | 'connection' | 'softphone';

/** The prefix of each kind in a token. */
const PREFIX = { participant: 'P', connection: 'C', softphone: 'S' } as const;

/** What a valid chat token names. */
export interface ChatTokenClaims {
  readonly kind: ChatTokenKind;
  readonly contactId: string;
  readonly participantId: string;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const sign = (secret: Uint8Array, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url');

/** The token of `kind` for a participant of a chat contact. */
export function chatToken(
  secret: Uint8Array,
  kind: ChatTokenKind,
  contactId: string,
  participantId: string,
): string {
  const body = `${PREFIX[kind]}.${b64(contactId)}.${b64(participantId)}`;
  return `${body}.${sign(secret, body)}`;
}

/** The claims of a chat token signed with `secret`, or undefined (malformed, forged). */
export function readChatToken(secret: Uint8Array, token: string): ChatTokenClaims | undefined {
  if (token.length > 1024) return undefined;
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [prefix, contact, participant, mac] = parts as [string, string, string, string];
  const kind = (Object.keys(PREFIX) as ChatTokenKind[]).find((k) => PREFIX[k] === prefix);
  if (kind === undefined) return undefined;
  const expected = Buffer.from(sign(secret, `${prefix}.${contact}.${participant}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return {
    kind,
    contactId: Buffer.from(contact, 'base64url').toString('utf8'),
    participantId: Buffer.from(participant, 'base64url').toString('utf8'),
  };
}
