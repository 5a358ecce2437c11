import { describe, expect, it } from 'vitest';
import {
  CONNECTION_TRANSITIONS,
  CONTACT_TRANSITIONS,
  InvalidTransitionError,
  nextConnectionState,
  nextContactState,
  type ConnectionEvent,
  type ContactEvent,
} from './machines';

const contactEvents: ContactEvent[] = [
  'offer',
  'offerCallback',
  'accept',
  'miss',
  'reject',
  'end',
  'pause',
  'resume',
];
const connectionEvents: ConnectionEvent[] = ['dial', 'answer', 'hold', 'resume', 'disconnect'];

describe('contact state machine, transition by transition', () => {
  const cases = Object.entries(CONTACT_TRANSITIONS).flatMap(([from, row]) =>
    contactEvents.map((event) => [from, event, row[event] ?? null] as const),
  );
  it.each(cases)('from %s on %s goes to %s (null = refused)', (from, event, to) => {
    const run = () => nextContactState(from as keyof typeof CONTACT_TRANSITIONS, event);
    if (to === null) expect(run).toThrow(InvalidTransitionError);
    else expect(run()).toBe(to);
  });

  it('an inbound voice offer rings as connecting, is accepted to connected, and ends', () => {
    expect(nextContactState('init', 'offer')).toBe('connecting');
    expect(nextContactState('connecting', 'accept')).toBe('connected');
    expect(nextContactState('connected', 'end')).toBe('ended');
  });

  it('an unanswered offer is missed; a refused one is rejected; both are final', () => {
    expect(nextContactState('connecting', 'miss')).toBe('missed');
    expect(nextContactState('connecting', 'reject')).toBe('rejected');
    expect(() => nextContactState('missed', 'accept')).toThrow(/cannot accept from state missed/);
    expect(() => nextContactState('ended', 'end')).toThrow(InvalidTransitionError);
  });
});

describe('connection state machine, transition by transition', () => {
  const cases = Object.entries(CONNECTION_TRANSITIONS).flatMap(([from, row]) =>
    connectionEvents.map((event) => [from, event, row[event] ?? null] as const),
  );
  it.each(cases)('from %s on %s goes to %s (null = refused)', (from, event, to) => {
    const run = () => nextConnectionState(from as keyof typeof CONNECTION_TRANSITIONS, event);
    if (to === null) expect(run).toThrow(InvalidTransitionError);
    else expect(run()).toBe(to);
  });

  it('hold and resume only between connected and hold', () => {
    expect(nextConnectionState('connected', 'hold')).toBe('hold');
    expect(nextConnectionState('hold', 'resume')).toBe('connected');
    expect(() => nextConnectionState('connecting', 'hold')).toThrow(InvalidTransitionError);
    expect(() => nextConnectionState('disconnected', 'resume')).toThrow(InvalidTransitionError);
  });
});
