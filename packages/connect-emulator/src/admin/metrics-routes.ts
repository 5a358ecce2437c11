/**
 * The real-time metric operations of the admin API: GetCurrentUserData (each logged-in agent's
 * status, slots and contacts) and GetCurrentMetricData (agent and queue counts by queue).
 */
import { z } from 'zod';
import { ADMIN_MAX_USER_DATA_PAGE, USER_DATA_FILTER_LIMITS } from '../constants';
import type { ArnKind } from './arn';
import { toEpochSeconds } from './arn';
import { AdminApiError } from './errors';
import {
  CHANNELS,
  compact,
  idList,
  pageOf,
  parseBody,
  type AdminScope,
  type Route,
} from './route-kit';
import type { AdminAgentLive, AdminChannel, AdminContactState, AdminUser } from './types';

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
const INACTIVE_STATES: ReadonlySet<AdminContactState> = new Set(['MISSED', 'ERROR', 'REJECTED']);

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

/** The GetCurrentUserData and GetCurrentMetricData routes. */
export function metricsRoutes(scope: AdminScope): Record<string, Route> {
  return { ...userDataRoutes(scope), ...currentMetricRoutes(scope) };
}

/** GetCurrentUserData: the logged-in agents a filter selects, with their slots and contacts. */
function userDataRoutes(scope: AdminScope): Record<string, Route> {
  const { backend, arn, ref, idOf, checkInstance } = scope;

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

  return {
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
  };
}

/** GetCurrentMetricData: the real-time metrics of queues, in total or per queue. */
function currentMetricRoutes(scope: AdminScope): Record<string, Route> {
  const { backend, ref, idOf, checkInstance } = scope;
  return {
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
  };
}
