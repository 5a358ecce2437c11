import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISASTER_RECOVERY_POLL } from '../constants';
import { TestPanel } from '../testing/test-panel';
import { PanelError } from '../testing/panel-error';
import type { Ccp } from '../ccp/ccp';
import { initDisasterRecovery, setPanelOffline, suppressPanelContacts } from './host';
import { DisasterRecoveryEvents as DR } from '../protocol/names';
import { DR_EVENTS } from './events';

// Disaster recovery (region failover and the panel fleet), run on the host over the in-memory test panel.

let panel: TestPanel;
let ccp: Ccp;

beforeEach(async () => {
  vi.useFakeTimers();
  panel = new TestPanel();
  ccp = panel.connect();
  await panel.settle();
  panel.instance.setAgentState('Available');
  await panel.settle();
});
afterEach(() => {
  ccp.terminate();
  vi.useRealTimers();
});

const methods = () => panel.requests.map((r) => r.method);
const offlineRequests = () =>
  panel.requests.filter(
    (r) =>
      r.method === 'putAgentState' && (r.params['state'] as { type?: string }).type === 'offline',
  );
/** Every envelope the host sent, as `event` names, from disaster recovery and CTI requests. */
const trail = () =>
  panel.received
    .filter((m) => m.event.startsWith('disasterRecovery::') || m.event === 'api_request')
    .map((m) => (m.event === 'api_request' ? (m.data as { method: string }).method : m.event));

async function connectedContact(type = 'voice'): Promise<string> {
  const id = panel.instance.incomingCall({ type });
  await panel.settle();
  await ccp.contacts.get(id)!.accept();
  await panel.settle();
  return id;
}

describe('disaster recovery duties on the host', () => {
  it('the disaster-recovery event names are those of the wire contract', () => {
    expect(DR_EVENTS).toEqual(DR);
  });

  it('the disaster-recovery poll runs every 60 s with a 10 s timeout (spec §9)', () => {
    expect(DISASTER_RECOVERY_POLL).toEqual({ intervalMs: 60_000, timeoutMs: 10_000 });
  });

  it('a primary suppresses nothing and is not forced offline', async () => {
    initDisasterRecovery(ccp, { region: 'us-east-1', isPrimary: true });
    await panel.settle();
    expect(panel.received.filter((m) => m.event === DR.SUPPRESS).map((m) => m.data)).toEqual([
      { suppress: false, shouldSendFailoverDownstream: false },
    ]);
    expect(panel.received.some((m) => m.event === DR.FORCE_OFFLINE)).toBe(false);
    expect(offlineRequests()).toEqual([]);
    expect(ccp.agent.getState().name).toBe('Available');
  });

  it('a stand-by suppresses contacts and is forced offline', async () => {
    initDisasterRecovery(ccp, { region: 'us-west-2', isPrimary: false });
    await panel.settle(30);
    expect(panel.received.filter((m) => m.event === DR.SUPPRESS).map((m) => m.data)).toEqual([
      { suppress: true, shouldSendFailoverDownstream: false },
    ]);
    expect(panel.received.filter((m) => m.event === DR.FORCE_OFFLINE).map((m) => m.data)).toEqual([
      { offline: false, nextActiveArn: undefined },
    ]);
    expect(offlineRequests()).toHaveLength(1);
    expect(ccp.agent.getState().type).toBe('offline');
  });

  it('with pollForFailover the worker is asked to poll for the active region instead', async () => {
    initDisasterRecovery(ccp, {
      region: 'us-west-2',
      pollForFailover: true,
      instanceArn: 'arn:a',
      otherArn: 'arn:b',
      authToken: 't',
    });
    await panel.settle();
    expect(panel.received.filter((m) => m.event === DR.INIT_DR_POLLING).map((m) => m.data)).toEqual(
      [{ instanceArn: 'arn:a', otherArn: 'arn:b', authToken: 't' }],
    );
    expect(panel.received.some((m) => m.event === DR.SUPPRESS)).toBe(false);
  });

  it('hard failover destroys each agent connection, then sets the agent offline', async () => {
    const voice = await connectedContact('voice');
    const chat = await connectedContact('chat');
    const duties = initDisasterRecovery(ccp, { region: 'us-east-1', isPrimary: true });
    const offline = vi.fn();
    duties.on('offline', offline);
    await panel.settle();
    panel.requests.length = 0;
    panel.received.length = 0;
    await duties.forceOffline({ nextActiveArn: 'arn:b' });
    await panel.settle(30);
    expect(trail()).toEqual([
      'destroyConnection',
      'destroyConnection',
      DR.FORCE_OFFLINE,
      'putAgentState',
    ]);
    expect(panel.requests.slice(0, 2).map((r) => r.params['contactId'])).toEqual([voice, chat]);
    expect(panel.received.find((m) => m.event === DR.FORCE_OFFLINE)?.data).toEqual({
      offline: false,
      nextActiveArn: 'arn:b',
    });
    expect(offline).toHaveBeenCalledTimes(1);
    expect(ccp.agent.getState().type).toBe('offline');
  });

  it('if destroying fails, force-offline is flagged again and the agent is not set offline', async () => {
    await connectedContact('voice');
    panel.handle('destroyConnection', () => {
      throw new PanelError({ type: 'ServiceUnavailableException', message: 'down' });
    });
    const duties = initDisasterRecovery(ccp, { region: 'us-east-1', isPrimary: true });
    const failed = vi.fn();
    duties.on('forceOfflineFailed', failed);
    await duties.forceOffline({ nextActiveArn: 'arn:b' });
    await panel.settle(30);
    expect(panel.received.filter((m) => m.event === DR.FORCE_OFFLINE).map((m) => m.data)).toEqual([
      { offline: true, nextActiveArn: 'arn:b' },
    ]);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(offlineRequests()).toEqual([]);
  });

  it('soft failover waits for voice and callback contacts to be destroyed; other contacts are hung up at once', async () => {
    const voice = await connectedContact('voice');
    const chat = await connectedContact('chat');
    const callback = await connectedContact('queue_callback');
    const duties = initDisasterRecovery(ccp, { region: 'us-east-1', isPrimary: true });
    const pending = vi.fn();
    const offline = vi.fn();
    duties.on('failoverPending', pending);
    duties.on('offline', offline);
    panel.requests.length = 0;
    await duties.forceOffline({ softFailover: true, nextActiveArn: 'arn:b' });
    await panel.settle(30);
    expect(
      panel.requests
        .filter((r) => r.method === 'destroyConnection')
        .map((r) => r.params['contactId']),
    ).toEqual([chat]);
    expect(pending.mock.calls.map(([d]) => (d as { contactId: string }).contactId)).toEqual([
      voice,
      callback,
    ]);
    expect(offlineRequests()).toEqual([]);
    // The voice contact ends and is cleared: the callback is still waited for.
    panel.instance.customerHangsUp(voice);
    await panel.settle();
    await ccp.contacts.get(voice)!.clear();
    await panel.settle(30);
    panel.instance.dropContact(chat);
    await panel.settle(30);
    expect(offlineRequests()).toEqual([]);
    panel.instance.dropContact(callback);
    await panel.settle(30);
    expect(offlineRequests()).toHaveLength(1);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(pending).toHaveBeenCalledTimes(2);
    expect(panel.received.filter((m) => m.event === DR.FORCE_OFFLINE).map((m) => m.data)).toEqual([
      { offline: false, nextActiveArn: 'arn:b' },
    ]);
  });

  it('force-offline asked by the worker (disasterRecovery::force_offline) runs in the failover master tab', async () => {
    initDisasterRecovery(ccp, { region: 'us-east-1', isPrimary: true });
    await panel.settle();
    panel.emit(DR.FORCE_OFFLINE);
    await panel.settle(30);
    expect(methods()).toContain('putAgentState');
    expect(
      panel.received
        .filter((m) => m.event === 'master_request')
        .map((m) => (m.data as { params: { topic: string } }).params.topic),
    ).toContain('connect::failover');
    expect(offlineRequests()).toHaveLength(1);
  });

  it('force-offline asked by the worker does nothing in a tab that is not the failover master', async () => {
    const other = new TestPanel({ master: false });
    const otherCcp = other.connect();
    await other.settle();
    other.instance.setAgentState('Available');
    await other.settle();
    initDisasterRecovery(otherCcp, { region: 'us-east-1', isPrimary: true });
    await other.settle();
    other.emit(DR.FORCE_OFFLINE, { softFailover: false });
    await other.settle(30);
    expect(
      other.requests.filter(
        (r) => r.method === 'putAgentState' || r.method === 'destroyConnection',
      ),
    ).toEqual([]);
    otherCcp.terminate();
  });

  it('the host side of a disaster-recovery panel: suppress and set_offline go to the panel', async () => {
    panel.received.length = 0;
    suppressPanelContacts(ccp, true);
    setPanelOffline(ccp, { softFailover: true });
    setPanelOffline(ccp);
    await panel.settle();
    expect(panel.received.map((m) => [m.event, m.data])).toEqual([
      [DR.SUPPRESS, { suppress: true, shouldSendFailoverDownstream: false }],
      [DR.SET_OFFLINE, { softFailover: true }],
      [DR.SET_OFFLINE, { softFailover: false }],
    ]);
  });
});
