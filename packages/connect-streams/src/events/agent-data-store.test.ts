import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TestPanel } from '../testing/test-panel';
import type { Ccp } from '../ccp/ccp';
import { inboundCallRecording, missedCallRecording } from '../../test/fixtures/recorded-snapshots';

interface Workload {
  generate(p?: { total?: number }): unknown[];
  materialize(step: unknown): { event: string; data: unknown };
  expectedEvents(steps: unknown[]): Record<string, number>;
}
const workload = createRequire(import.meta.url)(
  '../../../../test/bench/ingest-workload.cjs',
) as Workload;

function record(ccp: Ccp): string[] {
  const log: string[] = [];
  const a = ccp.agent;
  for (const e of [
    'init',
    'refresh',
    'routable',
    'notRoutable',
    'offline',
    'error',
    'acw',
    'enqueuedNextState',
  ] as const) {
    a.on(e, () => log.push(`agent.${e}`));
  }
  a.on('stateChange', ({ oldState, newState }) =>
    log.push(`agent.stateChange ${oldState}→${newState}`),
  );
  const c = ccp.contacts;
  for (const e of [
    'init',
    'incoming',
    'pending',
    'connecting',
    'connected',
    'acw',
    'ended',
    'missed',
    'error',
    'refresh',
  ] as const) {
    c.on(e, (contact) => log.push(`contact.${e} ${contact.contactId}`));
  }
  c.on('destroyed', (d) => log.push(`contact.destroyed ${d.contactId}`));
  c.on('invalidStateTransition', (d) => log.push(`contact.invalidStateTransition ${d.contactId}`));
  return log;
}

async function replay(panel: TestPanel, updates: readonly unknown[]): Promise<void> {
  for (const u of updates) panel.emit('agent::update', u);
  await panel.settle();
}

describe('agent and contact events from recorded snapshots', () => {
  it('walks an inbound call: init once, refresh each update, routing, state_change, enqueued next state, contact graph, destroyed', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const log = record(ccp);
    await replay(panel, inboundCallRecording);
    expect(log).toEqual([
      'agent.init',
      'agent.refresh',
      'agent.offline',
      'agent.stateChange Init→Offline',
      'agent.refresh',
      'agent.routable',
      'agent.stateChange Offline→Available',
      'agent.refresh',
      'agent.stateChange Available→PendingBusy',
      'contact.init c-1',
      'contact.connecting c-1',
      'contact.refresh c-1',
      'agent.refresh',
      'agent.stateChange PendingBusy→Busy',
      'contact.connected c-1',
      'contact.refresh c-1',
      'agent.refresh',
      'agent.enqueuedNextState',
      'contact.refresh c-1',
      'agent.refresh',
      'agent.stateChange Busy→AfterCallWork',
      'agent.acw',
      'contact.acw c-1',
      'contact.ended c-1',
      'contact.refresh c-1',
      'agent.refresh',
      'agent.notRoutable',
      'agent.stateChange AfterCallWork→Lunch',
      'contact.destroyed c-1',
    ]);
    ccp.terminate();
  });

  it('walks a missed call: missed, ended, agent error state', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const log = record(ccp);
    await replay(panel, missedCallRecording);
    expect(log).toContain('contact.missed c-1');
    expect(log).toContain('contact.ended c-1');
    expect(log).toContain('agent.error');
    expect(log).not.toContain('contact.invalidStateTransition c-1');
    ccp.terminate();
  });

  it('a contact destroyed without reaching ended, missed, error, rejected or acw is an invalid state transition', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const log = record(ccp);
    await replay(panel, [inboundCallRecording[2], inboundCallRecording[0]]);
    expect(log).toContain('contact.destroyed c-1');
    expect(log).toContain('contact.invalidStateTransition c-1');
    ccp.terminate();
  });

  it('the new snapshot and every contact it brings are in place before the first event of an update fires', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const seen: string[] = [];
    const contacts = () =>
      ccp.agent
        .getContacts()
        .map((c) => `${c.contactId}:${c.getState().type}`)
        .join(',');
    ccp.agent.on('refresh', (a) => seen.push(`refresh ${a.getState().name} [${contacts()}]`));
    ccp.agent.on('stateChange', ({ newState }) =>
      seen.push(`stateChange ${newState} [${contacts()}]`),
    );
    ccp.contacts.on('init', (c) => seen.push(`init ${c.contactId} [${contacts()}]`));
    ccp.contacts.on('destroyed', (d) => seen.push(`destroyed ${d.contactId} [${contacts()}]`));
    await replay(panel, inboundCallRecording.slice(1, 3));
    await replay(panel, [inboundCallRecording[6]]);
    expect(seen).toEqual([
      'refresh Available []',
      'stateChange Available []',
      'refresh PendingBusy [c-1:connecting]',
      'stateChange PendingBusy [c-1:connecting]',
      'init c-1 [c-1:connecting]',
      'refresh Lunch []',
      'stateChange Lunch []',
      'destroyed c-1 []',
    ]);
    ccp.terminate();
  });

  it('a destroyed contact drops its per-contact subscriptions', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const seen: string[] = [];
    ccp.contacts.on('init', (contact) => {
      contact.on('refresh', () => seen.push('refresh'));
      contact.on('destroyed', () => seen.push('destroyed'));
    });
    await replay(panel, inboundCallRecording.slice(2, 4));
    const contact = ccp.contacts.get('c-1');
    expect(contact).toBeDefined();
    await replay(panel, [inboundCallRecording[6]]);
    expect(seen).toEqual(['refresh', 'refresh', 'destroyed']);
    expect(ccp.contacts.get('c-1')).toBeUndefined();
    expect(() => contact!.getState()).toThrow('Contact c-1 no longer exists.');
    ccp.terminate();
  });

  it('fires exactly the event counts the shared workload expects over 2,000 recorded updates', async () => {
    const steps = workload.generate({ total: 2000 });
    const expected = workload.expectedEvents(steps);
    const panel = new TestPanel();
    const ccp = panel.connect();
    const counts: Record<string, number> = {};
    const bump = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
    for (const e of [
      'init',
      'refresh',
      'stateChange',
      'routable',
      'notRoutable',
      'offline',
      'error',
      'acw',
      'enqueuedNextState',
    ] as const) {
      ccp.agent.on(e, () => bump(`agent.${e}`));
    }
    for (const e of [
      'init',
      'refresh',
      'incoming',
      'pending',
      'connecting',
      'connected',
      'acw',
      'ended',
      'missed',
      'error',
    ] as const) {
      ccp.contacts.on(e, () => bump(`contact.${e}`));
    }
    ccp.contacts.on('destroyed', () => bump('contact.destroy'));
    for (const s of steps) panel.emit('agent::update', workload.materialize(s).data);
    await panel.settle();
    for (const [k, v] of Object.entries(expected)) {
      if (k === 'agent.clearedNextState') continue; // 2.28 only
      expect(counts[k] ?? 0, k).toBe(v);
    }
    ccp.terminate();
  }, 30_000); // 2,000 updates: ~0.5 s alone, far more on a loaded shared machine
});
