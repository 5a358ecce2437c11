// A softphone for tests, in Node: a werift peer that speaks a tone, listens to what it receives,
// and signals as connect-rtc-js does (invite with every candidate, accept, bye, reconnect with
// the client token). Waits are on received frames, never on fixed sleeps.
import { randomUUID } from 'node:crypto';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, usePCMU } from 'werift';
import WebSocket from 'ws';
import { ToneSource } from '../../src/softphone/audio-sources';
import { ulawDecode, ulawEncode } from '../../src/softphone/g711';
import { sdpCandidates } from '@x/connect-streams/panel';
import { socketText } from '../../src/lib/ws-text';

/** Samples kept of what the phone heard: the last 200 ms. */
const HEARD_SAMPLES = 1600;

/** A JSON-RPC frame the server sent. */
export interface ServerFrame {
  readonly id?: string | number | null;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string };
}

/** The amplitude of `hz` in `samples` (Goertzel): about the tone's peak when it is there. */
export function amplitudeAt(samples: Int16Array, hz: number, sampleRate = 8000): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power = previous ** 2 + beforePrevious ** 2 - coefficient * previous * beforePrevious;
  return (2 * Math.sqrt(Math.max(power, 0))) / samples.length;
}

/** A signalling socket: sends requests, matches replies by id, queues what the server sends. */
export class SignallingClient {
  private readonly waiting = new Map<string, (frame: ServerFrame) => void>();
  private readonly listeners = new Set<(frame: ServerFrame) => void>();
  readonly received: ServerFrame[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(socketText(raw)) as ServerFrame;
      this.received.push(frame);
      // As connect-rtc-js: a server `bye` is answered with an empty result of the same id.
      if (frame.method === 'bye')
        this.sendRaw(JSON.stringify({ jsonrpc: '2.0', result: {}, id: frame.id }));
      const reply = typeof frame.id === 'string' ? this.waiting.get(frame.id) : undefined;
      if (reply && frame.method === undefined) {
        this.waiting.delete(String(frame.id));
        reply(frame);
      }
      for (const listener of this.listeners) listener(frame);
    });
  }

  /** Opens the signalling socket at `url` (`ca`: the emulator's certificate when it serves TLS). */
  static open(url: string, ca?: string): Promise<SignallingClient> {
    const socket = new WebSocket(url, ca ? { ca } : {});
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new SignallingClient(socket)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
  }

  /** Sends a request and resolves with its reply. */
  request(method: string, params: unknown): Promise<ServerFrame> {
    const id = randomUUID();
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.sendRaw(JSON.stringify({ jsonrpc: '2.0', method, params, id }));
    });
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** Resolves with the first frame (already received or to come) that `match` accepts. */
  next(match: (frame: ServerFrame) => boolean): Promise<ServerFrame> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const listener = (frame: ServerFrame) => {
        if (!match(frame)) return;
        this.listeners.delete(listener);
        resolve(frame);
      };
      this.listeners.add(listener);
    });
  }

  /** Resolves once the socket is closed. */
  closed(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  close(): void {
    this.socket.close();
  }
}

/** A phone on a call: its peer, its signalling, the tone it speaks and what it hears. */
export class TestPhone {
  private heardSamples = new Int16Array(HEARD_SAMPLES);
  private readonly frameListeners = new Set<() => void>();
  private readonly sender: ReturnType<typeof setInterval>;
  /** Frames received so far. */
  frames = 0;
  /** Whether the phone sends its tone (false: silence, a muted microphone). */
  speaking = true;

  private constructor(
    readonly peer: RTCPeerConnection,
    readonly signalling: SignallingClient,
    track: MediaStreamTrack,
    toneHz: number,
  ) {
    const tone = new ToneSource([toneHz]);
    let sequence = 0;
    let timestamp = 0;
    this.sender = setInterval(() => {
      const frame = tone.next();
      if (!this.speaking) frame.fill(0);
      const header = new RtpHeader({ payloadType: 0, sequenceNumber: sequence, timestamp });
      sequence = (sequence + 1) & 0xffff;
      timestamp = (timestamp + 160) >>> 0;
      track.writeRtp(new RtpPacket(header, ulawEncode(frame)));
    }, 20);
    peer.onTrack.subscribe((remote) =>
      remote.onReceiveRtp.subscribe((rtp) => {
        if (rtp.header.payloadType !== 0) return;
        const samples = ulawDecode(rtp.payload);
        const kept = new Int16Array(HEARD_SAMPLES);
        kept.set(this.heardSamples.subarray(samples.length));
        kept.set(samples, HEARD_SAMPLES - samples.length);
        this.heardSamples = kept;
        this.frames++;
        for (const listener of [...this.frameListeners]) listener();
      }),
    );
  }

  /**
   * Calls in: opens the signalling at `endpoint` for `callId` with `token`, invites with an offer
   * that speaks a `toneHz` tone, applies the answer and accepts. Rejects with the invite's error.
   */
  static async dial(
    endpoint: string,
    callId: string,
    token: string,
    toneHz: number,
    ca?: string,
  ): Promise<TestPhone> {
    const signalling = await SignallingClient.open(
      `${endpoint}?callId=${encodeURIComponent(callId)}&contactCtx=${encodeURIComponent(token)}`,
      ca,
    );
    const peer = new RTCPeerConnection({
      codecs: { audio: [usePCMU()] },
      iceServers: [],
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceUseIpv6: false,
    });
    const track = new MediaStreamTrack({ kind: 'audio' });
    peer.addTransceiver(track, { direction: 'sendrecv' });
    // Listening starts before the answer arrives (werift reports the far end's track then).
    const phone = new TestPhone(peer, signalling, track, toneHz);
    await peer.setLocalDescription(await peer.createOffer());
    await new Promise<void>((resolve) => {
      if (peer.iceGatheringState === 'complete') return resolve();
      peer.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
    });
    const sdp = peer.localDescription!.sdp;
    // As connect-rtc-js: the candidates travel beside an SDP that has none.
    const reply = await signalling.request('invite', {
      sdp: sdp.replace(/^a=candidate:.*\r?\n/gm, ''),
      candidates: sdpCandidates(sdp),
      callContextToken: token,
    });
    if (reply.error) {
      await phone.close();
      throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
    }
    const answer = reply.result as { sdp: string; candidates: { candidate: string }[] };
    await peer.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    await signalling.request('accept', {});
    return phone;
  }

  /** The amplitude of `hz` in the last 200 ms heard. */
  level(hz: number): number {
    return amplitudeAt(this.heardSamples, hz);
  }

  /** The loudness (RMS) of the last 200 ms heard. */
  loudness(): number {
    let sum = 0;
    for (const sample of this.heardSamples) sum += sample * sample;
    return Math.sqrt(sum / this.heardSamples.length);
  }

  /**
   * Resolves once the phone hears what `check` wants in the last 200 ms (checked on every frame
   * received), or rejects after `frames` more frames without it.
   */
  hears(check: (phone: TestPhone) => boolean, what: string, frames = 500): Promise<void> {
    if (check(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      let left = frames;
      const listener = () => {
        if (check(this)) {
          this.frameListeners.delete(listener);
          resolve();
        } else if (--left === 0) {
          this.frameListeners.delete(listener);
          const levels = [440, 480, 523, 600, 697, 1000, 1209]
            .map((hz) => `${hz}:${this.level(hz).toFixed(0)}`)
            .join(' ');
          reject(new Error(`never heard ${what} (levels ${levels})`));
        }
      };
      this.frameListeners.add(listener);
    });
  }

  /** Resolves once `count` more frames have arrived (to let a part of a call last a while). */
  listen(count: number): Promise<void> {
    return new Promise((resolve) => {
      let left = count;
      const listener = () => {
        if (--left > 0) return;
        this.frameListeners.delete(listener);
        resolve();
      };
      this.frameListeners.add(listener);
    });
  }

  /** Hangs up: `bye`, and its reply. */
  async hangUp(): Promise<ServerFrame> {
    const reply = await this.signalling.request('bye', {});
    await this.close();
    return reply;
  }

  /** Stops sending and closes the peer and the socket. */
  async close(): Promise<void> {
    clearInterval(this.sender);
    this.signalling.close();
    await this.peer.close();
  }
}
