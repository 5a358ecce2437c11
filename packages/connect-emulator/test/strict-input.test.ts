/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
// 4xx (AWS-shaped, with x-amzn-ErrorType) where a 500 or a bare answer was, and
// validation as strict as the service on ARNs, enums and sort fields.
import { connect } from 'node:net';
import {
  ConnectClient,
  DescribeQueueCommand,
  GetCurrentUserDataCommand,
  ListUsersCommand,
  SearchContactsCommand,
} from '@aws-sdk/client-connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';
import { signAdmin } from './support/sign-admin';

let h: Harness;
let client: ConnectClient;
let instanceId: string;
beforeAll(async () => {
  h = await startHarness();
  instanceId = h.emulator.centre.instanceId;
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

/** Expects an AWS-shaped error: the status, x-amzn-ErrorType and a message. */
async function expectAwsError(res: Response, status: number, type?: string): Promise<void> {
  expect(res.status).toBe(status);
  const errorType = res.headers.get('x-amzn-errortype');
  expect(errorType).toBeTruthy();
  if (type) expect(errorType).toBe(type);
  const body = (await res.json()) as { message?: string; Message?: string };
  expect(body.message ?? body.Message).toEqual(expect.any(String));
}

const agentApp = (target: string, body: unknown = {}) =>
  fetch(`${h.emulator.url}/agent-app/api`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-amz-target': target,
      'x-amz-bearer': JSON.stringify({ 'lily-auth-emulated': h.token }),
    },
    body: JSON.stringify(body),
  });

describe('4xx, not 500, AWS-shaped', () => {
  it('agent-app targets named after Object.prototype members are unknown operations', async () => {
    for (const target of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])
      await expectAwsError(await agentApp(target, { a: 1 }), 400, 'UnknownOperationException');
  });

  it('a malformed % escape in a path segment', async () => {
    for (const path of [
      '/control/contacts/%E0%A4%A',
      '/control/faults/%ZZ',
      '/control/voice-id/customers/%',
      `/users/${'%ZZ'}/x`,
      '/media/transcripts/%ZZ',
    ]) {
      const res = await fetch(`${h.emulator.url}${path}`, {
        method: path.includes('faults') ? 'DELETE' : 'GET',
        headers: h.emulator.controlHeaders,
      });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('x-amzn-errortype'), path).toBeTruthy();
    }
  });

  it('a malformed session cookie on /auth/authorize and /logout', async () => {
    const cookie = 'connect-emulator-session=%E0%A4%A';
    await expectAwsError(
      await fetch(h.emulator.authorizeUrl, { headers: { cookie } }),
      401,
      'UnauthorizedException',
    );
    const logout = await fetch(h.emulator.logoutUrl, { headers: { cookie } });
    expect(logout.status).toBe(200);
  });

  it('a 1,000-deep SearchUsers filter is a 400 (no stack overflow)', async () => {
    // Sent raw: the SDK's own serializer overflows on it.
    const criteria = `${'{"AndConditions":['.repeat(1000)}{}${']}'.repeat(1000)}`;
    const url = `${h.emulator.url}/search-users`;
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"InstanceId":"${instanceId}","SearchCriteria":${criteria}}`,
    };
    const headers = await signAdmin(url, init, { credentials: h.emulator.adminCredentials });
    const res = await fetch(url, { ...init, headers });
    await expectAwsError(res, 400);
  });

  it('POST // is an AWS-shaped 404; an OPTIONS from a foreign origin an AWS-shaped 403', async () => {
    const res = await new Promise<string>((resolve) => {
      const socket = connect(h.emulator.port, '127.0.0.1', () =>
        socket.write('POST // HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (c) => {
        text += c.toString();
        if (text.includes('}')) socket.end();
      });
      socket.on('close', () => resolve(text));
    });
    expect(res).toMatch(/^HTTP\/1\.1 404/);
    expect(res).toMatch(/x-amzn-ErrorType: NotFoundException/i);
    await expectAwsError(
      await fetch(`${h.emulator.url}/api`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example' },
      }),
      403,
    );
  });

  it('a body over the limit is a 413 with x-amzn-ErrorType; a 100 KB NextToken a 431 with it', async () => {
    await expectAwsError(
      await fetch(h.emulator.ctiEndpoint, {
        method: 'POST',
        headers: { 'x-amz-target': 'AmazonConnectCTIService.GetAgentSnapshot' },
        body: 'x'.repeat(2 * 1024 * 1024),
      }),
      413,
      'RequestEntityTooLargeException',
    );
    await expectAwsError(
      await agentApp('AgentAppService.Lcms.updateVoiceIdData', { blob: 'x'.repeat(1_100_000) }),
      413,
    );
    const big = await fetch(
      `${h.emulator.url}/users-summary/${instanceId}?nextToken=${'A'.repeat(100_000)}`,
    );
    await expectAwsError(big, 431, 'RequestHeaderFieldsTooLargeException');
  });
});

describe('strict validation (ARNs, enums, sort fields)', () => {
  const arn = (account: string, instance: string, rest = '') =>
    `arn:aws:connect:us-east-1:${account}:instance/${instance}${rest}`;

  it("another account's or instance's ARN is ResourceNotFound; a malformed or wrong-kind ARN InvalidParameter", async () => {
    const account = '123456789012';
    const queue = h.emulator.centre.queues[0]!;
    await expect(
      client.send(new ListUsersCommand({ InstanceId: arn(account, instanceId) })),
    ).resolves.toBeDefined();
    await expect(
      client.send(new ListUsersCommand({ InstanceId: arn('999999999999', instanceId) })),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    await expect(
      client.send(
        new DescribeQueueCommand({
          InstanceId: instanceId,
          QueueId: arn(account, 'other-instance', `/queue/${queue.id}`),
        }),
      ),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    await expect(
      client.send(
        new DescribeQueueCommand({
          InstanceId: instanceId,
          QueueId: arn(account, instanceId, `/queue/${queue.id}`).replace(
            'arn:aws:',
            'arn:aws-cn:',
          ),
        }),
      ),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    await expect(
      client.send(
        new DescribeQueueCommand({
          InstanceId: instanceId,
          QueueId: arn(account, instanceId, `/agent/${queue.id}`),
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(
      client.send(new DescribeQueueCommand({ InstanceId: instanceId, QueueId: 'arn:nonsense' })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    // This instance's ARN is read as the id.
    await expect(
      client.send(
        new DescribeQueueCommand({
          InstanceId: instanceId,
          QueueId: arn(account, instanceId, `/queue/${queue.id}`),
        }),
      ),
    ).resolves.toMatchObject({ Queue: { QueueId: queue.id } });
  });

  it('ContactStates, Sort.FieldName, Channels and list-type enums are checked', async () => {
    const queue = h.emulator.centre.queues[0]!;
    await expect(
      client.send(
        new GetCurrentUserDataCommand({
          InstanceId: instanceId,
          Filters: { Queues: [queue.id], ContactFilter: { ContactStates: ['BOGUS' as any] } },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    const range = {
      Type: 'INITIATION_TIMESTAMP' as const,
      StartTime: new Date(0),
      EndTime: new Date(),
    };
    await expect(
      client.send(
        new SearchContactsCommand({
          InstanceId: instanceId,
          TimeRange: range,
          Sort: { FieldName: 'BOGUS' as any, Order: 'ASCENDING' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(
      client.send(
        new SearchContactsCommand({
          InstanceId: instanceId,
          TimeRange: range,
          SearchCriteria: { Channels: ['PIGEON' as any] },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    const typesUrl = `${h.emulator.url}/queues-summary/${instanceId}?queueTypes=BOGUS`;
    const types = await fetch(typesUrl, {
      headers: await signAdmin(typesUrl, {}, { credentials: h.emulator.adminCredentials }),
    });
    await expectAwsError(types, 400, 'InvalidParameterException');
  });

  it('CreateTaskContact refuses a made-up queue ARN whose name matches; PutAgentState a foreign state ARN', async () => {
    const queue = h.emulator.centre.queues[0]!;
    const madeUp = await h.cti('CreateTaskContact', {
      endpoint: {
        type: 'queue',
        name: queue.name,
        queue: { queueARN: `${queue.arn}-made-up`, name: queue.name },
      },
      name: 'A task',
    });
    expect(madeUp.body.__type).toBe('BadEndpointException');
    const real = await h.cti('CreateTaskContact', {
      endpoint: {
        type: 'queue',
        name: queue.name,
        queue: { queueARN: queue.arn, name: queue.name },
      },
      name: 'A task',
    });
    expect(real.status).toBe(200);
    const foreign = await h.cti('PutAgentState', {
      state: {
        agentStateARN: 'arn:aws:connect:us-east-1:999999999999:instance/x/agent-state/y',
        name: 'Available',
        type: 'routable',
      },
    });
    expect(foreign.body.__type).toBe('InvalidStateException');
  });
});
