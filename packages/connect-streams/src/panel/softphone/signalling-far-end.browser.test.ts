import { afterEach, describe, expect, it } from 'vitest';
import { CallEndedError, createSignallingFarEnd, signallingEndpointOf } from './signalling-far-end';
import { SoftphoneError } from './softphone-error';

// The signalled far end against a scripted signalling server: a stand-in for the page's WebSocket
// that answers each JSON-RPC request as a test says (real peer connections, Chromium's own SDP).

type Frame = { id?: string; method?: string; params?: Record<string, unknown> };
type Script = (frame: Frame, socket: FakeSocket) => void;

const ENDPOINT = 'wss://media.test/softphone/signalling';
const MEDIA = {
  callContextToken: 'token-1',
  callConfigJson: JSON.stringify({ signalingEndpoint: ENDPOINT, iceServers: [] }),
};
const sockets: FakeSocket[] = [];
let script: Script = () => undefined;
let opens = true;

class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 0;
  readonly sent: Frame[] = [];
  constructor(readonly url: string) {
    super();
    sockets.push(this);
    setTimeout(() => {
      if (!opens) return void this.dispatchEvent(new Event('error'));
      this.readyState = FakeSocket.OPEN;
      this.dispatchEvent(new Event('open'));
    });
  }
  send(data: string): void {
    const frame = JSON.parse(data) as Frame;
    this.sent.push(frame);
    setTimeout(() => script(frame, this));
  }
  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  /** A frame from the server. */
  push(frame: Record<string, unknown>): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

/** Answers the invite with a real answer from a second peer connection. */
function answering(): Script {
  const remote = new RTCPeerConnection();
  return (frame, socket) => {
    if (frame.method !== 'invite') return;
    void (async () => {
      await remote.setRemoteDescription({ type: 'offer', sdp: String(frame.params?.['sdp']) });
      await remote.setLocalDescription(await remote.createAnswer());
      socket.push({
        jsonrpc: '2.0',
        id: frame.id,
        result: { sdp: remote.localDescription!.sdp, candidates: [] },
      });
    })();
  };
}

const refusing =
  (code: number): Script =>
  (frame, socket) => {
    if (frame.method === 'invite')
      socket.push({ jsonrpc: '2.0', id: frame.id, error: { code, message: 'refused' } });
  };

/** A peer with a microphone stand-in track, as the softphone offers. */
function agentPeer(configuration?: RTCConfiguration): RTCPeerConnection {
  const peer = new RTCPeerConnection(configuration);
  const context = new AudioContext();
  const destination = context.createMediaStreamDestination();
  context.createOscillator().connect(destination);
  peer.addTrack(destination.stream.getAudioTracks()[0]!, destination.stream);
  return peer;
}

/** The softphone error type a negotiation fails with ('call ended' for a CallEndedError). */
async function failure(run: Promise<void>): Promise<string> {
  try {
    await run;
    return 'resolved';
  } catch (error) {
    if (error instanceof CallEndedError) return 'call ended';
    if (error instanceof SoftphoneError) return error.errorType;
    throw error;
  }
}

const original = globalThis.WebSocket;
afterEach(() => {
  globalThis.WebSocket = original;
  sockets.length = 0;
  opens = true;
  script = () => undefined;
});
const fakeSockets = () => {
  globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
};

describe('createSignallingFarEnd', () => {
  it('reads the endpoint from callConfigJson (the &quot; form too), none without a token', () => {
    expect(signallingEndpointOf(MEDIA)).toBe(ENDPOINT);
    expect(
      signallingEndpointOf({
        ...MEDIA,
        callConfigJson: MEDIA.callConfigJson.replace(/"/g, '&quot;'),
      }),
    ).toBe(ENDPOINT);
    expect(signallingEndpointOf({ callConfigJson: MEDIA.callConfigJson })).toBeUndefined();
    expect(signallingEndpointOf({ ...MEDIA, callConfigJson: '{not json' })).toBeUndefined();
  });

  it('invites with the SDP and every candidate beside it, applies the answer, accepts; bye from the server is answered and closes', async () => {
    fakeSockets();
    script = answering();
    const peer = agentPeer();
    await createSignallingFarEnd('c-1', MEDIA).negotiate(peer);
    const socket = sockets[0]!;
    expect(socket.url).toBe(`${ENDPOINT}?callId=c-1&contactCtx=token-1`);
    const [invite, accept] = socket.sent;
    expect(invite?.method).toBe('invite');
    expect(invite?.params?.['callContextToken']).toBe('token-1');
    expect(String(invite?.params?.['sdp'])).not.toContain('a=candidate:');
    expect((invite?.params?.['candidates'] as unknown[]).length).toBeGreaterThan(0);
    expect(accept?.method).toBe('accept');
    expect(peer.remoteDescription?.type).toBe('answer');

    socket.push({ jsonrpc: '2.0', id: 'server-1', method: 'bye', params: {} });
    expect(socket.sent.at(-1)).toMatchObject({ id: 'server-1', result: {} });
    expect(socket.readyState).toBe(3);
    peer.close();
  });

  it("close sends the client's bye with the call's token", async () => {
    fakeSockets();
    script = answering();
    const peer = agentPeer();
    const farEnd = createSignallingFarEnd('c-1', MEDIA);
    await farEnd.negotiate(peer);
    const socket = sockets[0]!;
    farEnd.close();
    expect(socket.sent.find((f) => f.method === 'bye')?.params).toEqual({
      callContextToken: 'token-1',
    });
    expect(socket.readyState).toBe(3);
    peer.close();
  });

  it('a socket that drops while talking is opened again with the last client token, without a new invite', async () => {
    fakeSockets();
    script = answering();
    const peer = agentPeer();
    const farEnd = createSignallingFarEnd('c-1', MEDIA);
    await farEnd.negotiate(peer);
    const first = sockets[0]!;
    first.push({ jsonrpc: '2.0', method: 'renewClientToken', params: { clientToken: 'ct/2' } });
    first.close();
    await expect.poll(() => sockets[1]?.readyState).toBe(FakeSocket.OPEN);
    expect(sockets[1]!.url).toBe(`${ENDPOINT}?callId=c-1&clientToken=ct%2F2`);
    expect(sockets[1]!.sent).toEqual([]);
    // The session goes on over the new socket: the client's bye leaves there.
    farEnd.close();
    expect(sockets[1]!.sent.map((f) => f.method)).toEqual(['bye']);
    expect(sockets).toHaveLength(2);
    peer.close();
  });

  it('reconnects with clientToken=undefined when none came, tries 3 sockets, and never after a bye', async () => {
    fakeSockets();
    script = answering();
    const peer = agentPeer();
    await createSignallingFarEnd('c-1', MEDIA).negotiate(peer);
    opens = false;
    sockets[0]!.close();
    await expect.poll(() => sockets.length).toBe(4);
    expect(sockets[1]!.url).toBe(`${ENDPOINT}?callId=c-1&clientToken=undefined`);
    // No fourth try.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(4);

    // The server's bye ends the call: its socket closing is not a drop.
    sockets.length = 0;
    opens = true;
    const other = agentPeer();
    await createSignallingFarEnd('c-2', MEDIA).negotiate(other);
    sockets[0]!.push({ jsonrpc: '2.0', id: 'server-1', method: 'bye', params: {} });
    expect(sockets[0]!.readyState).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(1);
    peer.close();
    other.close();
  });

  it('maps every refusal and failure to the softphone error of the SDK', async () => {
    fakeSockets();
    const cases: [string, () => void, RTCConfiguration?][] = [
      ['user_busy_error', () => (script = refusing(486))],
      ['signalling_handshake_failure', () => (script = refusing(403))],
      ['call ended', () => (script = refusing(404))],
      [
        'call ended',
        () =>
          (script = (frame, socket) => {
            if (frame.method === 'invite') socket.close();
          }),
      ],
      [
        'webrtc_error',
        () =>
          (script = (frame, socket) => {
            if (frame.method === 'invite')
              socket.push({ id: frame.id, result: { sdp: 'not sdp', candidates: [] } });
          }),
      ],
      [
        'signalling_handshake_failure',
        () =>
          (script = (frame, socket) => {
            if (frame.method === 'invite') socket.push({ id: frame.id, result: {} });
          }),
      ],
      ['signalling_connection_failure', () => (opens = false)],
      // No candidate can be gathered (relay only, no relay server): ICE collection fails.
      ['ice_collection_timeout', () => (script = answering()), { iceTransportPolicy: 'relay' }],
    ];
    for (const [expected, arrange, configuration] of cases) {
      arrange();
      const peer = agentPeer(configuration);
      expect(await failure(createSignallingFarEnd('c-1', MEDIA).negotiate(peer))).toBe(expected);
      peer.close();
      opens = true;
    }
    expect(
      await failure(
        createSignallingFarEnd('c-1', { callContextToken: 't' }).negotiate(agentPeer()),
      ),
    ).toBe('signalling_handshake_failure');
  });

  it('an invite left unanswered for 5 s is a signalling_handshake_failure', async () => {
    fakeSockets();
    const peer = agentPeer();
    const started = Date.now();
    expect(await failure(createSignallingFarEnd('c-1', MEDIA).negotiate(peer))).toBe(
      'signalling_handshake_failure',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    peer.close();
  }, 15_000);
});
