// `connect.VoiceConnection`: a softphone connection's mute, monitoring, capabilities and Voice ID.
import type { VoiceConnection as CoreVoiceConnection } from '../contact/connection';
import {
  MediaType,
  MonitoringMode,
  ScreenShareCapability,
  VideoCapability,
} from '../protocol/names';
import { type BaseConnectionClass, monitorCapable } from './base-connection';
import { asDeclared, attempt } from './callbacks';
import type { CompatRuntime, CompatVoiceIdFlows } from './runtime';

/** Builds `connect.VoiceConnection` over the runtime's `BaseConnection`. */
export function defineVoiceConnection(rt: CompatRuntime, BaseConnection: BaseConnectionClass) {
  const voiceId = (contactId: string, f: (v: CompatVoiceIdFlows) => Promise<unknown>) =>
    new Promise<unknown>((resolve) => resolve(f(rt.voiceId(contactId))));

  return class VoiceConnection extends BaseConnection implements connect.VoiceConnection {
    override getMediaInfo(): connect.VoiceMediaInfo {
      return asDeclared<connect.VoiceMediaInfo>(this._core().getSoftphoneMediaInfo());
    }
    getMediaType(): connect.MediaType.SOFTPHONE {
      return MediaType.SOFTPHONE as connect.MediaType.SOFTPHONE;
    }
    getMonitorCapabilities(): connect.MonitoringMode[] | undefined {
      return this._core().getMonitorCapabilities() as connect.MonitoringMode[];
    }
    getMonitorStatus(): connect.MonitoringMode | null {
      return this._core().getMonitorStatus() as connect.MonitoringMode | null;
    }
    isMute(): boolean {
      return this._core().isMute();
    }
    isForcedMute(): boolean {
      return this._core().isForcedMute();
    }
    isSilentMonitor(): boolean {
      return this._core().isSilentMonitor();
    }
    isBarge(): boolean {
      return this._core().isBarge();
    }
    getQuickConnectName(): string | null {
      return this._core().getQuickConnectName() as string | null;
    }
    muteParticipant(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => (this._core() as CoreVoiceConnection).muteParticipant(), callbacks);
    }
    unmuteParticipant(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => (this._core() as CoreVoiceConnection).unmuteParticipant(), callbacks);
    }
    getVideoConnectionInfo(): Promise<unknown> {
      return (this._core() as CoreVoiceConnection).getVideoConnectionInfo();
    }
    isSilentMonitorEnabled(): boolean {
      return monitorCapable(this, MonitoringMode.SILENT_MONITOR);
    }
    isBargeEnabled(): boolean {
      return monitorCapable(this, MonitoringMode.BARGE);
    }
    getCapabilities(): connect.CapabilitiesDictionary {
      return asDeclared<connect.CapabilitiesDictionary>(this._data()['capabilities']);
    }
    canSendVideo(): boolean {
      return this.getCapabilities()?.['Video'] === VideoCapability.SEND;
    }
    canSendScreenShare(): boolean {
      return this.getCapabilities()?.['ScreenShare'] === ScreenShareCapability.SEND;
    }
    getMediaController(): Promise<unknown> {
      return rt.mediaController(this);
    }
    getVoiceIdSpeakerId(): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.getSpeakerId());
    }
    getVoiceIdSpeakerStatus(): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.getSpeakerStatus());
    }
    optOutVoiceIdSpeaker(): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.optOutSpeaker());
    }
    deleteVoiceIdSpeaker(): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.deleteSpeaker());
    }
    /** The name index.d.ts declares for deleteVoiceIdSpeaker. */
    deleteVoiceIdSpeakerId(): Promise<unknown> {
      return this.deleteVoiceIdSpeaker();
    }
    evaluateSpeakerWithVoiceId(startNew?: boolean): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.evaluateSpeaker(startNew ?? false));
    }
    enrollSpeakerInVoiceId(
      callbackOnAudioCollectionComplete?: (session: unknown) => void,
    ): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.enrollSpeaker(callbackOnAudioCollectionComplete));
    }
    updateVoiceIdSpeakerId(speakerId: string): Promise<unknown> {
      return voiceId(this.contactId, (v) => v.updateSpeakerId(speakerId));
    }
  };
}
