/**
 * The instance-resource operations of the admin API: ListQueues and DescribeQueue,
 * ListQuickConnects and DescribeQuickConnect, ListRoutingProfiles, ListAgentStatuses and
 * ListPhoneNumbersV2.
 */
import { z } from 'zod';
import { instanceArn, phoneNumberArn, toEpochSeconds } from './arn';
import { AdminApiError } from './errors';
import {
  compact,
  pageOf,
  parseBody,
  queryEnum,
  queryInt,
  type AdminScope,
  type Route,
} from './route-kit';

const phoneListBody = z.object({
  TargetArn: z.string().optional(),
  InstanceId: z.string().optional(),
  MaxResults: z.number().int().min(1).max(1000).optional(),
  NextToken: z.string().optional(),
  PhoneNumberCountryCodes: z.array(z.string()).optional(),
  PhoneNumberTypes: z.array(z.string()).optional(),
  PhoneNumberPrefix: z.string().optional(),
});

/** The queue, quick-connect, routing-profile, agent-status and phone-number routes. */
export function resourceRoutes(scope: AdminScope): Record<string, Route> {
  return {
    ...queueRoutes(scope),
    ...quickConnectRoutes(scope),
    ...listingRoutes(scope),
  };
}

/** ListQueues and DescribeQueue. */
function queueRoutes(scope: AdminScope): Record<string, Route> {
  const { backend, info, arn, idOf, checkInstance, notFound } = scope;
  return {
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
  };
}

/** ListQuickConnects and DescribeQuickConnect. */
function quickConnectRoutes(scope: AdminScope): Record<string, Route> {
  const { backend, info, arn, idOf, checkInstance, notFound } = scope;
  return {
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
  };
}

/** ListRoutingProfiles, ListAgentStatuses and ListPhoneNumbersV2. */
function listingRoutes(scope: AdminScope): Record<string, Route> {
  const { backend, info, arn, checkInstance } = scope;
  return {
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
  };
}
