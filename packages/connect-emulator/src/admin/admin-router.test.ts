import {
  ConnectClient,
  DescribeContactCommand,
  DescribeQueueCommand,
  DescribeQuickConnectCommand,
  DescribeUserCommand,
  GetContactAttributesCommand,
  GetCurrentMetricDataCommand,
  GetCurrentUserDataCommand,
  InvalidParameterException,
  ListAgentStatusesCommand,
  ListPhoneNumbersV2Command,
  ListQueuesCommand,
  ListQuickConnectsCommand,
  ListRoutingProfilesCommand,
  ListUsersCommand,
  MonitorContactCommand,
  PutUserStatusCommand,
  UpdateContactAttributesCommand,
  ResourceNotFoundException,
  SearchContactsCommand,
  SearchUsersCommand,
  StartOutboundVoiceContactCommand,
  StopContactCommand,
  ContactNotFoundException,
  paginateListUsers,
} from '@aws-sdk/client-connect';
import {
  ConnectContactLensClient,
  ListRealtimeContactAnalysisSegmentsCommand,
} from '@aws-sdk/client-connect-contact-lens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryAdminBackend } from '../../test/fixtures/memory-admin-backend';
import { serve } from '../../test/support/serve';
import { createAdminRouter } from './admin-router';
import type { AdminContact } from './types';

const INSTANCE_ARN = 'arn:aws:connect:us-east-1:111122223333:instance/i-1';
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };

let backend: MemoryAdminBackend;
let server: Awaited<ReturnType<typeof serve>>;
let client: ConnectClient;

beforeAll(async () => {
  backend = new MemoryAdminBackend();
  server = await serve(createAdminRouter(backend));
  client = new ConnectClient({
    endpoint: server.url,
    region: 'us-east-1',
    credentials,
    maxAttempts: 1,
  });
});
afterAll(async () => {
  client.destroy();
  await server.close();
});

describe('admin API through @aws-sdk/client-connect', () => {
  it('GetCurrentUserData returns agents matching a queue filter with status, slots and contacts', async () => {
    const out = await client.send(
      new GetCurrentUserDataCommand({ InstanceId: 'i-1', Filters: { Queues: ['q-1'] } }),
    );
    expect(out.ApproximateTotalCount).toBe(1);
    const data = out.UserDataList?.[0];
    expect(data?.User).toEqual({ Id: 'u-1', Arn: `${INSTANCE_ARN}/agent/u-1` });
    expect(data?.Status?.StatusName).toBe('Available');
    expect(data?.Status?.StatusArn).toBe(`${INSTANCE_ARN}/agent-state/s-avail`);
    expect(data?.Status?.StatusStartTimestamp).toEqual(new Date('2026-01-01T00:00:00.123Z'));
    expect(data?.MaxSlotsByChannel).toEqual({ VOICE: 1, CHAT: 2, TASK: 1 });
    expect(data?.ActiveSlotsByChannel).toEqual({ VOICE: 1, CHAT: 0, TASK: 0 });
    expect(data?.AvailableSlotsByChannel).toEqual({ VOICE: 0, CHAT: 2, TASK: 1 });
    expect(data?.NextStatus).toBe('Offline');
    expect(data?.HierarchyPath?.LevelOne?.Id).toBe('h-1');
    expect(data?.Contacts).toEqual([
      {
        ContactId: 'c-1',
        Channel: 'VOICE',
        InitiationMethod: 'INBOUND',
        AgentContactState: 'CONNECTED',
        StateStartTimestamp: new Date('2026-01-01T00:01:00.000Z'),
        ConnectedToAgentTimestamp: new Date('2026-01-01T00:01:00.000Z'),
        Queue: { Id: 'q-1', Arn: `${INSTANCE_ARN}/queue/q-1` },
      },
    ]);
  });

  it('GetCurrentUserData accepts an instance ARN and agent ARNs, and applies the contact-state filter', async () => {
    const all = await client.send(
      new GetCurrentUserDataCommand({
        InstanceId: INSTANCE_ARN,
        Filters: { Agents: [`${INSTANCE_ARN}/agent/u-1`, 'u-2'] },
      }),
    );
    expect(all.UserDataList?.map((u) => u.User?.Id)).toEqual(['u-1', 'u-2']);
    const u2 = all.UserDataList?.[1];
    expect(u2?.AvailableSlotsByChannel).toEqual({ VOICE: 0 });
    const connected = await client.send(
      new GetCurrentUserDataCommand({
        InstanceId: 'i-1',
        Filters: { Agents: ['u-1', 'u-2'], ContactFilter: { ContactStates: ['CONNECTED'] } },
      }),
    );
    expect(connected.UserDataList?.map((u) => u.User?.Id)).toEqual(['u-1']);
  });

  it('GetCurrentUserData rejects missing filters and more than one filter kind with InvalidParameterException', async () => {
    await expect(
      client.send(new GetCurrentUserDataCommand({ InstanceId: 'i-1', Filters: undefined })),
    ).rejects.toBeInstanceOf(InvalidParameterException);
    await expect(
      client.send(
        new GetCurrentUserDataCommand({
          InstanceId: 'i-1',
          Filters: { Queues: ['q-1'], Agents: ['u-1'] },
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidParameterException);
  });

  it('an unknown instance is a ResourceNotFoundException with a 404 status', async () => {
    const error = await client
      .send(new ListUsersCommand({ InstanceId: 'i-nope' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect((error as ResourceNotFoundException).$metadata.httpStatusCode).toBe(404);
    expect((error as ResourceNotFoundException).message).toContain('i-nope');
  });

  it('ListUsers pages with NextToken until it is absent', async () => {
    const ids: string[] = [];
    for await (const page of paginateListUsers({ client, pageSize: 2 }, { InstanceId: 'i-1' })) {
      ids.push(...(page.UserSummaryList ?? []).map((u) => u.Id ?? ''));
    }
    expect(ids).toEqual(['u-1', 'u-2', 'u-sup']);
  });

  it('DescribeUser returns identity, phone config and per-channel configs', async () => {
    const out = await client.send(new DescribeUserCommand({ InstanceId: 'i-1', UserId: 'u-1' }));
    expect(out.User?.Username).toBe('jane');
    expect(out.User?.IdentityInfo).toEqual({ FirstName: 'Jane', LastName: 'Doe' });
    expect(out.User?.PhoneConfig?.PhoneType).toBe('SOFT_PHONE');
    expect(out.User?.RoutingProfileId).toBe('rp-1');
    expect(out.User?.LastModifiedTime).toEqual(new Date('2026-01-01T00:00:00Z'));
    await expect(
      client.send(new DescribeUserCommand({ InstanceId: 'i-1', UserId: 'nope' })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('SearchUsers matches string conditions', async () => {
    const out = await client.send(
      new SearchUsersCommand({
        InstanceId: 'i-1',
        SearchCriteria: {
          StringCondition: { FieldName: 'Username', Value: 'j', ComparisonType: 'STARTS_WITH' },
        },
      }),
    );
    expect(out.Users?.map((u) => u.Username)).toEqual(['jane', 'john']);
    expect(out.ApproximateTotalCount).toBe(2);
  });

  it('ListQueues filters by repeated queueTypes and DescribeQueue uses QueueArn/QueueId', async () => {
    const agentQueues = await client.send(
      new ListQueuesCommand({ InstanceId: 'i-1', QueueTypes: ['AGENT'] }),
    );
    expect(agentQueues.QueueSummaryList?.map((q) => q.Id)).toEqual(['q-agent-u-1']);
    const both = await client.send(
      new ListQueuesCommand({ InstanceId: 'i-1', QueueTypes: ['STANDARD', 'AGENT'] }),
    );
    expect(both.QueueSummaryList).toHaveLength(2);
    // MaxResults pages the list; NextToken reads the next page, and the last page has none
    const first = await client.send(
      new ListQueuesCommand({
        InstanceId: 'i-1',
        QueueTypes: ['STANDARD', 'AGENT'],
        MaxResults: 1,
      }),
    );
    expect(first.QueueSummaryList).toHaveLength(1);
    expect(first.NextToken).toEqual(expect.any(String));
    const second = await client.send(
      new ListQueuesCommand({
        InstanceId: 'i-1',
        QueueTypes: ['STANDARD', 'AGENT'],
        MaxResults: 1,
        NextToken: first.NextToken,
      }),
    );
    expect(second.NextToken).toBeUndefined();
    expect(
      [...first.QueueSummaryList!, ...second.QueueSummaryList!].map((x) => x.Id).sort(),
    ).toEqual(both.QueueSummaryList!.map((x) => x.Id).sort());
    const [one] = first.QueueSummaryList!;
    expect(one?.Arn).toContain('/queue/');
    expect(['STANDARD', 'AGENT']).toContain(one?.QueueType);
    expect(typeof one?.Name).toBe('string');
    const q = await client.send(new DescribeQueueCommand({ InstanceId: 'i-1', QueueId: 'q-1' }));
    expect(q.Queue?.QueueArn).toBe(`${INSTANCE_ARN}/queue/q-1`);
    expect(q.Queue?.QueueId).toBe('q-1');
    expect(q.Queue?.Status).toBe('ENABLED');
    expect(q.Queue?.OutboundCallerConfig?.OutboundCallerIdName).toBe('Acme');
  });

  it('ListQuickConnects filters by QuickConnectTypes and DescribeQuickConnect uses QuickConnectARN', async () => {
    const users = await client.send(
      new ListQuickConnectsCommand({ InstanceId: 'i-1', QuickConnectTypes: ['USER'] }),
    );
    expect(users.QuickConnectSummaryList?.map((q) => q.Name)).toEqual(['John']);
    const qc = await client.send(
      new DescribeQuickConnectCommand({ InstanceId: 'i-1', QuickConnectId: 'qc-1' }),
    );
    expect(qc.QuickConnect?.QuickConnectARN).toBe(`${INSTANCE_ARN}/transfer-destination/qc-1`);
    expect(qc.QuickConnect?.QuickConnectConfig).toEqual({
      QuickConnectType: 'QUEUE',
      QueueConfig: { QueueId: 'q-1', ContactFlowId: 'f-1' },
    });
  });

  it('ListRoutingProfiles and ListAgentStatuses (AgentStatusTypes filter) list their summaries', async () => {
    const rps = await client.send(new ListRoutingProfilesCommand({ InstanceId: 'i-1' }));
    expect(rps.RoutingProfileSummaryList?.map((p) => p.Name)).toEqual(['Basic', 'Back office']);
    const statuses = await client.send(
      new ListAgentStatusesCommand({ InstanceId: 'i-1', AgentStatusTypes: ['ROUTABLE'] }),
    );
    expect(statuses.AgentStatusSummaryList).toEqual([
      {
        Id: 's-avail',
        Arn: `${INSTANCE_ARN}/agent-state/s-avail`,
        Name: 'Available',
        Type: 'ROUTABLE',
        LastModifiedTime: new Date('2026-01-01T00:00:00Z'),
        LastModifiedRegion: 'us-east-1',
      },
    ]);
  });

  it('DescribeContact gives the contact record with each recording Location as bucket/key', async () => {
    const out = await client.send(
      new DescribeContactCommand({ InstanceId: 'i-1', ContactId: 'c-0' }),
    );
    expect(out.Contact?.Arn).toBe(`${INSTANCE_ARN}/contact/c-0`);
    expect(out.Contact?.DisconnectTimestamp).toEqual(new Date('2026-01-01T00:00:20Z'));
    expect(out.Contact?.Recordings).toEqual([
      {
        StorageType: 'S3',
        Location:
          'amazon-connect-0123456789ab/connect/demo/CallRecordings/2026/01/01/c-0_20260101T00:00_UTC.wav',
        MediaStreamType: 'AUDIO',
        ParticipantType: 'ALL',
        StartTimestamp: new Date('2026-01-01T00:00:05Z'),
        StopTimestamp: new Date('2026-01-01T00:00:20Z'),
        Status: 'AVAILABLE',
      },
    ]);
    const live = await client.send(
      new DescribeContactCommand({ InstanceId: 'i-1', ContactId: 'c-1' }),
    );
    expect(live.Contact?.AgentInfo?.Id).toBe('u-1');
    expect(live.Contact?.QueueInfo?.EnqueueTimestamp).toEqual(new Date('2026-01-01T00:00:40Z'));
    expect(live.Contact?.CustomerEndpoint).toEqual({
      Type: 'TELEPHONE_NUMBER',
      Address: '+15555550123',
    });
  });

  it('SearchContacts filters by time range and criteria and always sends Contacts', async () => {
    const out = await client.send(
      new SearchContactsCommand({
        InstanceId: 'i-1',
        TimeRange: {
          Type: 'INITIATION_TIMESTAMP',
          StartTime: new Date('2026-01-01T00:00:00Z'),
          EndTime: new Date('2026-01-01T01:00:00Z'),
        },
        Sort: { FieldName: 'INITIATION_TIMESTAMP', Order: 'ASCENDING' },
      }),
    );
    expect(out.Contacts?.map((c) => c.Id)).toEqual(['c-0', 'c-1']);
    expect(out.TotalCount).toBe(2);
    const none = await client.send(
      new SearchContactsCommand({
        InstanceId: 'i-1',
        TimeRange: {
          Type: 'INITIATION_TIMESTAMP',
          StartTime: new Date('2026-01-01T00:00:00Z'),
          EndTime: new Date('2026-01-01T01:00:00Z'),
        },
        SearchCriteria: { Channels: ['CHAT'] },
      }),
    );
    expect(none.Contacts).toEqual([]);
  });

  it('StartOutboundVoiceContact creates a contact, and validates the E.164 destination', async () => {
    const out = await client.send(
      new StartOutboundVoiceContactCommand({
        InstanceId: 'i-1',
        ContactFlowId: 'f-1',
        DestinationPhoneNumber: '+15555550142',
        QueueId: 'q-1',
        Attributes: { campaign: 'spring' },
      }),
    );
    expect(out.ContactId).toMatch(/^c-out-/);
    expect(backend.outbound.at(-1)).toMatchObject({
      destinationPhoneNumber: '+15555550142',
      queueId: 'q-1',
      attributes: { campaign: 'spring' },
    });
    await expect(
      client.send(
        new StartOutboundVoiceContactCommand({
          InstanceId: 'i-1',
          ContactFlowId: 'f-1',
          DestinationPhoneNumber: '555',
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidParameterException);
  });

  it('StopContact ends an active contact and answers ContactNotFoundException for an ended one', async () => {
    const started = await client.send(
      new StartOutboundVoiceContactCommand({
        InstanceId: 'i-1',
        ContactFlowId: 'f-1',
        DestinationPhoneNumber: '+15555550143',
      }),
    );
    const out = await client.send(
      new StopContactCommand({
        InstanceId: 'i-1',
        ContactId: started.ContactId,
        DisconnectReason: { Code: 'OTHER' },
      }),
    );
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(backend.stopped.at(-1)).toEqual({ contactId: started.ContactId, reason: 'OTHER' });
    const error = await client
      .send(new StopContactCommand({ InstanceId: 'i-1', ContactId: started.ContactId }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactNotFoundException);
    expect((error as ContactNotFoundException).$metadata.httpStatusCode).toBe(410);
  });

  it('GetContactAttributes returns the attributes of the initial contact', async () => {
    const out = await client.send(
      new GetContactAttributesCommand({ InstanceId: 'i-1', InitialContactId: 'c-1' }),
    );
    expect(out.Attributes).toEqual({ intent: 'billing' });
  });

  it('UpdateContactAttributes merges into the attributes of an ended contact; GetContactAttributes and DescribeContact show them', async () => {
    await client.send(
      new UpdateContactAttributesCommand({
        InstanceId: 'i-1',
        InitialContactId: 'c-0',
        Attributes: { disposition: 'Resolved', notes: 'Called back' },
      }),
    );
    await client.send(
      new UpdateContactAttributesCommand({
        InstanceId: 'i-1',
        InitialContactId: 'c-0',
        Attributes: { notes: 'Called back twice' },
      }),
    );
    const out = await client.send(
      new GetContactAttributesCommand({ InstanceId: 'i-1', InitialContactId: 'c-0' }),
    );
    expect(out.Attributes).toEqual({ disposition: 'Resolved', notes: 'Called back twice' });
    const described = await client.send(
      new DescribeContactCommand({ InstanceId: 'i-1', ContactId: 'c-0' }),
    );
    expect(described.Contact?.Attributes).toEqual(out.Attributes);
    const unknown = await client
      .send(
        new UpdateContactAttributesCommand({
          InstanceId: 'i-1',
          InitialContactId: 'nope',
          Attributes: { a: 'b' },
        }),
      )
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ResourceNotFoundException);
  });

  it('PutUserStatus sets the status by agent status id; an unknown user or status is ResourceNotFoundException', async () => {
    await client.send(
      new PutUserStatusCommand({ InstanceId: 'i-1', UserId: 'u-2', AgentStatusId: 's-off' }),
    );
    expect(backend.statuses.at(-1)).toEqual({ userId: 'u-2', agentStatusId: 's-off' });
    for (const input of [
      { UserId: 'u-404', AgentStatusId: 's-off' },
      { UserId: 'u-2', AgentStatusId: 's-404' },
    ]) {
      const error = await client
        .send(new PutUserStatusCommand({ InstanceId: 'i-1', ...input }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResourceNotFoundException);
    }
  });

  it('MonitorContact delivers a monitor contact for the supervisor', async () => {
    const out = await client.send(
      new MonitorContactCommand({
        InstanceId: 'i-1',
        ContactId: 'c-1',
        UserId: 'u-sup',
        AllowedMonitorCapabilities: ['SILENT_MONITOR', 'BARGE'],
      }),
    );
    expect(out.ContactId).toMatch(/^c-mon-/);
    expect(out.ContactArn).toBe(`${INSTANCE_ARN}/contact/${out.ContactId}`);
    expect(backend.monitored.at(-1)).toEqual({
      contactId: 'c-1',
      userId: 'u-sup',
      caps: ['SILENT_MONITOR', 'BARGE'],
    });
    await expect(
      client.send(
        new MonitorContactCommand({ InstanceId: 'i-1', ContactId: 'c-0', UserId: 'u-sup' }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidRequestException' });
  });

  it('ListPhoneNumbersV2 filters by country and type', async () => {
    const out = await client.send(
      new ListPhoneNumbersV2Command({ InstanceId: 'i-1', PhoneNumberCountryCodes: ['GB'] }),
    );
    expect(out.ListPhoneNumbersSummaryList).toEqual([
      {
        PhoneNumberId: 'pn-2',
        PhoneNumberArn: 'arn:aws:connect:us-east-1:111122223333:phone-number/pn-2',
        PhoneNumber: '+448005550100',
        PhoneNumberCountryCode: 'GB',
        PhoneNumberType: 'TOLL_FREE',
        TargetArn: INSTANCE_ARN,
        InstanceId: 'i-1',
      },
    ]);
  });

  it('ListRealtimeContactAnalysisSegments (Contact Lens client, same endpoint) returns the transcript', async () => {
    const lens = new ConnectContactLensClient({
      endpoint: server.url,
      region: 'us-east-1',
      credentials,
      maxAttempts: 1,
    });
    const out = await lens.send(
      new ListRealtimeContactAnalysisSegmentsCommand({
        InstanceId: 'i-1',
        ContactId: 'c-0',
        MaxResults: 1,
      }),
    );
    expect(out.Segments).toEqual([
      {
        Transcript: {
          Id: 's-1',
          ParticipantId: 'CUSTOMER',
          ParticipantRole: 'CUSTOMER',
          Content: 'Hello',
          BeginOffsetMillis: 0,
          EndOffsetMillis: 800,
          Sentiment: 'NEUTRAL',
        },
      },
    ]);
    const next = await lens.send(
      new ListRealtimeContactAnalysisSegmentsCommand({
        InstanceId: 'i-1',
        ContactId: 'c-0',
        NextToken: out.NextToken,
      }),
    );
    expect(next.Segments?.map((s) => s.Transcript?.Content)).toEqual(['Hi, how can I help?']);
    expect(next.NextToken).toBeUndefined();
    lens.destroy();
  });

  it('GetCurrentMetricData gives per-queue calls waiting, the oldest wait in seconds and agents available (Dimensions.Queue, Collections)', async () => {
    const contacts = backend.contacts();
    const waiting: AdminContact = {
      id: 'c-wait',
      initialContactId: 'c-wait',
      channel: 'VOICE',
      initiationMethod: 'INBOUND',
      queueId: 'q-1',
      enqueueMs: Date.now() - 65_000,
      initiationMs: Date.now() - 70_000,
      lastUpdateMs: Date.now() - 65_000,
      attributes: {},
      recordings: [],
    };
    contacts.push(waiting);
    try {
      const metrics = [
        { Name: 'CONTACTS_IN_QUEUE' as const, Unit: 'COUNT' as const },
        { Name: 'OLDEST_CONTACT_AGE' as const, Unit: 'SECONDS' as const },
        { Name: 'AGENTS_AVAILABLE' as const, Unit: 'COUNT' as const },
        { Name: 'AGENTS_ON_CONTACT' as const, Unit: 'COUNT' as const },
      ];
      const out = await client.send(
        new GetCurrentMetricDataCommand({
          InstanceId: 'i-1',
          Filters: { Queues: [`${INSTANCE_ARN}/queue/q-1`], Channels: ['VOICE'] },
          Groupings: ['QUEUE'],
          CurrentMetrics: metrics,
        }),
      );
      expect(out.MetricResults).toHaveLength(1);
      const result = out.MetricResults![0]!;
      expect(result.Dimensions?.Queue).toEqual({ Id: 'q-1', Arn: `${INSTANCE_ARN}/queue/q-1` });
      const value = (name: string) =>
        result.Collections?.find((c) => c.Metric?.Name === name)?.Value;
      expect(result.Collections?.map((c) => c.Metric)).toEqual(metrics);
      expect(value('CONTACTS_IN_QUEUE')).toBe(1);
      expect(value('OLDEST_CONTACT_AGE')).toBeGreaterThanOrEqual(65);
      expect(value('OLDEST_CONTACT_AGE')).toBeLessThan(75);
      expect(value('AGENTS_AVAILABLE')).toBe(0);
      expect(value('AGENTS_ON_CONTACT')).toBe(1);
      expect(out.DataSnapshotTime).toBeInstanceOf(Date);

      // Without groupings: instance totals, the oldest age in milliseconds (as the real service).
      const totals = await client.send(
        new GetCurrentMetricDataCommand({
          InstanceId: 'i-1',
          Filters: { Queues: ['q-1'] },
          CurrentMetrics: [{ Name: 'OLDEST_CONTACT_AGE', Unit: 'SECONDS' }],
        }),
      );
      expect(totals.MetricResults?.[0]?.Collections?.[0]?.Value).toBeGreaterThanOrEqual(65_000);
    } finally {
      contacts.splice(contacts.indexOf(waiting), 1);
    }
    await expect(
      client.send(
        new GetCurrentMetricDataCommand({
          InstanceId: 'i-1',
          Filters: { Queues: ['q-1'] },
          CurrentMetrics: [{ Name: 'NO_SUCH_METRIC' as 'AGENTS_ONLINE', Unit: 'COUNT' }],
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidParameterException);
  });
});
