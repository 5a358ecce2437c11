/**
 * Hooks over the voice controller's state slices. Each hook selects one slice, so a component
 * re-renders only when that slice changes; the actions are stable functions.
 */
import { useEffect, useMemo, useState } from 'react';
import { formatElapsed } from '../controller/agent-status';
import { AGENT_STATUS_TIMER_MS, PARTICIPANTS_REFRESH_MS } from '../controller/constants';
import type { VoiceMessage } from '../controller/messages';
import type {
  AgentProfile,
  AgentStatusOption,
  AgentStatusState,
  AudioDeviceRole,
  CallState,
  DevicesState,
  MonitoringMode,
  MonitoringState,
  Participant,
  TransferTarget,
  VoiceSessionState,
  VoiceState,
} from '../controller/types';
import { useVoiceController, useVoiceSelector } from './context';

const selectSession = (s: VoiceState): VoiceSessionState => s.session;
const selectAgent = (s: VoiceState): AgentStatusState => s.agent;
const selectCall = (s: VoiceState): CallState => s.call;
const selectParticipants = (s: VoiceState) => s.participants;
const selectMonitoring = (s: VoiceState): MonitoringState => s.monitoring;
const selectDevices = (s: VoiceState): DevicesState => s.devices;
const selectReady = (s: VoiceState): boolean => s.session.ready;

/** The current time, ticking every `intervalMs` while `enabled`. */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}

/**
 * The voice module's start-up: phase, readiness (the module is shown only when ready), the
 * configuration and any start-up or softphone error.
 * @public
 */
export function useVoiceSession(): VoiceSessionState {
  return useVoiceSelector(selectSession);
}

/** What {@link useAgent} returns. @public */
export interface UseAgentResult {
  /** The signed-in agent, once known. */
  readonly profile: AgentProfile | null;
  /** The voice module is ready. */
  readonly ready: boolean;
  /** The states the agent can pick in the status dropdown. */
  readonly options: readonly AgentStatusOption[];
  /** False while the microphone is not shared (status changes disabled). */
  readonly canChangeStatus: boolean;
  /** The tooltip when status changes are disabled. */
  readonly disabledReason: VoiceMessage | null;
  /** Sets the status by name; resolves after at most 2 s. */
  readonly setStatus: (name: string) => Promise<void>;
  /** Ends an active call and sets the agent Offline. */
  readonly logout: () => Promise<void>;
}

/**
 * The agent and the status dropdown's choices and actions.
 * @public
 */
export function useAgent(): UseAgentResult {
  const controller = useVoiceController();
  const agent = useVoiceSelector(selectAgent);
  const ready = useVoiceSelector(selectReady);
  return useMemo(
    () => ({
      profile: agent.profile,
      ready,
      options: agent.options,
      canChangeStatus: agent.canChangeStatus,
      disabledReason: agent.disabledReason,
      setStatus: (name: string) => controller.setStatus(name),
      logout: () => controller.logout(),
    }),
    [controller, agent, ready],
  );
}

/** What {@link useAgentStatus} returns: the status slice plus the ticking elapsed time. @public */
export interface UseAgentStatusResult extends AgentStatusState {
  /** Milliseconds in the current status (null when unknown). */
  readonly elapsedMs: number | null;
  /** The elapsed time for the chip: optional days 'D', then hh:mm:ss. */
  readonly elapsed: string;
}

/**
 * The agent status for the header chip, with its elapsed time refreshed every second.
 * @public
 */
export function useAgentStatus(): UseAgentStatusResult {
  const status = useVoiceSelector(selectAgent);
  const now = useNow(AGENT_STATUS_TIMER_MS, status.startedAt !== null);
  const elapsedMs = status.startedAt === null ? null : Math.max(0, now - status.startedAt);
  return useMemo(
    () => ({ ...status, elapsedMs, elapsed: elapsedMs === null ? '' : formatElapsed(elapsedMs) }),
    [status, elapsedMs],
  );
}

/**
 * The current call (state, info, conversation, hold/mute, view).
 * @public
 */
export function useCall(): CallState {
  return useVoiceSelector(selectCall);
}

/** The call panel's actions. @public */
export interface CallControls {
  /** Places an outbound call. */
  readonly call: (phoneNumber: string) => Promise<void>;
  /** Accepts the incoming call. */
  readonly accept: () => Promise<void>;
  /** Declines the incoming call. */
  readonly decline: () => Promise<void>;
  /** Hangs up; also the 'Exit' of a transfer. */
  readonly end: () => Promise<void>;
  /** Resolves false when blocked (a participant is still connecting). */
  readonly toggleHold: () => Promise<boolean>;
  /** Resolves false when blocked (a participant is still connecting). */
  readonly toggleMute: () => Promise<boolean>;
  /** A keypad key (0-9, *, #, Backspace); false when blocked. */
  readonly pressKey: (key: string) => boolean;
  /** After-call work: Finish. */
  readonly finish: () => Promise<void>;
  /** Transfers the call to an agent or a team (its quick-connect endpoint). */
  readonly transfer: (target: TransferTarget) => Promise<void>;
  /** Expands the call panel. */
  readonly expand: () => void;
  /** Collapses the call panel (the status dropdown then offers 'Expand call panel'). */
  readonly collapse: () => void;
  /** Expands or collapses the call panel. */
  readonly toggleMenu: () => void;
}

/**
 * The call panel's actions (stable; the component does not re-render for them).
 * @public
 */
export function useCallControls(): CallControls {
  const controller = useVoiceController();
  return useMemo(
    () => ({
      call: (phoneNumber: string) => controller.call(phoneNumber),
      accept: () => controller.accept(),
      decline: () => controller.decline(),
      end: () => controller.end(),
      toggleHold: () => controller.toggleHold(),
      toggleMute: () => controller.toggleMute(),
      pressKey: (key: string) => controller.pressKey(key),
      finish: () => controller.finish(),
      transfer: (target: TransferTarget) => controller.transfer(target),
      expand: () => controller.setMenuExpanded(true),
      collapse: () => controller.setMenuExpanded(false),
      toggleMenu: () => controller.toggleMenu(),
    }),
    [controller],
  );
}

/** What {@link useParticipants} returns. @public */
export interface UseParticipantsResult {
  /** The other parties of the call. */
  readonly participants: readonly Participant[];
  /** The call has more than two active parties. */
  readonly multiparty: boolean;
  /** A participant is still connecting (hold and mute are blocked). */
  readonly anyConnecting: boolean;
  /** Puts a participant on hold. */
  readonly hold: (participantId: string) => Promise<void>;
  /** Takes a participant off hold. */
  readonly resume: (participantId: string) => Promise<void>;
  /** Mutes a participant. */
  readonly mute: (participantId: string) => Promise<void>;
  /** Unmutes a participant. */
  readonly unmute: (participantId: string) => Promise<void>;
  /** Disconnects a participant from the call. */
  readonly remove: (participantId: string) => Promise<void>;
}

/**
 * The call's other participants, refreshed every second while there are any, and their
 * controls.
 * @public
 */
export function useParticipants(): UseParticipantsResult {
  const controller = useVoiceController();
  const slice = useVoiceSelector(selectParticipants);
  const hasParticipants = slice.list.length > 0;
  useEffect(() => {
    if (!hasParticipants) return;
    const timer = setInterval(() => controller.refreshParticipants(), PARTICIPANTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [controller, hasParticipants]);
  return useMemo(
    () => ({
      participants: slice.list,
      multiparty: slice.multiparty,
      anyConnecting: slice.anyConnecting,
      hold: (id: string) => controller.holdParticipant(id),
      resume: (id: string) => controller.resumeParticipant(id),
      mute: (id: string) => controller.muteParticipant(id),
      unmute: (id: string) => controller.unmuteParticipant(id),
      remove: (id: string) => controller.removeParticipant(id),
    }),
    [controller, slice],
  );
}

/** What {@link useMonitoring} returns. @public */
export interface UseMonitoringResult extends MonitoringState {
  /** Joins a live call (blocked while on a call). */
  readonly join: (idCommunication: string) => Promise<void>;
  /** Listener or Participant (Participant also mutes). */
  readonly setMode: (mode: MonitoringMode) => Promise<void>;
  /** Opens 'Leave call?'. */
  readonly requestLeave: () => void;
  /** Closes 'Leave call?' and keeps monitoring. */
  readonly cancelLeave: () => void;
  /** Leaves the monitored call. */
  readonly confirmLeave: () => Promise<void>;
}

/**
 * Monitoring: modes (buttons only when the softphone reports them enabled), join, leave with
 * confirmation.
 * @public
 */
export function useMonitoring(): UseMonitoringResult {
  const controller = useVoiceController();
  const monitoring = useVoiceSelector(selectMonitoring);
  return useMemo(
    () => ({
      ...monitoring,
      join: (id: string) => controller.joinLiveCall(id),
      setMode: (mode: MonitoringMode) => controller.setMonitoringMode(mode),
      requestLeave: () => controller.requestLeaveMonitoring(),
      cancelLeave: () => controller.cancelLeaveMonitoring(),
      confirmLeave: () => controller.confirmLeaveMonitoring(),
    }),
    [controller, monitoring],
  );
}

/** What {@link useAudioDevices} returns. @public */
export interface UseAudioDevicesResult extends DevicesState {
  /** Lists the devices again (2000 ms time-out). */
  readonly refresh: () => Promise<void>;
  /** Selects a device (the microphone only during a call; throws a VoiceError otherwise). */
  readonly select: (role: AudioDeviceRole, deviceId: string) => void;
  /** Downloads the softphone's logs (for a support request). */
  readonly downloadLogs: () => void;
}

/**
 * Audio devices for the audio settings modal; lists them on first use (once for all the hooks
 * mounted together), and again when a device is plugged in or out.
 * @public
 */
export function useAudioDevices(): UseAudioDevicesResult {
  const controller = useVoiceController();
  const devices = useVoiceSelector(selectDevices);
  const idle = devices.status === 'idle';
  useEffect(() => {
    if (idle) void controller.refreshDevices();
  }, [controller, idle]);
  return useMemo(
    () => ({
      ...devices,
      refresh: () => controller.refreshDevices(),
      select: (role: AudioDeviceRole, deviceId: string) => controller.selectDevice(role, deviceId),
      downloadLogs: () => controller.downloadLogs(),
    }),
    [controller, devices],
  );
}
