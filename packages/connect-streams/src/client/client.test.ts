import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectError } from '../errors';
import { createConduitPair } from '../testing/in-memory-conduit';
import { AuthRetryPolicy, formatServiceError, isRetryableStatus } from './auth-retry-policy';
import { CcpRequestError, UpstreamClient } from './upstream-client';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('UpstreamClient (request/response by requestId)', () => {
  it('sends api_request {event, requestId, method, params} and resolves with the matching api_response data', async () => {
    const [host, panel] = createConduitPair();
    const client = new UpstreamClient(host);
    const seen: Record<string, unknown>[] = [];
    panel.onMessage((m) => {
      const d = m.data as Record<string, unknown>;
      seen.push(d);
      panel.send('api_response', {
        event: 'api_response',
        requestId: 'other',
        data: { wrong: true },
        err: null,
      });
      panel.send('api_response', {
        event: 'api_response',
        requestId: d.requestId,
        data: { ok: 1 },
        err: null,
      });
    });
    await expect(client.request('getAgentStates', { nextToken: null })).resolves.toEqual({ ok: 1 });
    expect(seen[0]).toMatchObject({
      event: 'api_request',
      method: 'getAgentStates',
      params: { nextToken: null },
    });
    expect(typeof seen[0]!.requestId).toBe('string');
  });

  it('a truthy err (a JSON string from the real worker) fails the request with the parsed error shape', async () => {
    const [host, panel] = createConduitPair();
    const client = new UpstreamClient(host);
    panel.onMessage((m) => {
      const d = m.data as Record<string, unknown>;
      panel.send('api_response', {
        event: 'api_response',
        requestId: d.requestId,
        data: null,
        err: JSON.stringify({
          type: 'AccessDeniedException',
          message: 'no',
          stack: [],
          retryStatus: 'none',
          statusCode: 403,
        }),
      });
    });
    const err = (await client.request('putAgentState').catch((e: unknown) => e)) as CcpRequestError;
    expect(err).toBeInstanceOf(CcpRequestError);
    expect(err.error).toMatchObject({ type: 'AccessDeniedException', statusCode: 403 });
  });

  it('no response in 30000 ms fails with clientTimeout, reason "Client Timeout", carrying command, request data and timeoutMs', async () => {
    const [host] = createConduitPair();
    const client = new UpstreamClient(host);
    const p = client.request('acceptContact', { contactId: 'c' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29999);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = (await p) as ConnectError;
    expect(err).toBeInstanceOf(ConnectError);
    expect(err.errorKey).toBe('clientTimeout');
    expect(err.message).toBe('Client Timeout');
    expect(err.details).toEqual({
      command: 'acceptContact',
      requestData: { contactId: 'c' },
      timeoutMs: 30000,
    });
  });
});

const SIX = [
  'getAgentSnapshot',
  'getAgentConfiguration',
  'getAgentPermissions',
  'getAgentStates',
  'getDialableCountryCodes',
  'getRoutingProfileQueues',
];

describe('auth handling (spec §8)', () => {
  it('retries 401 on each of the six named methods up to 20 times, then reports exhausted and resets the counter', () => {
    for (const method of SIX) {
      const p = new AuthRetryPolicy();
      for (let i = 0; i < 20; i++) {
        const d = p.onError(method, { statusCode: 401 });
        expect(d.action).toBe('retry');
        expect(d.error.retryStatus).toBe('retrying');
      }
      const last = p.onError(method, { code: 'UnauthorizedException' });
      expect(last.action).toBe('authFailure');
      expect(last.error.retryStatus).toBe('exhausted');
      expect(p.counters.unauthorized).toBe(0);
      expect(p.onError(method, { statusCode: 401 }).action).toBe('retry');
    }
  });

  it('retries 403 up to 10 times, then reports exhausted to the access-denied callback', () => {
    const p = new AuthRetryPolicy();
    for (let i = 0; i < 10; i++)
      expect(p.onError('getAgentSnapshot', { code: 'AccessDeniedException' }).action).toBe('retry');
    const d = p.onError('getAgentSnapshot', { statusCode: 403 });
    expect(d).toMatchObject({
      action: 'accessDenied',
      error: { retryStatus: 'exhausted', statusCode: 403 },
    });
    expect(p.counters.accessDenied).toBe(0);
  });

  it('non-retryable methods go straight to the auth-failure or access-denied callback', () => {
    const p = new AuthRetryPolicy();
    expect(p.onError('acceptContact', { statusCode: 401 })).toMatchObject({
      action: 'authFailure',
      error: { retryStatus: 'none' },
    });
    expect(p.onError('putAgentState', { code: 'AccessDeniedException' })).toMatchObject({
      action: 'accessDenied',
      error: { retryStatus: 'none' },
    });
  });

  it('any other error and any success reset the counters and call failure', () => {
    const p = new AuthRetryPolicy();
    p.onError('getAgentSnapshot', { statusCode: 401 });
    p.onError('getAgentSnapshot', { statusCode: 403 });
    expect(p.counters).toEqual({ unauthorized: 1, accessDenied: 1 });
    expect(
      p.onError('getAgentSnapshot', { code: 'InvalidStateException', statusCode: 409 }).action,
    ).toBe('failure');
    expect(p.counters).toEqual({ unauthorized: 0, accessDenied: 0 });
    p.onError('getAgentSnapshot', { statusCode: 401 });
    p.onSuccess();
    expect(p.counters).toEqual({ unauthorized: 0, accessDenied: 0 });
  });

  it('an error without a code gets status 400; codes imply 401/403', () => {
    expect(formatServiceError({ message: 'x' })).toEqual({
      type: undefined,
      message: 'x',
      stack: [],
      retryStatus: 'none',
      statusCode: 400,
    });
    expect(formatServiceError({ code: 'UnauthorizedException' }).statusCode).toBe(401);
    expect(formatServiceError({ code: 'AccessDeniedException' }).statusCode).toBe(403);
    expect(formatServiceError({ code: 'X', stack: 'a\nb' }).stack).toEqual(['a', 'b']);
  });

  it('retries on HTTP 5xx and 429 only', () => {
    expect([500, 502, 503, 599, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 200].some(isRetryableStatus)).toBe(false);
  });
});
