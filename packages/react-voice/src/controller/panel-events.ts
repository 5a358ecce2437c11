/**
 * The softphone panel events the voice controller follows: what refreshes the state, what goes
 * to the call, agent and devices units, and the refusals that are only logged.
 */
import type { Ccp, CcpStartState, Contact } from '@x/connect-streams';

/** Where the voice controller takes each followed panel event. */
export interface PanelEventHandlers {
  /** The panel initialised, or the agent changed: re-read the panel. */
  readonly refresh: () => void;
  /** The softphone (un)muted the agent. */
  readonly muteToggle: (muted: boolean) => void;
  /** The softphone reported an error. */
  readonly softphoneError: (data: unknown) => void;
  /** A device of the softphone changed. */
  readonly deviceChanged: (kind: 'speaker' | 'microphone' | 'ringer', deviceId: string) => void;
  /** A contact was accepted (perhaps in another tab). */
  readonly accepted: (contact: Contact) => void;
  /** The panel's start-up state changed. */
  readonly startState: (state: CcpStartState) => void;
}

/** Follows the panel's events; returns their unsubscribe functions. */
export function followPanelEvents(ccp: Ccp, on: PanelEventHandlers): (() => void)[] {
  return [
    ccp.on('initialized', on.refresh),
    ccp.onMessage('agent::update', on.refresh),
    ccp.agent.on('muteToggle', ({ muted }) => on.muteToggle(muted)),
    ccp.agent.on('softphoneError', (data) => on.softphoneError(data)),
    ccp.agent.on('deviceChanged', ({ kind, deviceId }) => on.deviceChanged(kind, deviceId)),
    ccp.contacts.on('accepted', (contact) => on.accepted(contact)),
    // Authentication failures and access denied are only logged
    ccp.on('authFail', (data) => ccp.getLog().warn('voice: softphone authentication failed', data)),
    ccp.on('accessDenied', (data) => ccp.getLog().warn('voice: softphone access denied', data)),
    ccp.on('startState', (state) => on.startState(state)),
  ];
}
