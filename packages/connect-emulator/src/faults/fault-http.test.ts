import {
  ConnectClient,
  GetCurrentUserDataCommand,
  ListUsersCommand,
} from '@aws-sdk/client-connect';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryAdminBackend } from '../../test/fixtures/memory-admin-backend';
import { serve } from '../../test/support/serve';
import { createAdminRouter } from '../admin/admin-router';
import type { RouteHandler } from '../lib/http';
import { sendJson } from '../lib/http';
import { FaultEngine } from './fault-engine';
import { createFaultControlRouter, withFaults } from './fault-http';

const engine = new FaultEngine({ seed: 1 });
const slept: number[] = [];
let ctiCalls = 0;
const cti: RouteHandler = (req, res, url) => {
  if (url.pathname !== '/api') return Promise.resolve(false);
  ctiCalls += 1;
  req.resume();
  sendJson(res, 200, {});
  return Promise.resolve(true);
};
const admin = createAdminRouter(new MemoryAdminBackend());
const app: RouteHandler = async (req, res, url) =>
  (await cti(req, res, url)) || admin(req, res, url);
const faulting = withFaults(engine, app, {
  sleep: (ms) => {
    slept.push(ms);
    return Promise.resolve();
  },
});
let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  server = await serve(createFaultControlRouter(engine), faulting);
});
afterAll(async () => {
  faulting.releaseDropped();
  await server.close();
});
beforeEach(() => {
  engine.clear();
  slept.length = 0;
  ctiCalls = 0;
});

const ctiCall = (op: string, signal?: AbortSignal) =>
  fetch(`${server.url}/api`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `AmazonConnectCTIService.${op}`,
      'x-amz-bearer': 't',
    },
    body: '{}',
    ...(signal === undefined ? {} : { signal }),
  });
const addRule = async (rule: unknown) => {
  const res = await fetch(`${server.url}/control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
};

describe('fault injection over HTTP', () => {
  it('answers the configured status on the CTI operation count times, in the AWS error shape, then passes through', async () => {
    await addRule({
      service: 'cti',
      operation: 'GetAgentSnapshot',
      action: { type: 'status', status: 401 },
      count: 2,
    });
    const first = await ctiCall('GetAgentSnapshot');
    expect(first.status).toBe(401);
    expect(first.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
    expect(((await first.json()) as { __type: string }).__type).toBe('UnauthorizedException');
    expect((await ctiCall('PutAgentState')).status).toBe(200);
    expect((await ctiCall('GetAgentSnapshot')).status).toBe(401);
    expect((await ctiCall('GetAgentSnapshot')).status).toBe(200);
    expect(ctiCalls).toBe(2);
  });

  it('a 503 rule with count 2 makes the AWS SDK retry and succeed on its third attempt', async () => {
    await addRule({
      service: 'admin',
      operation: 'GetCurrentUserData',
      action: { type: 'status', status: 503 },
      count: 2,
    });
    const client = new ConnectClient({
      endpoint: server.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      retryStrategy: undefined,
    });
    const out = await client.send(
      new GetCurrentUserDataCommand({ InstanceId: 'i-1', Filters: { Agents: ['u-1'] } }),
    );
    expect(out.$metadata.attempts).toBe(3);
    expect(out.UserDataList).toHaveLength(1);
    client.destroy();
  }, 20_000);

  it('a 429 on an admin operation reaches the SDK as ThrottlingException with status 429', async () => {
    await addRule({
      service: 'admin',
      operation: 'ListUsers',
      action: { type: 'status', status: 429 },
    });
    const client = new ConnectClient({
      endpoint: server.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      maxAttempts: 1,
    });
    const error = await client
      .send(new ListUsersCommand({ InstanceId: 'i-1' }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ThrottlingException',
      $metadata: { httpStatusCode: 429 },
    });
    client.destroy();
  });

  it('adds the configured latency before answering', async () => {
    await addRule({
      service: 'cti',
      operation: 'AcceptContact',
      action: { type: 'latency', ms: 1500 },
    });
    expect((await ctiCall('AcceptContact')).status).toBe(200);
    expect(slept).toEqual([1500]);
  });

  it('a dropped request gets no answer', async () => {
    await addRule({
      service: 'cti',
      operation: 'GetAgentSnapshot',
      action: { type: 'drop' },
      count: 1,
    });
    const controller = new AbortController();
    const pending = ctiCall('GetAgentSnapshot', controller.signal).then(
      () => 'answered',
      () => 'aborted',
    );
    const listed = (await (await fetch(`${server.url}/control/faults`)).json()) as {
      rules: { fired: number }[];
    };
    expect(listed.rules[0]?.fired).toBe(1);
    controller.abort();
    expect(await pending).toBe('aborted');
    expect(ctiCalls).toBe(0);
  });

  it('the control API lists, deletes and validates rules', async () => {
    const rule = await addRule({ service: 'cti', action: { type: 'status', status: 500 } });
    expect(
      ((await (await fetch(`${server.url}/control/faults`)).json()) as { rules: unknown[] }).rules,
    ).toHaveLength(1);
    expect(
      (await fetch(`${server.url}/control/faults/${rule.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await ctiCall('GetAgentSnapshot')).status).toBe(200);
    const bad = await fetch(`${server.url}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'cti', action: { type: 'status', status: 404 } }),
    });
    expect(bad.status).toBe(400);
  });
});
