import { describe, expect, it } from 'vitest';
import {
  agentStatusKind,
  agentStatusLabel,
  derivedStatusOf,
  describeAgentStatus,
  formatElapsed,
  formatMinutesSeconds,
} from './agent-status';
import type { AgentStatusFacts } from './agent-status';
import { formatVoiceMessage } from './messages';

const idle: AgentStatusFacts['call'] = {
  status: 'idle',
  isOutbound: false,
  endReason: null,
  customerOnHold: false,
  agentOnHold: false,
  multiparty: false,
};
type Over = Partial<Omit<AgentStatusFacts, 'call'>> & { call?: Partial<AgentStatusFacts['call']> };
const facts = (over: Over) =>
  formatVoiceMessage(
    describeAgentStatus({
      name: 'Available',
      type: 'routable',
      monitoring: { isMonitoring: false, isSilentMonitor: false },
      transferring: false,
      ...over,
      call: { ...idle, ...over.call },
    }),
  );

describe('§4 status descriptions, verbatim', () => {
  it.each([
    ['Available', {}, 'Waiting for inbound voice calls'],
    ['Incoming call', { name: 'PendingBusy', type: 'system' }, 'Incoming call'],
    [
      'On a call with...',
      { name: 'Busy', type: 'system', call: { status: 'connected' as const } },
      'On a call with...',
    ],
    [
      'Call on hold',
      {
        name: 'Busy',
        type: 'system',
        call: { status: 'connected' as const, customerOnHold: true },
      },
      'Call on hold',
    ],
    [
      'Transfer call',
      { name: 'Busy', type: 'system', transferring: true, call: { status: 'connected' as const } },
      'Transfer call',
    ],
    [
      "Transfer call: you're on hold",
      {
        name: 'Busy',
        type: 'system',
        transferring: true,
        call: { status: 'connected' as const, agentOnHold: true },
      },
      "Transfer call: you're on hold",
    ],
    [
      "You're a call listener",
      {
        name: 'Busy',
        type: 'system',
        monitoring: { isMonitoring: true, isSilentMonitor: true },
        call: { status: 'connected' as const },
      },
      "You're a call listener",
    ],
    [
      "You're on call",
      { name: 'Busy', type: 'system', call: { status: 'connected' as const, multiparty: true } },
      "You're on call",
    ],
    [
      "You're on hold",
      {
        name: 'Busy',
        type: 'system',
        call: { status: 'connected' as const, multiparty: true, agentOnHold: true },
      },
      "You're on hold",
    ],
    ['Calling to...', { name: 'CallingCustomer', type: 'system' }, 'Calling to...'],
    [
      "Call ended, you're on after call work",
      { name: 'AfterCallWork', type: 'system', call: { status: 'ended' as const } },
      "Call ended, you're on after call work",
    ],
    [
      "Missed call, you're on after call work.",
      { name: 'MissedCallAgent', type: 'error' },
      "Missed call, you're on after call work.",
    ],
    [
      "Rejected call, you're on after call work.",
      {
        name: 'AfterCallWork',
        type: 'system',
        call: { status: 'missed' as const, endReason: 'rejected' as const },
      },
      "Rejected call, you're on after call work.",
    ],
    [
      'Customer did not answer the voice call',
      { name: 'FailedConnectCustomer', type: 'error' },
      'Customer did not answer the voice call',
    ],
    [
      'Customer reject voice call',
      { name: 'LineEngagedCustomer', type: 'error' },
      'Customer reject voice call',
    ],
    [
      'an outbound call the customer did not answer, in its after-call work',
      {
        name: 'FailedConnectCustomer',
        type: 'error',
        call: { status: 'ended' as const, isOutbound: true, endReason: 'ended' as const },
      },
      'Customer did not answer the voice call',
    ],
    [
      'an outbound call the customer rejected, in its after-call work',
      {
        name: 'LineEngagedCustomer',
        type: 'error',
        call: { status: 'ended' as const, isOutbound: true, endReason: 'ended' as const },
      },
      'Customer reject voice call',
    ],
    [
      'Agent hung-up voice call.',
      { name: 'AgentHungUp', type: 'error' },
      'Agent hung-up voice call.',
    ],
    [
      'custom states',
      { name: 'Lunch', type: 'not_routable' },
      'Set status to Available to allow inbound voice calls',
    ],
    ['unknown', { name: 'Default', type: 'error' }, 'Unhandled agent status: Default'],
  ])('%s', (_, over, expected) => {
    expect(facts(over)).toBe(expected);
  });
});

describe('§4 agent availability', () => {
  it("Available (shown 'On'), Offline (shown 'Off'), and custom named states (shown with their name)", () => {
    expect(formatVoiceMessage(agentStatusLabel('Available', 'routable'))).toBe('On');
    expect(formatVoiceMessage(agentStatusLabel('Offline', 'offline'))).toBe('Off');
    expect(formatVoiceMessage(agentStatusLabel('Away', 'not_routable'))).toBe('Away');
    expect(agentStatusKind('Away', 'not_routable')).toBe('custom');
  });

  it('derived states: BUSY, PENDING_BUSY, CALLING_CUSTOMER, AFTER_CALL_WORK', () => {
    expect(
      ['Busy', 'PendingBusy', 'CallingCustomer', 'AfterCallWork', 'Available'].map(derivedStatusOf),
    ).toEqual(['BUSY', 'PENDING_BUSY', 'CALLING_CUSTOMER', 'AFTER_CALL_WORK', null]);
  });
});

describe('§9 elapsed time formats', () => {
  it("the chip: optional days 'D', then hours, minutes and seconds", () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(3_723_000)).toBe('01:02:03');
    expect(formatElapsed(93_784_000)).toBe('1D 02:03:04');
  });

  it('live calls: mm:ss', () => {
    expect(formatMinutesSeconds(65_000)).toBe('01:05');
    expect(formatMinutesSeconds(3_725_000)).toBe('62:05');
  });
});
