/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- JSON bodies of the wire under test */
// Contact flows in the seed, small and declarative (set attributes, set the
// working queue, play a prompt into the recording, transfer to the queue), run by dial-ins
// through the control API, which can also pass attributes.
import { ConnectClient, GetContactAttributesCommand } from '@aws-sdk/client-connect';
import {
  ConnectContactLensClient,
  ListRealtimeContactAnalysisSegmentsCommand,
} from '@aws-sdk/client-connect-contact-lens';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SEED, SeedError, parseSeed, type SeedInput } from '../src/index';
import { ManualClock, startHarness, type Harness } from './helpers';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const FLOW_SEED: SeedInput = {
  ...DEMO_SEED,
  contactFlows: [
    {
      name: 'Priority',
      steps: [
        { setAttributes: { tier: 'gold', line: 'priority' } },
        { setWorkingQueue: 'BasicQueue' },
        { transferToQueue: 'Sales' },
      ],
    },
    ...(DEMO_SEED.contactFlows ?? []),
  ],
};

describe('contact flows in the seed', () => {
  it('are validated with precise messages', () => {
    const bad = (flows: unknown, numbers?: unknown) => {
      try {
        parseSeed({
          ...DEMO_SEED,
          contactFlows: flows,
          ...(numbers ? { phoneNumbers: numbers } : {}),
        });
      } catch (error) {
        expect(error).toBeInstanceOf(SeedError);
        return (error as SeedError).message;
      }
      throw new Error('accepted');
    };
    expect(
      bad([{ name: 'F', steps: [{ setWorkingQueue: 'Nope' }, { transferToQueue: true }] }]),
    ).toContain('contactFlows[0].steps[0].setWorkingQueue: unknown queue "Nope"');
    expect(bad([{ name: 'F', steps: [{ transferToQueue: true }, { playPrompt: 'x' }] }])).toContain(
      'contactFlows[0].steps[0].transferToQueue: transferToQueue must be the last step',
    );
    expect(bad([{ name: 'F', steps: [{ setAttributes: { a: 'b' } }] }])).toContain(
      'contactFlows[0].steps: must end with transferToQueue',
    );
    expect(bad([{ name: 'F', steps: [{ dance: true }] }])).toContain('contactFlows[0].steps[0]');
    expect(
      bad([], [{ number: '+15555550001', queue: 'BasicQueue', contactFlow: 'Missing' }]),
    ).toContain('phoneNumbers[0].contactFlow: unknown contact flow "Missing"');
  });

  it("a dial-in to a number with a flow runs it: the flow's attributes over the ones given, its working queue", async () => {
    h = await startHarness({ seed: FLOW_SEED });
    const dial = await h.control('POST', '/control/calls', {
      to: '+15555550002',
      attributes: { orderId: '42', line: 'caller' },
    });
    expect(dial.status).toBe(201);
    expect(dial.body).toMatchObject({
      contactFlow: 'Sales inbound',
      queue: 'Sales',
      attributes: { orderId: '42', line: 'sales' },
    });
    // A number without a flow queues where it points, with the attributes given.
    const plain = await h.control('POST', '/control/calls', {
      to: '+15555550001',
      attributes: { orderId: '7' },
    });
    expect(plain.body).toMatchObject({
      contactFlow: null,
      queue: 'BasicQueue',
      attributes: { orderId: '7' },
    });
  });

  it('the control API names a flow to run; an unknown one is ResourceNotFound', async () => {
    h = await startHarness({ seed: FLOW_SEED });
    const dial = await h.control('POST', '/control/calls', {
      to: '+15555550001',
      contactFlow: 'Priority',
    });
    expect(dial.body).toMatchObject({
      contactFlow: 'Priority',
      queue: 'Sales', // transferToQueue names the queue
      attributes: { tier: 'gold', line: 'priority' },
    });
    const unknown = await h.control('POST', '/control/calls', {
      to: '+15555550001',
      contactFlow: 'Nope',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.__type).toBe('ResourceNotFoundException');
  });

  it("the agent sees the flow's attributes and queue; the prompt is played into the recording; the admin API reads the attributes", async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 9, 0, 0));
    h = await startHarness({ clock });
    await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } });
    const { contactId } = (
      await h.control('POST', '/control/calls', {
        to: '+15555550002',
        attributes: { orderId: '42' },
      })
    ).body;
    const offered = (await h.cti('GetAgentSnapshot', {})).body.snapshot.contacts[0];
    expect(offered.queue.name).toBe('Sales');
    expect(offered.attributes).toEqual({
      orderId: { name: 'orderId', value: '42' },
      line: { name: 'line', value: 'sales' },
    });
    expect((await h.cti('AcceptContact', { contactId })).status).toBe(200);
    clock.advance(20_000);
    expect((await h.control('POST', `/control/contacts/${contactId}/hangup`)).status).toBe(200);
    expect((await h.cti('ClearContact', { contactId })).status).toBe(200);

    const credentials = h.emulator.adminCredentials;
    const InstanceId = h.emulator.centre.instanceId;
    const client = new ConnectClient({
      endpoint: h.emulator.url,
      region: 'us-east-1',
      credentials,
    });
    const lens = new ConnectContactLensClient({
      endpoint: h.emulator.url,
      region: 'us-east-1',
      credentials,
    });
    const attributes = await client.send(
      new GetContactAttributesCommand({ InstanceId, InitialContactId: contactId }),
    );
    expect(attributes.Attributes).toEqual({ orderId: '42', line: 'sales' });
    await expect
      .poll(async () => {
        const out = await lens.send(
          new ListRealtimeContactAnalysisSegmentsCommand({ InstanceId, ContactId: contactId }),
        );
        return out.Segments?.[0]?.Transcript;
      })
      .toMatchObject({
        ParticipantRole: 'SYSTEM',
        Content: 'Thank you for calling sales. This call may be recorded.',
        BeginOffsetMillis: 0,
      });
    client.destroy();
    lens.destroy();
  });
});
