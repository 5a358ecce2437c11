import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../server';

// Two regions over one instance (issue 7 §8), through the emulator's HTTP endpoints.
let emulator: Emulator;
let token: string;

beforeEach(async () => {
  emulator = await startEmulator({ port: 0, regions: { secondary: 'us-west-2' } });
  token = emulator.login('jane').accessToken;
});
afterEach(() => emulator.close());

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
  (await (await fetch(`${emulator.url}${path}`)).json()) as unknown;
const post = async (path: string) =>
  (await (await fetch(`${emulator.url}${path}`, { method: 'POST' })).json()) as unknown;

describe('two regions', () => {
  it('serves each region its status: the primary active, the secondary inactive', async () => {
    expect(await get('/region')).toEqual({
      instanceRegion: 'us-east-1',
      instanceState: 'active',
      activeRegion: 'us-east-1',
      pendingRegion: null,
      failovers: 0,
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
      headers: { 'content-type': 'application/json' },
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
        (await fetch(`${single.url}/control/regions/failover`, { method: 'POST' })).status,
      ).toBe(404);
      expect(single.regions).toBeUndefined();
    } finally {
      await single.close();
    }
  });
});
