// The softphone signalling endpoint, as connect-rtc-js speaks it: JSON-RPC 2.0 over a web socket
// opened at `<signalingEndpoint>?callId=<contact id>&contactCtx=<callContextToken>`. The client
// sends `invite {sdp, candidates, callContextToken}` with all its ICE candidates (no trickle) and
// gets `{sdp, candidates}` back, then `accept`; either side ends the media with `bye`. After the
// accept the server sends `renewClientToken`, with which a client whose socket dropped reconnects
// (`?callId=…&clientToken=…`) to the same session without a new invite.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import {
  MAX_INVITE_CANDIDATES,
  MAX_SIGNALLING_FRAME_BYTES,
  SIGNALLING_ERROR_CODES,
  SOFTPHONE_BYE_REPLY_TIMEOUT_MS,
  SOFTPHONE_RECONNECT_WINDOW_MS,
  SOFTPHONE_SIGNALLING_PATH,
} from '../constants';
import { readChatToken } from '../domain/chat-tokens';
import type { ContactCentre } from '../domain/contact-centre';
import { requestUrl } from '../lib/http';
import { socketText } from '../lib/ws-text';
import { MESSAGES } from '../messages';
import type { MediaBridge } from './media-bridge';
import { MediaLeg } from './media-leg';

const text = (max: number) => z.string().max(max);

/** A JSON-RPC 2.0 frame: a request or notification (`method`), or a reply (`result`/`error`). */
const frameSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([text(128), z.number()]).nullish(),
  method: text(64).optional(),
  params: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
});

const inviteSchema = z.object({
  sdp: text(MAX_SIGNALLING_FRAME_BYTES).min(1),
  candidates: z
    .array(
      z.object({
        candidate: text(1024),
        sdpMid: text(64).nullish(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
        usernameFragment: text(256).nullish(),
      }),
    )
    .max(MAX_INVITE_CANDIDATES),
  callContextToken: text(1024).optional(),
});

type Frame = z.infer<typeof frameSchema>;

/** What the signalling needs from the emulator around it. */
export interface SignallingDeps {
  readonly centre: () => ContactCentre;
  readonly bridge: MediaBridge;
}

/** One party's signalling session: its socket (replaced on reconnect) and its media leg. */
class SignallingSession {
  readonly clientToken = randomBytes(24).toString('base64url');
  socket: WebSocket | undefined;
  connectionId: string | undefined;
  leg: MediaLeg | undefined;
  /** The socket went away: the session waits this long for a reconnect. */
  orphanTimer: ReturnType<typeof setTimeout> | undefined;
  private byeId: string | undefined;
  private byeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly contextToken: string | undefined) {}

  send(frame: Record<string, unknown>): void {
    if (this.socket?.readyState === this.socket?.OPEN)
      this.socket?.send(JSON.stringify({ jsonrpc: '2.0', ...frame }));
  }

  reply(id: Frame['id'], result: unknown): void {
    this.send({ id: id ?? null, result });
  }

  fail(id: Frame['id'], code: number, message: string): void {
    this.send({ id: id ?? null, error: { code, message } });
  }

  /** The server hangs up: `bye`, then the socket closes on the reply or after 2 s. */
  bye(): void {
    if (this.byeId !== undefined) return;
    this.byeId = randomBytes(8).toString('hex');
    this.send({ method: 'bye', params: {}, id: this.byeId });
    this.byeTimer = setTimeout(() => this.socket?.close(), SOFTPHONE_BYE_REPLY_TIMEOUT_MS);
  }

  /** Whether `frame` answers the server's `bye`. */
  answersBye(frame: Frame): boolean {
    return this.byeId !== undefined && frame.method === undefined && frame.id === this.byeId;
  }

  end(): void {
    clearTimeout(this.byeTimer);
    clearTimeout(this.orphanTimer);
  }
}

/** The softphone signalling web socket (see the file comment). */
export class SoftphoneSignalling {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_SIGNALLING_FRAME_BYTES,
    perMessageDeflate: false,
  });
  private readonly sessions = new Map<string, SignallingSession>();

  constructor(private readonly deps: SignallingDeps) {
    this.wss.on('error', () => undefined);
  }

  /** Whether an upgrade request is for the signalling endpoint. */
  static handles(req: IncomingMessage): boolean {
    return requestUrl(req.url)?.pathname === SOFTPHONE_SIGNALLING_PATH;
  }

  /**
   * Takes over an HTTP upgrade on the signalling path. A reconnect names a session that is still
   * open; anything else opens a new session (a bad token is refused at the invite, where
   * connect-rtc-js expects it). Never throws.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const query = requestUrl(req.url)?.searchParams;
    const clientToken = query?.get('clientToken');
    const resumed = clientToken ? this.sessions.get(clientToken) : undefined;
    if (clientToken && !resumed) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const session = resumed ?? new SignallingSession(query?.get('contactCtx') ?? undefined);
      this.open(session, ws);
    });
  }

  /** Ends every session (the emulator stops). */
  close(): void {
    for (const session of this.sessions.values()) this.finish(session);
    for (const ws of this.wss.clients) ws.terminate();
  }

  private open(session: SignallingSession, ws: WebSocket): void {
    clearTimeout(session.orphanTimer);
    session.socket?.terminate();
    session.socket = ws;
    ws.on('message', (raw, isBinary) => void this.receive(session, raw, isBinary));
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (session.socket !== ws) return;
      session.socket = undefined;
      if (!session.leg) return this.finish(session);
      // The media goes on over WebRTC; the client has a while to reconnect its signalling.
      session.orphanTimer = setTimeout(() => this.finish(session), SOFTPHONE_RECONNECT_WINDOW_MS);
    });
  }

  private async receive(
    session: SignallingSession,
    raw: RawData,
    isBinary: boolean,
  ): Promise<void> {
    let frame: Frame;
    try {
      if (isBinary) throw new TypeError('binary frame');
      frame = frameSchema.parse(JSON.parse(socketText(raw)));
    } catch {
      return session.fail(null, SIGNALLING_ERROR_CODES.parseError, MESSAGES.signallingBadFrame);
    }
    if (session.answersBye(frame)) return session.socket?.close();
    switch (frame.method) {
      case 'invite':
        return this.invite(session, frame);
      case 'accept':
        session.reply(frame.id, {});
        session.send({ method: 'renewClientToken', params: { clientToken: session.clientToken } });
        return;
      case 'bye':
        session.reply(frame.id, {});
        this.finish(session);
        session.socket?.close();
        return;
      case undefined:
        return; // a reply the server does not wait for
      default:
        if (frame.id != null)
          session.fail(
            frame.id,
            SIGNALLING_ERROR_CODES.methodNotFound,
            MESSAGES.signallingUnknownMethod(frame.method),
          );
    }
  }

  /** An invite: checks the call and the token, answers the offer, and puts the leg on the bridge. */
  private async invite(session: SignallingSession, frame: Frame): Promise<void> {
    const codes = SIGNALLING_ERROR_CODES;
    const params = inviteSchema.safeParse(frame.params);
    if (!params.success)
      return session.fail(frame.id, codes.badRequest, MESSAGES.signallingBadInvite);
    if (session.leg) return session.fail(frame.id, codes.busy, MESSAGES.signallingBusy);
    const token = params.data.callContextToken ?? session.contextToken ?? '';
    const claims = readChatToken(this.deps.centre().chatSecret, token);
    if (!claims || claims.kind !== 'softphone')
      return session.fail(frame.id, codes.forbidden, MESSAGES.signallingForbidden);
    const contact = this.deps.centre().contacts.get(claims.contactId);
    const leg = contact?.connections.find((x) => x.id === claims.participantId);
    if (!contact || contact.state === 'ended' || !leg || leg.state === 'disconnected')
      return session.fail(frame.id, codes.callNotFound, MESSAGES.signallingCallNotFound);
    let answer: Awaited<ReturnType<typeof MediaLeg.answer>>;
    try {
      answer = await MediaLeg.answer(params.data.sdp, params.data.candidates);
    } catch {
      return session.fail(frame.id, codes.badRequest, MESSAGES.signallingNegotiationFailed);
    }
    // The bridge hangs up (the call or the leg ended): the session is over, then `bye`.
    const attached = this.deps.bridge.attach(contact.id, leg.id, answer.leg, () => {
      this.finish(session);
      session.bye();
    });
    if (!attached) {
      answer.leg.close();
      return session.fail(frame.id, codes.busy, MESSAGES.signallingBusy);
    }
    session.leg = answer.leg;
    session.connectionId = leg.id;
    this.sessions.set(session.clientToken, session);
    session.reply(frame.id, { sdp: answer.sdp, candidates: answer.candidates });
  }

  /** The session is over: its media leaves the bridge and its reconnect token stops working. */
  private finish(session: SignallingSession): void {
    session.end();
    this.sessions.delete(session.clientToken);
    if (session.connectionId !== undefined)
      this.deps.bridge.detach(session.connectionId, session.leg);
    session.leg = undefined;
  }
}
