// One softphone call: its WebRTC audio session with the far end, its timings and its statistics
// samples, read from the peer connection's stats report.

/**
 * The far end of a softphone call: whatever answers the agent's WebRTC offer (the simulated
 * customer in the emulator, a media server in production).
 * @public
 */
export interface FarEnd {
  /** Completes the offer/answer and ICE exchange with the agent's peer connection. */
  negotiate(agentPeer: RTCPeerConnection): Promise<void>;
  /** Ends the far end's side. */
  close(): void;
}

/**
 * One statistics sample of one stream (`audio_input` = the microphone sent, `audio_output` =
 * the far-end audio received), cumulative since the call started.
 * @public
 */
export interface SoftphoneStreamStatistic {
  /** Microphone (`audio_input`) or speaker (`audio_output`). */
  readonly softphoneStreamType: 'audio_input' | 'audio_output';
  /** ISO timestamp of the sample. */
  readonly timestamp: string;
  /** Packets lost so far. */
  readonly packetsLost: number;
  /** Packets so far. */
  readonly packetsCount: number;
  /** Bytes so far. */
  readonly bytes: number;
  /** Audio level (0 to 1), when known. */
  readonly audioLevel: number | null;
  /** Jitter buffer in ms, when known. */
  readonly jitterBufferMillis: number | null;
  /** Round-trip time in ms, when known. */
  readonly roundTripTimeMillis: number | null;
}

/** A running WebRTC audio session for one contact. */
export class SoftphoneCall {
  readonly samples: SoftphoneStreamStatistic[] = [];
  flushedIndex = 0;
  readonly startedAt = new Date();
  connectedAt: Date | undefined;
  negotiationFailed = false;
  handshakeMillis = 0;
  audio: HTMLAudioElement | undefined;

  /** The session of `contactId` over `peer`, with its far end and microphone. */
  constructor(
    readonly contactId: string,
    readonly peer: RTCPeerConnection,
    readonly farEnd: FarEnd,
    /** The microphone sent (replaced when the agent picks another device). */
    public microphone: MediaStream,
  ) {}
}

/** One sample of both streams (microphone sent, far-end audio received) from a peer's statistics. */
export function readStats(report: RTCStatsReport): SoftphoneStreamStatistic[] {
  const timestamp = new Date().toISOString();
  let outbound = { packets: 0, bytes: 0 };
  let inbound = {
    packets: 0,
    bytes: 0,
    lost: 0,
    jitterBuffer: null as number | null,
    level: null as number | null,
  };
  let remoteLost = 0;
  let rtt: number | null = null;
  let micLevel: number | null = null;
  report.forEach((stat: Record<string, unknown>) => {
    if (stat['kind'] !== undefined && stat['kind'] !== 'audio') return;
    const num = (key: string): number => (typeof stat[key] === 'number' ? stat[key] : 0);
    switch (stat['type']) {
      case 'outbound-rtp':
        outbound = { packets: num('packetsSent'), bytes: num('bytesSent') };
        break;
      case 'inbound-rtp': {
        const emitted = num('jitterBufferEmittedCount');
        inbound = {
          packets: num('packetsReceived'),
          bytes: num('bytesReceived'),
          lost: num('packetsLost'),
          jitterBuffer: emitted > 0 ? (num('jitterBufferDelay') / emitted) * 1000 : null,
          level: typeof stat['audioLevel'] === 'number' ? stat['audioLevel'] : null,
        };
        break;
      }
      case 'remote-inbound-rtp':
        remoteLost = num('packetsLost');
        rtt = typeof stat['roundTripTime'] === 'number' ? stat['roundTripTime'] * 1000 : rtt;
        break;
      case 'media-source':
        micLevel = typeof stat['audioLevel'] === 'number' ? stat['audioLevel'] : micLevel;
        break;
      default:
        break;
    }
  });
  return [
    {
      softphoneStreamType: 'audio_input',
      timestamp,
      packetsLost: remoteLost,
      packetsCount: outbound.packets,
      bytes: outbound.bytes,
      audioLevel: micLevel,
      jitterBufferMillis: null,
      roundTripTimeMillis: rtt,
    },
    {
      softphoneStreamType: 'audio_output',
      timestamp,
      packetsLost: inbound.lost,
      packetsCount: inbound.packets,
      bytes: inbound.bytes,
      audioLevel: inbound.level,
      jitterBufferMillis: inbound.jitterBuffer,
      roundTripTimeMillis: rtt,
    },
  ];
}
