import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactEventHub } from '../events/contact-events';
import { MediaStore } from '../media/media-store';
import { readWavInfo } from '../media/wav';
import { ContactLedger, type LedgerContactView } from './contact-ledger';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'connect-emulator-ledger-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);

describe('ContactLedger', () => {
  it('follows an inbound call: events in order, a recording as long as the talk time, a kept contact record', async () => {
    let now = T0;
    const events = new ContactEventHub({
      instance: { instanceId: 'i-1', region: 'us-east-1', accountId: '111122223333' },
      now: () => now,
    });
    const media = new MediaStore(dir, { instanceId: 'i-1', alias: 'demo' });
    const ledger = new ContactLedger({
      now: () => now,
      events,
      media,
      script: () => ['I need help with my order', 'Thank you'],
    });
    const base: LedgerContactView = {
      id: 'c-1',
      initialContactId: 'c-1',
      channel: 'VOICE',
      initiationMethod: 'INBOUND',
      createdMs: T0,
      queueId: 'q-1',
      queuedMs: T0,
      customerNumber: '+15555550123',
      attributes: {},
      ended: false,
      completed: false,
      customerLegState: 'connected',
    };
    ledger.observe(base);
    now += 5_000;
    ledger.observe({ ...base, agentId: 'u-1', agentLegState: 'connecting' });
    now += 2_000;
    ledger.observe({ ...base, agentId: 'u-1', agentLegState: 'connected' });
    now += 10_000;
    expect(ledger.voiceIdView('c-1')).toEqual({
      contactId: 'c-1',
      initialContactId: 'c-1',
      customerId: '+15555550123',
      talkMs: 10_000,
      ended: false,
    });
    ledger.observe({
      ...base,
      agentId: 'u-1',
      agentLegState: 'connected',
      customerLegState: 'hold',
    });
    now += 4_000;
    ledger.observe({
      ...base,
      agentId: 'u-1',
      agentLegState: 'connected',
      customerLegState: 'connected',
      attributes: { customerId: 'cust-9' },
    });
    now += 6_000;
    ledger.observe({
      ...base,
      agentId: 'u-1',
      agentLegState: 'disconnected',
      customerLegState: 'disconnected',
      attributes: { customerId: 'cust-9' },
      ended: true,
    });
    now += 30_000;
    ledger.observe({
      ...base,
      agentId: 'u-1',
      agentLegState: 'disconnected',
      customerLegState: 'disconnected',
      attributes: { customerId: 'cust-9' },
      ended: true,
      completed: true,
    });
    await ledger.flush();

    expect(events.since(0).map((p) => p.event.detail.eventType)).toEqual([
      'INITIATED',
      'QUEUED',
      'CONNECTED_TO_AGENT',
      'CONTACT_DATA_UPDATED',
      'DISCONNECTED',
      'COMPLETED',
    ]);
    const record = ledger.contact('c-1')!;
    expect(record.connectedToAgentMs).toBe(T0 + 7_000);
    expect(record.disconnectMs).toBe(T0 + 27_000);
    expect(record.recordings).toHaveLength(1);
    const stored = media.get('c-1')!;
    expect(stored.durationMs).toBe(20_000);
    expect(readWavInfo(await readFile(stored.path)).durationMs).toBe(20_000);
    expect(
      stored.transcript.filter((s) => s.participantRole === 'CUSTOMER').map((s) => s.content),
    ).toEqual(['I need help with my order', 'Thank you']);
    expect(ledger.voiceIdView('c-1')).toMatchObject({
      customerId: 'cust-9',
      talkMs: 20_000,
      ended: true,
    });
  });

  it('a transferred call keeps one recording over its whole talk time: the wait for the next agent is hold music', async () => {
    let now = T0;
    const events = new ContactEventHub({
      instance: { instanceId: 'i-1', region: 'us-east-1', accountId: '111122223333' },
      now: () => now,
    });
    const media = new MediaStore(dir, { instanceId: 'i-1', alias: 'demo' });
    const ledger = new ContactLedger({ now: () => now, events, media });
    const v: LedgerContactView = {
      id: 'c-3',
      initialContactId: 'c-3',
      channel: 'VOICE',
      initiationMethod: 'INBOUND',
      createdMs: T0,
      queueId: 'q-1',
      queuedMs: T0,
      attributes: {},
      ended: false,
      completed: false,
      customerLegState: 'connected',
    };
    ledger.observe(v);
    ledger.observe({ ...v, agentId: 'u-1', agentLegState: 'connected' });
    now += 10_000; // jane talks, then transfers to a queue and leaves
    ledger.observe({ ...v, agentId: 'u-1', agentLegState: 'disconnected' });
    now += 5_000; // waiting in the queue
    ledger.observe({ ...v, agentId: 'u-2', agentLegState: 'connecting' });
    now += 2_000;
    ledger.observe({ ...v, agentId: 'u-2', agentLegState: 'connected' });
    now += 8_000;
    const over = { ...v, agentId: 'u-2', agentLegState: 'disconnected', ended: true };
    ledger.observe({ ...over, customerLegState: 'disconnected' });
    ledger.observe({ ...over, customerLegState: 'disconnected', completed: true });
    await ledger.flush();

    expect(ledger.contact('c-3')!.recordings).toHaveLength(1);
    expect(ledger.talkMs('c-3')).toBe(25_000);
    expect(media.get('c-3')!.durationMs).toBe(25_000);
    expect(events.since(0).map((p) => p.event.detail.eventType)).toEqual([
      'INITIATED',
      'QUEUED',
      'CONNECTED_TO_AGENT',
      'DISCONNECTED',
      'COMPLETED',
    ]);
    expect(ledger.contact('c-3')!.agentId).toBe('u-2');
  });

  it('a call that never reached an agent has no recording and no talk time', async () => {
    let now = T0;
    const media = new MediaStore(dir, { instanceId: 'i-1', alias: 'demo' });
    const ledger = new ContactLedger({ now: () => now, media });
    const v: LedgerContactView = {
      id: 'c-2',
      initialContactId: 'c-2',
      channel: 'VOICE',
      initiationMethod: 'INBOUND',
      createdMs: T0,
      attributes: {},
      ended: false,
      completed: false,
    };
    ledger.observe(v);
    now += 3_000;
    ledger.observe({ ...v, ended: true });
    await ledger.flush();
    expect(ledger.contact('c-2')?.recordings).toEqual([]);
    expect(ledger.talkMs('c-2')).toBe(0);
  });
});
