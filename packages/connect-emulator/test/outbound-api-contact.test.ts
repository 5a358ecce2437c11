/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
// A contact the admin API's StartOutboundVoiceContact started reaches the agent as the
// real service delivers it: initiation method `api`, the customer's connection outbound, the
// attributes it was given, an offer the agent accepts.
import {
  ConnectClient,
  DescribeContactCommand,
  StartOutboundVoiceContactCommand,
} from '@aws-sdk/client-connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

let h: Harness;
let client: ConnectClient;
beforeAll(async () => {
  h = await startHarness();
  client = new ConnectClient({
    endpoint: h.emulator.url,
    region: 'us-east-1',
    credentials: h.emulator.adminCredentials,
    maxAttempts: 1,
  });
});
afterAll(async () => {
  client.destroy();
  await h.close();
});

describe('StartOutboundVoiceContact', () => {
  it("reaches the agent with initiationMethod 'api', outbound to the customer, with its attributes", async () => {
    expect(
      (await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } })).status,
    ).toBe(200);
    const instanceId = h.emulator.centre.instanceId;
    const started = await client.send(
      new StartOutboundVoiceContactCommand({
        InstanceId: instanceId,
        ContactFlowId: 'flow',
        DestinationPhoneNumber: '+15555550777',
        Attributes: { campaign: 'spring' },
      }),
    );
    const { snapshot } = (await h.cti('GetAgentSnapshot', { timeout: 0 })).body;
    expect(snapshot.state.name).toBe('PendingBusy');
    const contact = snapshot.contacts[0];
    expect(contact).toMatchObject({
      contactId: started.ContactId,
      type: 'voice',
      initiationMethod: 'api',
      state: { type: 'connecting' },
      attributes: { campaign: { name: 'campaign', value: 'spring' } },
    });
    const customer = contact.connections.find((c: any) => c.initial);
    expect(customer).toMatchObject({
      type: 'outbound',
      state: { type: 'connected' },
      endpoint: { phoneNumber: '+15555550777' },
    });
    expect((await h.cti('AcceptContact', { contactId: contact.contactId })).status).toBe(200);
    const after = (await h.cti('GetAgentSnapshot', { timeout: 0 })).body.snapshot;
    expect(after.state.name).toBe('Busy');
    expect(after.contacts[0].state.type).toBe('connected');
    const described = await client.send(
      new DescribeContactCommand({ InstanceId: instanceId, ContactId: started.ContactId }),
    );
    expect(described.Contact).toMatchObject({
      InitiationMethod: 'API',
      Attributes: { campaign: 'spring' },
    });
  });
});
