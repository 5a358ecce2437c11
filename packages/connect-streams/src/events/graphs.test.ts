import { describe, expect, it } from 'vitest';
import { agentRoutingEvents, agentStateNameEvents, contactTransitionEvents } from './graphs';

const CONTACT_STATES = [
  'init',
  'incoming',
  'pending',
  'connecting',
  'connected',
  'missed',
  'error',
  'ended',
  'rejected',
  'paused',
];
const ACTIVE = new Set(['paused', 'incoming', 'pending', 'connecting', 'connected']);

/** The event graph written independently as a reference. */
function expected(from: string, to: string): string[] {
  const ev: string[] = [];
  if (from === to) return ev;
  if (['incoming', 'pending', 'connecting', 'connected'].includes(to)) ev.push(to);
  if (to === 'ended') ev.push('acw');
  if (to === 'error') ev.push('error');
  const incomingLike = from === 'connecting' || from === 'incoming';
  if (incomingLike && to === 'error') ev.push('missed');
  if (ACTIVE.has(from) && !ACTIVE.has(to)) ev.push('ended');
  if (incomingLike && (to === 'missed' || to === 'rejected')) ev.push('missed');
  return ev;
}

describe('contact event graph (spec §4)', () => {
  for (const from of CONTACT_STATES) {
    for (const to of CONTACT_STATES) {
      it(`${from} → ${to} fires [${expected(from, to).join(', ')}]`, () => {
        expect(contactTransitionEvents(from, to)).toEqual(expected(from, to));
      });
    }
  }

  it('entering incoming, pending, connecting or connected fires the matching event', () => {
    expect(contactTransitionEvents('init', 'incoming')).toEqual(['incoming']);
    expect(contactTransitionEvents('init', 'pending')).toEqual(['pending']);
    expect(contactTransitionEvents('init', 'connecting')).toEqual(['connecting']);
    expect(contactTransitionEvents('connecting', 'connected')).toEqual(['connected']);
  });
  it('entering ended fires acw, and active → non-active fires ended', () => {
    expect(contactTransitionEvents('connected', 'ended')).toEqual(['acw', 'ended']);
  });
  it('connecting or incoming moving to error, missed or rejected fires missed', () => {
    expect(contactTransitionEvents('connecting', 'error')).toEqual(['error', 'missed', 'ended']);
    expect(contactTransitionEvents('incoming', 'missed')).toEqual(['ended', 'missed']);
    expect(contactTransitionEvents('connecting', 'rejected')).toEqual(['ended', 'missed']);
  });
  it('any state to error fires error', () => {
    expect(contactTransitionEvents('ended', 'error')).toEqual(['error']);
  });
});

describe('agent event graphs (spec §4)', () => {
  it('entering routable, not_routable or offline from any state fires the matching event', () => {
    for (const from of ['init', 'routable', 'not_routable', 'offline', 'system', 'error']) {
      expect(agentRoutingEvents(from, 'routable')).toEqual(from === 'routable' ? [] : ['routable']);
      expect(agentRoutingEvents(from, 'not_routable')).toEqual(
        from === 'not_routable' ? [] : ['notRoutable'],
      );
      expect(agentRoutingEvents(from, 'offline')).toEqual(from === 'offline' ? [] : ['offline']);
      expect(agentRoutingEvents(from, 'system')).toEqual([]);
    }
  });
  it('entering any error state fires error', () => {
    for (const name of [
      'Error',
      'AgentHungUp',
      'BadAddressAgent',
      'BadAddressCustomer',
      'Default',
      'FailedConnectAgent',
      'FailedConnectCustomer',
      'InvalidLocale',
      'LineEngagedAgent',
      'LineEngagedCustomer',
      'MissedCallAgent',
      'MissedCallCustomer',
      'MultipleCcpWindows',
      'RealtimeCommunicationError',
    ]) {
      expect(agentStateNameEvents('Available', name)).toEqual(['error']);
    }
  });
  it('entering after-call-work fires acw', () => {
    expect(agentStateNameEvents('Busy', 'AfterCallWork')).toEqual(['acw']);
    expect(agentStateNameEvents('AfterCallWork', 'AfterCallWork')).toEqual([]);
    expect(agentStateNameEvents('Init', 'Available')).toEqual([]);
  });
});
