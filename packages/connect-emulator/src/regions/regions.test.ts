import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactCentre } from '../domain/contact-centre';
import { RegionController } from './regions';
import { startEmulator, type Emulator } from '../server';

// Two regions over one instance (global resiliency), through the emulator's HTTP endpoints.
let emulator: Emulator;
let token: string;

beforeEach(async () => {
  emulator = await startEmulator({
    port: 0,
    regions: { secondary: 'us-west-2', pendingWindowMs: 600_000 },
  });
  token = emulator.login('jane').accessToken;
});
afterEach(() => emulator.close());

async function ctiCall(path: string, operation: string, body: object = {}): Promise<Response> {
  return fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `AmazonConnectCTIService.${operation}`,
      'x-amz-bearer': token,
    },
    body: JSON.stringify({ ...body, authentication: { authToken: token } }),
  });
}

async function cti(path: string, operation: string, body: object = {}): Promise<unknown> {
  const response = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `AmazonConnectCTIService.${operation}`,
      'x-amz-bearer': token,
    },
    body: JSON.stringify({ ...body, authentication: { authToken: token } }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as unknown;
}

interface Snapshot {
  snapshot: { state: { type: string; name: string }; contacts: { contactId: string }[] };
}
const snapshot = async (path: string) => (await cti(path, 'GetAgentSnapshot')) as Snapshot;
const get = async (path: string) =>
  (await (
    await fetch(`${emulator.url}${path}`, { headers: emulator.controlHeaders })
  ).json()) as unknown;
const post = async (path: string) =>
  (await (
    await fetch(`${emulator.url}${path}`, { method: 'POST', headers: emulator.controlHeaders })
  ).json()) as unknown;

describe('two regions', () => {
  it('serves each region its status: the primary active, the secondary inactive', async () => {
    expect(await get('/region')).toEqual({
      instanceRegion: 'us-east-1',
      instanceState: 'active',
      activeRegion: 'us-east-1',
      pendingRegion: null,
      failovers: 0,
      failoverMode: null,
    });
    expect(await get('/secondary/region')).toMatchObject({
      instanceRegion: 'us-west-2',
      instanceState: 'inactive',
      activeRegion: 'us-east-1',
    });
  });

  it('the stand-by region suppresses contacts and shows the agent offline; the active one does not', async () => {
    await cti('/api', 'PutAgentState', { state: { name: 'Available', type: 'routable' } });
    const dial = await fetch(`${emulator.url}/control/calls`, {
      method: 'POST',
      headers: emulator.controlHeaders,
      body: JSON.stringify({ to: '+15555550001', from: '+15555551234' }),
    });
    const { contactId } = (await dial.json()) as { contactId: string };
    const active = await snapshot('/api');
    expect(active.snapshot.state.name).not.toBe('Offline');
    expect(active.snapshot.contacts.map((c) => c.contactId)).toEqual([contactId]);
    const standby = await snapshot('/secondary/api');
    expect(standby.snapshot.state).toMatchObject({ type: 'offline', name: 'Offline' });
    expect(standby.snapshot.contacts).toEqual([]);
  });

  it('a failover announced then triggered by the control API switches the active region and forces the agent offline', async () => {
    await cti('/api', 'PutAgentState', { state: { name: 'Available', type: 'routable' } });
    expect(await post('/control/regions/failover-pending')).toMatchObject({
      activeRegion: 'us-east-1',
      pendingRegion: 'us-west-2',
    });
    expect(await get('/region')).toMatchObject({ pendingRegion: 'us-west-2', failovers: 0 });
    expect(await post('/control/regions/failover')).toMatchObject({
      activeRegion: 'us-west-2',
      pendingRegion: null,
      failovers: 1,
    });
    expect(await get('/secondary/region')).toMatchObject({ instanceState: 'active' });
    expect(await get('/region')).toMatchObject({ instanceState: 'inactive' });
    expect(emulator.regions?.activeRegion).toBe('us-west-2');
    // Forced offline in the shared instance state, and now served by the secondary region.
    expect((await snapshot('/secondary/api')).snapshot.state.name).toBe('Offline');
    await cti('/secondary/api', 'PutAgentState', {
      state: { name: 'Available', type: 'routable' },
    });
    expect((await snapshot('/secondary/api')).snapshot.state.name).toBe('Available');
    expect((await snapshot('/api')).snapshot.state.name).toBe('Offline');
  });

  it("serves the secondary region's panel with its own CTI endpoint, worker and region status", async () => {
    const html = await (await fetch(`${emulator.url}/secondary/connect/ccp-v2/`)).text();
    expect(html).toContain('"region":"us-west-2"');
    expect(html).toContain('"ctiEndpoint":"/secondary/api"');
    expect(html).toContain('"sharedWorkerUrl":"/secondary/connect/ccp-v2/worker.js"');
    expect(html).toContain('"statusEndpoint":"/secondary/region"');
    const primary = await (await fetch(`${emulator.url}/connect/ccp-v2/`)).text();
    expect(primary).toContain('"region":"us-east-1"');
    expect(primary).toContain('"statusEndpoint":"/region"');
  });

  it('without regions, no region routes are served', async () => {
    const single = await startEmulator({ port: 0 });
    try {
      expect(
        (
          await fetch(`${single.url}/control/regions/failover`, {
            method: 'POST',
            headers: single.controlHeaders,
          })
        ).status,
      ).toBe(404);
      expect(single.regions).toBeUndefined();
    } finally {
      await single.close();
    }
  });

  async function connectedCall(): Promise<string> {
    await cti('/api', 'PutAgentState', { state: { name: 'Available', type: 'routable' } });
    const dial = await fetch(`${emulator.url}/control/calls`, {
      method: 'POST',
      headers: emulator.controlHeaders,
      body: JSON.stringify({ to: '+15555550001', from: '+15555551234' }),
    });
    const { contactId } = (await dial.json()) as { contactId: string };
    await cti('/api', 'AcceptContact', { contactId });
    return contactId;
  }
  const control = async () =>
    (await get('/control/regions')) as { activeRegion: string; pendingRegion: string | null };

  it('a failover without a prior announcement goes through the pending step: pending, then the switch once the active panel has read it', async () => {
    const answer = await post('/control/regions/failover');
    expect(answer).toMatchObject({
      activeRegion: 'us-east-1',
      pendingRegion: 'us-west-2',
      failoverMode: 'hard',
      failovers: 0,
    });
    // The stand-by panel reading its status does not advance the pending step.
    expect(await get('/secondary/region')).toMatchObject({ pendingRegion: 'us-west-2' });
    expect(await get('/region')).toMatchObject({
      instanceState: 'active',
      pendingRegion: 'us-west-2',
    });
    expect((await control()).activeRegion).toBe('us-east-1');
    expect(await get('/region')).toMatchObject({ pendingRegion: 'us-west-2' });
    await expect.poll(async () => (await control()).activeRegion).toBe('us-west-2');
    expect(await control()).toMatchObject({
      pendingRegion: null,
      failovers: 1,
      failoverMode: null,
    });
  });

  it('hard failover destroys the agent connections, then sets the agent offline', async () => {
    const contactId = await connectedCall();
    expect((await snapshot('/api')).snapshot.contacts.map((c) => c.contactId)).toEqual([contactId]);
    await post('/control/regions/failover-pending');
    expect(await post('/control/regions/failover?mode=hard')).toMatchObject({
      activeRegion: 'us-west-2',
      failovers: 1,
    });
    const after = await snapshot('/secondary/api');
    expect(after.snapshot.state).toMatchObject({ type: 'offline', name: 'Offline' });
    expect(after.snapshot.contacts).toEqual([]);
    const contact = emulator.centre.contacts.get(contactId);
    expect(contact === undefined || contact.state === 'ended').toBe(true);
  });

  it('soft failover waits for voice contacts to end before switching, then forces the agent offline', async () => {
    const contactId = await connectedCall();
    await post('/control/regions/failover-pending');
    const response = await fetch(`${emulator.url}/control/regions/failover`, {
      method: 'POST',
      headers: emulator.controlHeaders,
      body: JSON.stringify({ mode: 'soft' }),
    });
    expect(await response.json()).toMatchObject({
      activeRegion: 'us-east-1',
      pendingRegion: 'us-west-2',
      failoverMode: 'soft',
    });
    // The voice contact goes on in the active region.
    const during = await snapshot('/api');
    expect(during.snapshot.contacts.map((c) => c.contactId)).toEqual([contactId]);
    expect((await control()).activeRegion).toBe('us-east-1');
    const connectionId = emulator.centre.contacts
      .get(contactId)!
      .connections.find((c) => c.agentId)!.id;
    await cti('/api', 'DestroyConnection', { contactId, connectionId });
    await expect.poll(async () => (await control()).activeRegion).toBe('us-west-2');
    const after = await snapshot('/secondary/api');
    expect(after.snapshot.state).toMatchObject({ type: 'offline', name: 'Offline' });
    expect(after.snapshot.contacts).toEqual([]);
  });

  it('createTransport agent_discovery gives each region its discovery URL; it names the active instance and whether the failover terminates active contacts', async () => {
    const primary = (await cti('/api', 'CreateTransport', {
      transportType: 'agent_discovery',
    })) as { agentDiscoveryTransport: { presignedUrl: string } };
    const secondary = (await cti('/secondary/api', 'CreateTransport', {
      transportType: 'agent_discovery',
    })) as { agentDiscoveryTransport: { presignedUrl: string } };
    expect(primary.agentDiscoveryTransport.presignedUrl).toBe(`${emulator.url}/region/discovery`);
    expect(secondary.agentDiscoveryTransport.presignedUrl).toBe(
      `${emulator.url}/secondary/region/discovery`,
    );
    const arn = emulator.centre.arns.instance;
    expect(await get('/region/discovery')).toEqual({
      InstanceArn: arn,
      TerminateActiveContacts: true,
    });
    await post('/control/regions/failover-pending');
    await post('/control/regions/failover?mode=soft');
    expect(await get('/secondary/region/discovery')).toEqual({
      InstanceArn: arn.replace(':us-east-1:', ':us-west-2:'),
      TerminateActiveContacts: false,
    });
  });

  it('a failover mode other than soft or hard is refused', async () => {
    const response = await fetch(`${emulator.url}/control/regions/failover?mode=gentle`, {
      method: 'POST',
      headers: emulator.controlHeaders,
    });
    expect(response.status).toBe(400);
    expect((await control()).pendingRegion).toBeNull();
  });

  it('the stand-by region suppresses contacts on every CTI path and forces the agent offline without touching the shared agent', async () => {
    const contactId = await connectedCall();
    for (const [operation, body] of [
      ['AcceptContact', { contactId }],
      ['HoldConnection', { contactId, connectionId: 'x' }],
      ['DestroyConnection', { contactId, connectionId: 'x' }],
      ['ClearContact', { contactId }],
    ] as const) {
      const response = await ctiCall('/secondary/api', operation, body);
      expect(response.status, operation).toBe(404);
      expect(((await response.json()) as { __type: string }).__type).toBe(
        'ResourceNotFoundException',
      );
    }
    const put = await ctiCall('/secondary/api', 'PutAgentState', {
      state: { name: 'Offline', type: 'offline' },
    });
    expect(put.status).toBe(200);
    // The shared agent still has its call in the active region.
    const active = await snapshot('/api');
    expect(active.snapshot.contacts.map((c) => c.contactId)).toEqual([contactId]);
    expect(active.snapshot.state.name).not.toBe('Offline');
    expect(emulator.centre.contacts.get(contactId)?.state).toBe('connected');
  });
});

describe('RegionController pending window', () => {
  afterEach(() => vi.useRealTimers());

  it('switches after the pending window when no panel reads the pending status', async () => {
    vi.useFakeTimers();
    const centre = {
      region: 'us-east-1',
      agents: new Map(),
      forceAgentOffline: () => [],
      onContactChange: () => () => undefined,
    } as unknown as ContactCentre;
    const regions = new RegionController(
      { secondary: 'us-west-2', pendingWindowMs: 2000 },
      () => centre,
    );
    let switched = false;
    void regions.failover('hard').then(() => (switched = true));
    expect(regions.status('us-east-1')).toMatchObject({ pendingRegion: 'us-west-2' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(regions.activeRegion).toBe('us-east-1');
    expect(switched).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(regions.activeRegion).toBe('us-west-2');
    expect(switched).toBe(true);
    regions.dispose();
  });
});
