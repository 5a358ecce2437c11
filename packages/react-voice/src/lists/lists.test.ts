import { describe, expect, it } from 'vitest';
import type { CallHistoryItem, LiveCallItem, StatusListItem } from '../api/contract';
import { formatVoiceMessage } from '../controller/messages';
import {
  agentBadge,
  compareAgents,
  countAgents,
  filterLiveCalls,
  filterTransferGroups,
  groupAgentsByStatus,
  groupAgentsByTeam,
  groupHistoryByDay,
  historyContactName,
  liveCallRow,
  matchesAgentSearch,
  statusItemAgent,
  visibleAgents,
  voiceRoutes,
} from './lists';

const agent = (
  idAgent: string,
  name: string,
  status: string,
  extra: Partial<StatusListItem> = {},
): StatusListItem => ({
  agent: {
    idAgent,
    name,
    email: `${name.toLowerCase().replace(/ /g, '.')}@acme.test`,
    avatarURL: null,
  },
  status: { name: status },
  connections: [],
  ...extra,
});
const onCall = {
  connections: [{ agentContactState: 'CONNECTED' as const, idCommunication: 'c-1' }],
};
const labels = (groups: { label: Parameters<typeof formatVoiceMessage>[0] }[]) =>
  groups.map((g) => formatVoiceMessage(g.label));

describe('§4 badge by agentContactState', () => {
  it.each([
    ['CONNECTING', 'Ringing'],
    ['CONNECTED', 'On call'],
    ['CONNECTED_ONHOLD', 'On hold'],
    ['ENDED', 'Ended'],
    ['REJECTED', 'Rejected'],
    ['MISSED', 'Missed'],
    ['ERROR', 'Missed'],
  ] as const)('%s → %s', (state, badge) => {
    expect(
      formatVoiceMessage(agentBadge({ agentContactState: state, idCommunication: 'c' })!),
    ).toBe(badge);
  });
});

describe('§4 grouping by status', () => {
  const list = [
    agent('1', 'Zed', 'Offline'),
    agent('2', 'Bea', 'Available', onCall),
    agent('3', 'Cid', 'Away'),
    agent('4', 'Abe', 'Available'),
    agent('5', 'Dot', 'Lunch'),
    agent('6', 'Eve', 'Available'),
    agent('7', 'Fay', 'Coffee'),
  ];

  it('Available goes to On, Offline to Off, others to a group per status name; group order On, Away, other, Off', () => {
    expect(labels(groupAgentsByStatus(list, statusItemAgent))).toEqual([
      'On',
      'Away',
      'Coffee',
      'Lunch',
      'Off',
    ]);
  });

  it('within a group: available agents without a contact, then available agents on a contact, then by name', () => {
    const [on] = groupAgentsByStatus(list, statusItemAgent);
    expect(on!.rows.map((r) => r.item.agent.name)).toEqual(['Abe', 'Eve', 'Bea']);
    expect(on!.rows[2]).toMatchObject({ opensConversation: true });
    expect(formatVoiceMessage(on!.rows[2]!.badge!)).toBe('On call');
    expect(formatVoiceMessage(on!.rows[0]!.presence)).toBe('On');
  });

  it('orders names alphabetically, ignoring case and accents, the same way in both groupings', () => {
    const names = ['eve', 'Émile', 'adam', 'Zoe', 'Ève', 'Bea'];
    const items = names.map((n, i) => agent(`n${i}`, n, 'Available'));
    const expected = ['adam', 'Bea', 'Émile', 'eve', 'Ève', 'Zoe'];
    expect(
      groupAgentsByStatus(items, statusItemAgent)[0]!.rows.map((r) => r.item.agent.name),
    ).toEqual(expected);
    expect(groupAgentsByTeam(items)[0]!.rows.map((r) => r.item.agent.name)).toEqual(expected);
    expect(
      [...items]
        .sort((a, b) => compareAgents(statusItemAgent(a), statusItemAgent(b)))
        .map((i) => i.agent.name),
    ).toEqual(expected);
  });

  it('within a team: available without a contact, available on a contact, Away, others, Offline last', () => {
    const team = { name: 'Sales', emoji: '💰' };
    const teamList = list.map((a) => ({ ...a, team }));
    const [sales] = groupAgentsByTeam(teamList);
    expect(sales!.rows.map((r) => r.item.agent.name)).toEqual([
      'Abe',
      'Eve',
      'Bea',
      'Cid',
      'Dot',
      'Fay',
      'Zed',
    ]);
    expect(sales!.rows.map((r) => formatVoiceMessage(r.presence))).toEqual([
      'On',
      'On',
      'On',
      'Away',
      'Lunch',
      'Coffee',
      'Off',
    ]);
  });
});

describe('§4 grouping by team', () => {
  it("by team name, 'No team' last, the rest alphabetical", () => {
    const groups = groupAgentsByTeam([
      agent('1', 'A', 'Available'),
      agent('2', 'B', 'Available', { team: { name: 'Support', emoji: null } }),
      agent('3', 'C', 'Available', { team: { name: 'Billing', emoji: '🧾' } }),
    ]);
    expect(labels(groups)).toEqual(['Billing', 'Support', 'No team']);
    expect(groups[0]!.emoji).toBe('🧾');
  });
});

describe('§5 agent list rules', () => {
  it('excludes the current user and includes only agents present among the active quick-connect endpoints', () => {
    const list = [
      agent('me', 'Me', 'Available'),
      agent('2', 'Two', 'Available'),
      agent('3', 'Three', 'Away'),
    ];
    expect(
      visibleAgents(list, { currentIdAgent: 'me', quickConnectAgentIds: new Set(['me', '3']) }).map(
        (a) => a.agent.idAgent,
      ),
    ).toEqual(['3']);
  });

  it('agent search matches name or email, case-insensitively, as a substring', () => {
    const a = { name: 'Jane Doe', email: 'jane@acme.test' };
    expect(matchesAgentSearch(a, 'ANE D')).toBe(true);
    expect(matchesAgentSearch(a, 'acme.TEST')).toBe(true);
    expect(matchesAgentSearch(a, 'john')).toBe(false);
    expect(matchesAgentSearch(a, '')).toBe(true);
  });

  it('team search matches the name; the teams badge is the filtered list length and the agents badge counts agents across all filtered groups', () => {
    const groups = [
      { id: '1', name: 'Sales', description: 'sell', endpointId: 'e1' },
      { id: '2', name: 'Support', description: 'sales help', endpointId: 'e2' },
    ];
    expect(filterTransferGroups(groups, 'sal').map((g) => g.name)).toEqual(['Sales']);
    const agentGroups = groupAgentsByStatus(
      [agent('1', 'A', 'Available'), agent('2', 'B', 'Away'), agent('3', 'C', 'Available')],
      statusItemAgent,
    );
    expect(countAgents(agentGroups)).toBe(3);
  });
});

const historyItem = (
  id: string,
  createdAt: string,
  over: Partial<CallHistoryItem> = {},
): CallHistoryItem => ({
  id,
  idCommunication: `c-${id}`,
  communicationType: 'inbound',
  answered: true,
  createdAt,
  contact: { id: 'ct', name: 'Ada', phone: '+15555550123' },
  contactPhoneNumber: '+15555550123',
  agent: null,
  recordingUrl: null,
  recordingDuration: null,
  idConversation: null,
  idPart: null,
  ...over,
});

describe('§2 call history', () => {
  it('rows are grouped by day with headings Today, Yesterday, or a medium date', () => {
    const now = new Date(2026, 2, 2, 15, 0).getTime();
    const days = groupHistoryByDay(
      [
        historyItem('1', new Date(2026, 2, 2, 9).toISOString()),
        historyItem('2', new Date(2026, 2, 2, 8).toISOString()),
        historyItem('3', new Date(2026, 2, 1, 22).toISOString()),
        historyItem('4', new Date(2026, 1, 27, 10).toISOString()),
      ],
      now,
    );
    expect(days.map((d) => [formatVoiceMessage(d.label), d.items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['Feb 27, 2026', 1],
    ]);
  });

  it('a contact name starting with the visitor prefix is shown as the phone', () => {
    expect(
      historyContactName(
        historyItem('1', '2026-01-01T00:00:00Z', {
          contact: { id: 'x', name: 'visitor-8123', phone: '+15550001' },
        }),
      ),
    ).toBe('+15550001');
    expect(historyContactName(historyItem('1', '2026-01-01T00:00:00Z'))).toBe('Ada');
  });

  it("the host's formatPhoneNumber shows a visitor's number; a named contact keeps their name", () => {
    const format = (n: string) => `formatted ${n}`;
    expect(
      historyContactName(
        historyItem('1', '2026-01-01T00:00:00Z', {
          contact: { id: 'x', name: 'visitor-8123', phone: '+15550001' },
        }),
        format,
      ),
    ).toBe('formatted +15550001');
    expect(historyContactName(historyItem('1', '2026-01-01T00:00:00Z'), format)).toBe('Ada');
  });
});

const liveCall = (
  state: LiveCallItem['connection']['agentContactState'],
  type: LiveCallItem['connection']['type'],
  agentName?: string,
): LiveCallItem => ({
  connection: {
    type,
    timestamp: '2026-03-02T10:00:00.000Z',
    agentContactState: state,
    idCommunication: `c-${state}`,
  },
  contact: { name: 'Ada' },
  agent: agentName ? { name: agentName, email: 'x@acme.test', avatarURL: null } : null,
});

describe('§2 live calls', () => {
  const now = Date.parse('2026-03-02T10:01:05.000Z');

  it('an icon by connection type: inbound phone-incoming, outbound phone-outgoing, otherwise transfer; elapsed time as mm:ss', () => {
    expect(
      ['inbound', 'outbound', 'transfer'].map(
        (t) => liveCallRow(liveCall('CONNECTED', t as 'inbound'), now, false).icon,
      ),
    ).toEqual(['phone-incoming', 'phone-outgoing', 'transfer']);
    expect(liveCallRow(liveCall('CONNECTED', 'inbound'), now, false).elapsed).toBe('01:05');
  });

  it("a ringing call shows a disabled 'Ringing' button; a connected or on-hold call shows 'Join', disabled when the current user is already on a call", () => {
    expect(liveCallRow(liveCall('CONNECTING', 'inbound'), now, false)).toMatchObject({
      action: 'ringing',
      actionDisabled: true,
    });
    expect(liveCallRow(liveCall('CONNECTED', 'inbound'), now, false)).toMatchObject({
      action: 'join',
      actionDisabled: false,
    });
    expect(liveCallRow(liveCall('CONNECTED_ONHOLD', 'inbound'), now, true)).toMatchObject({
      action: 'join',
      actionDisabled: true,
    });
    expect(liveCallRow(liveCall('ENDED', 'inbound'), now, false).action).toBeNull();
  });

  it('search matches the agent or the contact', () => {
    const list = [
      liveCall('CONNECTED', 'inbound', 'Jane'),
      { ...liveCall('CONNECTED', 'inbound'), contact: { name: 'Bob' } },
    ];
    expect(filterLiveCalls(list, 'jan')).toHaveLength(1);
    expect(filterLiveCalls(list, 'BOB')).toHaveLength(1);
    expect(filterLiveCalls(list, '')).toHaveLength(2);
  });
});

describe('§2/§5 navigation', () => {
  it('transcript, recording and conversation navigation do nothing if the required ids are missing', () => {
    expect(voiceRoutes.conversation('acme', null)).toBeNull();
    expect(voiceRoutes.callPart('acme', { idConversation: 'c', idPart: null })).toBeNull();
    expect(voiceRoutes.contactProfile('acme', undefined)).toBeNull();
    expect(voiceRoutes.conversation('acme', 'c-1')).toBe('/ws/acme/inbox/all/conversations/c-1');
    expect(voiceRoutes.contactsUsers('acme')).toBe('/ws/acme/contacts/users');
  });

  it('the recording of a call part; with transcript=1 (merged with any existing query) it opens the transcript', () => {
    const ids = { idConversation: 'c-1', idPart: 'p-1' };
    expect(voiceRoutes.callPart('acme', ids)).toBe('/ws/acme/inbox/all/conversations/c-1/part/p-1');
    expect(voiceRoutes.callPart('acme', ids, { transcript: true, query: 'tab=notes' })).toBe(
      '/ws/acme/inbox/all/conversations/c-1/part/p-1?tab=notes&transcript=1',
    );
  });
});
