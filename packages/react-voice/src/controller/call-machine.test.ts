import { describe, expect, it } from 'vitest';
import {
  CALL_STATE_TRANSITIONS,
  CALL_TRANSITION_TABLE,
  callTransitionDuties,
  isCallTransition,
} from './call-machine';
import type { CallFacts } from './call-machine';
import type { CallStatus } from './types';

const inbound: CallFacts = { monitoring: false, outbound: false, hasContactInfo: true };
const outbound: CallFacts = { ...inbound, outbound: true };
const monitoring: CallFacts = { ...inbound, monitoring: true };
const STATES: CallStatus[] = ['idle', 'connecting', 'connected', 'ended', 'error', 'missed'];

describe('§4 the call-state machine, walked through its transition table', () => {
  it('connecting, then connected, then ended; other end states error and missed; no state means idle', () => {
    expect(CALL_STATE_TRANSITIONS).toEqual({
      idle: ['connecting', 'connected', 'ended', 'error', 'missed'],
      connecting: ['connected', 'ended', 'error', 'missed', 'idle'],
      connected: ['ended', 'error', 'missed', 'idle'],
      ended: ['idle'],
      error: ['idle'],
      missed: ['idle'],
    });
    expect(isCallTransition('ended', 'connected')).toBe(false);
    expect(callTransitionDuties('ended', 'connected', inbound)).toEqual([]);
  });

  it('every row of the table is a transition of the machine', () => {
    for (const row of CALL_TRANSITION_TABLE)
      for (const from of row.from) expect(isCallTransition(from, row.to)).toBe(true);
  });

  it('every transition of the machine has duties (any call state sets the menu active, idle inactive)', () => {
    for (const from of STATES)
      for (const to of CALL_STATE_TRANSITIONS[from]) {
        const duties = callTransitionDuties(from, to, inbound);
        expect(duties).toContain(to === 'idle' ? 'deactivateMenu' : 'activateMenu');
      }
  });

  it('idle: the menu is set inactive; conversation contact, conversation id and contact info are cleared', () => {
    expect(callTransitionDuties('connected', 'idle', inbound)).toEqual([
      'deactivateMenu',
      'clearConversation',
      'unmuteNotifications',
    ]);
  });

  it('connecting, not monitoring: the call menu expands; an outbound call starts a conversation; an inbound call refreshes the connection record', () => {
    expect(callTransitionDuties('idle', 'connecting', outbound)).toEqual([
      'activateMenu',
      'expandMenu',
      'startConversation',
      'lookUpContact',
    ]);
    expect(callTransitionDuties('idle', 'connecting', inbound)).toEqual([
      'activateMenu',
      'expandMenu',
      'refreshConnection',
      'lookUpContact',
    ]);
  });

  it('connected, not monitoring: the call is accepted and marked answered; notification sound off', () => {
    expect(callTransitionDuties('connecting', 'connected', inbound)).toEqual([
      'activateMenu',
      'acceptAndMarkAnswered',
      'muteNotifications',
    ]);
  });

  it('connected while monitoring: the menu expands, monitoring is recorded, and the connection of the original communication is refreshed', () => {
    expect(callTransitionDuties('idle', 'connected', monitoring)).toEqual([
      'activateMenu',
      'expandMenu',
      'recordMonitoring',
      'refreshOriginalConnection',
      'muteNotifications',
    ]);
  });

  it('connected without contact info: the connection is refreshed', () => {
    expect(
      callTransitionDuties('connecting', 'connected', { ...inbound, hasContactInfo: false }),
    ).toEqual([
      'activateMenu',
      'acceptAndMarkAnswered',
      'muteNotifications',
      'refreshConnection',
      'lookUpContact',
    ]);
  });

  it('ended, error or missed: the connection is refreshed and the agent is put in after-call work', () => {
    for (const to of ['ended', 'error', 'missed'] as const)
      for (const from of ['connecting', 'connected'] as const)
        expect(callTransitionDuties(from, to, inbound)).toEqual([
          'activateMenu',
          'refreshConnection',
          'afterCallWork',
          'unmuteNotifications',
        ]);
  });
});
