/**
 * The user operations of the admin API: ListUsers, DescribeUser, SearchUsers (with its nested
 * And/Or string and hierarchy conditions) and PutUserStatus.
 */
import { z } from 'zod';
import { toEpochSeconds } from './arn';
import { compact, pageOf, parseBody, queryInt, type AdminScope, type Route } from './route-kit';
import type { AdminUser } from './types';

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

const putUserStatusBody = z.object({ AgentStatusId: z.string().min(1).max(500) });

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

/** The user routes. */
export function userRoutes(scope: AdminScope): Record<string, Route> {
  const { backend, info, arn, idOf, checkInstance, notFound } = scope;

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
  return {
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
    'PUT users/*/*/status': ({ params, body }) => {
      checkInstance(params[0]);
      const input = parseBody(putUserStatusBody, body);
      const userId = idOf(params[1] ?? '', 'agent');
      if (!backend.users().some((u) => u.id === userId)) notFound('User', userId);
      if (!backend.agentStatuses().some((s) => s.id === input.AgentStatusId))
        notFound('AgentStatus', input.AgentStatusId);
      backend.putUserStatus(userId, input.AgentStatusId);
      return {};
    },
  };
}
