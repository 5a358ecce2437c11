import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { EmulatorEnv } from '../http/node-env';
import {
  BodyTooLargeError,
  HttpError,
  pathSegments,
  readJson,
  sendJson,
  type RouteHandler,
} from '../lib/http';
import {
  idFromArn,
  instanceArn,
  phoneNumberArn,
  resourceArn,
  toEpochSeconds,
  type ArnKind,
} from './arn';
import { AdminApiError } from './errors';
import { CONTACT_START_OPERATIONS, contactStartRoutes } from './contact-start-routes';
import type {
  AdminAgentLive,
  AdminBackend,
  AdminChannel,
  AdminContact,
  AdminContactState,
  AdminUser,
} from './types';
import {
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_MAX_USER_DATA_PAGE,
  USER_DATA_FILTER_LIMITS,
} from '../constants';

const CHANNELS = ['VOICE', 'CHAT', 'TASK', 'EMAIL'] as const satisfies readonly AdminChannel[];
/** `AgentContactState` values (GetCurrentUserData `ContactFilter.ContactStates`). */
const ADMIN_CONTACT_STATES = [
  'INCOMING',
  'PENDING',
  'CONNECTING',
  'CONNECTED',
  'CONNECTED_ONHOLD',
  'MISSED',
  'ERROR',
  'ENDED',
  'REJECTED',
] as const satisfies readonly AdminContactState[];
/** `ContactInitiationMethod` values. */
const INITIATION_METHODS = [
  'INBOUND',
  'OUTBOUND',
  'TRANSFER',
  'QUEUE_TRANSFER',
  'CALLBACK',
  'API',
  'DISCONNECT',
  'MONITOR',
  'EXTERNAL_OUTBOUND',
  'WEBRTC_API',
  'AGENT_REPLY',
  'FLOW',
  'CAMPAIGN_PREVIEW',
] as const;
/** SearchContacts `Sort.FieldName` values. */
const SORT_FIELDS = [
  'INITIATION_TIMESTAMP',
  'SCHEDULED_TIMESTAMP',
  'CONNECTED_TO_AGENT_TIMESTAMP',
  'DISCONNECT_TIMESTAMP',
  'INITIATION_METHOD',
  'CHANNEL',
] as const;
/** Query-string enums of the list operations. */
const QUERY_ENUMS: Readonly<Record<string, readonly string[]>> = {
  queueTypes: ['STANDARD', 'AGENT'],
  QuickConnectTypes: ['USER', 'QUEUE', 'PHONE_NUMBER', 'FLOW'],
  AgentStatusTypes: ['ROUTABLE', 'CUSTOM', 'OFFLINE'],
};

/** The values of a repeated enum query parameter; an unknown value is InvalidParameterException. */
function queryEnum(query: URLSearchParams, name: string): string[] {
  const values = query.getAll(name);
  const allowed = QUERY_ENUMS[name] ?? [];
  for (const v of values)
    if (!allowed.includes(v))
      throw new AdminApiError(
        'InvalidParameterException',
        `${name} must be one of ${allowed.join(', ')}`,
      );
  return values;
}
const INACTIVE_STATES: ReadonlySet<AdminContactState> = new Set(['MISSED', 'ERROR', 'REJECTED']);

type Json = Record<string, unknown>;
type Route = (ctx: RouteContext) => unknown;

interface RouteContext {
  params: string[];
  query: URLSearchParams;
  body: unknown;
}

/** Operation names of the admin routes (`METHOD path-pattern` → operation), for fault rules. */
export const ADMIN_OPERATIONS: Readonly<Record<string, string>> = {
  'POST metrics/userdata/*': 'GetCurrentUserData',
  'POST metrics/current/*': 'GetCurrentMetricData',
  'GET users-summary/*': 'ListUsers',
  'GET users/*/*': 'DescribeUser',
  'POST search-users': 'SearchUsers',
  'GET queues-summary/*': 'ListQueues',
  'GET queues/*/*': 'DescribeQueue',
  'GET quick-connects/*': 'ListQuickConnects',
  'GET quick-connects/*/*': 'DescribeQuickConnect',
  'GET routing-profiles-summary/*': 'ListRoutingProfiles',
  'GET agent-status/*': 'ListAgentStatuses',
  'GET contacts/*/*': 'DescribeContact',
  'POST search-contacts': 'SearchContacts',
  'PUT contact/outbound-voice': 'StartOutboundVoiceContact',
  'POST contact/stop': 'StopContact',
  'GET contact/attributes/*/*': 'GetContactAttributes',
  'POST phone-number/list': 'ListPhoneNumbersV2',
  'POST realtime-contact-analysis/analysis-segments': 'ListRealtimeContactAnalysisSegments',
  'POST contact/monitor': 'MonitorContact',
  'POST contact/attributes': 'UpdateContactAttributes',
  'PUT users/*/*/status': 'PutUserStatus',
  ...CONTACT_START_OPERATIONS,
};

function matchPattern(pattern: string, segments: readonly string[]): string[] | undefined {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === '*') params.push(segments[i]!);
    else if (parts[i] !== segments[i]) return undefined;
  }
  return params;
}

/** The admin operation a request is for (e.g. `GetCurrentUserData`), or undefined. */
export function adminOperation(method: string, pathname: string): string | undefined {
  let segments: string[];
  try {
    segments = pathSegments(pathname);
  } catch {
    return undefined;
  }
  for (const [key, name] of Object.entries(ADMIN_OPERATIONS)) {
    const [m, pattern] = key.split(' ') as [string, string];
    if (m === method && matchPattern(pattern, segments) !== undefined) return name;
  }
  return undefined;
}

/** Drops `undefined` members so the reply carries only what is set. */
function compact<T extends Json>(obj: T): T {
  for (const key of Object.keys(obj)) if (obj[key] === undefined) delete obj[key];
  return obj;
}

function encodeToken(offset: number): string {
  return Buffer.from(`o:${offset}`, 'utf8').toString('base64');
}

function decodeToken(token: string | undefined | null): number {
  if (token === undefined || token === null || token === '') return 0;
  const text = Buffer.from(token, 'base64').toString('utf8');
  const match = /^o:(\d+)$/.exec(text);
  if (!match) throw new AdminApiError('InvalidParameterException', 'Invalid NextToken');
  return Number(match[1]);
}

function pageOf<T>(
  items: readonly T[],
  token: string | undefined | null,
  max: number | undefined,
  limit = ADMIN_DEFAULT_PAGE_SIZE,
): { page: T[]; NextToken?: string } {
  const size = max ?? limit;
  if (!Number.isInteger(size) || size < 1 || size > 1000) {
    throw new AdminApiError('InvalidParameterException', 'MaxResults is out of range');
  }
  const start = decodeToken(token);
  const page = items.slice(start, start + size);
  const next = start + size < items.length ? encodeToken(start + size) : undefined;
  return next === undefined ? { page } : { page, NextToken: next };
}

function queryInt(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n))
    throw new AdminApiError('InvalidParameterException', `${name} must be an integer`);
  return n;
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new AdminApiError(
      'InvalidParameterException',
      `Invalid request: ${where ? `${where}: ` : ''}${issue?.message ?? 'bad input'}`,
    );
  }
  return result.data;
}

const idList = (max: number) => z.array(z.string().min(1)).max(max);

const userDataBody = z.object({
  Filters: z
    .object({
      Queues: idList(USER_DATA_FILTER_LIMITS.Queues).optional(),
      RoutingProfiles: idList(USER_DATA_FILTER_LIMITS.RoutingProfiles).optional(),
      Agents: idList(USER_DATA_FILTER_LIMITS.Agents).optional(),
      UserHierarchyGroups: idList(USER_DATA_FILTER_LIMITS.UserHierarchyGroups).optional(),
      ContactFilter: z
        .object({
          ContactStates: z
            .array(z.enum(ADMIN_CONTACT_STATES))
            .max(USER_DATA_FILTER_LIMITS.ContactStates)
            .optional(),
        })
        .optional(),
    })
    .optional(),
  NextToken: z.string().optional(),
  MaxResults: z.number().int().min(1).max(ADMIN_MAX_USER_DATA_PAGE).optional(),
});

/** The real-time metrics the emulator computes (GetCurrentMetricData), with their unit. */
const CURRENT_METRIC_UNITS = {
  AGENTS_AVAILABLE: 'COUNT',
  AGENTS_ONLINE: 'COUNT',
  AGENTS_ON_CONTACT: 'COUNT',
  AGENTS_ON_CALL: 'COUNT',
  CONTACTS_IN_QUEUE: 'COUNT',
  OLDEST_CONTACT_AGE: 'SECONDS',
} as const;
type CurrentMetricName = keyof typeof CURRENT_METRIC_UNITS;
const CURRENT_METRIC_NAMES = Object.keys(CURRENT_METRIC_UNITS) as [
  CurrentMetricName,
  ...CurrentMetricName[],
];

const currentMetricBody = z.object({
  Filters: z.object({
    Queues: idList(100).optional(),
    Channels: z
      .array(z.enum(['VOICE', 'CHAT', 'TASK']))
      .max(3)
      .optional(),
    RoutingProfiles: idList(100).optional(),
  }),
  Groupings: z
    .array(
      z.enum([
        'QUEUE',
        'CHANNEL',
        'ROUTING_PROFILE',
        'ROUTING_STEP_EXPRESSION',
        'AGENT_STATUS',
        'SUBTYPE',
        'VALIDATION_TEST_TYPE',
      ]),
    )
    .max(7)
    .optional(),
  CurrentMetrics: z
    .array(
      z.object({
        Name: z.string().min(1).max(64),
        Unit: z.enum(['SECONDS', 'COUNT', 'PERCENT']).optional(),
      }),
    )
    .min(1)
    .max(10),
  NextToken: z.string().optional(),
  MaxResults: z.number().int().min(1).max(100).optional(),
  SortCriteria: z.array(z.unknown()).max(1).optional(),
});

const stringCondition = z.object({
  FieldName: z.string().optional(),
  Value: z.string().optional(),
  ComparisonType: z.enum(['STARTS_WITH', 'CONTAINS', 'EXACT']).optional(),
});
interface UserCriteria {
  OrConditions?: UserCriteria[];
  AndConditions?: UserCriteria[];
  StringCondition?: z.infer<typeof stringCondition>;
  HierarchyGroupCondition?: { Value?: string; HierarchyGroupMatchType?: string };
}
const userCriteria: z.ZodType<UserCriteria> = z.lazy(() =>
  z.object({
    OrConditions: z.array(userCriteria).optional(),
    AndConditions: z.array(userCriteria).optional(),
    StringCondition: stringCondition.optional(),
    HierarchyGroupCondition: z
      .object({ Value: z.string().optional(), HierarchyGroupMatchType: z.string().optional() })
      .optional(),
  }),
);
const searchUsersBody = z.object({
  InstanceId: z.string().min(1),
  NextToken: z.string().optional(),
  MaxResults: z.number().int().min(1).max(500).optional(),
  SearchCriteria: userCriteria.optional(),
  SearchFilter: z.unknown().optional(),
});

const searchContactsBody = z.object({
  InstanceId: z.string().min(1),
  TimeRange: z.object({
    Type: z.enum([
      'INITIATION_TIMESTAMP',
      'SCHEDULED_TIMESTAMP',
      'CONNECTED_TO_AGENT_TIMESTAMP',
      'DISCONNECT_TIMESTAMP',
      'ENQUEUE_TIMESTAMP',
    ]),
    StartTime: z.number(),
    EndTime: z.number(),
  }),
  SearchCriteria: z
    .object({
      AgentIds: z.array(z.string()).max(100).optional(),
      Channels: z.array(z.enum(CHANNELS)).optional(),
      InitiationMethods: z.array(z.enum(INITIATION_METHODS)).optional(),
      QueueIds: z.array(z.string()).max(100).optional(),
    })
    .passthrough()
    .optional(),
  MaxResults: z.number().int().min(1).max(100).optional(),
  NextToken: z.string().optional(),
  Sort: z
    .object({ FieldName: z.enum(SORT_FIELDS), Order: z.enum(['ASCENDING', 'DESCENDING']) })
    .optional(),
});

const outboundBody = z.object({
  DestinationPhoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be E.164'),
  ContactFlowId: z.string().min(1),
  InstanceId: z.string().min(1),
  QueueId: z.string().optional(),
  SourcePhoneNumber: z.string().optional(),
  Attributes: z.record(z.string(), z.string()).optional(),
  Name: z.string().optional(),
  Description: z.string().optional(),
  RelatedContactId: z.string().optional(),
  ClientToken: z.string().optional(),
});

const stopBody = z.object({
  ContactId: z.string().min(1),
  InstanceId: z.string().min(1),
  DisconnectReason: z.object({ Code: z.string().optional() }).optional(),
});

const monitorBody = z.object({
  InstanceId: z.string().min(1),
  ContactId: z.string().min(1),
  UserId: z.string().min(1),
  AllowedMonitorCapabilities: z.array(z.enum(['SILENT_MONITOR', 'BARGE'])).optional(),
  ClientToken: z.string().optional(),
});

const phoneListBody = z.object({
  TargetArn: z.string().optional(),
  InstanceId: z.string().optional(),
  MaxResults: z.number().int().min(1).max(1000).optional(),
  NextToken: z.string().optional(),
  PhoneNumberCountryCodes: z.array(z.string()).optional(),
  PhoneNumberTypes: z.array(z.string()).optional(),
  PhoneNumberPrefix: z.string().optional(),
});

/**
 * UpdateContactAttributes: keys 1–32767 characters, values up to 32767 (the real service's
 * limits; the whole set is bounded by the request body limit).
 */
const updateAttributesBody = z.object({
  InitialContactId: z.string().min(1).max(256),
  InstanceId: z.string().min(1),
  Attributes: z.record(z.string().min(1).max(32767), z.string().max(32767)),
});

const putUserStatusBody = z.object({ AgentStatusId: z.string().min(1).max(500) });

const segmentsBody = z.object({
  InstanceId: z.string().min(1),
  ContactId: z.string().min(1),
  MaxResults: z.number().int().min(1).max(100).optional(),
  NextToken: z.string().optional(),
});

function matchString(value: string | undefined, wanted: string, type: string | undefined): boolean {
  if (value === undefined) return false;
  const a = value.toLowerCase();
  const b = wanted.toLowerCase();
  if (type === 'EXACT') return a === b;
  if (type === 'STARTS_WITH') return a.startsWith(b);
  return a.includes(b);
}

function userField(user: AdminUser, field: string): string | undefined {
  switch (field) {
    case 'Username':
      return user.username;
    case 'FirstName':
      return user.firstName;
    case 'LastName':
      return user.lastName;
    case 'RoutingProfileId':
      return user.routingProfileId;
    case 'ResourceId':
      return user.id;
    default:
      return undefined;
  }
}

function userMatches(
  user: AdminUser,
  criteria: UserCriteria | undefined,
  groupId: (value: string) => string,
): boolean {
  if (criteria === undefined) return true;
  if (criteria.AndConditions && !criteria.AndConditions.every((c) => userMatches(user, c, groupId)))
    return false;
  if (
    criteria.OrConditions &&
    criteria.OrConditions.length > 0 &&
    !criteria.OrConditions.some((c) => userMatches(user, c, groupId))
  ) {
    return false;
  }
  const sc = criteria.StringCondition;
  if (sc?.FieldName !== undefined && sc.Value !== undefined) {
    if (!matchString(userField(user, sc.FieldName), sc.Value, sc.ComparisonType)) return false;
  }
  const hc = criteria.HierarchyGroupCondition;
  if (hc?.Value !== undefined && groupId(hc.Value) !== user.hierarchyGroupId) return false;
  return true;
}

function contactTime(contact: AdminContact, type: string): number | undefined {
  switch (type) {
    case 'INITIATION_TIMESTAMP':
      return contact.initiationMs;
    case 'CONNECTED_TO_AGENT_TIMESTAMP':
      return contact.connectedToAgentMs;
    case 'DISCONNECT_TIMESTAMP':
      return contact.disconnectMs;
    case 'ENQUEUE_TIMESTAMP':
      return contact.enqueueMs;
    default:
      return undefined;
  }
}

/** Options of {@link createAdminRouter}. */
export interface AdminRouterOptions {
  /** Makes the `x-amzn-RequestId` of each reply (random UUIDs by default). */
  requestId?: () => string;
}

/**
 * The Amazon Connect public REST subset at the real paths and JSON shapes, on Hono, so that
 * `@aws-sdk/client-connect` and `@aws-sdk/client-connect-contact-lens` work unchanged with
 * `endpoint` pointed at the emulator. Each operation reads its body with its zod schema; errors
 * use the AWS REST-JSON shape.
 */
export function adminRoutes(
  backend: AdminBackend,
  options: AdminRouterOptions = {},
): Hono<EmulatorEnv> {
  const info = backend.info;
  const makeRequestId = options.requestId ?? randomUUID;
  const arn = (kind: string, id: string) => resourceArn(info, kind, id);
  const ref = (kind: string, id: string) => ({ Id: id, Arn: arn(kind, id) });

  const idOf = (value: string, kind: ArnKind): string => idFromArn(info, value, kind);
  const checkInstance = (value: string | undefined): void => {
    if (value === undefined || idOf(value, 'instance') !== info.instanceId) {
      throw new AdminApiError('ResourceNotFoundException', `Instance not found: ${value ?? ''}`);
    }
  };
  const notFound = (what: string, id: string): never => {
    throw new AdminApiError('ResourceNotFoundException', `${what} not found: ${id}`);
  };
  const requireContact = (id: string): AdminContact =>
    backend.contact(idOf(id, 'contact')) ?? notFound('Contact', id);

  const describeUser = (user: AdminUser) =>
    compact({
      Id: user.id,
      Arn: arn('agent', user.id),
      Username: user.username,
      IdentityInfo: compact({
        FirstName: user.firstName,
        LastName: user.lastName,
        Email: user.email,
      }),
      PhoneConfig: compact({
        PhoneType: user.phoneType,
        AutoAccept: user.autoAccept,
        AfterContactWorkTimeLimit: user.afterContactWorkTimeLimit,
        DeskPhoneNumber: user.deskPhoneNumber,
      }),
      SecurityProfileIds: [...user.securityProfileIds],
      RoutingProfileId: user.routingProfileId,
      HierarchyGroupId: user.hierarchyGroupId,
      Tags: { ...user.tags },
      AutoAcceptConfigs: [{ Channel: 'VOICE', AutoAccept: user.autoAccept }],
      AfterContactWorkConfigs: [
        {
          Channel: 'VOICE',
          AfterContactWorkConfig: { AfterContactWorkTimeLimit: user.afterContactWorkTimeLimit },
        },
      ],
      PhoneNumberConfigs: [
        compact({ Channel: 'VOICE', PhoneType: user.phoneType, PhoneNumber: user.deskPhoneNumber }),
      ],
      LastModifiedTime: toEpochSeconds(user.lastModifiedMs),
      LastModifiedRegion: info.region,
    });

  const contactRecord = (c: AdminContact) =>
    compact({
      Arn: arn('contact', c.id),
      Id: c.id,
      InitialContactId: c.initialContactId,
      PreviousContactId: c.previousContactId,
      RelatedContactId: c.relatedContactId,
      InitiationMethod: c.initiationMethod,
      Channel: c.channel,
      Name: c.name,
      Description: c.description,
      QueueInfo:
        c.queueId === undefined
          ? undefined
          : compact({
              Id: c.queueId,
              EnqueueTimestamp: c.enqueueMs === undefined ? undefined : toEpochSeconds(c.enqueueMs),
            }),
      AgentInfo:
        c.agentId === undefined
          ? undefined
          : compact({
              Id: c.agentId,
              ConnectedToAgentTimestamp:
                c.connectedToAgentMs === undefined
                  ? undefined
                  : toEpochSeconds(c.connectedToAgentMs),
            }),
      InitiationTimestamp: toEpochSeconds(c.initiationMs),
      ConnectedToSystemTimestamp:
        c.connectedToSystemMs === undefined ? undefined : toEpochSeconds(c.connectedToSystemMs),
      DisconnectTimestamp:
        c.disconnectMs === undefined ? undefined : toEpochSeconds(c.disconnectMs),
      LastUpdateTimestamp: toEpochSeconds(c.lastUpdateMs),
      LastPausedTimestamp:
        c.lastPausedMs === undefined ? undefined : toEpochSeconds(c.lastPausedMs),
      LastResumedTimestamp:
        c.lastResumedMs === undefined ? undefined : toEpochSeconds(c.lastResumedMs),
      TotalPauseCount: c.totalPauseCount,
      TotalPauseDurationInSeconds: c.totalPauseDurationSeconds,
      CustomerEndpoint:
        c.customerEndpoint === undefined
          ? undefined
          : { Type: c.customerEndpoint.type, Address: c.customerEndpoint.address },
      SystemEndpoint:
        c.systemEndpoint === undefined
          ? undefined
          : { Type: c.systemEndpoint.type, Address: c.systemEndpoint.address },
      Attributes: { ...c.attributes },
      DisconnectReason: c.disconnectReason,
      Recordings: c.recordings.map((r) => ({
        StorageType: 'S3',
        Location: r.location,
        MediaStreamType: 'AUDIO',
        ParticipantType: r.participantType,
        StartTimestamp: toEpochSeconds(r.startMs),
        StopTimestamp: toEpochSeconds(r.stopMs),
        Status: 'AVAILABLE',
      })),
    });

  const userData = (
    user: AdminUser,
    live: AdminAgentLive,
    profiles: Map<string, { concurrency: Partial<Record<AdminChannel, number>> }>,
  ) => {
    const max: Partial<Record<AdminChannel, number>> = {};
    const active: Partial<Record<AdminChannel, number>> = {};
    const available: Partial<Record<AdminChannel, number>> = {};
    const concurrency = profiles.get(user.routingProfileId)?.concurrency ?? {};
    for (const channel of CHANNELS) {
      const m = concurrency[channel];
      if (m === undefined) continue;
      const a = live.contacts.filter(
        (c) => c.channel === channel && !INACTIVE_STATES.has(c.state),
      ).length;
      max[channel] = m;
      active[channel] = a;
      available[channel] = live.routable ? Math.max(0, m - a) : 0;
    }
    return compact({
      User: ref('agent', user.id),
      RoutingProfile: ref('routing-profile', user.routingProfileId),
      HierarchyPath:
        user.hierarchyGroupId === undefined
          ? undefined
          : { LevelOne: ref('agent-group', user.hierarchyGroupId) },
      Status: compact({
        StatusStartTimestamp: toEpochSeconds(live.statusStartMs),
        StatusArn: live.statusId === undefined ? undefined : arn('agent-state', live.statusId),
        StatusName: live.statusName,
      }),
      AvailableSlotsByChannel: available,
      MaxSlotsByChannel: max,
      ActiveSlotsByChannel: active,
      Contacts: live.contacts.map((c) =>
        compact({
          ContactId: c.contactId,
          Channel: c.channel,
          InitiationMethod: c.initiationMethod,
          AgentContactState: c.state,
          StateStartTimestamp: toEpochSeconds(c.stateStartMs),
          ConnectedToAgentTimestamp:
            c.connectedToAgentMs === undefined ? undefined : toEpochSeconds(c.connectedToAgentMs),
          Queue: c.queueId === undefined ? undefined : ref('queue', c.queueId),
        }),
      ),
      NextStatus: live.nextStatusName,
    });
  };

  const routes: Record<string, Route> = {
    'POST metrics/userdata/*': ({ params, body }) => {
      checkInstance(params[0]);
      const input = parseBody(userDataBody, body);
      const filters = input.Filters;
      if (filters === undefined)
        throw new AdminApiError('InvalidParameterException', 'Filters is required');
      const kinds = (
        ['Queues', 'RoutingProfiles', 'Agents', 'UserHierarchyGroups'] as const
      ).filter((k) => filters[k] !== undefined);
      if (kinds.length !== 1) {
        throw new AdminApiError(
          'InvalidParameterException',
          'Filters must contain exactly one of Queues, RoutingProfiles, Agents or UserHierarchyGroups',
        );
      }
      const kind = kinds[0];
      const arnKind: ArnKind =
        kind === 'Agents'
          ? 'agent'
          : kind === 'RoutingProfiles'
            ? 'routing-profile'
            : kind === 'UserHierarchyGroups'
              ? 'agent-group'
              : 'queue';
      const wanted = new Set((filters[kind!] ?? []).map((v) => idOf(v, arnKind)));
      const profiles = new Map(backend.routingProfiles().map((p) => [p.id, p]));
      const states = filters.ContactFilter?.ContactStates
        ? new Set(filters.ContactFilter.ContactStates)
        : undefined;
      const matches = (user: AdminUser): boolean => {
        switch (kind) {
          case 'Agents':
            return wanted.has(user.id);
          case 'RoutingProfiles':
            return wanted.has(user.routingProfileId);
          case 'UserHierarchyGroups':
            return user.hierarchyGroupId !== undefined && wanted.has(user.hierarchyGroupId);
          default: {
            const profile = profiles.get(user.routingProfileId);
            return profile !== undefined && profile.queueIds.some((q) => wanted.has(q));
          }
        }
      };
      // Only logged-in agents (with a live state) are reported; build the reply for one page only.
      const found: { user: AdminUser; live: AdminAgentLive }[] = [];
      for (const user of backend.users()) {
        if (!matches(user)) continue;
        const live = backend.agentLive(user.id);
        if (live === undefined) continue;
        if (states !== undefined && !live.contacts.some((c) => states.has(c.state))) continue;
        found.push({ user, live });
      }
      const { page, NextToken } = pageOf(found, input.NextToken, input.MaxResults);
      return compact({
        NextToken,
        ApproximateTotalCount: found.length,
        UserDataList: page.map(({ user, live }) => userData(user, live, profiles)),
      });
    },
    'POST metrics/current/*': ({ params, body }) => {
      checkInstance(params[0]);
      const input = parseBody(currentMetricBody, body);
      const { Queues, Channels, RoutingProfiles } = input.Filters;
      if (RoutingProfiles !== undefined)
        throw new AdminApiError(
          'InvalidParameterException',
          'The emulator filters real-time metrics by Queues only',
        );
      if (Queues === undefined || Queues.length === 0)
        throw new AdminApiError('InvalidParameterException', 'Filters.Queues is required');
      const groupings = input.Groupings ?? [];
      if (groupings.some((g) => g !== 'QUEUE'))
        throw new AdminApiError(
          'InvalidParameterException',
          'The emulator groups real-time metrics by QUEUE only',
        );
      const metrics = input.CurrentMetrics.map((m) => {
        const name = CURRENT_METRIC_NAMES.find((n) => n === m.Name);
        if (name === undefined)
          throw new AdminApiError(
            'InvalidParameterException',
            `CurrentMetrics: ${m.Name} is not one of ${CURRENT_METRIC_NAMES.join(', ')}`,
          );
        if (m.Unit !== undefined && m.Unit !== CURRENT_METRIC_UNITS[name])
          throw new AdminApiError(
            'InvalidParameterException',
            `CurrentMetrics: the unit of ${name} is ${CURRENT_METRIC_UNITS[name]}`,
          );
        return name;
      });
      const channels = new Set<string>(Channels ?? ['VOICE', 'CHAT', 'TASK']);
      const queues = backend.queues();
      const wanted = [...new Set(Queues.map((q) => idOf(q, 'queue')))].filter((id) =>
        queues.some((q) => q.id === id),
      );
      const now = backend.now();
      const profiles = new Map(backend.routingProfiles().map((p) => [p.id, p]));
      // Contacts waiting in a queue: enqueued, not yet connected to an agent, not disconnected.
      const waiting = backend
        .contacts()
        .filter(
          (c) =>
            c.queueId !== undefined &&
            c.enqueueMs !== undefined &&
            c.connectedToAgentMs === undefined &&
            c.disconnectMs === undefined &&
            channels.has(c.channel),
        );
      const agents = backend.users().flatMap((user) => {
        const live = backend.agentLive(user.id);
        return live === undefined
          ? []
          : [{ queueIds: profiles.get(user.routingProfileId)?.queueIds ?? [], live }];
      });
      const valueOf = (metric: CurrentMetricName, inQueues: ReadonlySet<string>): number => {
        const serves = agents.filter((a) => a.queueIds.some((q) => inQueues.has(q)));
        const busy = (a: (typeof agents)[number]) =>
          a.live.contacts.some((c) => !INACTIVE_STATES.has(c.state) && channels.has(c.channel));
        switch (metric) {
          case 'AGENTS_ONLINE':
            return serves.length;
          case 'AGENTS_AVAILABLE':
            return serves.filter((a) => a.live.routable && !busy(a)).length;
          case 'AGENTS_ON_CONTACT':
            return serves.filter(busy).length;
          case 'AGENTS_ON_CALL':
            return serves.filter((a) =>
              a.live.contacts.some((c) => !INACTIVE_STATES.has(c.state) && c.channel === 'VOICE'),
            ).length;
          case 'CONTACTS_IN_QUEUE':
            return waiting.filter((c) => inQueues.has(c.queueId!)).length;
          case 'OLDEST_CONTACT_AGE': {
            const oldest = Math.min(
              ...waiting.filter((c) => inQueues.has(c.queueId!)).map((c) => c.enqueueMs!),
            );
            if (!Number.isFinite(oldest)) return 0;
            const ms = Math.max(0, now - oldest);
            // As on the real service: seconds when grouped, milliseconds for instance totals.
            return groupings.length === 0 ? ms : Math.floor(ms / 1000);
          }
        }
      };
      const collections = (inQueues: ReadonlySet<string>) =>
        metrics.map((name) => ({
          Metric: { Name: name, Unit: CURRENT_METRIC_UNITS[name] },
          Value: valueOf(name, inQueues),
        }));
      const results =
        groupings.length === 0
          ? [{ Dimensions: {}, Collections: collections(new Set(wanted)) }]
          : wanted.map((id) => ({
              Dimensions: { Queue: ref('queue', id) },
              Collections: collections(new Set([id])),
            }));
      const { page, NextToken } = pageOf(results, input.NextToken, input.MaxResults, 100);
      return compact({
        MetricResults: page,
        NextToken,
        DataSnapshotTime: now / 1000,
        ApproximateTotalCount: results.length,
      });
    },
    'GET users-summary/*': ({ params, query }) => {
      checkInstance(params[0]);
      const { page, NextToken } = pageOf(
        backend.users(),
        query.get('nextToken'),
        queryInt(query, 'maxResults'),
      );
      return compact({
        UserSummaryList: page.map((u) => ({
          Id: u.id,
          Arn: arn('agent', u.id),
          Username: u.username,
          LastModifiedTime: toEpochSeconds(u.lastModifiedMs),
          LastModifiedRegion: info.region,
        })),
        NextToken,
      });
    },
    'GET users/*/*': ({ params }) => {
      checkInstance(params[0]);
      const id = idOf(params[1] ?? '', 'agent');
      const user = backend.users().find((u) => u.id === id) ?? notFound('User', id);
      return { User: describeUser(user) };
    },
    'POST search-users': ({ body }) => {
      const input = parseBody(searchUsersBody, body);
      checkInstance(input.InstanceId);
      const found = backend
        .users()
        .filter((u) => userMatches(u, input.SearchCriteria, (v) => idOf(v, 'agent-group')));
      const { page, NextToken } = pageOf(found, input.NextToken, input.MaxResults);
      return compact({
        Users: page.map(describeUser),
        NextToken,
        ApproximateTotalCount: found.length,
      });
    },
    'GET queues-summary/*': ({ params, query }) => {
      checkInstance(params[0]);
      const types = queryEnum(query, 'queueTypes');
      const queues = backend.queues().filter((q) => types.length === 0 || types.includes(q.type));
      const { page, NextToken } = pageOf(
        queues,
        query.get('nextToken'),
        queryInt(query, 'maxResults'),
      );
      return compact({
        QueueSummaryList: page.map((q) => ({
          Id: q.id,
          Arn: arn('queue', q.id),
          Name: q.name,
          QueueType: q.type,
          LastModifiedTime: toEpochSeconds(q.lastModifiedMs),
          LastModifiedRegion: info.region,
        })),
        NextToken,
      });
    },
    'GET queues/*/*': ({ params }) => {
      checkInstance(params[0]);
      const id = idOf(params[1] ?? '', 'queue');
      const q = backend.queues().find((x) => x.id === id) ?? notFound('Queue', id);
      return {
        Queue: compact({
          Name: q.name,
          QueueArn: arn('queue', q.id),
          QueueId: q.id,
          Description: q.description,
          OutboundCallerConfig: compact({
            OutboundCallerIdName: q.outboundCallerIdName,
            OutboundCallerIdNumberId: q.outboundCallerIdNumberId,
            OutboundFlowId: q.outboundFlowId,
          }),
          HoursOfOperationId: q.hoursOfOperationId,
          MaxContacts: q.maxContacts,
          Status: q.status,
          Tags: {},
          LastModifiedTime: toEpochSeconds(q.lastModifiedMs),
          LastModifiedRegion: info.region,
        }),
      };
    },
    'GET quick-connects/*': ({ params, query }) => {
      checkInstance(params[0]);
      const types = queryEnum(query, 'QuickConnectTypes');
      const list = backend
        .quickConnects()
        .filter((q) => types.length === 0 || types.includes(q.type));
      const { page, NextToken } = pageOf(
        list,
        query.get('nextToken'),
        queryInt(query, 'maxResults'),
      );
      return compact({
        QuickConnectSummaryList: page.map((q) => ({
          Id: q.id,
          Arn: arn('transfer-destination', q.id),
          Name: q.name,
          QuickConnectType: q.type,
          LastModifiedTime: toEpochSeconds(q.lastModifiedMs),
          LastModifiedRegion: info.region,
        })),
        NextToken,
      });
    },
    'GET quick-connects/*/*': ({ params }) => {
      checkInstance(params[0]);
      const id = idOf(params[1] ?? '', 'transfer-destination');
      const q = backend.quickConnects().find((x) => x.id === id) ?? notFound('QuickConnect', id);
      const flow = q.contactFlowId ?? 'default-transfer-flow';
      return {
        QuickConnect: compact({
          QuickConnectARN: arn('transfer-destination', q.id),
          QuickConnectId: q.id,
          Name: q.name,
          Description: q.description,
          QuickConnectConfig: compact({
            QuickConnectType: q.type,
            UserConfig: q.type === 'USER' ? { UserId: q.userId, ContactFlowId: flow } : undefined,
            QueueConfig:
              q.type === 'QUEUE' ? { QueueId: q.queueId, ContactFlowId: flow } : undefined,
            PhoneConfig: q.type === 'PHONE_NUMBER' ? { PhoneNumber: q.phoneNumber } : undefined,
            FlowConfig: q.type === 'FLOW' ? { ContactFlowId: flow } : undefined,
          }),
          Tags: {},
          LastModifiedTime: toEpochSeconds(q.lastModifiedMs),
          LastModifiedRegion: info.region,
        }),
      };
    },
    'GET routing-profiles-summary/*': ({ params, query }) => {
      checkInstance(params[0]);
      const { page, NextToken } = pageOf(
        backend.routingProfiles(),
        query.get('nextToken'),
        queryInt(query, 'maxResults'),
      );
      return compact({
        RoutingProfileSummaryList: page.map((p) => ({
          Id: p.id,
          Arn: arn('routing-profile', p.id),
          Name: p.name,
          LastModifiedTime: toEpochSeconds(p.lastModifiedMs),
          LastModifiedRegion: info.region,
        })),
        NextToken,
      });
    },
    'GET agent-status/*': ({ params, query }) => {
      checkInstance(params[0]);
      const types = queryEnum(query, 'AgentStatusTypes');
      const list = backend
        .agentStatuses()
        .filter((s) => types.length === 0 || types.includes(s.type));
      const { page, NextToken } = pageOf(
        list,
        query.get('nextToken'),
        queryInt(query, 'maxResults'),
      );
      return compact({
        AgentStatusSummaryList: page.map((s) => ({
          Id: s.id,
          Arn: arn('agent-state', s.id),
          Name: s.name,
          Type: s.type,
          LastModifiedTime: toEpochSeconds(s.lastModifiedMs),
          LastModifiedRegion: info.region,
        })),
        NextToken,
      });
    },
    'GET contacts/*/*': ({ params }) => {
      checkInstance(params[0]);
      return { Contact: contactRecord(requireContact(params[1] ?? '')) };
    },
    'POST search-contacts': ({ body }) => {
      const input = parseBody(searchContactsBody, body);
      checkInstance(input.InstanceId);
      const { Type, StartTime, EndTime } = input.TimeRange;
      if (EndTime < StartTime)
        throw new AdminApiError('InvalidParameterException', 'EndTime is before StartTime');
      const crit = input.SearchCriteria ?? {};
      const agentIds = crit.AgentIds?.map((v) => idOf(v, 'agent'));
      const queueIds = crit.QueueIds?.map((v) => idOf(v, 'queue'));
      const found = backend.contacts().filter((c) => {
        const t = contactTime(c, Type);
        if (t === undefined || t < StartTime * 1000 || t > EndTime * 1000) return false;
        if (crit.AgentIds && (c.agentId === undefined || !agentIds!.includes(c.agentId)))
          return false;
        if (crit.Channels && !crit.Channels.includes(c.channel)) return false;
        if (
          crit.InitiationMethods &&
          !(crit.InitiationMethods as readonly string[]).includes(c.initiationMethod)
        )
          return false;
        if (crit.QueueIds && (c.queueId === undefined || !queueIds!.includes(c.queueId)))
          return false;
        return true;
      });
      const sortField = input.Sort?.FieldName ?? 'INITIATION_TIMESTAMP';
      const dir = input.Sort?.Order === 'ASCENDING' ? 1 : -1;
      const key = (c: AdminContact): string | number =>
        sortField === 'CHANNEL'
          ? c.channel
          : sortField === 'INITIATION_METHOD'
            ? c.initiationMethod
            : (contactTime(c, sortField) ?? 0);
      found.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0));
      const { page, NextToken } = pageOf(found, input.NextToken, input.MaxResults);
      return compact({
        Contacts: page.map((c) =>
          compact({
            Arn: arn('contact', c.id),
            Id: c.id,
            InitialContactId: c.initialContactId,
            PreviousContactId: c.previousContactId,
            InitiationMethod: c.initiationMethod,
            Channel: c.channel,
            QueueInfo:
              c.queueId === undefined
                ? undefined
                : compact({
                    Id: c.queueId,
                    EnqueueTimestamp:
                      c.enqueueMs === undefined ? undefined : toEpochSeconds(c.enqueueMs),
                  }),
            AgentInfo:
              c.agentId === undefined
                ? undefined
                : compact({
                    Id: c.agentId,
                    ConnectedToAgentTimestamp:
                      c.connectedToAgentMs === undefined
                        ? undefined
                        : toEpochSeconds(c.connectedToAgentMs),
                  }),
            InitiationTimestamp: toEpochSeconds(c.initiationMs),
            DisconnectTimestamp:
              c.disconnectMs === undefined ? undefined : toEpochSeconds(c.disconnectMs),
            Name: c.name,
          }),
        ),
        NextToken,
        TotalCount: found.length,
      });
    },
    'POST contact/stop': ({ body }) => {
      const input = parseBody(stopBody, body);
      checkInstance(input.InstanceId);
      const contact = backend.contact(input.ContactId);
      if (contact === undefined) notFound('Contact', input.ContactId);
      if (contact?.disconnectMs !== undefined) {
        throw new AdminApiError(
          'ContactNotFoundException',
          `Contact is not active: ${input.ContactId}`,
        );
      }
      backend.stopContact(input.ContactId, input.DisconnectReason?.Code);
      return {};
    },
    'GET contact/attributes/*/*': ({ params }) => {
      checkInstance(params[0]);
      const contact = requireContact(params[1] ?? '');
      const initial = backend.contact(contact.initialContactId) ?? contact;
      return { Attributes: { ...initial.attributes } };
    },
    'POST phone-number/list': ({ body }) => {
      const input = parseBody(phoneListBody, body);
      if (input.InstanceId !== undefined) checkInstance(input.InstanceId);
      if (input.TargetArn !== undefined && input.TargetArn !== instanceArn(info)) {
        throw new AdminApiError(
          'ResourceNotFoundException',
          `Target not found: ${input.TargetArn}`,
        );
      }
      const list = backend
        .phoneNumbers()
        .filter(
          (p) =>
            (input.PhoneNumberCountryCodes === undefined ||
              input.PhoneNumberCountryCodes.includes(p.countryCode)) &&
            (input.PhoneNumberTypes === undefined || input.PhoneNumberTypes.includes(p.type)) &&
            (input.PhoneNumberPrefix === undefined ||
              p.phoneNumber.startsWith(input.PhoneNumberPrefix)),
        );
      const { page, NextToken } = pageOf(list, input.NextToken, input.MaxResults);
      return compact({
        NextToken,
        ListPhoneNumbersSummaryList: page.map((p) =>
          compact({
            PhoneNumberId: p.id,
            PhoneNumberArn: phoneNumberArn(info, p.id),
            PhoneNumber: p.phoneNumber,
            PhoneNumberCountryCode: p.countryCode,
            PhoneNumberType: p.type,
            TargetArn: instanceArn(info),
            InstanceId: info.instanceId,
            PhoneNumberDescription: p.description,
          }),
        ),
      });
    },
    'POST realtime-contact-analysis/analysis-segments': ({ body }) => {
      const input = parseBody(segmentsBody, body);
      checkInstance(input.InstanceId);
      requireContact(input.ContactId);
      const segments = backend.transcript(input.ContactId) ?? [];
      const { page, NextToken } = pageOf(segments, input.NextToken, input.MaxResults);
      return compact({
        Segments: page.map((s) => ({
          Transcript: compact({
            Id: s.id,
            ParticipantId: s.participantId,
            ParticipantRole: s.participantRole,
            Content: s.content,
            BeginOffsetMillis: s.beginOffsetMillis,
            EndOffsetMillis: s.endOffsetMillis,
            Sentiment: s.sentiment ?? 'NEUTRAL',
          }),
        })),
        NextToken,
      });
    },
    'POST contact/monitor': ({ body }) => {
      const input = parseBody(monitorBody, body);
      checkInstance(input.InstanceId);
      const contact = requireContact(input.ContactId);
      if (contact.disconnectMs !== undefined) {
        throw new AdminApiError(
          'InvalidRequestException',
          `Contact is not active: ${input.ContactId}`,
        );
      }
      const userId = idOf(input.UserId, 'agent');
      if (!backend.users().some((u) => u.id === userId)) notFound('User', input.UserId);
      const caps = input.AllowedMonitorCapabilities ?? ['SILENT_MONITOR'];
      const { contactId } = backend.monitorContact(contact.id, userId, caps);
      return { ContactId: contactId, ContactArn: arn('contact', contactId) };
    },
  };
  routes['POST contact/attributes'] = ({ body }) => {
    const input = parseBody(updateAttributesBody, body);
    checkInstance(input.InstanceId);
    const contact = requireContact(input.InitialContactId);
    backend.updateContactAttributes(contact.initialContactId, input.Attributes);
    return {};
  };
  routes['PUT users/*/*/status'] = ({ params, body }) => {
    checkInstance(params[0]);
    const input = parseBody(putUserStatusBody, body);
    const userId = idOf(params[1] ?? '', 'agent');
    if (!backend.users().some((u) => u.id === userId)) notFound('User', userId);
    if (!backend.agentStatuses().some((s) => s.id === input.AgentStatusId))
      notFound('AgentStatus', input.AgentStatusId);
    backend.putUserStatus(userId, input.AgentStatusId);
    return {};
  };
  routes['PUT contact/outbound-voice'] = ({ body }) => {
    const input = parseBody(outboundBody, body);
    checkInstance(input.InstanceId);
    if (
      input.QueueId !== undefined &&
      !backend.queues().some((q) => q.id === idOf(input.QueueId!, 'queue'))
    ) {
      notFound('Queue', input.QueueId);
    }
    const { contactId } = backend.startOutboundVoiceContact(
      compact({
        destinationPhoneNumber: input.DestinationPhoneNumber,
        contactFlowId: input.ContactFlowId,
        queueId: input.QueueId === undefined ? undefined : idOf(input.QueueId, 'queue'),
        sourcePhoneNumber: input.SourcePhoneNumber,
        attributes: input.Attributes ?? {},
        name: input.Name,
        description: input.Description,
        relatedContactId: input.RelatedContactId,
      }),
    );
    return { ContactId: contactId };
  };

  Object.assign(routes, contactStartRoutes({ backend, parseBody, checkInstance }));

  const table = Object.entries(routes).map(([key, fn]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    return { method, pattern, fn };
  });

  // One Hono route per operation: `users/*/*` is `/users/:p0/:p1`.
  const app = new Hono<EmulatorEnv>();
  for (const entry of table) {
    let count = 0;
    const path = `/${entry.pattern
      .split('/')
      .map((part) => (part === '*' ? `:p${count++}` : part))
      .join('/')}`;
    const names = Array.from({ length: count }, (_, i) => `p${i}`);
    app.on(entry.method, path, async (c) => {
      const requestId = makeRequestId();
      const reply = (status: number, body: unknown, type?: string) =>
        c.json(body as object, status as ContentfulStatusCode, {
          'x-amzn-RequestId': requestId,
          ...(type ? { 'x-amzn-ErrorType': type } : {}),
        });
      try {
        let body: unknown = {};
        if (entry.method !== 'GET') {
          try {
            body = await readJson(c.env.incoming);
          } catch (error) {
            if (error instanceof BodyTooLargeError) throw error;
            throw new AdminApiError(
              'InvalidRequestException',
              error instanceof HttpError ? error.message : 'The request body is not valid JSON',
            );
          }
        }
        const query = new URL(c.req.url).searchParams;
        const params = names.map((name) => c.req.param(name) ?? '');
        return reply(200, await entry.fn({ params, query, body }));
      } catch (error) {
        if (error instanceof HttpError || error instanceof AdminApiError)
          return reply(error.status, { Message: error.message }, error.type);
        throw error; // a bug: the app's error boundary answers 500
      }
    });
  }
  return app;
}

/**
 * The admin routes ({@link adminRoutes}) as a Node-style route handler (for a server that is not
 * the emulator's Hono app).
 */
export function createAdminRouter(
  backend: AdminBackend,
  options: AdminRouterOptions = {},
): RouteHandler {
  const listener = getRequestListener(adminRoutes(backend, options).fetch, {
    hostname: 'localhost',
  });
  return async (req, res, url) => {
    if (adminOperation(req.method ?? 'GET', url.pathname) === undefined) return false;
    await listener(req, res);
    return true;
  };
}

/** Sends an error in the AWS REST-JSON shape (`x-amzn-ErrorType` header plus `{"Message"}`). */
export function sendAdminError(res: ServerResponse, error: unknown, requestId: string): void {
  if (error instanceof HttpError) {
    sendJson(
      res,
      error.status,
      { Message: error.message },
      { 'x-amzn-ErrorType': error.type, 'x-amzn-RequestId': requestId },
    );
    return;
  }
  if (!(error instanceof AdminApiError)) throw error; // a bug: the server's boundary answers 500
  sendJson(
    res,
    error.status,
    { Message: error.message },
    { 'x-amzn-ErrorType': error.type, 'x-amzn-RequestId': requestId },
  );
}
