import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpStatusError } from '../http/fetch-with-retry';
import { startTestServer, type TestServer } from '../testing-support/cti-test-server';
import { authorize, defaultAuthorizeEndpoint, isEmbeddingOriginAllowed } from './authorize';

let server: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

describe('authorize (spec §7)', () => {
  it('GETs the authorize endpoint and reads {accessToken, expiration}', async () => {
    server = await startTestServer(() => ({
      status: 200,
      body: { accessToken: 'new', expiration: '2030-01-01T00:00:00Z' },
    }));
    await expect(authorize(`${server.url}/auth/authorize`)).resolves.toEqual({
      accessToken: 'new',
      expiration: '2030-01-01T00:00:00Z',
    });
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/auth/authorize' });
  });

  it('rejects a 401 at once with its status', async () => {
    server = await startTestServer(() => ({ status: 401, body: {} }));
    const error = await authorize(server.url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(401);
    expect(server.requests).toHaveLength(1);
  });

  it('retries 5xx every 2000 ms, 5 attempts in all', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => Promise.resolve(new Response('', { status: 500 })));
    const done = authorize('/auth/authorize', fetch).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(await done).toBeInstanceOf(HttpStatusError);
  });

  it('aborts an attempt after 2000 ms', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_u: string, init?: RequestInit) =>
        new Promise<Response>((_r, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('AbortError'))),
        ),
    );
    const done = authorize('/auth/authorize', fetch).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await done).toBeInstanceOf(Error);
  });

  it('uses /connect/auth/authorize on legacy awsapps.com domains', () => {
    expect(defaultAuthorizeEndpoint('https://a.awsapps.com/connect/ccp-v2')).toBe(
      '/connect/auth/authorize',
    );
    expect(defaultAuthorizeEndpoint('http://127.0.0.1/ccp-v2')).toBe('/auth/authorize');
  });
});

describe('embedded origin check against whitelisted origins (spec §5)', () => {
  it('allows the referrer origin when it is listed, sending the bearer header', async () => {
    server = await startTestServer(() => ({
      status: 200,
      body: { whitelistedOrigins: ['http://localhost:4000'] },
    }));
    const allowed = await isEmbeddingOriginAllowed({
      endpoint: `${server.url}/whitelisted-origins`,
      authToken: 'tok',
      referrer: 'http://localhost:4000/some/page?x=1',
    });
    expect(allowed).toBe(true);
    expect(server.requests[0]?.headers['x-amz-bearer']).toBe('tok');
  });

  it('refuses a referrer origin that is not listed', async () => {
    server = await startTestServer(() => ({
      status: 200,
      body: { whitelistedOrigins: ['http://localhost:4000'] },
    }));
    await expect(
      isEmbeddingOriginAllowed({
        endpoint: server.url,
        authToken: 'tok',
        referrer: 'http://evil.test:4000/',
      }),
    ).resolves.toBe(false);
  });
});
