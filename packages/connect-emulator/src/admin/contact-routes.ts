/**
 * The contact operations of the admin API: DescribeContact, SearchContacts, StopContact,
 * Get/UpdateContactAttributes, StartOutboundVoiceContact, MonitorContact and the Contact Lens
 * ListRealtimeContactAnalysisSegments.
 */
import { z } from 'zod';
import { toEpochSeconds } from './arn';
import { AdminApiError } from './errors';
import { CHANNELS, compact, pageOf, parseBody, type AdminScope, type Route } from './route-kit';
import type { AdminContact } from './types';

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

/**
 * UpdateContactAttributes: keys 1–32767 characters, values up to 32767 (the real service's
 * limits; the whole set is bounded by the request body limit).
 */
const updateAttributesBody = z.object({
  InitialContactId: z.string().min(1).max(256),
  InstanceId: z.string().min(1),
  Attributes: z.record(z.string().min(1).max(32767), z.string().max(32767)),
});

const segmentsBody = z.object({
  InstanceId: z.string().min(1),
  ContactId: z.string().min(1),
  MaxResults: z.number().int().min(1).max(100).optional(),
  NextToken: z.string().optional(),
});

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

/** A contact's `QueueInfo` (DescribeContact and SearchContacts), or undefined when never queued. */
function queueInfo(c: AdminContact) {
  return c.queueId === undefined
    ? undefined
    : compact({
        Id: c.queueId,
        EnqueueTimestamp: c.enqueueMs === undefined ? undefined : toEpochSeconds(c.enqueueMs),
      });
}

/** A contact's `AgentInfo` (DescribeContact and SearchContacts), or undefined before an agent. */
function agentInfo(c: AdminContact) {
  return c.agentId === undefined
    ? undefined
    : compact({
        Id: c.agentId,
        ConnectedToAgentTimestamp:
          c.connectedToAgentMs === undefined ? undefined : toEpochSeconds(c.connectedToAgentMs),
      });
}

/** The contact routes. */
export function contactRoutes(scope: AdminScope): Record<string, Route> {
  return {
    ...contactReadRoutes(scope),
    ...contactActionRoutes(scope),
  };
}

/** DescribeContact, SearchContacts, GetContactAttributes and ListRealtimeContactAnalysisSegmentsV2. */
function contactReadRoutes(scope: AdminScope): Record<string, Route> {
  const { backend, arn, idOf, checkInstance, requireContact } = scope;

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
      QueueInfo: queueInfo(c),
      AgentInfo: agentInfo(c),
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
  return {
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
            QueueInfo: queueInfo(c),
            AgentInfo: agentInfo(c),
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
    'GET contact/attributes/*/*': ({ params }) => {
      checkInstance(params[0]);
      const contact = requireContact(params[1] ?? '');
      const initial = backend.contact(contact.initialContactId) ?? contact;
      return { Attributes: { ...initial.attributes } };
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
  };
}

/** StopContact, MonitorContact, UpdateContactAttributes and StartOutboundVoiceContact. */
function contactActionRoutes(scope: AdminScope): Record<string, Route> {
  const { backend, arn, idOf, checkInstance, notFound, requireContact } = scope;
  return {
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
    'POST contact/attributes': ({ body }) => {
      const input = parseBody(updateAttributesBody, body);
      checkInstance(input.InstanceId);
      const contact = requireContact(input.InitialContactId);
      backend.updateContactAttributes(contact.initialContactId, input.Attributes);
      return {};
    },
    'PUT contact/outbound-voice': ({ body }) => {
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
    },
  };
}
