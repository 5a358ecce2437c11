// The far end of a softphone call reached through the contact centre's softphone signalling: the
// JSON-RPC 2.0 web socket that connect-rtc-js speaks (`invite` with the offer and every gathered
// candidate, the answer with the server's candidates, `accept`, `bye` from either side, and the
// server's `renewClientToken`, with which a socket that drops while talking is opened again
// without a new invite). The endpoint and the call's token come from the agent connection's
// `softphoneMediaInfo`.
import { SoftphoneErrorTypes } from '../../protocol';
import {
  SOFTPHONE_ICE_GATHERING_TIMEOUT_MS,
  SOFTPHONE_INVITE_TIMEOUT_MS,
  SOFTPHONE_RECONNECT_ATTEMPTS,
  SOFTPHONE_RECONNECT_WINDOW_MS,
  SOFTPHONE_SIGNALLING_CONNECT_TIMEOUT_MS,
} from '../constants';
import type { FarEnd } from './softphone-call';
import { SoftphoneError } from './softphone-error';

/**
 * The media fields of an agent connection (`softphoneMediaInfo`) a signalled call needs.
 * @public
 */
export interface SoftphoneMediaInfo {
  /** The token the invite and `bye` carry (`contactCtx` of the socket URL). */
  readonly callContextToken?: string | null;
  /** JSON with `signalingEndpoint` and `iceServers`. */
  readonly callConfigJson?: string | null;
}

/**
 * The call ended before its media started: the server answered the invite 404 (connect-rtc-js's
 * "Call Not Found", which it only logs) or closed the socket first. Not a softphone error.
 */
export class CallEndedError extends Error {
  constructor() {
    super('The call ended before its softphone session started.');
    this.name = 'CallEndedError';
  }
}

/** A JSON-RPC frame from the server. */
interface RpcFrame {
  readonly id?: string | number | null;
  readonly method?: string;
  readonly params?: { readonly clientToken?: unknown };
  readonly result?: { readonly sdp?: unknown; readonly candidates?: unknown };
  readonly error?: { readonly code?: unknown; readonly message?: unknown };
}

/**
 * The signalling endpoint named by a connection's `callConfigJson` (`&quot;` read as `"`, as the
 * real softphone manager reads it), or undefined when it names none.
 * @public
 */
export function signallingEndpointOf(media: SoftphoneMediaInfo | undefined): string | undefined {
  if (!media?.callConfigJson || !media.callContextToken) return undefined;
  try {
    const config = JSON.parse(media.callConfigJson.replace(/&quot;/g, '"')) as {
      signalingEndpoint?: unknown;
    };
    return typeof config.signalingEndpoint === 'string' && config.signalingEndpoint
      ? config.signalingEndpoint
      : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves once the peer has gathered its candidates (or the gathering time is up). */
function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      if (peer.iceGatheringState !== 'complete' && !timedOut) return;
      clearTimeout(timer);
      peer.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      done();
    }, SOFTPHONE_ICE_GATHERING_TIMEOUT_MS);
    peer.addEventListener('icegatheringstatechange', done);
  });
}

/**
 * The `a=candidate` lines of an SDP as candidates, each with its m-line's mid and index (how the
 * softphone signalling carries them, beside an SDP without them).
 * @public
 */
export function sdpCandidates(sdp: string): RTCIceCandidateInit[] {
  const found: RTCIceCandidateInit[] = [];
  let index = -1;
  let mid: string | null = null;
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) {
      index++;
      mid = null;
    } else if (line.startsWith('a=mid:')) mid = line.slice(6).trim();
    else if (line.startsWith('a=candidate:') && index >= 0)
      found.push({ candidate: line.slice(2).trim(), sdpMid: mid, sdpMLineIndex: index });
  }
  return found;
}

/** Opens the signalling socket, or fails with `signalling_connection_failure`. */
function openSocket(
  url: string,
  endpoint: string,
  timeoutMs = SOFTPHONE_SIGNALLING_CONNECT_TIMEOUT_MS,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const fail = (): void => {
      clearTimeout(timer);
      socket.close();
      reject(
        new SoftphoneError(SoftphoneErrorTypes.SIGNALLING_CONNECTION_FAILURE, undefined, endpoint),
      );
    };
    const timer = setTimeout(fail, timeoutMs);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.addEventListener('error', fail);
  });
}

/**
 * A far end behind the contact centre's softphone signalling (see the file comment). `negotiate`
 * rejects with a {@link SoftphoneError}: `signalling_connection_failure` when the socket does not
 * open, `ice_collection_timeout` without local candidates, `user_busy_error` when the server
 * answers 486, `signalling_handshake_failure` for any other refusal or no answer within 5 s, and
 * `webrtc_error` when the answer cannot be applied; with a `CallEndedError` (no softphone
 * error) when the call ended first (404, or the socket closed). The server's `bye` is answered and
 * closes the socket; `close` sends the client's `bye`. A socket that drops once the call is
 * accepted is opened again (`clientToken` of the last `renewClientToken`, the literal `undefined`
 * if none came; `SOFTPHONE_RECONNECT_ATTEMPTS` tries within
 * `SOFTPHONE_RECONNECT_WINDOW_MS`); the media does not wait for it.
 * @public
 */
export function createSignallingFarEnd(contactId: string, media: SoftphoneMediaInfo): FarEnd {
  const endpoint = signallingEndpointOf(media);
  const token = media.callContextToken ?? '';
  let socket: WebSocket | undefined;
  let nextId = 0;
  /** The server's last `renewClientToken`. */
  let clientToken: string | undefined;
  /** Accepted and not hung up: a dropped socket is opened again. */
  let talking = false;
  let ended = false;
  const urlWith = (query: string): string =>
    `${endpoint}${endpoint?.includes('?') ? '&' : '?'}callId=${encodeURIComponent(contactId)}&${query}`;
  /** Follows the server's frames on a socket: its `bye`, its client token, the socket's end. */
  const watch = (ws: WebSocket): void => {
    ws.addEventListener('message', (event) => {
      const frame = parse(event.data);
      if (frame?.method === 'renewClientToken') {
        if (typeof frame.params?.clientToken === 'string') clientToken = frame.params.clientToken;
      } else if (frame?.method === 'bye') {
        // The server hangs up: answer its `bye` and close (the contact's end follows over CTI).
        ended = true;
        send({ result: {}, id: frame.id ?? null });
        ws.close();
      }
    });
    ws.addEventListener('close', () => {
      if (socket === ws && talking && !ended) void reconnect();
    });
  };
  const reconnect = async (): Promise<void> => {
    socket = undefined;
    const until = Date.now() + SOFTPHONE_RECONNECT_WINDOW_MS;
    for (let attempt = 0; attempt < SOFTPHONE_RECONNECT_ATTEMPTS && !ended; attempt++) {
      const left = until - Date.now();
      if (left <= 0) return;
      try {
        const ws = await openSocket(
          urlWith(`clientToken=${encodeURIComponent(String(clientToken))}`),
          endpoint ?? '',
          left,
        );
        if (ended) return void ws.close();
        socket = ws;
        watch(ws);
        return;
      } catch {
        // The next attempt, while the window lasts; past it the call goes on without signalling.
      }
    }
  };
  const send = (frame: Record<string, unknown>): void => {
    if (socket?.readyState === WebSocket.OPEN)
      socket.send(JSON.stringify({ jsonrpc: '2.0', ...frame }));
  };
  /** Sends a request and waits for the reply with its id. */
  const request = (method: string, params: unknown, timeoutMs: number): Promise<RpcFrame> => {
    const id = `${contactId}-${++nextId}`;
    return new Promise((resolve, reject) => {
      const stop = (): void => {
        clearTimeout(timer);
        socket?.removeEventListener('message', onMessage);
        socket?.removeEventListener('close', onClose);
      };
      const onMessage = (event: MessageEvent): void => {
        const frame = parse(event.data);
        if (frame?.id !== id || frame.method !== undefined) return;
        stop();
        resolve(frame);
      };
      const onClose = (): void => {
        stop();
        reject(new CallEndedError());
      };
      const timer = setTimeout(() => {
        stop();
        reject(handshakeFailure());
      }, timeoutMs);
      socket?.addEventListener('message', onMessage);
      socket?.addEventListener('close', onClose);
      send({ method, params, id });
    });
  };
  const handshakeFailure = (): SoftphoneError =>
    new SoftphoneError(SoftphoneErrorTypes.SIGNALLING_HANDSHAKE_FAILURE, undefined, endpoint ?? '');

  return {
    async negotiate(agent) {
      if (!endpoint) throw handshakeFailure();
      await agent.setLocalDescription(await agent.createOffer());
      await gathered(agent);
      const sdp = agent.localDescription?.sdp ?? '';
      const candidates = sdpCandidates(sdp);
      if (candidates.length === 0)
        throw new SoftphoneError(SoftphoneErrorTypes.ICE_COLLECTION_TIMEOUT, undefined, endpoint);
      socket = await openSocket(urlWith(`contactCtx=${encodeURIComponent(token)}`), endpoint);
      watch(socket);
      const reply = await request(
        'invite',
        {
          sdp: sdp.replace(/^a=candidate:.*\r?\n/gm, ''),
          candidates,
          callContextToken: token,
        },
        SOFTPHONE_INVITE_TIMEOUT_MS,
      );
      if (reply.error) {
        socket.close();
        const code = Number(reply.error.code);
        if (code === 404) throw new CallEndedError();
        throw code === 486
          ? new SoftphoneError(SoftphoneErrorTypes.USER_BUSY_ERROR, undefined, endpoint)
          : handshakeFailure();
      }
      const answer = reply.result;
      if (typeof answer?.sdp !== 'string' || !Array.isArray(answer.candidates))
        throw handshakeFailure();
      try {
        await agent.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
        for (const candidate of answer.candidates as RTCIceCandidateInit[])
          await agent.addIceCandidate(candidate);
      } catch {
        throw new SoftphoneError(SoftphoneErrorTypes.WEBRTC_ERROR, undefined, endpoint);
      }
      send({ method: 'accept', params: {}, id: `${contactId}-${++nextId}` });
      talking = !ended;
    },
    close() {
      ended = true;
      send({ method: 'bye', params: { callContextToken: token }, id: `${contactId}-${++nextId}` });
      socket?.close();
      socket = undefined;
    },
  };
}

/** A JSON-RPC frame, or undefined for anything else. */
function parse(data: unknown): RpcFrame | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const frame = JSON.parse(data) as unknown;
    return typeof frame === 'object' && frame !== null ? frame : undefined;
  } catch {
    return undefined;
  }
}
