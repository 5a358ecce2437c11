import { describe, expect, it } from 'vitest';
import { connectErrorSchema, awsErrorName, CTI_ERROR_STATUS, CtiErrorType } from './errors';
import {
  apiRequestSchema,
  apiResponseSchema,
  createApiRequest,
  createApiResponse,
  createMasterRequest,
  masterRequestSchema,
  masterResponseSchema,
} from './requests';
import { agentDataSchema, ctiAgentSnapshotSchema } from './snapshot';

const at = new Date('2026-11-22T00:00:00Z');
const arn = 'arn:aws:connect:us-east-1:123456789012:instance/11111111-2222-3333-4444-555555555555';

// A full agent snapshot as the panel sends it, with real Dates.
const agentUpdate = {
  snapshot: {
    state: { agentStateARN: null, type: 'system', name: 'PendingBusy', startTimestamp: at },
    nextState: null,
    agentAvailabilityState: { state: 'Available', timeStamp: at },
    snapshotTimestamp: at,
    localTimestamp: 1763769000123,
    skew: -12,
    contacts: [
      {
        contactId: 'c-1',
        initialContactId: 'c-1',
        type: 'voice',
        state: { type: 'connecting', timestamp: at },
        status: { type: 'connecting', timestamp: at },
        queue: { queueARN: `${arn}/queue/ffff`, name: 'BasicQueue', queueId: `${arn}/queue/ffff` },
        queueTimestamp: at,
        attributes: {},
        contactDuration: '0',
        initiationMethod: 'inbound',
        connections: [
          {
            connectionId: 'conn-agent',
            type: 'agent',
            initial: false,
            state: { type: 'connecting', timestamp: at },
            endpoint: { type: 'agent' },
            address: { type: 'agent' },
            mute: false,
            softphoneMediaInfo: { callType: 'audio_only', autoAccept: false },
          },
          {
            connectionId: 'conn-cust',
            type: 'inbound',
            initial: true,
            state: { type: 'connected', timestamp: at },
            endpoint: { type: 'phone_number', phoneNumber: '+15555550123' },
            mute: false,
          },
        ],
      },
    ],
  },
  configuration: {
    name: 'Jane Doe',
    username: 'jane',
    agentARN: `${arn}/agent/bbbb`,
    extension: '+15555550100',
    softphoneEnabled: true,
    softphoneAutoAccept: false,
    agentPreferences: { LANGUAGE: 'en_US' },
    permissions: ['outboundCall'],
    dialableCountries: ['us'],
    agentStates: [
      { agentStateARN: `${arn}/agent-state/aaaa`, type: 'routable', name: 'Available' },
    ],
    routingProfile: {
      name: 'Basic',
      routingProfileARN: `${arn}/routing-profile/eeee`,
      routingProfileId: `${arn}/routing-profile/eeee`,
      defaultOutboundQueue: { queueARN: `${arn}/queue/ffff`, name: 'BasicQueue' },
      queues: [{ queueARN: `${arn}/queue/ffff`, name: 'BasicQueue' }],
      channelConcurrencyMap: { VOICE: 1 },
    },
  },
};

describe('agent data (reference §2)', () => {
  it('accepts the agent::update of one ringing inbound call with Dates, skew and localTimestamp', () => {
    expect(agentDataSchema.safeParse(agentUpdate).success).toBe(true);
  });

  it('rejects conduit agent data whose timestamps are not Dates', () => {
    const bad = structuredClone(agentUpdate);
    (bad.snapshot as { snapshotTimestamp: unknown }).snapshotTimestamp = at.toISOString();
    expect(agentDataSchema.safeParse(bad).success).toBe(false);
  });

  it('rejects an unknown contact state type', () => {
    const bad = structuredClone(agentUpdate);
    (bad.snapshot.contacts[0]!.state as { type: string }).type = 'ringing';
    expect(agentDataSchema.safeParse(bad).success).toBe(false);
  });

  it('keeps members the model does not know (loose objects)', () => {
    const parsed = ctiAgentSnapshotSchema.parse({
      state: { type: 'routable', name: 'Available', extra: true },
      contacts: [],
      snapshotTimestamp: 1763769000.5,
    });
    expect(parsed.state).toMatchObject({ extra: true });
  });
});

describe('requests and responses on the conduit', () => {
  it('builds api_request / api_response as EventFactory does', () => {
    const req = createApiRequest('r-1', 'acceptContact', { contactId: 'c-1' });
    expect(req).toEqual({
      event: 'api_request',
      requestId: 'r-1',
      method: 'acceptContact',
      params: { contactId: 'c-1' },
    });
    expect(apiRequestSchema.safeParse(req).success).toBe(true);
    expect(createApiResponse('r-1', {})).toEqual({
      event: 'api_response',
      requestId: 'r-1',
      data: {},
      err: null,
    });
    expect(apiResponseSchema.safeParse({ event: 'api_response', data: {} }).success).toBe(false);
  });

  it('builds master_request and validates master_response', () => {
    const req = createMasterRequest('r-2', 'checkMaster', 'connect::softphone');
    expect(masterRequestSchema.parse(req).params).toEqual({ topic: 'connect::softphone' });
    expect(
      masterResponseSchema.safeParse({
        event: 'master_response',
        requestId: 'r-2',
        data: { masterId: 'p-1', isMaster: true, topic: 'connect::softphone' },
        err: null,
      }).success,
    ).toBe(true);
  });
});

describe('errors', () => {
  it('accepts the error shape {type, message, stack, retryStatus, statusCode}', () => {
    expect(
      connectErrorSchema.safeParse({
        type: 'UnauthorizedException',
        message: 'expired',
        stack: [],
        retryStatus: 'retrying',
        statusCode: 401,
      }).success,
    ).toBe(true);
    expect(
      connectErrorSchema.safeParse({ type: 'x', stack: [], retryStatus: 'later' }).success,
    ).toBe(false);
  });

  it('answers Unauthorized with 401, AccessDenied with 403 and Throttling with 429', () => {
    expect(CTI_ERROR_STATUS[CtiErrorType.UNAUTHORIZED_EXCEPTION]).toBe(401);
    expect(CTI_ERROR_STATUS[CtiErrorType.ACCESS_DENIED_EXCEPTION]).toBe(403);
    expect(CTI_ERROR_STATUS[CtiErrorType.THROTTLING_EXCEPTION]).toBe(429);
    expect(CTI_ERROR_STATUS[CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION]).toBe(404);
  });

  it('strips the namespace of an AWS __type', () => {
    expect(awsErrorName('com.amazon.connect#UnauthorizedException')).toBe('UnauthorizedException');
    expect(awsErrorName('InvalidStateException')).toBe('InvalidStateException');
  });
});
