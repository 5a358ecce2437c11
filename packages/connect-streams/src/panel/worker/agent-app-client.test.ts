import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing-support/cti-test-server';
import { AgentAppClient } from './agent-app-client';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('AgentAppClient (reference §3.3, spec §5 and §7)', () => {
  it('requires authCookieName and agentAppEndpoint', () => {
    expect(
      () => new AgentAppClient({ authCookieName: null, authToken: 't', endpoint: 'http://x' }),
    ).toThrow('authCookieName must be provided');
    expect(
      () => new AgentAppClient({ authCookieName: 'c', authToken: 't', endpoint: null }),
    ).toThrow('endpoint must be provided');
  });

  it('POSTs the params with X-Amz-target and the cookie-keyed bearer', async () => {
    server = await startTestServer(() => ({
      status: 200,
      body: { contactData: { customerId: 'cu' } },
    }));
    const client = new AgentAppClient({
      authCookieName: 'lily-auth',
      authToken: 'tok',
      endpoint: server.url,
    });
    const outcome = await client.call('AgentAppService.Lcms.getContact', { contactId: 'c-1' });
    expect(outcome).toEqual({ kind: 'success', data: { contactData: { customerId: 'cu' } } });
    const [seen] = server.requests;
    expect(seen?.headers['x-amz-target']).toBe('AgentAppService.Lcms.getContact');
    expect(seen?.headers['x-amz-bearer']).toBe(JSON.stringify({ 'lily-auth': 'tok' }));
    expect(JSON.parse(seen?.body ?? '')).toEqual({ contactId: 'c-1' });
  });

  it('fails with the JSON body plus its status', async () => {
    server = await startTestServer(() => ({ status: 404, body: { message: 'no speaker' } }));
    const client = new AgentAppClient({
      authCookieName: 'c',
      authToken: 't',
      endpoint: server.url,
    });
    expect(await client.call('AgentAppService.VoiceId.describeSpeaker', {})).toMatchObject({
      kind: 'failure',
      error: { statusCode: 404, message: 'no speaker' },
      data: { message: 'no speaker', status: 404 },
    });
  });
});
