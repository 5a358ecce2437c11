// The browser side of softphone-media.bench.ts (bundled with esbuild, run in headless Chromium):
// call legs that speak a tone on demand and note when they first hear one. A leg reaches the
// emulator's media server through @x/connect-streams' signalled far end, or another leg of the
// page directly (the reference: a plain browser-to-browser WebRTC call).
import { createSignallingFarEnd } from '@x/connect-streams/softphone';

/** Loudness (Goertzel power of a 256-sample block, normalised) above which a tone is heard. */
const HEARD_POWER = 0.01;
const BLOCK = 256;

interface Leg {
  readonly peer: RTCPeerConnection;
  readonly gain: GainNode;
  readonly listenHz: number;
  armed: boolean;
  heardAt: number | undefined;
  /** The emulator's side of the leg, when it goes through the signalling. */
  farEnd?: { close(): void };
  close(): void;
}

const context = new AudioContext({ sampleRate: 48_000 });
const legs = new Map<string, Leg>();
const now = (): number => performance.timeOrigin + performance.now();

/** Goertzel power of `hz` in a block, divided by the block's length squared. */
function power(samples: Float32Array, hz: number, rate: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let s1 = 0;
  let s2 = 0;
  for (const x of samples) {
    const s0 = x + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / (samples.length * samples.length);
}

/** A tone source: an oscillator behind a gain (0: silent) feeding a track. */
function toneSource(hz: number, level: number) {
  const oscillator = context.createOscillator();
  oscillator.frequency.value = hz;
  const gain = context.createGain();
  gain.gain.value = level;
  const microphone = context.createMediaStreamDestination();
  oscillator.connect(gain).connect(microphone);
  oscillator.start();
  return { oscillator, gain, microphone, track: microphone.stream.getAudioTracks()[0]! };
}

/** One always-on tone per frequency, shared by the legs that do not listen (the load's legs). */
const sharedTones = new Map<number, ReturnType<typeof toneSource>>();

/**
 * A leg: a `sendHz` tone as its microphone, silent until `tone` (a leg that listens: the detector
 * on what it hears), or always on and shared with the other legs that do not listen.
 */
function newLeg(id: string, sendHz: number, listenHz: number, listen: boolean): Leg {
  const peer = new RTCPeerConnection();
  let source = sharedTones.get(sendHz);
  if (!source || listen) {
    source = toneSource(sendHz, listen ? 0 : 0.5);
    if (!listen) sharedTones.set(sendHz, source);
  }
  const { oscillator, gain, microphone, track } = source;
  peer.addTrack(track, microphone.stream);
  const nodes: AudioNode[] = listen ? [oscillator, gain, microphone] : [];
  const leg: Leg = {
    peer,
    gain,
    listenHz,
    armed: false,
    heardAt: undefined,
    close() {
      leg.farEnd?.close();
      peer.close();
      for (const node of nodes) node.disconnect();
      if (listen) oscillator.stop();
      legs.delete(id);
    },
  };
  if (listen)
    peer.addEventListener('track', (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      // Chromium feeds a remote stream to Web Audio only while a media element plays it.
      const element = new Audio();
      element.muted = true;
      element.srcObject = stream;
      void element.play().catch(() => undefined);
      const source = context.createMediaStreamSource(stream);
      const detector = context.createScriptProcessor(BLOCK, 1, 1);
      const sink = context.createGain();
      sink.gain.value = 0;
      detector.onaudioprocess = (block) => {
        if (!leg.armed || leg.heardAt !== undefined) return;
        const samples = block.inputBuffer.getChannelData(0);
        if (power(samples, leg.listenHz, context.sampleRate) > HEARD_POWER) leg.heardAt = now();
      };
      source.connect(detector).connect(sink).connect(context.destination);
      nodes.push(source, detector, sink);
    });
  legs.set(id, leg);
  return leg;
}

/** Resolves once the peer has gathered its candidates. */
function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) =>
    peer.addEventListener('icegatheringstatechange', () => {
      if (peer.iceGatheringState === 'complete') resolve();
    }),
  );
}

const leg = (id: string): Leg => {
  const found = legs.get(id);
  if (!found) throw new Error(`no leg ${id}`);
  return found;
};

const bench = {
  /** A leg through the emulator's softphone signalling (as the SDK's softphone reaches it). */
  async signalled(
    id: string,
    endpoint: string,
    contactId: string,
    token: string,
    sendHz: number,
    listenHz: number,
    listen: boolean,
  ): Promise<void> {
    await context.resume();
    const created = newLeg(id, sendHz, listenHz, listen);
    const farEnd = createSignallingFarEnd(contactId, {
      callContextToken: token,
      callConfigJson: JSON.stringify({ signalingEndpoint: endpoint, iceServers: [] }),
    });
    created.farEnd = farEnd;
    await farEnd.negotiate(created.peer);
  },
  /** The offering side of a direct call: its offer with every candidate. */
  async offer(id: string, sendHz: number, listenHz: number, listen: boolean): Promise<string> {
    await context.resume();
    const { peer } = newLeg(id, sendHz, listenHz, listen);
    await peer.setLocalDescription(await peer.createOffer());
    await gathered(peer);
    return peer.localDescription!.sdp;
  },
  /** The answering side of a direct call; returns its answer. */
  async answer(
    id: string,
    offer: string,
    sendHz: number,
    listenHz: number,
    listen: boolean,
  ): Promise<string> {
    await context.resume();
    const { peer } = newLeg(id, sendHz, listenHz, listen);
    // PCMU, as the emulator negotiates, so that both calls carry the same codec.
    const pcmu = RTCRtpReceiver.getCapabilities('audio')?.codecs.filter(
      (c) => c.mimeType === 'audio/PCMU',
    );
    await peer.setRemoteDescription({ type: 'offer', sdp: offer });
    if (pcmu?.length) peer.getTransceivers()[0]?.setCodecPreferences(pcmu);
    await peer.setLocalDescription(await peer.createAnswer());
    await gathered(peer);
    return peer.localDescription!.sdp;
  },
  /** Completes the offering side. */
  async complete(id: string, answer: string): Promise<void> {
    await leg(id).peer.setRemoteDescription({ type: 'answer', sdp: answer });
  },
  /** Starts listening for the tone (clearing what was heard). */
  arm(id: string): void {
    const found = leg(id);
    found.heardAt = undefined;
    found.armed = true;
  },
  /** Turns the leg's tone on or off; returns the time (ms since the epoch, fractional). */
  tone(id: string, on: boolean): number {
    leg(id).gain.gain.setValueAtTime(on ? 0.5 : 0, context.currentTime);
    return now();
  },
  /** When the armed leg first heard its tone, if it has. */
  heardAt(id: string): number | undefined {
    return leg(id).heardAt;
  },
  /** Received and lost packets of every leg's inbound audio so far. */
  async received(): Promise<{ packets: number; lost: number; perLeg: number[] }> {
    let packets = 0;
    let lost = 0;
    const perLeg: number[] = [];
    for (const { peer } of legs.values()) {
      let own = 0;
      (await peer.getStats()).forEach((stat: Record<string, unknown>) => {
        if (stat['type'] !== 'inbound-rtp' || stat['kind'] !== 'audio') return;
        own += Number(stat['packetsReceived'] ?? 0);
        lost += Number(stat['packetsLost'] ?? 0);
      });
      packets += own;
      perLeg.push(own);
    }
    return { packets, lost, perLeg };
  },
  close(id: string): void {
    legs.get(id)?.close();
  },
  closeAll(): void {
    for (const found of [...legs.values()]) found.close();
  },
};

(window as unknown as { bench: typeof bench }).bench = bench;
