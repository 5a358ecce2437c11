import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createChannelAgentAppTransport,
  createFetchAgentAppTransport,
  toAgentAppFailure,
} from './transports';

const params = { InstanceId: 'instance-1', IntegrationType: 'VOICE_ID' } as const;
const METHOD = 'AgentAppService.Acs.listIntegrationAssociations';

function fakeFetch(...responses: (() => Response | Promise<Response>)[]) {
  let i = 0;
  return vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(responses[Math.min(i++, responses.length - 1)]!()),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('fetch agent-app transport', () => {
  it('POSTs the params as JSON with the X-Amz-target and X-Amz-Bearer headers', async () => {
    const fetch = fakeFetch(() => Response.json({ IntegrationAssociationSummaryList: [] }));
    const transport = createFetchAgentAppTransport({
      endpoint: 'https://agent-app.example/api',
      authCookieName: 'lily-auth-prod-pdx',
      authToken: () => 'token-1',
      fetch,
    });
    await expect(transport.call(METHOD, params)).resolves.toEqual({
      ok: true,
      data: { IntegrationAssociationSummaryList: [] },
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://agent-app.example/api');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify(params));
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Amz-target': METHOD,
      'X-Amz-Bearer': JSON.stringify({ 'lily-auth-prod-pdx': 'token-1' }),
    });
  });

  it('prefixes an endpoint without protocol', async () => {
    const fetch = fakeFetch(() => Response.json({}));
    const transport = createFetchAgentAppTransport({
      endpoint: 'agent-app.example/api',
      authCookieName: 'c',
      authToken: 't',
      fetch,
    });
    await transport.call(METHOD, params);
    expect(fetch.mock.calls[0]![0]).toBe('https://agent-app.example/api');
  });

  it("takes a path endpoint on the page's origin", async () => {
    vi.stubGlobal('location', { protocol: 'http:', origin: 'http://127.0.0.1:4700' });
    try {
      const fetch = fakeFetch(() => Response.json({}));
      const transport = createFetchAgentAppTransport({
        endpoint: '/agent-app/api',
        authCookieName: 'c',
        authToken: 't',
        fetch,
      });
      await transport.call(METHOD, params);
      expect(fetch.mock.calls[0]![0]).toBe('http://127.0.0.1:4700/agent-app/api');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('resolves a success that is not JSON with {}', async () => {
    const fetch = fakeFetch(() => new Response('OK', { status: 200 }));
    const transport = createFetchAgentAppTransport({
      endpoint: 'https://a',
      authCookieName: 'c',
      authToken: 't',
      fetch,
    });
    await expect(transport.call(METHOD, params)).resolves.toEqual({ ok: true, data: {} });
  });

  it('answers a 4xx at once with the status and the parsed error body', async () => {
    const fetch = fakeFetch(() => Response.json({ message: 'Speaker not found' }, { status: 404 }));
    const transport = createFetchAgentAppTransport({
      endpoint: 'https://a',
      authCookieName: 'c',
      authToken: 't',
      fetch,
    });
    await expect(transport.call(METHOD, params)).resolves.toEqual({
      ok: false,
      error: { status: 404, body: { message: 'Speaker not found' } },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries 5xx and 429 up to 5 attempts, 1000 ms apart', async () => {
    const fetch = fakeFetch(
      () => new Response('busy', { status: 429 }),
      () => new Response('down', { status: 503 }),
    );
    const transport = createFetchAgentAppTransport({
      endpoint: 'https://a',
      authCookieName: 'c',
      authToken: 't',
      fetch,
    });
    const result = transport.call(METHOD, params);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toEqual({ ok: false, error: { status: 503, body: 'down' } });
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('resolves after a retried 5xx succeeds', async () => {
    const fetch = fakeFetch(
      () => new Response('', { status: 500 }),
      () => Response.json({ sessionId: 's' }),
    );
    const transport = createFetchAgentAppTransport({
      endpoint: 'https://a',
      authCookieName: 'c',
      authToken: 't',
      fetch,
    });
    const result = transport.call(METHOD, params);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ ok: true, data: { sessionId: 's' } });
  });

  it('reports a network failure without status', async () => {
    const networkError = new TypeError('Failed to fetch');
    const fetch = vi.fn(() => Promise.reject(networkError));
    const transport = createFetchAgentAppTransport({
      endpoint: 'https://a',
      authCookieName: 'c',
      authToken: 't',
      fetch,
    });
    await expect(transport.call(METHOD, params)).resolves.toEqual({
      ok: false,
      error: { cause: networkError },
    });
  });
});

describe('channel agent-app transport', () => {
  it('resolves with the data the channel answers', async () => {
    const request = vi.fn(() => Promise.resolve({ sessionId: 's' }));
    const transport = createChannelAgentAppTransport(request);
    await expect(transport.call(METHOD, params)).resolves.toEqual({
      ok: true,
      data: { sessionId: 's' },
    });
    expect(request).toHaveBeenCalledWith(METHOD, params);
  });

  it('reads the JSON-string error of the streams worker, with its status', async () => {
    const transport = createChannelAgentAppTransport(() =>
      // The streams worker rejects with the error serialised as a string.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      Promise.reject(JSON.stringify({ message: 'gone', status: 404 })),
    );
    await expect(transport.call(METHOD, params)).resolves.toEqual({
      ok: false,
      error: { status: 404, body: { message: 'gone', status: 404 } },
    });
  });

  it('keeps an error without status as the cause', () => {
    const error = new Error('channel closed');
    expect(toAgentAppFailure(error)).toEqual({ body: error, cause: error });
    expect(toAgentAppFailure({ status: 500 })).toEqual({ status: 500, body: { status: 500 } });
  });

  it('reads the status of our panel worker: body with status as data, statusCode in the error', () => {
    const channelError = Object.assign(new Error('Speaker not found'), {
      error: { message: 'Speaker not found', statusCode: 404, retryStatus: 'none' },
      data: { message: 'Speaker not found', __type: 'ResourceNotFoundException', status: 404 },
    });
    expect(toAgentAppFailure(channelError)).toEqual({
      status: 404,
      body: { message: 'Speaker not found', __type: 'ResourceNotFoundException', status: 404 },
      cause: channelError,
    });
    const withoutData = Object.assign(new Error('x'), { error: { statusCode: 400 }, data: null });
    expect(toAgentAppFailure(withoutData)).toMatchObject({ status: 400 });
  });

  it('reads the status of a request-channel error object carrying the panel error', () => {
    const channelError = Object.assign(new Error('describeSpeaker failed'), {
      error: { message: 'Speaker not found', status: 404 },
    });
    expect(toAgentAppFailure(channelError)).toEqual({
      status: 404,
      body: { message: 'Speaker not found', status: 404 },
      cause: channelError,
    });
  });
});
