// One party's media on a call: a WebRTC peer (werift) that answers the party's offer with G.711
// μ-law only, hands the frames it receives to the bridge, and sends the frames the bridge mixes
// for it. Digits the party sends in RTP (telephone-event, RFC 4733) are reported once each.
import { randomInt } from 'node:crypto';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  usePCMU,
} from 'werift';
import {
  MEDIA_FRAME_SAMPLES,
  MEDIA_MAX_QUEUED_FRAMES,
  PCMU_PAYLOAD_TYPE,
  SOFTPHONE_GATHER_TIMEOUT_MS,
} from '../constants';
import { sdpCandidates } from '@x/connect-streams/panel';
import { ulawDecode, ulawEncode } from './g711';

/** An ICE candidate as the softphone signalling carries it (the browser's `RTCIceCandidate` JSON). */
export interface SignalledCandidate {
  readonly candidate: string;
  readonly sdpMid?: string | null;
  readonly sdpMLineIndex?: number | null;
  readonly usernameFragment?: string | null;
}

/** The keys of RFC 4733 events 0–15. */
const EVENT_KEYS = '0123456789*#ABCD';

/** The payload type the offer gave `telephone-event/8000`, if any. */
function telephoneEventType(sdp: string): number | undefined {
  const match = /^a=rtpmap:(\d+) telephone-event\/8000/im.exec(sdp);
  return match ? Number(match[1]) : undefined;
}

/**
 * The offer with its separately signalled candidates written into their m-sections, as
 * `a=candidate` lines (werift takes candidates most reliably from the description itself).
 */
export function withCandidates(sdp: string, candidates: readonly SignalledCandidate[]): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const sections = sdp.split(/\r?\n(?=m=)/);
  const mids = sections.slice(1).map((section) => /^a=mid:(.*)$/m.exec(section)?.[1]?.trim());
  for (const candidate of candidates) {
    const byMid = candidate.sdpMid == null ? -1 : mids.indexOf(candidate.sdpMid);
    const index = byMid !== -1 ? byMid : (candidate.sdpMLineIndex ?? 0);
    const line = candidate.candidate.replace(/^a=/, '');
    if (index < 0 || index >= mids.length || /[\r\n]/.test(line)) continue;
    sections[index + 1] = `${sections[index + 1]!.replace(/(\r?\n)*$/, '')}${eol}a=${line}`;
  }
  return `${sections.join(eol).replace(/(\r?\n)*$/, '')}${eol}`;
}

/** Resolves once the peer has gathered its candidates, or after the gathering timeout. */
function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, SOFTPHONE_GATHER_TIMEOUT_MS);
    const subscription = peer.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') done();
    });
    function done() {
      clearTimeout(timer);
      subscription.unSubscribe();
      resolve();
    }
  });
}

/** One party's WebRTC media: the frames it sent, waiting for the bridge, and the way back. */
export class MediaLeg {
  private readonly queue: Int16Array[] = [];
  /** Samples received that do not fill a frame yet (a party may send other packet lengths). */
  private pending = new Int16Array(0);
  private readonly track = new MediaStreamTrack({ kind: 'audio' });
  private sequence = randomInt(0x10000);
  private timestamp = randomInt(0x100000000);
  private lastEventTimestamp: number | undefined;
  private ended = false;
  /** Called with each digit the party sends in RTP. */
  onDigit: ((key: string) => void) | undefined;
  /** Called once when the party's connection fails or closes. */
  onEnded: (() => void) | undefined;

  private constructor(
    private readonly peer: RTCPeerConnection,
    eventType: number | undefined,
  ) {
    peer.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        if (rtp.header.payloadType === PCMU_PAYLOAD_TYPE) this.receive(rtp.payload);
        else if (rtp.header.payloadType === eventType) this.receiveEvent(rtp);
      });
    });
    peer.connectionStateChange.subscribe((state) => {
      if (state === 'failed' || state === 'closed') this.end();
    });
  }

  /**
   * Answers a party's offer (its SDP and the candidates it gathered): a peer that negotiates
   * PCMU (and telephone-event, when offered), then the answer SDP and the server's candidates.
   * Rejects when the offer has no codec in common.
   */
  static async answer(
    offerSdp: string,
    candidates: readonly SignalledCandidate[],
  ): Promise<{ leg: MediaLeg; sdp: string; candidates: RTCIceCandidateInit[] }> {
    const eventType = telephoneEventType(offerSdp);
    const peer = new RTCPeerConnection({
      codecs: {
        audio: [
          usePCMU(),
          ...(eventType === undefined
            ? []
            : [
                new RTCRtpCodecParameters({
                  mimeType: 'audio/telephone-event',
                  clockRate: 8000,
                  payloadType: eventType,
                }),
              ]),
        ],
      },
      iceServers: [],
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceUseIpv6: false,
    });
    const leg = new MediaLeg(peer, eventType);
    try {
      peer.addTransceiver(leg.track, { direction: 'sendrecv' });
      await peer.setRemoteDescription({ type: 'offer', sdp: withCandidates(offerSdp, candidates) });
      await peer.setLocalDescription(await peer.createAnswer());
      await gathered(peer);
      const sdp = peer.localDescription?.sdp ?? '';
      return { leg, sdp, candidates: sdpCandidates(sdp) };
    } catch (error) {
      leg.close();
      throw error;
    }
  }

  /** Whether the leg has ended (failed, closed or hung up). */
  get closed(): boolean {
    return this.ended;
  }

  /** The oldest frame the party sent that the bridge has not taken yet. */
  take(): Int16Array | undefined {
    return this.queue.shift();
  }

  /** Sends one frame to the party. */
  send(frame: Int16Array): void {
    if (this.ended) return;
    const header = new RtpHeader({
      payloadType: PCMU_PAYLOAD_TYPE,
      sequenceNumber: this.sequence,
      timestamp: this.timestamp,
      marker: false,
    });
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + MEDIA_FRAME_SAMPLES) >>> 0;
    this.track.writeRtp(new RtpPacket(header, ulawEncode(frame)));
  }

  /** Ends the leg: closes its peer connection. */
  close(): void {
    this.end();
    void this.peer.close().catch(() => undefined);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    this.onEnded?.();
  }

  /** Cuts what the party sent into frames, keeping at most the newest few waiting. */
  private receive(payload: Buffer): void {
    if (this.ended) return;
    const decoded = ulawDecode(payload);
    let samples = decoded;
    if (this.pending.length > 0) {
      samples = new Int16Array(this.pending.length + decoded.length);
      samples.set(this.pending);
      samples.set(decoded, this.pending.length);
    }
    let offset = 0;
    for (; offset + MEDIA_FRAME_SAMPLES <= samples.length; offset += MEDIA_FRAME_SAMPLES)
      this.queue.push(samples.slice(offset, offset + MEDIA_FRAME_SAMPLES));
    this.pending = samples.slice(offset);
    while (this.queue.length > MEDIA_MAX_QUEUED_FRAMES) this.queue.shift();
  }

  /** An RFC 4733 event packet: reports its key once, at its first end packet. */
  private receiveEvent(rtp: RtpPacket): void {
    const payload = rtp.payload;
    if (payload.length < 4 || (payload[1]! & 0x80) === 0) return;
    if (rtp.header.timestamp === this.lastEventTimestamp) return;
    this.lastEventTimestamp = rtp.header.timestamp;
    const key = EVENT_KEYS[payload[0]!];
    if (key !== undefined) this.onDigit?.(key);
  }
}
