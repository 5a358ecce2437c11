// The softphone of a framed panel: the microphone, one WebRTC session per connected voice call,
// statistics sampling and the call metrics and report sent through the panel session.
import { EventEmitter } from 'eventemitter3';
import {
  SOFTPHONE_METRICS_FLUSH_INTERVAL_MS,
  SOFTPHONE_STATS_INTERVAL_MS,
  SOFTPHONE_STATS_MAX_SAMPLES,
} from '../constants';
import { SoftphoneErrorTypes } from '../../protocol';
import type { Logger } from '@x/connect-streams';
import { readStats, SoftphoneCall } from './softphone-call';
import type { FarEnd, SoftphoneStreamStatistic } from './softphone-call';
import { CallEndedError, type SoftphoneMediaInfo } from './signalling-far-end';
import { SoftphoneError, softphoneErrorFromMediaError } from './softphone-error';

/**
 * Events of {@link SoftphoneManager}.
 * @public
 */
export interface SoftphoneManagerEvents {
  /** A call's WebRTC session is up. */
  sessionStarted: [contactId: string];
  /** A call's session ended; the report was sent. */
  sessionEnded: [contactId: string];
  /** A softphone error was published. */
  error: [error: SoftphoneError];
  /** A statistics sample was taken. */
  stats: [contactId: string, samples: readonly SoftphoneStreamStatistic[]];
  /** The microphone was muted or unmuted. */
  muteToggle: [muted: boolean];
}

/**
 * What the softphone needs of the panel session: its events, its requests and its broadcasts (a
 * framed panel's worker session, or a host page's conduit).
 * @public
 */
export interface SoftphoneSession {
  /** Subscribes to an event; returns the unsubscribe function. */
  on(event: string, handler: (data: unknown) => void): () => void;
  /** Sends a CTI request (`sendSoftphoneCallMetrics`, `sendSoftphoneCallReport`). */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  /** Sends an event to every tab. */
  broadcast(event: string, data?: unknown): void;
}

/**
 * Options of {@link SoftphoneManager}.
 * @public
 */
export interface SoftphoneManagerOptions {
  /** The panel session the manager listens on and calls through. */
  readonly session: SoftphoneSession;
  /**
   * Creates the far end of a call, given the agent connection's `softphoneMediaInfo` (the
   * signalling endpoint and the call's token, when the contact centre gave them).
   */
  readonly createFarEnd: (contactId: string, media?: SoftphoneMediaInfo) => FarEnd;
  /** Version reported as `ccpVersion` (default `'x-panel'`). */
  readonly ccpVersion?: string;
  /** Statistics period (default 1000 ms). */
  readonly statsIntervalMs?: number;
  /** Metrics flush period (default 30000 ms). */
  readonly metricsFlushIntervalMs?: number;
  /** The microphone source (default `navigator.mediaDevices.getUserMedia`). */
  readonly getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /** Peer-connection settings for the agent's side. */
  readonly rtcConfiguration?: RTCConfiguration;
  /**
   * Where the softphone logs (a logger with component `softphone`, whose entries
   * `startPanelLogPush` of the panel entry sends up to the worker).
   */
  readonly logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

interface AgentConnection {
  readonly connectionId: string;
  readonly type?: string;
  readonly state?: { readonly type?: string };
  readonly softphoneMediaInfo?: unknown;
}
interface ContactLike {
  readonly contactId: string;
  readonly type?: string;
  readonly state?: { readonly type?: string };
  readonly connections?: readonly AgentConnection[];
}

/** The media fields of an agent connection's `softphoneMediaInfo`, when it is an object. */
function mediaInfoOf(value: unknown): SoftphoneMediaInfo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { callContextToken, callConfigJson } = value as Record<string, unknown>;
  return {
    callContextToken: typeof callContextToken === 'string' ? callContextToken : null,
    callConfigJson: typeof callConfigJson === 'string' ? callConfigJson : null,
  };
}

const LIVE_CONNECTION_STATES: ReadonlySet<string> = new Set(['connected', 'hold']);

/**
 * The softphone of a framed panel: opens the microphone with `getUserMedia`, runs one WebRTC audio
 * session per connected voice call against its far end, samples statistics every 1 s (at most
 * 10800 samples), flushes them with `sendSoftphoneCallMetrics` every 30 s and sends the call
 * report (`sendSoftphoneCallReport`) when the call ends. Honours the host's `mute` broadcast
 * and answers with `agent::mute_toggle`.
 *
 * @example
 * ```ts
 * const softphone = new SoftphoneManager({ session, createFarEnd: () => myMediaServer() });
 * softphone.start();
 * ```
 * @public
 */
export class SoftphoneManager {
  private readonly options: SoftphoneManagerOptions;
  private readonly emitter = new EventEmitter<SoftphoneManagerEvents>();
  private readonly calls = new Map<string, SoftphoneCall>();
  private readonly starting = new Set<string>();
  private readonly unsubscribers: (() => void)[] = [];
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private flushTimer: ReturnType<typeof setInterval> | undefined;
  private muted = false;
  private speakerDeviceId: string | undefined;
  private microphoneDeviceId: string | undefined;
  private started = false;

  /** A softphone manager with these options. */
  constructor(options: SoftphoneManagerOptions) {
    this.options = options;
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends keyof SoftphoneManagerEvents>(
    event: E,
    handler: (...args: SoftphoneManagerEvents[E]) => void,
  ): () => void {
    this.emitter.on(event, handler);
    return () => this.emitter.off(event, handler);
  }

  /**
   * Starts following agent updates and host commands; `latestUpdate` (the last `agent::update`
   * data, when the caller has one) is applied at once. A second call does nothing.
   */
  start(latestUpdate?: unknown): void {
    if (this.started) return;
    this.started = true;
    const { session } = this.options;
    this.unsubscribers.push(
      session.on('agent::update', (data) => this.onAgentUpdate(data)),
      session.on('mute', (data) => {
        const mute =
          typeof data === 'object' && data !== null && (data as { mute?: unknown }).mute === true;
        this.setMuted(mute);
      }),
      session.on('configuration::set_speaker_device', (data) => {
        const deviceId = (data as { deviceId?: unknown } | null)?.deviceId;
        if (typeof deviceId === 'string') void this.setSpeakerDevice(deviceId);
      }),
      session.on('configuration::set_microphone_device', (data) => {
        const deviceId = (data as { deviceId?: unknown } | null)?.deviceId;
        if (typeof deviceId === 'string') void this.setMicrophoneDevice(deviceId);
      }),
    );
    this.statsTimer = setInterval(
      () => void this.sampleAll(),
      this.options.statsIntervalMs ?? SOFTPHONE_STATS_INTERVAL_MS,
    );
    this.flushTimer = setInterval(
      () => this.flushAll(),
      this.options.metricsFlushIntervalMs ?? SOFTPHONE_METRICS_FLUSH_INTERVAL_MS,
    );
    if (latestUpdate !== undefined) this.onAgentUpdate(latestUpdate);
  }

  /** Whether the microphone is muted. */
  get isMuted(): boolean {
    return this.muted;
  }

  /** The contact ids with a running session. */
  get activeContactIds(): readonly string[] {
    return [...this.calls.keys()];
  }

  /** The latest samples of a call (both streams), or `undefined`. */
  latestStats(contactId: string): readonly SoftphoneStreamStatistic[] | undefined {
    const call = this.calls.get(contactId);
    return call ? call.samples.slice(-2) : undefined;
  }

  /** The agent's peer connection of a call (for diagnostics and tests). */
  peerConnection(contactId: string): RTCPeerConnection | undefined {
    return this.calls.get(contactId)?.peer;
  }

  /**
   * Opens the microphone; on failure publishes the softphone error to every host and resolves
   * with `undefined`.
   */
  async requestMicrophone(): Promise<MediaStream | undefined> {
    try {
      const getUserMedia =
        this.options.getUserMedia ??
        ((constraints: MediaStreamConstraints) => {
          const devices = globalThis.navigator?.mediaDevices;
          if (!devices?.getUserMedia) {
            throw new SoftphoneError(SoftphoneErrorTypes.UNSUPPORTED_BROWSER);
          }
          return devices.getUserMedia(constraints);
        });
      const deviceId = this.microphoneDeviceId;
      return await getUserMedia({ audio: deviceId ? { deviceId } : true, video: false });
    } catch (cause) {
      this.publishError(softphoneErrorFromMediaError(cause));
      return undefined;
    }
  }

  /** Mutes or unmutes the microphone of every call and tells the hosts (`agent::mute_toggle`). */
  setMuted(muted: boolean): void {
    this.muted = muted;
    for (const call of this.calls.values()) {
      for (const track of call.microphone.getAudioTracks()) track.enabled = !muted;
    }
    this.options.session.broadcast('agent::mute_toggle', { muted });
    this.emitter.emit('muteToggle', muted);
  }

  /** Plays far-end audio on a speaker device (where `setSinkId` exists). */
  async setSpeakerDevice(deviceId: string): Promise<void> {
    this.speakerDeviceId = deviceId;
    for (const call of this.calls.values()) await this.applySink(call.audio);
  }

  /**
   * Takes the microphone from this device for the calls to come and for every running call (its
   * sent track is replaced; the call goes on). A device that cannot be opened publishes
   * `microphone_not_shared` and the running calls keep their microphone.
   */
  async setMicrophoneDevice(deviceId: string): Promise<void> {
    this.microphoneDeviceId = deviceId;
    for (const call of this.calls.values()) {
      const microphone = await this.requestMicrophone();
      const track = microphone?.getAudioTracks()[0];
      if (!microphone || !track) continue;
      track.enabled = !this.muted;
      const sender = call.peer.getSenders().find((s) => s.track?.kind === 'audio');
      await sender?.replaceTrack(track);
      for (const old of call.microphone.getTracks()) old.stop();
      call.microphone = microphone;
    }
  }

  /** Ends every session (sending reports) and stops listening. */
  async dispose(): Promise<void> {
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    if (this.statsTimer !== undefined) clearInterval(this.statsTimer);
    if (this.flushTimer !== undefined) clearInterval(this.flushTimer);
    await Promise.all([...this.calls.keys()].map((id) => this.endCall(id)));
    this.emitter.removeAllListeners();
  }

  private publishError(error: SoftphoneError): void {
    this.options.session.broadcast('agent::softphone_error', error.toWire());
    this.options.logger?.error(`Softphone error: ${error.errorType}`, error.toWire());
    this.emitter.emit('error', error);
  }

  private async applySink(audio: HTMLAudioElement | undefined): Promise<void> {
    const withSink = audio;
    if (withSink?.setSinkId && this.speakerDeviceId !== undefined) {
      try {
        await withSink.setSinkId(this.speakerDeviceId);
      } catch {
        // unknown device: keep the default speaker
      }
    }
  }

  private onAgentUpdate(data: unknown): void {
    const update = data as {
      snapshot?: { contacts?: unknown };
      configuration?: { softphoneEnabled?: unknown };
    } | null;
    const snapshot = update?.snapshot;
    // A desk-phone agent's calls ring on the desk phone: no session here.
    const softphone = update?.configuration?.softphoneEnabled !== false;
    const contacts =
      softphone && Array.isArray(snapshot?.contacts) ? (snapshot.contacts as ContactLike[]) : [];
    const live = new Set<string>();
    for (const contact of contacts) {
      if (
        contact.type !== undefined &&
        contact.type !== 'voice' &&
        contact.type !== 'queue_callback'
      )
        continue;
      const agent = contact.connections?.find((c) => c.type === 'agent');
      const state = agent?.state?.type;
      if (agent && state !== undefined && LIVE_CONNECTION_STATES.has(state)) {
        live.add(contact.contactId);
        if (!this.calls.has(contact.contactId) && !this.starting.has(contact.contactId)) {
          void this.startCall(contact.contactId, mediaInfoOf(agent.softphoneMediaInfo));
        }
      }
    }
    for (const contactId of this.calls.keys()) {
      if (!live.has(contactId)) void this.endCall(contactId);
    }
  }

  private async startCall(contactId: string, media: SoftphoneMediaInfo | undefined): Promise<void> {
    this.starting.add(contactId);
    try {
      const started = Date.now();
      const microphone = await this.requestMicrophone();
      if (!microphone) return;
      for (const track of microphone.getAudioTracks()) track.enabled = !this.muted;
      const peer = new RTCPeerConnection(this.options.rtcConfiguration);
      for (const track of microphone.getAudioTracks()) peer.addTrack(track, microphone);
      const farEnd = this.options.createFarEnd(contactId, media);
      const call = new SoftphoneCall(contactId, peer, farEnd, microphone);
      peer.addEventListener('track', (event) => {
        if (typeof globalThis.Audio !== 'function') return;
        const audio = (call.audio ??= new Audio());
        audio.autoplay = true;
        audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
        void this.applySink(audio);
        void audio.play().catch(() => undefined);
      });
      try {
        await farEnd.negotiate(peer);
        call.handshakeMillis = Date.now() - started;
        call.connectedAt = new Date();
      } catch (cause) {
        call.negotiationFailed = true;
        if (cause instanceof CallEndedError)
          this.options.logger?.info(`Softphone session for contact ${contactId}: ${cause.message}`);
        else
          this.publishError(
            cause instanceof SoftphoneError
              ? cause
              : new SoftphoneError(SoftphoneErrorTypes.WEBRTC_ERROR),
          );
      }
      this.calls.set(contactId, call);
      this.options.logger?.info(`Softphone session started for contact ${contactId}`);
      this.emitter.emit('sessionStarted', contactId);
    } finally {
      this.starting.delete(contactId);
    }
  }

  private async sampleAll(): Promise<void> {
    for (const call of this.calls.values()) {
      try {
        const samples = readStats(await call.peer.getStats());
        call.samples.push(...samples);
        const overflow = call.samples.length - SOFTPHONE_STATS_MAX_SAMPLES;
        if (overflow > 0) {
          call.samples.splice(0, overflow);
          call.flushedIndex = Math.max(0, call.flushedIndex - overflow);
        }
        this.emitter.emit('stats', call.contactId, samples);
      } catch {
        // the peer closed between samples
      }
    }
  }

  private flushAll(): void {
    for (const call of this.calls.values()) this.flush(call);
  }

  private flush(call: SoftphoneCall): void {
    const fresh = call.samples.slice(call.flushedIndex);
    call.flushedIndex = call.samples.length;
    if (fresh.length === 0) return;
    void this.options.session
      .call('sendSoftphoneCallMetrics', {
        contactId: call.contactId,
        ccpVersion: this.options.ccpVersion ?? 'x-panel',
        softphoneStreamStatistics: fresh,
      })
      .catch(() => undefined);
  }

  private async endCall(contactId: string): Promise<void> {
    const call = this.calls.get(contactId);
    if (!call) return;
    this.calls.delete(contactId);
    await this.sampleOne(call);
    this.flush(call);
    const ended = new Date();
    call.farEnd.close();
    call.peer.close();
    for (const track of call.microphone.getTracks()) track.stop();
    if (call.audio) call.audio.srcObject = null;
    const last = call.samples.slice(-2);
    const talking = call.connectedAt ? ended.getTime() - call.connectedAt.getTime() : 0;
    void this.options.session
      .call('sendSoftphoneCallReport', {
        contactId,
        ccpVersion: this.options.ccpVersion ?? 'x-panel',
        report: {
          callStartTime: call.startedAt.toISOString(),
          callEndTime: ended.toISOString(),
          handshakingTimeMillis: call.handshakeMillis,
          preTalkingTimeMillis: call.handshakeMillis,
          talkingTimeMillis: talking,
          handshakingFailure: call.negotiationFailed,
          iceCollectionFailure: false,
          signallingConnectionFailure: false,
          softphoneStreamStatistics: last,
        },
      })
      .catch(() => undefined);
    this.options.logger?.info(`Softphone session ended for contact ${contactId}`);
    this.emitter.emit('sessionEnded', contactId);
  }

  private async sampleOne(call: SoftphoneCall): Promise<void> {
    try {
      call.samples.push(...readStats(await call.peer.getStats()));
    } catch {
      // closed already
    }
  }
}
