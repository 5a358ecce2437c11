// Agent events: the emulator POSTs its agent event stream records (STATE_CHANGE) to the server's
// agent-event webhook, and the server announces `agent.updated` for the workspace agent, so that
// agent lists refetch when an agent picks another status (no Refresh, no polling).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

describe.each(dbKinds())('agent events on %s', (kind) => {
  let cc: TestContactCentre;
  let s: TestServer;

  beforeAll(async () => {
    cc = await startContactCentre();
    s = await createTestServer(kind, { connectEndpoint: cc.url, env: cc.serverEnv, listen: true });
    const res = await fetch(`${cc.url}/control/agent-event-webhooks`, {
      method: 'POST',
      headers: { ...cc.controlHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: s.webhookUrl!.replace('/contact-events?', '/agent-events?'),
      }),
    });
    expect(res.status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await cc?.close();
  });

  it('an agent going to Lunch (a status they pick) is announced as agent.updated for their workspace agent', async () => {
    const heard: string[] = [];
    const off = s.services.bus.subscribeAll((e) => {
      if (e.type === 'agent.updated') heard.push(e.id);
    });
    try {
      cc.setState('ana', 'Available');
      await eventually(() => heard.includes(s.id('acme/agent:ana')), 'ana going Available');
      heard.length = 0;
      cc.setState('ana', 'Lunch');
      await eventually(() => heard.includes(s.id('acme/agent:ana')), 'ana going to Lunch');
    } finally {
      off();
      cc.setState('ana', 'Offline');
    }
  });

  it('refuses a wrong key and a body that is not an agent event; ignores other types and unknown agents', async () => {
    const post = (body: unknown, key = 'test-contact-events-secret') =>
      s.req('POST', `/api/integrations/connect/agent-events?key=${key}`, { body });
    const record = {
      AgentARN: 'arn:aws:connect:us-east-1:1:instance/nope/agent/nobody',
      EventId: 'e-1',
      EventType: 'STATE_CHANGE',
      EventTimestamp: '2026-01-01T00:00:00.000Z',
      InstanceARN: 'arn:aws:connect:us-east-1:1:instance/nope',
      Version: '2019-05-25',
      CurrentAgentSnapshot: null,
    };
    expect((await post(record, 'wrong-key-wrong-key')).status).toBe(401);
    const bad = await post({ ...record, EventType: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect((await post(record)).body).toEqual({ outcome: 'ignored' });
    expect((await post({ ...record, EventType: 'HEART_BEAT' })).body).toEqual({
      outcome: 'ignored',
    });
  });
});
