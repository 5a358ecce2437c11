/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
// A task has no customer leg: its agent adding a quick connect and leaving is a cold transfer (as
// the panel's Transfer does), not the task's end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ log: () => undefined });
});
afterAll(() => h.close());

const snapshot = async () => (await h.cti('GetAgentSnapshot', { timeout: 0 })).body.snapshot;

describe('task transfer', () => {
  it('a task whose agent adds a queue quick connect and leaves waits in that queue and is offered again as a transferred contact', async () => {
    expect(
      (await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } })).status,
    ).toBe(200);
    const centre = h.emulator.centre;
    const task = centre.startTask({ queue: centre.queues[0]!, name: 'Order 1234' });
    expect((await h.cti('AcceptContact', { contactId: task.id })).status).toBe(200);
    const configuration = (await h.cti('GetAgentConfiguration', {})).body.configuration;
    const endpoints = (
      await h.cti('GetEndpoints', {
        queueARNs: [configuration.routingProfile.defaultOutboundQueue.queueARN],
      })
    ).body.endpoints;
    const sales = endpoints.find((e: any) => e.type === 'queue' && e.queue.name === 'Sales');
    expect(
      (await h.cti('CreateAdditionalConnection', { contactId: task.id, endpoint: sales })).status,
    ).toBe(200);
    const own = (await snapshot()).contacts[0].connections.find((c: any) => c.type === 'agent');
    expect(
      (await h.cti('DestroyConnection', { contactId: task.id, connectionId: own.connectionId }))
        .status,
    ).toBe(200);

    // Jane is in after-contact work on it; the task itself goes on, waiting in Sales.
    expect((await snapshot()).contacts.map((c: any) => [c.contactId, c.state.type])).toEqual([
      [task.id, 'ended'],
    ]);
    expect(task.state).toBe('connected');
    expect(task.connections.some((c) => c.awaiting?.kind === 'queue')).toBe(true);

    // Once she closes it she is free, and Sales offers her the transferred task.
    expect((await h.cti('ClearContact', { contactId: task.id })).status).toBe(200);
    const [offer] = (await snapshot()).contacts;
    expect(offer).toMatchObject({
      type: 'task',
      name: 'Order 1234',
      initiationMethod: 'transfer',
      state: { type: 'connecting' },
    });
    expect(offer.contactId).not.toBe(task.id);
    expect((await h.cti('AcceptContact', { contactId: offer.contactId })).status).toBe(200);
    const leg = (await snapshot()).contacts[0].connections.find((c: any) => c.type === 'agent');
    expect(
      (
        await h.cti('DestroyConnection', {
          contactId: offer.contactId,
          connectionId: leg.connectionId,
        })
      ).status,
    ).toBe(200);
    expect(task.state).toBe('ended');
    expect((await h.cti('ClearContact', { contactId: offer.contactId })).status).toBe(200);
    expect((await snapshot()).contacts).toEqual([]);
  });
});
