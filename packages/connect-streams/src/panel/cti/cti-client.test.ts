import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing-support/cti-test-server';
import { CtiClient, defaultCtiEndpoint } from './cti-client';

let server: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

const target = (op: string) => `AmazonConnectCTIService.${op}`;

describe('CtiClient request format (reference §3.3)', () => {
  it('POSTs JSON 1.0 with X-Amz-Target, X-Amz-Bearer and the token in the body', async () => {
    server = await startTestServer(() => ({ status: 200, body: { ok: 1 } }));
    const client = new CtiClient({
      authToken: 'tok',
      region: 'us-east-1',
      endpoint: `${server.url}/api`,
    });
    const outcome = await client.call('acceptContact', { contactId: 'c-1', skip: null });
    expect(outcome).toMatchObject({ kind: 'success', data: { ok: 1 } });
    const [seen] = server.requests;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/api');
    expect(seen?.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(seen?.headers['x-amz-target']).toBe(target('AcceptContact'));
    expect(seen?.headers['x-amz-bearer']).toBe('tok');
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      contactId: 'c-1',
      authentication: { authToken: 'tok' },
    });
  });

  it('leaves the token out of the body for complete, clear and reject contact (spec §6)', async () => {
    server = await startTestServer(() => ({ status: 200, body: {} }));
    const client = new CtiClient({ authToken: 'tok', region: 'r', endpoint: server.url });
    for (const method of ['completeContact', 'clearContact', 'rejectContact', 'pauseContact']) {
      await client.call(method, { contactId: 'c-1' });
    }
    expect(server.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual(
      Array.from({ length: 4 }, () => ({ contactId: 'c-1' })),
    );
    expect(server.requests.every((r) => r.headers['x-amz-bearer'] === 'tok')).toBe(true);
  });

  it('renames the softphone report fields before sending (spec §3)', async () => {
    server = await startTestServer(() => ({ status: 200, body: {} }));
    const client = new CtiClient({ authToken: 'tok', region: 'r', endpoint: server.url });
    await client.call('sendSoftphoneCallReport', {
      contactId: 'c-1',
      ccpVersion: 'x',
      report: {
        handshakingTimeMillis: 1,
        preTalkingTimeMillis: 2,
        handshakingFailure: false,
        talkingTimeMillis: 3,
        softphoneStreamStatistics: [{ packetsCount: 9 }],
      },
    });
    const body = JSON.parse(server.requests[0]?.body ?? '') as { report: unknown };
    expect(body.report).toEqual({
      handshakeTimeMillis: 1,
      preTalkTimeMillis: 2,
      handshakeFailure: false,
      talkTimeMillis: 3,
      softphoneStreamStatistics: [{ packetCount: 9 }],
    });
  });

  it('drops previousContactId when relatedContactId is present', async () => {
    server = await startTestServer(() => ({ status: 200, body: {} }));
    const client = new CtiClient({ authToken: 'tok', region: 'r', endpoint: server.url });
    await client.call('createOutboundContact', {
      endpoint: { type: 'phone_number' },
      relatedContactId: 'c-0',
      previousContactId: 'c-9',
    });
    expect(JSON.parse(server.requests[0]?.body ?? '')).not.toHaveProperty('previousContactId');
  });

  it("fails a method the model lacks with 'No such method exists on AWS client'", async () => {
    const client = new CtiClient({
      authToken: 'tok',
      region: 'r',
      endpoint: 'http://127.0.0.1:9/api',
    });
    const outcome = await client.call('transferContact', {});
    expect(outcome).toMatchObject({
      kind: 'failure',
      error: { message: 'No such method exists on AWS client: transferContact' },
    });
  });

  it('uses <origin>/api, or <origin>/connect/api on awsapps.com, as the default endpoint', () => {
    expect(defaultCtiEndpoint('http://127.0.0.1:4700/connect/ccp-v2/')).toBe(
      'http://127.0.0.1:4700/api',
    );
    expect(defaultCtiEndpoint('https://x.awsapps.com/connect/ccp-v2/')).toBe(
      'https://x.awsapps.com/connect/api',
    );
  });
});

describe('CtiClient auth handling (spec §8)', () => {
  const unauthorized = () => ({
    status: 401,
    body: { __type: 'com.amazon#UnauthorizedException', message: 'nope' },
  });

  it('retries 401 on getAgentSnapshot up to 20 times, then reports exhausted', async () => {
    server = await startTestServer(unauthorized);
    const client = new CtiClient({ authToken: 'tok', region: 'r', endpoint: server.url });
    for (let i = 0; i < 20; i += 1) {
      const outcome = await client.call('getAgentSnapshot', { timeout: 30000 });
      expect(outcome).toMatchObject({
        kind: 'failure',
        error: { type: 'UnauthorizedException', retryStatus: 'retrying', statusCode: 401 },
      });
    }
    expect(await client.call('getAgentSnapshot', {})).toMatchObject({
      kind: 'authFailure',
      error: { retryStatus: 'exhausted', message: 'nope' },
    });
    // the counter was reset: the next one retries again
    expect(await client.call('getAgentSnapshot', {})).toMatchObject({
      kind: 'failure',
      error: { retryStatus: 'retrying' },
    });
  });

  it('retries 403 on retryable methods up to 10 times, then access denied', async () => {
    server = await startTestServer(() => ({
      status: 403,
      body: {},
      headers: { 'x-amzn-ErrorType': 'AccessDeniedException:http://x' },
    }));
    const client = new CtiClient({ authToken: 'tok', region: 'r', endpoint: server.url });
    for (let i = 0; i < 10; i += 1) {
      expect(await client.call('getAgentStates', {})).toMatchObject({
        kind: 'failure',
        error: { type: 'AccessDeniedException', retryStatus: 'retrying' },
      });
    }
    expect(await client.call('getAgentStates', {})).toMatchObject({
      kind: 'accessDenied',
      error: { retryStatus: 'exhausted' },
    });
  });

  it('a service error comes with data null, as the AWS SDK calls back in the real worker', async () => {
    server = await startTestServer(() => ({
      status: 400,
      body: {
        __type: 'com.amazon#InvalidStateException',
        message: 'Agent state "Gone" does not exist.',
      },
    }));
    const client = new CtiClient({ authToken: 'tok', region: 'r', endpoint: server.url });
    expect(await client.call('putAgentState', {})).toEqual({
      kind: 'failure',
      error: {
        type: 'InvalidStateException',
        message: 'Agent state "Gone" does not exist.',
        stack: [],
        retryStatus: 'none',
        statusCode: 400,
      },
      data: null,
    });
  });

  it('sends non-retryable methods straight to the auth-failure callback', async () => {
    server = await startTestServer(unauthorized);
    const client = new CtiClient({ authToken: 'tok', region: 'r', endpoint: server.url });
    expect(await client.call('putAgentState', {})).toMatchObject({
      kind: 'authFailure',
      error: { retryStatus: 'none', statusCode: 401 },
    });
  });

  it('resets the counters on any other error', async () => {
    let status = 401;
    server = await startTestServer(() =>
      status === 401 ? unauthorized() : { status: 400, body: { __type: 'InvalidStateException' } },
    );
    const client = new CtiClient({ authToken: 'tok', region: 'r', endpoint: server.url });
    for (let i = 0; i < 20; i += 1) await client.call('getAgentSnapshot', {});
    status = 400;
    expect(await client.call('acceptContact', {})).toMatchObject({
      kind: 'failure',
      error: { type: 'InvalidStateException', retryStatus: 'none', statusCode: 400 },
    });
    status = 401;
    expect(await client.call('getAgentSnapshot', {})).toMatchObject({
      kind: 'failure',
      error: { retryStatus: 'retrying' },
    });
  });
});

describe('CtiClient retries and timeout (spec §9)', () => {
  it('retries 5xx and 429 up to 5 attempts in all at 1000 ms', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 503 })));
    const client = new CtiClient({ authToken: 't', region: 'r', endpoint: 'http://x/api', fetch });
    const done = client.call('acceptContact', {});
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(await done).toMatchObject({ kind: 'failure', error: { statusCode: 503 } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('a 429 then 200 succeeds on the second attempt', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn<(u: string, i?: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(new Response('', { status: 429 }))
      .mockResolvedValueOnce(new Response('{"a":1}', { status: 200 }));
    const client = new CtiClient({ authToken: 't', region: 'r', endpoint: 'http://x/api', fetch });
    const done = client.call('getEndpoints', {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(await done).toMatchObject({ kind: 'success', data: { a: 1 } });
  });

  it("times out a request after 30 s with 'Client Timeout'", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_u: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
          );
        }),
    );
    const client = new CtiClient({ authToken: 't', region: 'r', endpoint: 'http://x/api', fetch });
    let settled = false;
    const done = client.call('putAgentState', {}).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toMatchObject({
      kind: 'failure',
      error: { type: 'clientTimeout', message: 'Client Timeout' },
    });
  });
});
