/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
// The control and admin APIs are protected (loopback only, Host, cross-site refusal,
// JSON, a credential); CORS grants loopback origins only by default, never `null`; the panel may
// be framed by the allowed origins only. The AWS SDK works with the configured keys.
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import {
  ConnectClient,
  DescribeContactCommand,
  DescribeInstanceStorageConfigCommand,
  DescribeQueueCommand,
  DescribeQuickConnectCommand,
  DescribeUserCommand,
  GetContactAttributesCommand,
  GetCurrentMetricDataCommand,
  GetCurrentUserDataCommand,
  ListAgentStatusesCommand,
  ListInstanceStorageConfigsCommand,
  ListPhoneNumbersV2Command,
  ListQueuesCommand,
  ListQuickConnectsCommand,
  ListRoutingProfilesCommand,
  ListUsersCommand,
  MonitorContactCommand,
  PutUserStatusCommand,
  SearchContactsCommand,
  UpdateContactAttributesCommand,
  SearchUsersCommand,
  StartOutboundVoiceContactCommand,
  StopContactCommand,
  StartChatContactCommand,
  StartTaskContactCommand,
} from '@aws-sdk/client-connect';
import {
  ConnectContactLensClient,
  ListRealtimeContactAnalysisSegmentsCommand,
} from '@aws-sdk/client-connect-contact-lens';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from '../src/admin/admin-router';
import { DEFAULT_ADMIN_CREDENTIALS } from '../src/constants';
import { startEmulator, type Emulator } from '../src/index';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const sdk = (e: Emulator, credentials = e.adminCredentials) =>
  new ConnectClient({ endpoint: e.url, region: 'us-east-1', credentials, maxAttempts: 1 });

/** A raw request (any Host header, any method), answering status, headers and body. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text.startsWith('{') ? JSON.parse(text) : text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('admin API credentials', () => {
  it('every SDK operation works with the configured keys (the demo default when none are set)', async () => {
    emulator = await startEmulator({ port: 0 });
    expect(emulator.adminCredentials).toEqual(DEFAULT_ADMIN_CREDENTIALS);
    const client = sdk(emulator);
    const InstanceId = emulator.centre.instanceId;
    const jane = emulator.centre.agentByUsername('jane')!;
    const ana = emulator.centre.agentByUsername('ana')!;
    const queue = emulator.centre.queues[0]!;
    const { QuickConnectSummaryList } = await client.send(
      new ListQuickConnectsCommand({ InstanceId }),
    );
    // A live call for the contact operations.
    emulator.centre.putAgentState(jane, { name: 'Available' });
    const contact = emulator.centre.dialIn('+15555550001', '+15555550123', {
      attributes: { tier: 'gold' },
    });
    emulator.centre.acceptContact(jane, contact.id);
    const done = new Set<string>(['ListQuickConnects']);
    const run = async (name: string, send: () => Promise<unknown>) => {
      await send();
      done.add(name);
    };
    await run('GetCurrentUserData', () =>
      client.send(new GetCurrentUserDataCommand({ InstanceId, Filters: { Agents: [jane.id] } })),
    );
    await run('ListUsers', () => client.send(new ListUsersCommand({ InstanceId })));
    await run('DescribeUser', () =>
      client.send(new DescribeUserCommand({ InstanceId, UserId: jane.id })),
    );
    await run('SearchUsers', () => client.send(new SearchUsersCommand({ InstanceId })));
    await run('ListQueues', () => client.send(new ListQueuesCommand({ InstanceId })));
    await run('DescribeQueue', () =>
      client.send(new DescribeQueueCommand({ InstanceId, QueueId: queue.id })),
    );
    await run('DescribeQuickConnect', () =>
      client.send(
        new DescribeQuickConnectCommand({
          InstanceId,
          QuickConnectId: QuickConnectSummaryList![0]!.Id!,
        }),
      ),
    );
    const storage = await client.send(
      new ListInstanceStorageConfigsCommand({ InstanceId, ResourceType: 'CALL_RECORDINGS' }),
    );
    done.add('ListInstanceStorageConfigs');
    await run('DescribeInstanceStorageConfig', () =>
      client.send(
        new DescribeInstanceStorageConfigCommand({
          InstanceId,
          ResourceType: 'CALL_RECORDINGS',
          AssociationId: storage.StorageConfigs![0]!.AssociationId!,
        }),
      ),
    );
    await run('ListRoutingProfiles', () =>
      client.send(new ListRoutingProfilesCommand({ InstanceId })),
    );
    await run('ListAgentStatuses', () => client.send(new ListAgentStatusesCommand({ InstanceId })));
    await run('DescribeContact', () =>
      client.send(new DescribeContactCommand({ InstanceId, ContactId: contact.id })),
    );
    await run('SearchContacts', () =>
      client.send(
        new SearchContactsCommand({
          InstanceId,
          TimeRange: { Type: 'INITIATION_TIMESTAMP', StartTime: new Date(0), EndTime: new Date() },
        }),
      ),
    );
    await run('GetContactAttributes', () =>
      client.send(new GetContactAttributesCommand({ InstanceId, InitialContactId: contact.id })),
    );
    await run('ListPhoneNumbersV2', () =>
      client.send(new ListPhoneNumbersV2Command({ InstanceId })),
    );
    await run('GetCurrentMetricData', () =>
      client.send(
        new GetCurrentMetricDataCommand({
          InstanceId,
          Filters: { Queues: [queue.id], Channels: ['VOICE'] },
          Groupings: ['QUEUE'],
          CurrentMetrics: [{ Name: 'CONTACTS_IN_QUEUE', Unit: 'COUNT' }],
        }),
      ),
    );
    await run('MonitorContact', () =>
      client.send(new MonitorContactCommand({ InstanceId, ContactId: contact.id, UserId: ana.id })),
    );
    const lens = new ConnectContactLensClient({
      endpoint: emulator.url,
      region: 'us-east-1',
      credentials: emulator.adminCredentials,
    });
    await lens.send(
      new ListRealtimeContactAnalysisSegmentsCommand({ InstanceId, ContactId: contact.id }),
    );
    done.add('ListRealtimeContactAnalysisSegments');
    const started = await client.send(
      new StartOutboundVoiceContactCommand({
        InstanceId,
        ContactFlowId: 'flow',
        DestinationPhoneNumber: '+15555550188',
        QueueId: queue.id,
      }),
    );
    done.add('StartOutboundVoiceContact');
    await run('StopContact', () =>
      client.send(new StopContactCommand({ InstanceId, ContactId: started.ContactId! })),
    );
    await run('StartChatContact', () =>
      client.send(
        new StartChatContactCommand({
          InstanceId,
          ContactFlowId: 'flow',
          ParticipantDetails: { DisplayName: 'Pat' },
        }),
      ),
    );
    await run('StartTaskContact', () =>
      client.send(new StartTaskContactCommand({ InstanceId, ContactFlowId: 'flow', Name: 'T' })),
    );
    await run('UpdateContactAttributes', () =>
      client.send(
        new UpdateContactAttributesCommand({
          InstanceId,
          InitialContactId: contact.id,
          Attributes: { disposition: 'Resolved' },
        }),
      ),
    );
    const attributes = await client.send(
      new GetContactAttributesCommand({ InstanceId, InitialContactId: contact.id }),
    );
    expect(attributes.Attributes).toEqual({ tier: 'gold', disposition: 'Resolved' });
    const { AgentStatusSummaryList: statuses } = await client.send(
      new ListAgentStatusesCommand({ InstanceId }),
    );
    const statusId = (name: string) => statuses!.find((st) => st.Name === name)!.Id!;
    const offline = statusId('Offline');
    // john (no contact) goes to Lunch at once.
    const john = emulator.centre.agentByUsername('john')!;
    await run('PutUserStatus', () =>
      client.send(
        new PutUserStatusCommand({ InstanceId, UserId: john.id, AgentStatusId: statusId('Lunch') }),
      ),
    );
    expect(john.selected.name).toBe('Lunch');
    // An agent on a call gets it as the next status (the call is not cut).
    await client.send(
      new PutUserStatusCommand({ InstanceId, UserId: jane.id, AgentStatusId: offline }),
    );
    expect(jane.nextState?.name).toBe('Offline');
    expect([...done].sort()).toEqual([...new Set(Object.values(ADMIN_OPERATIONS))].sort());
    client.destroy();
    lens.destroy();
  });

  it('configured keys replace the demo ones; another key is UnrecognizedClientException, none MissingAuthenticationToken', async () => {
    emulator = await startEmulator({
      port: 0,
      adminCredentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
    });
    const InstanceId = emulator.centre.instanceId;
    await expect(sdk(emulator).send(new ListUsersCommand({ InstanceId }))).resolves.toBeDefined();
    await expect(
      sdk(emulator, DEFAULT_ADMIN_CREDENTIALS).send(new ListUsersCommand({ InstanceId })),
    ).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      $metadata: { httpStatusCode: 403 },
    });
    const bare = await fetch(`${emulator.url}/users-summary/${InstanceId}`);
    expect(bare.status).toBe(403);
    expect(bare.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
  });
});

describe('control API protection', () => {
  it('needs the token; a wrong one is refused; a body needs JSON', async () => {
    emulator = await startEmulator({ port: 0, controlToken: 'fixed-token' });
    expect(emulator.controlToken).toBe('fixed-token');
    const none = await fetch(`${emulator.url}/control/agents`);
    expect(none.status).toBe(401);
    expect(none.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
    const wrong = await fetch(`${emulator.url}/control/agents`, {
      headers: { 'x-connect-emulator-token': 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(
      (await fetch(`${emulator.url}/control/agents`, { headers: emulator.controlHeaders })).status,
    ).toBe(200);
    const text = await fetch(`${emulator.url}/control/reset`, {
      method: 'POST',
      headers: { 'x-connect-emulator-token': 'fixed-token', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    expect(text.headers.get('x-amzn-errortype')).toBe('UnsupportedMediaTypeException');
  });

  it('refuses cross-site requests (Origin, Sec-Fetch-Site) even with the token, and never answers a preflight', async () => {
    emulator = await startEmulator({ port: 0 });
    const headers = emulator.controlHeaders;
    const cross = await fetch(`${emulator.url}/control/reset`, {
      method: 'POST',
      headers: { ...headers, origin: 'http://localhost:5173' },
      body: '{}',
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('access-control-allow-origin')).toBeNull();
    const site = await fetch(`${emulator.url}/control/agents`, {
      headers: { ...headers, 'sec-fetch-site': 'same-site' },
    });
    expect(site.status).toBe(403);
    const preflight = await fetch(`${emulator.url}/control/calls`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The emulator's own page (the customer phone) is same-origin.
    const own = await fetch(`${emulator.url}/control/agents`, {
      headers: { ...headers, origin: emulator.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
  });

  it('refuses a Host that does not name the emulator (DNS rebinding)', async () => {
    emulator = await startEmulator({ port: 0 });
    const rebound = await raw(`${emulator.url}/control/agents`, {
      headers: { ...emulator.controlHeaders, host: `attacker.example:${emulator.port}` },
    });
    expect(rebound.status).toBe(403);
    expect(rebound.headers['x-amzn-errortype']).toBe('AccessDeniedException');
    const local = await raw(`${emulator.url}/control/agents`, {
      headers: { ...emulator.controlHeaders, host: `localhost:${emulator.port}` },
    });
    expect(local.status).toBe(200);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
  it.runIf(external !== undefined)(
    'answers only loopback callers unless remote control is allowed',
    async () => {
      emulator = await startEmulator({ port: 0, host: '0.0.0.0' });
      const url = `http://${external}:${emulator.port}`;
      const remote = await raw(`${url}/control/agents`, { headers: emulator.controlHeaders });
      expect(remote.status).toBe(403);
      expect(remote.body.message).toContain('--allow-remote-control');
      await emulator.close();
      emulator = await startEmulator({ port: 0, host: '0.0.0.0', allowRemoteControl: true });
      const allowed = await raw(`http://${external}:${emulator.port}/control/agents`, {
        headers: emulator.controlHeaders,
      });
      expect(allowed.status).toBe(200);
    },
  );

  it('the customer-phone page is served without the token, carries it, and may not be framed', async () => {
    emulator = await startEmulator({ port: 0 });
    const page = await fetch(emulator.controlUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(await page.text()).toContain(emulator.controlToken);
  });
});

describe('CORS and framing', () => {
  it('without allowed origins: loopback origins on the own scheme only, never null', async () => {
    emulator = await startEmulator({ port: 0 });
    const origin = async (o: string) =>
      (await fetch(`${emulator!.url}/logout`, { headers: { origin: o } })).headers.get(
        'access-control-allow-origin',
      );
    expect(await origin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(await origin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(await origin('http://[::1]:3000')).toBe('http://[::1]:3000');
    expect(await origin('null')).toBeNull();
    expect(await origin('https://localhost:5173')).toBeNull();
    expect(await origin('http://evil.example')).toBeNull();
    expect(await origin('http://localhost.evil.example')).toBeNull();
    const panel = await fetch(`${emulator.url}/connect/ccp-v2/`);
    expect(panel.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self' http://localhost:* http://127.0.0.1:* http://[::1]:*",
    );
  });

  it('with allowed origins: those only (and the emulator itself)', async () => {
    emulator = await startEmulator({ port: 0, allowedOrigins: ['https://app.example'] });
    const origin = async (o: string) =>
      (await fetch(`${emulator!.url}/logout`, { headers: { origin: o } })).headers.get(
        'access-control-allow-origin',
      );
    expect(await origin('https://app.example')).toBe('https://app.example');
    expect(await origin('http://localhost:5173')).toBeNull();
    expect(await origin(emulator.url)).toBe(emulator.url);
    const panel = await fetch(`${emulator.url}/connect/ccp-v2/`);
    expect(panel.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self' https://app.example",
    );
  });

  it('the session cookie works cross-site on loopback (SameSite=None; Secure; Partitioned)', async () => {
    emulator = await startEmulator({ port: 0 });
    const login = await fetch(`${emulator.url}/login?username=jane`, { redirect: 'manual' });
    expect(login.headers.get('set-cookie')).toMatch(/SameSite=None; Secure; Partitioned/);
  });
});
