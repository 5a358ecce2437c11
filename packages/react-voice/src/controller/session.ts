/**
 * The session slice of the voice state: the initial state of every slice, and what a voice
 * configuration allows at start.
 */
import type { VoiceConfig } from '../api/contract';
import { INITIAL_AGENT_STATE } from './agent-unit';
import { INITIAL_CALL_STATE } from './call-unit';
import { VOICE_INSTANCE_CREATED } from './constants';
import { INITIAL_DEVICES_STATE } from './devices-unit';
import { voiceMessage } from './messages';
import { INITIAL_MONITORING_STATE } from './monitoring-unit';
import { INITIAL_PARTICIPANTS_STATE } from './participants-unit';
import { INITIAL_TRANSFER_STATE } from './transfer-unit';
import type { VoiceSessionState, VoiceState } from './types';

/** The state before `start`: idle, with the panel id of this controller. */
export function initialState(panelId: string): VoiceState {
  return {
    session: {
      phase: 'idle',
      ready: false,
      error: null,
      config: null,
      voiceModuleEnabled: false,
      panelId,
      softphoneError: null,
      startProblem: null,
    },
    agent: INITIAL_AGENT_STATE,
    call: INITIAL_CALL_STATE,
    participants: INITIAL_PARTICIPANTS_STATE,
    monitoring: INITIAL_MONITORING_STATE,
    transfer: INITIAL_TRANSFER_STATE,
    devices: INITIAL_DEVICES_STATE,
  };
}

/**
 * Where a voice configuration stops the start, if it does: without planVoice, or for a member who
 * is no agent of the contact centre, nothing starts (no sign-on frame, no panel, no request to the
 * contact centre): `disabled`; an instance whose status is not CREATED is an error.
 */
export function startBlockOf(config: VoiceConfig): Partial<VoiceSessionState> | null {
  if (!config.planVoice || config.agentUsername === null) return { phase: 'disabled' };
  if (config.connect.instanceStatus !== VOICE_INSTANCE_CREATED)
    return { phase: 'error', error: voiceMessage('voiceInstanceNotCreated') };
  return null;
}
