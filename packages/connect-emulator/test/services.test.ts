/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConnectClient,
  DescribeContactCommand,
  GetCurrentUserDataCommand,
  ListInstanceStorageConfigsCommand,
  ListQuickConnectsCommand,
  ListUsersCommand,
  SearchContactsCommand,
  StartOutboundVoiceContactCommand,
} from '@aws-sdk/client-connect';
import {
  ConnectContactLensClient,
  ListRealtimeContactAnalysisSegmentsCommand,
} from '@aws-sdk/client-connect-contact-lens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWavInfo } from '../src/media/wav';
import { ManualClock, startHarness, type Harness } from './helpers';

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
let h: Harness;
let clock: ManualClock;
let client: ConnectClient;
let lens: ConnectContactLensClient;
let stateDir: string;
let hook: Server;
const received: { type: string; id: string; attempt: string }[] = [];
let failuresLeft = 2;

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'connect-emulator-services-'));
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.writeHead(503).end();
        return;
      }
      const event = JSON.parse(body);
      received.push({
        type: event.detail.eventType,
        id: event.id,
        attempt: String(req.headers['x-connect-emulator-delivery-attempt']),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  clock = new ManualClock(T0);
  h = await startHarness({
    clock,
    stateDir,
    webhooks: [`http://127.0.0.1:${(hook.address() as AddressInfo).port}/events`],
  });
  const credentials = h.emulator.adminCredentials;
  client = new ConnectClient({
    endpoint: h.emulator.url,
    region: 'us-east-1',
    credentials,
    maxAttempts: 1,
  });
  lens = new ConnectContactLensClient({
    endpoint: h.emulator.url,
    region: 'us-east-1',
    credentials,
    maxAttempts: 1,
  });
});
afterAll(async () => {
  client.destroy();
  lens.destroy();
  await h.close();
  await new Promise((r) => hook.close(r));
  await rm(stateDir, { recursive: true, force: true });
});

const instanceId = () => h.emulator.centre.instanceId;
const jane = () => h.emulator.centre.agentByUsername('jane')!;

async function agentApp(method: string, params: unknown) {
  const res = await fetch(`${h.emulator.url}/agent-app/api`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Amz-target': method,
      'X-Amz-Bearer': JSON.stringify({ 'lily-auth-emulated': h.token }),
    },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: await res.json() };
}

async function until<T>(fn: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met');
}

describe('emulator services over a real call', () => {
  it('an inbound call is visible to the admin API, produces events, a recording and a transcript of its talk time, and drives Voice ID', async () => {
    expect(
      (await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } })).status,
    ).toBe(200);
    const dial = await h.control('POST', '/control/calls', {
      to: '+15555550001',
      from: '+15555550123',
    });
    expect(dial.status).toBe(201);
    const snap = (await h.cti('GetAgentSnapshot', { timeout: 0 })).body.snapshot;
    const contactId = snap.contacts[0].contactId as string;
    const customerLeg = snap.contacts[0].connections.find((c: any) => c.type === 'inbound')
      .connectionId as string;
    clock.advance(3_000);
    expect((await h.cti('AcceptContact', { contactId })).status).toBe(200);

    const users = await client.send(
      new GetCurrentUserDataCommand({ InstanceId: instanceId(), Filters: { Agents: [jane().id] } }),
    );
    expect(users.UserDataList?.[0]?.Contacts).toEqual([
      expect.objectContaining({
        ContactId: contactId,
        Channel: 'VOICE',
        InitiationMethod: 'INBOUND',
        AgentContactState: 'CONNECTED',
      }),
    ]);
    expect(users.UserDataList?.[0]?.Status?.StatusName).toBe('Available');

    // Voice ID: the speaker is the caller's number; speech accumulates with talk time.
    const domainId = (
      await agentApp('AgentAppService.Acs.listIntegrationAssociations', {
        InstanceId: instanceId(),
        IntegrationType: 'VOICE_ID',
      })
    ).body.IntegrationAssociationSummaryList[0].IntegrationArn.split('domain/')[1] as string;
    const contactData = (
      await agentApp('AgentAppService.Lcms.getContact', {
        contactId,
        instanceId: instanceId(),
        awsAccountId: '123456789012',
      })
    ).body.contactData;
    expect(contactData.customerId).toBe('+15555550123');
    await h.control('PUT', '/control/voice-id/customers/%2B15555550123', {
      speakerStatus: 'ENROLLED',
      authentication: 'ACCEPT',
    });
    clock.advance(5_000);
    const early = await agentApp('AgentAppService.VoiceId.evaluateSession', {
      SessionNameOrId: contactId,
      DomainId: domainId,
    });
    expect(early.body.AuthenticationResult.Decision).toBe('NOT_ENOUGH_SPEECH');
    clock.advance(5_000);
    const later = await agentApp('AgentAppService.VoiceId.evaluateSession', {
      SessionNameOrId: contactId,
      DomainId: domainId,
    });
    expect(later.body.AuthenticationResult.Decision).toBe('ACCEPT');

    expect((await h.cti('HoldConnection', { contactId, connectionId: customerLeg })).status).toBe(
      200,
    );
    clock.advance(4_000);
    expect((await h.cti('ResumeConnection', { contactId, connectionId: customerLeg })).status).toBe(
      200,
    );
    clock.advance(16_000);
    expect((await h.control('POST', `/control/contacts/${contactId}/hangup`)).status).toBeLessThan(
      300,
    );
    clock.advance(2_000);
    expect((await h.cti('ClearContact', { contactId })).status).toBe(200);

    const described = await until(async () => {
      const out = await client.send(
        new DescribeContactCommand({ InstanceId: instanceId(), ContactId: contactId }),
      );
      return out.Contact?.Recordings?.length ? out.Contact : undefined;
    });
    expect(described.ConnectedToSystemTimestamp ?? described.InitiationTimestamp).toEqual(
      new Date(T0),
    );
    expect(described.AgentInfo).toMatchObject({
      Id: jane().id,
      ConnectedToAgentTimestamp: new Date(T0 + 3_000),
    });
    expect(described.DisconnectTimestamp).toEqual(new Date(T0 + 33_000));
    const location = described.Recordings![0]!.Location!;
    expect(location).toMatch(
      /^amazon-connect-[0-9a-f]{12}\/connect\/demo\/CallRecordings\/2026\/01\/01\/.+_20260101T09:00_UTC\.wav$/,
    );
    const wav = await fetch(`${h.emulator.url}/recordings/${location}`);
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const info = readWavInfo(Buffer.from(await wav.arrayBuffer()));
    expect(info).toMatchObject({ sampleRate: 8000, channels: 2, bitsPerSample: 16 });
    expect(info.durationMs).toBe(30_000);
    // The instance's storage config names the bucket and prefix of every recording's Location.
    const { StorageConfigs } = await client.send(
      new ListInstanceStorageConfigsCommand({
        InstanceId: instanceId(),
        ResourceType: 'CALL_RECORDINGS',
      }),
    );
    const { BucketName, BucketPrefix } = StorageConfigs![0]!.S3Config!;
    expect(location.startsWith(`${BucketName}/${BucketPrefix}/`)).toBe(true);

    const segments = await lens.send(
      new ListRealtimeContactAnalysisSegmentsCommand({
        InstanceId: instanceId(),
        ContactId: contactId,
      }),
    );
    const transcript = segments.Segments!.map((s) => s.Transcript!);
    expect(transcript.some((t) => t.ParticipantRole === 'CUSTOMER')).toBe(true);
    for (const t of transcript) expect(t.EndOffsetMillis).toBeLessThanOrEqual(30_000);

    const found = await client.send(
      new SearchContactsCommand({
        InstanceId: instanceId(),
        TimeRange: {
          Type: 'INITIATION_TIMESTAMP',
          StartTime: new Date(T0 - 1),
          EndTime: new Date(T0 + 60_000),
        },
      }),
    );
    expect(found.Contacts?.map((c) => c.Id)).toContain(contactId);

    const types = await until(() => {
      const t = received.map((r) => r.type);
      return Promise.resolve(t.includes('COMPLETED') ? t : undefined);
    });
    expect(types).toEqual([
      'INITIATED',
      'QUEUED',
      'CONNECTED_TO_AGENT',
      'DISCONNECTED',
      'COMPLETED',
    ]);
    expect(received[0]!.attempt).toBe('3');
    const attempts = (await h.control('GET', '/control/webhooks/attempts')).body.attempts;
    expect(attempts.filter((a: any) => !a.ok).map((a: any) => a.status)).toEqual([503, 503]);
  });

  it('lists users and quick connects of the seed through the SDK, and starts an API outbound call into a queue', async () => {
    const users = await client.send(new ListUsersCommand({ InstanceId: instanceId() }));
    expect(users.UserSummaryList?.map((u) => u.Username)).toEqual(['jane', 'john', 'ana']);
    const qcs = await client.send(new ListQuickConnectsCommand({ InstanceId: instanceId() }));
    expect(qcs.QuickConnectSummaryList?.map((q) => [q.Name, q.QuickConnectType])).toEqual([
      ['Sales queue', 'QUEUE'],
      ['John Roe', 'USER'],
      ['Support line', 'PHONE_NUMBER'],
    ]);
    const started = await client.send(
      new StartOutboundVoiceContactCommand({
        InstanceId: instanceId(),
        ContactFlowId: 'flow',
        DestinationPhoneNumber: '+15555550777',
        Attributes: { campaign: 'x' },
      }),
    );
    const contact = await client.send(
      new DescribeContactCommand({ InstanceId: instanceId(), ContactId: started.ContactId }),
    );
    expect(contact.Contact).toMatchObject({
      InitiationMethod: 'API',
      Attributes: { campaign: 'x' },
    });
  });

  it('a fault rule on GetAgentSnapshot answers 401 exactly count times', async () => {
    const added = await h.control('POST', '/control/faults', {
      service: 'cti',
      operation: 'GetAgentSnapshot',
      action: { type: 'status', status: 401 },
      count: 2,
    });
    expect(added.status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await h.cti('GetAgentSnapshot', { timeout: 0 })).status);
    expect(statuses).toEqual([401, 401, 200]);
    expect((await h.cti('GetAgentConfiguration', {})).status).toBe(200);
  });
});

describe('task-templates proxy (issue 7 §5)', () => {
  it('createTemplatedTask creates a task contact routed like CreateTaskContact; updateContact changes it; bad input is refused', async () => {
    const login = await fetch(`${h.emulator.url}/login?username=jane`, { redirect: 'manual' });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const call = (method: string, verb: string, body: unknown) =>
      fetch(`${h.emulator.url}/task-templates/api/ccp/${method}`, {
        method: verb,
        headers: { cookie, 'x-csrf-token': 'csrf', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await call('createTemplatedTask', 'PUT', {
      templateId: 'task-template-callback',
      name: 'Call back',
      description: 'The customer asked for a call',
      references: { Notes: { type: 'STRING', value: 'after 5pm' } },
    });
    expect(created.status).toBe(200);
    const { ContactId } = (await created.json()) as { ContactId: string };
    expect(h.emulator.centre.contacts.get(ContactId)).toMatchObject({
      type: 'task',
      name: 'Call back',
      description: 'The customer asked for a call',
      references: { Notes: { type: 'STRING', value: 'after 5pm' } },
    });
    const updated = await call('updateContact', 'POST', {
      contactId: ContactId,
      name: 'Call back today',
    });
    expect(updated.status).toBe(200);
    expect(h.emulator.centre.contacts.get(ContactId)?.name).toBe('Call back today');
    expect(
      (await call('createTemplatedTask', 'PUT', { templateId: 'no-such', name: 'x' })).status,
    ).toBe(404);
    expect((await call('createTemplatedTask', 'PUT', { description: 'no name' })).status).toBe(400);
    expect((await call('updateContact', 'POST', { contactId: 'missing', name: 'x' })).status).toBe(
      404,
    );
  });
});
