import { TestPanel } from '@x/connect-streams/testing';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook } from 'vitest-browser-react';
import type { VoiceApi } from '../api/client';
import type { CallHistoryItem, LiveCallItem, StatusListItem, TransferAgent } from '../api/contract';
import { AGENT_LIST_COLLAPSED_STORAGE_KEY } from '../controller/constants';
import { formatVoiceMessage } from '../controller/messages';
import { VoiceController } from '../controller/voice-controller';
import { fakeApi } from '../../test/fake-api';
import {
  useAgent,
  useAgentStatus,
  useAudioDevices,
  useCall,
  useCallControls,
  useMonitoring,
  useParticipants,
} from './hooks';
import { useAgentList, useCallHistory, useLiveCalls, useTransferTargets } from './list-hooks';
import { VoiceProvider } from './voice-provider';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  localStorage.removeItem(AGENT_LIST_COLLAPSED_STORAGE_KEY);
});

async function started(
  api: Partial<VoiceApi> = {},
  options: { idAgent?: string; devices?: MediaDeviceInfo[] } = {},
) {
  const panel = new TestPanel();
  const controller = new VoiceController({
    api: fakeApi(api),
    storage: null,
    idAgent: options.idAgent ?? null,
    connect: () => panel.connect(),
    ...(options.devices
      ? { mediaDevices: { enumerateDevices: () => Promise.resolve(options.devices!) } }
      : {}),
  });
  cleanups.push(() => controller.dispose());
  await controller.start();
  panel.instance.setAgentState('Available');
  await panel.settle();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <VoiceProvider controller={controller}>{children}</VoiceProvider>
  );
  return { panel, controller, wrapper };
}

const text = formatVoiceMessage;

describe('useAgent and useAgentStatus', () => {
  it('show the status, its description and its elapsed time, refreshed every second (days as D)', async () => {
    const { panel, wrapper } = await started();
    const snapshot = panel.instance.snapshot();
    snapshot.snapshot.state.startTimestamp = new Date(Date.now() - (26 * 3600 + 5) * 1000);
    panel.pushAgentUpdate(snapshot);
    const { result } = await renderHook(() => useAgentStatus(), { wrapper });
    await expect.poll(() => result.current.elapsed).toMatch(/^1D 02:00:0\d$/);
    expect(text(result.current.label)).toBe('On');
    expect(text(result.current.description)).toBe('Waiting for inbound voice calls');
    const first = result.current.elapsed;
    await expect.poll(() => result.current.elapsed, { timeout: 2500 }).not.toBe(first);
  });

  it('sets the status through the agent hook', async () => {
    const { wrapper } = await started();
    const { result } = await renderHook(() => ({ agent: useAgent(), status: useAgentStatus() }), {
      wrapper,
    });
    expect(result.current.agent.ready).toBe(true);
    expect(result.current.agent.options.map((o) => o.name)).toEqual([
      'Available',
      'Offline',
      'Lunch',
    ]);
    await result.current.agent.setStatus('Lunch');
    await expect.poll(() => result.current.status.name).toBe('Lunch');
    expect(text(result.current.status.description)).toBe(
      'Set status to Available to allow inbound voice calls',
    );
  });
});

describe('useCall and useCallControls', () => {
  it('ring, accept, hold, mute, keypad, end and Finish', async () => {
    const { panel, wrapper } = await started();
    const { result } = await renderHook(() => ({ call: useCall(), controls: useCallControls() }), {
      wrapper,
    });
    const id = panel.instance.incomingCall({ phoneNumber: '+15555550123' });
    await expect.poll(() => result.current.call.view).toBe('incoming');
    await result.current.controls.accept();
    await expect.poll(() => result.current.call.view).toBe('connected');
    expect(result.current.call.conversationContact?.name).toBe('Ada Lovelace');
    await result.current.controls.toggleHold();
    await expect.poll(() => result.current.call.onHold).toBe(true);
    await result.current.controls.toggleMute();
    await expect.poll(() => result.current.call.muted).toBe(true);
    expect(result.current.controls.pressKey('5')).toBe(true);
    expect(result.current.controls.pressKey('x')).toBe(false);
    await expect.poll(() => panel.instance.digits.get(`${id}-agent`)).toEqual(['5']);
    await result.current.controls.end();
    await expect.poll(() => result.current.call.view).toBe('afterCallWork');
    await result.current.controls.finish();
    await expect.poll(() => result.current.call.view).toBe('none');
  });

  it('a snapshot update re-renders only components whose selected data changed', async () => {
    const { panel, wrapper } = await started();
    const renders = { call: 0, participants: 0, monitoring: 0, agent: 0 };
    function Call() {
      useCall();
      renders.call++;
      return null;
    }
    function Participants() {
      useParticipants();
      renders.participants++;
      return null;
    }
    function Monitoring() {
      useMonitoring();
      renders.monitoring++;
      return null;
    }
    function Agent() {
      useAgent();
      renders.agent++;
      return null;
    }
    await render(
      <>
        <Call />
        <Participants />
        <Monitoring />
        <Agent />
      </>,
      { wrapper },
    );
    const before = { ...renders };
    panel.instance.update(); // the same data again
    await panel.settle();
    expect(renders).toEqual(before);
    panel.instance.setAgentState('Lunch'); // only the agent changes
    await expect.poll(() => renders.agent).toBe(before.agent + 1);
    expect(renders).toEqual({ ...before, agent: before.agent + 1 });
  });
});

describe('useParticipants', () => {
  it('lists the other parties and refreshes their state duration every second', async () => {
    const { panel, controller, wrapper } = await started();
    panel.instance.incomingCall();
    await panel.settle();
    await controller.accept();
    const { result } = await renderHook(() => useParticipants(), { wrapper });
    await expect.poll(() => result.current.participants.length).toBe(1);
    const first = result.current.participants[0]!.stateDuration;
    await expect
      .poll(() => result.current.participants[0]!.stateDuration, { timeout: 2500 })
      .toBeGreaterThan(first);
  });
});

describe('useMonitoring', () => {
  it("joins a live call, switches to Participant and asks 'Leave call?' before leaving", async () => {
    const { panel, wrapper } = await started();
    const { result } = await renderHook(() => useMonitoring(), { wrapper });
    await result.current.join('live-1');
    panel.instance.monitoringCall({ contactId: 'mon-1' });
    await expect.poll(() => result.current.isMonitoring).toBe(true);
    expect(result.current).toMatchObject({ isSilentMonitorEnabled: true, isBargeEnabled: true });
    await result.current.setMode('participant');
    await expect.poll(() => result.current.mode).toBe('participant');
    result.current.requestLeave();
    await expect
      .poll(() => result.current.leaveConfirmation && text(result.current.leaveConfirmation.title))
      .toBe('Leave call?');
    await result.current.confirmLeave();
    await expect.poll(() => result.current.isMonitoring).toBe(false);
  });
});

describe('useAudioDevices', () => {
  it('lists the devices on first use and selects a speaker', async () => {
    const devices = [
      { deviceId: 'mic-1', kind: 'audioinput', label: 'Mic', groupId: '' },
      { deviceId: 'spk-1', kind: 'audiooutput', label: 'Speaker', groupId: '' },
    ] as MediaDeviceInfo[];
    const { wrapper } = await started({}, { devices });
    const { result } = await renderHook(() => useAudioDevices(), { wrapper });
    await expect.poll(() => result.current.status).toBe('ready');
    expect(result.current.speakers.map((d) => d.label)).toEqual(['Speaker']);
    expect(result.current.canChangeMicrophone).toBe(false);
    result.current.select('speaker', 'spk-1');
    await expect.poll(() => result.current.selected.speaker).toBe('spk-1');
  });
});

const transferAgent = (idAgent: string, name: string, status = 'Available'): TransferAgent => ({
  idAgent,
  name,
  email: `${name.toLowerCase()}@acme.test`,
  avatarURL: null,
  status: { name: status },
  connections: [],
  endpointId: `e-${idAgent}`,
});

describe('useTransferTargets', () => {
  it('searches agents and teams; the agents badge counts agents across the filtered groups, the teams badge the filtered teams', async () => {
    const { wrapper } = await started(
      {
        getTransfers: () =>
          Promise.resolve({
            agents: [
              transferAgent('me', 'Jane'),
              transferAgent('2', 'John'),
              transferAgent('3', 'Ana', 'Away'),
            ],
            groups: [
              { id: 'g1', name: 'Sales', description: '', endpointId: 'e-sales' },
              { id: 'g2', name: 'Support', description: '', endpointId: 'e-support' },
            ],
          }),
      },
      { idAgent: 'me' },
    );
    const { result, act } = await renderHook(() => useTransferTargets(), { wrapper });
    await expect.poll(() => result.current.status).toBe('ready');
    expect(result.current.agentCount).toBe(2);
    expect(result.current.groupCount).toBe(2);
    await act(() => result.current.setSearch('s'));
    expect(result.current.groups.map((g) => g.name)).toEqual(['Sales', 'Support']);
    await act(() => result.current.setSearch('sup'));
    expect(result.current.groupCount).toBe(1);
    expect(result.current.agentCount).toBe(0);
  });
});

const statusItem = (
  idAgent: string,
  name: string,
  status: string,
  team?: string,
): StatusListItem => ({
  agent: { idAgent, name, email: `${name.toLowerCase()}@acme.test`, avatarURL: null },
  status: { name: status },
  team: team ? { name: team, emoji: null } : null,
  connections: [],
});

describe('useAgentList', () => {
  it('groups by status or team, searches, and keeps collapsed groups in local storage', async () => {
    const { wrapper } = await started(
      {
        getAgentsStatus: () =>
          Promise.resolve([
            statusItem('me', 'Jane', 'Available', 'Sales'),
            statusItem('2', 'John', 'Offline', 'Sales'),
            statusItem('3', 'Ana', 'Available'),
            statusItem('4', 'Nobody', 'Available'),
          ]),
        getTransfers: () =>
          Promise.resolve({
            agents: [
              transferAgent('me', 'Jane'),
              transferAgent('2', 'John'),
              transferAgent('3', 'Ana'),
            ],
            groups: [],
          }),
      },
      { idAgent: 'me' },
    );
    const { result, act } = await renderHook(() => useAgentList(), { wrapper });
    await expect.poll(() => result.current.status).toBe('ready');
    const labels = () => result.current.groups.map((g) => text(g.label));
    expect(labels()).toEqual(['On', 'Off']);
    await act(() => result.current.setGrouping('team'));
    expect(labels()).toEqual(['Sales', 'No team']);
    await act(() => result.current.setSearch('ANA'));
    expect(labels()).toEqual(['No team']);
    await act(() => result.current.toggleGroup('team:'));
    expect(result.current.isCollapsed('team:')).toBe(true);
    expect(JSON.parse(localStorage.getItem(AGENT_LIST_COLLAPSED_STORAGE_KEY)!)).toEqual(['team:']);
  });
});

const historyItem = (id: string, createdAt = new Date().toISOString()): CallHistoryItem => ({
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
});

describe('useCallHistory', () => {
  it('pages by last id until an empty page; the search is debounced 1000 ms and resets the list; Escape clears it', async () => {
    const getHistoryPage = vi.fn(
      ({ lastId, searchText }: { lastId?: string; searchText: string }) => {
        if (searchText) return Promise.resolve(searchText === 'ada' ? [historyItem('s1')] : []);
        if (!lastId) return Promise.resolve([historyItem('1'), historyItem('2')]);
        if (lastId === '2') return Promise.resolve([historyItem('3')]);
        return Promise.resolve([]);
      },
    );
    const { wrapper } = await started({ getHistoryPage });
    const { result, act } = await renderHook(() => useCallHistory(), { wrapper });
    await expect.poll(() => result.current.status).toBe('ready');
    expect(result.current.days.map((d) => text(d.label))).toEqual(['Today']);
    await act(() => result.current.loadMore());
    await expect.poll(() => result.current.items.map((i) => i.id)).toEqual(['1', '2', '3']);
    await act(() => result.current.loadMore());
    await expect.poll(() => result.current.hasMore).toBe(false);
    expect(getHistoryPage.mock.calls.map(([q]) => q.lastId)).toEqual([undefined, '2', '3']);

    const started_ = Date.now();
    await act(() => result.current.setSearchText('ada'));
    await act(() => result.current.setSearchText('ad'));
    await act(() => result.current.setSearchText('ada'));
    await expect
      .poll(() => result.current.items.map((i) => i.id), { timeout: 3000 })
      .toEqual(['s1']);
    expect(Date.now() - started_).toBeGreaterThanOrEqual(1000);
    expect(getHistoryPage.mock.calls.filter(([q]) => q.searchText).length).toBe(1);

    await act(() => result.current.setSearchText('zzz'));
    await expect.poll(() => result.current.empty, { timeout: 3000 }).toBe('noResults');
    await act(() => result.current.clearSearch());
    await expect.poll(() => result.current.items.map((i) => i.id)).toEqual(['1', '2']);
    expect(result.current.searchText).toBe('');

    await act(() => result.current.setSearchType('missed'));
    await expect
      .poll(() => getHistoryPage.mock.calls.at(-1)?.[0])
      .toMatchObject({ searchType: 'missed' });
  });

  it('reloads when a call is over (its history is new)', async () => {
    const getHistoryPage = vi.fn(() => Promise.resolve([historyItem('1')]));
    const { panel, controller, wrapper } = await started({ getHistoryPage });
    const { result } = await renderHook(() => useCallHistory(), { wrapper });
    await expect.poll(() => result.current.status).toBe('ready');
    const id = panel.instance.incomingCall();
    await panel.settle();
    await controller.accept();
    panel.instance.customerHangsUp(id);
    await panel.settle();
    expect(getHistoryPage).toHaveBeenCalledTimes(1);
    await controller.finish();
    await expect.poll(() => getHistoryPage.mock.calls.length).toBe(2);
  });

  it("without search text and no calls: 'noCalls'", async () => {
    const { wrapper } = await started({ getHistoryPage: () => Promise.resolve([]) });
    const { result } = await renderHook(() => useCallHistory(), { wrapper });
    await expect.poll(() => result.current.empty).toBe('noCalls');
  });
});

const liveCall = (
  id: string,
  contact: string,
  agent: string | null,
  state: LiveCallItem['connection']['agentContactState'],
): LiveCallItem => ({
  connection: {
    type: 'inbound',
    timestamp: new Date(Date.now() - 65_000).toISOString(),
    agentContactState: state,
    idCommunication: id,
  },
  contact: { name: contact },
  agent: agent ? { name: agent, email: `${agent}@acme.test`, avatarURL: null } : null,
});

describe('useLiveCalls', () => {
  it('searches agent or contact, shows mm:ss, and disables Join while the user is on a call', async () => {
    const { panel, controller, wrapper } = await started({
      getLiveCalls: () =>
        Promise.resolve([
          liveCall('c-1', 'Ada', 'John', 'CONNECTED'),
          liveCall('c-2', 'Bob', null, 'CONNECTING'),
        ]),
    });
    const { result, act } = await renderHook(() => useLiveCalls(), { wrapper });
    expect(result.current.skeletonRows).toBe(3);
    await expect.poll(() => result.current.status).toBe('ready');
    expect(result.current.rows.map((r) => [r.action, r.actionDisabled])).toEqual([
      ['join', false],
      ['ringing', true],
    ]);
    expect(result.current.rows[0]!.elapsed).toMatch(/^01:0[5-9]$/);
    await act(() => result.current.setSearchText('john'));
    expect(result.current.rows.map((r) => r.idCommunication)).toEqual(['c-1']);
    await act(() => result.current.setSearchText('nobody'));
    expect(result.current.empty).toBe('noneFound');
    await act(() => result.current.clearSearch());
    panel.instance.incomingCall();
    await panel.settle();
    await controller.accept();
    await expect.poll(() => result.current.rows[0]!.actionDisabled).toBe(true);
  });
});
