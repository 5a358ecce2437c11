// The agent-side CTI service (AWS JSON 1.0): its operations with their request and response
// schemas, authentication, and the `X-Amz-Target` names.
import { z } from 'zod';
import {
  agentStateDefinitionSchema,
  ctiAgentConfigurationSchema,
  ctiAgentSnapshotSchema,
  ctiAgentStateSchema,
  ctiTimestampSchema,
  endpointSchema,
  queueSchema,
} from './snapshot';

/**
 * The AWS JSON 1.0 service model metadata of the agent-side CTI service.
 * Requests are `POST <endpoint>` with `Content-Type: application/x-amz-json-1.0`,
 * `X-Amz-Target: AmazonConnectCTIService.<Operation>` and `X-Amz-Bearer: <authToken>`; unsigned.
 * @public
 */
export const CTI_SERVICE = {
  serviceFullName: 'AmazonConnectCTIService',
  targetPrefix: 'AmazonConnectCTIService',
  protocol: 'json',
  jsonVersion: '1.0',
  apiVersion: '2017-02-15',
  contentType: 'application/x-amz-json-1.0',
  targetHeader: 'x-amz-target',
  bearerHeader: 'x-amz-bearer',
  errorTypeHeader: 'x-amzn-errortype',
} as const;

/**
 * The `authentication` member most CTI requests carry in the body: `{authToken, agentARN?}`.
 * @public
 */
export const ctiAuthenticationSchema = z.looseObject({
  authToken: z.string().nullish(),
  agentARN: z.string().nullish(),
});

/**
 * The `authentication` body member. See {@link ctiAuthenticationSchema}.
 * @public
 */
export type CtiAuthentication = z.infer<typeof ctiAuthenticationSchema>;

const auth = { authentication: ctiAuthenticationSchema };
const contact = { contactId: z.string().min(1) };
const connection = { contactId: z.string().min(1), connectionId: z.string().min(1) };
const paging = { nextToken: z.string().nullish(), maxResults: z.number().int().nullish() };
const empty = z.looseObject({});

const softphoneStreamStatisticsSchema = z.array(
  z.looseObject({
    timestamp: ctiTimestampSchema.nullish(),
    softphoneStreamType: z.string().nullish(),
    packetCount: z.number().nullish(),
    packetsLost: z.number().nullish(),
    audioLevel: z.number().nullish(),
    jitterBufferMillis: z.number().nullish(),
    roundTripTimeMillis: z.number().nullish(),
  }),
);

const referencesSchema = z.record(
  z.string(),
  z.looseObject({
    value: z.string().nullish(),
    type: z.string(),
    arn: z.string().nullish(),
    status: z.string().nullish(),
    statusReason: z.string().nullish(),
  }),
);

/**
 * Request and response schemas of all 33 `AmazonConnectCTIService` operations, from the service
 * model embedded in amazon-connect-streams (identical in 2.18 and 2.28). Requests that carry
 * `authentication` in the body require it, as the model does (see
 * {@link CTI_OPERATIONS_WITHOUT_AUTHENTICATION} for the exceptions).
 * @public
 */
export const ctiOperationSchemas = {
  AcceptContact: { request: z.looseObject({ ...auth, ...contact }), response: empty },
  ClearContact: { request: z.looseObject({ ...contact }), response: empty },
  CompleteContact: { request: z.looseObject({ ...contact }), response: empty },
  ConferenceConnections: { request: z.looseObject({ ...auth, ...contact }), response: empty },
  CreateAdditionalConnection: {
    request: z.looseObject({ ...auth, ...contact, endpoint: endpointSchema }),
    response: empty,
  },
  CreateOutboundContact: {
    request: z.looseObject({
      ...auth,
      endpoint: endpointSchema,
      queueARN: z.string().nullish(),
      relatedContactId: z.string().nullish(),
    }),
    response: empty,
  },
  CreateTaskContact: {
    request: z.looseObject({
      endpoint: endpointSchema,
      previousContactId: z.string().nullish(),
      name: z.string().min(1),
      description: z.string().nullish(),
      references: referencesSchema.nullish(),
      idempotencyToken: z.string().nullish(),
      scheduledTime: z.number().nullish(),
      relatedContactId: z.string().nullish(),
    }),
    response: z.looseObject({ contactId: z.string().nullish() }),
  },
  CreateTransport: {
    request: z.looseObject({
      ...auth,
      transportType: z.string().min(1),
      participantId: z.string().nullish(),
      contactId: z.string().nullish(),
      softphoneClientId: z.string().nullish(),
    }),
    response: z.looseObject({
      webSocketTransport: z
        .looseObject({
          url: z.string(),
          transportLifeTimeInSeconds: z.number(),
          expiry: z.string().nullish(),
        })
        .nullish(),
      chatTokenTransport: z
        .looseObject({ participantToken: z.string(), expiry: z.string() })
        .nullish(),
      softphoneTransport: z
        .looseObject({
          softphoneMediaConnections: z.array(
            z.looseObject({
              username: z.string(),
              credential: z.string(),
              urls: z.array(z.string()),
            }),
          ),
        })
        .nullish(),
      agentDiscoveryTransport: z.looseObject({ presignedUrl: z.string() }).nullish(),
      webRTCTransport: z
        .looseObject({
          meeting: z.looseObject({
            meetingId: z.string().nullish(),
            mediaRegion: z.string().nullish(),
            mediaPlacement: z
              .looseObject({
                audioHostUrl: z.string().nullish(),
                audioFallbackUrl: z.string().nullish(),
                signalingUrl: z.string().nullish(),
                turnControlUrl: z.string().nullish(),
                eventIngestionUrl: z.string().nullish(),
              })
              .nullish(),
            meetingFeatures: z
              .looseObject({
                audio: z.looseObject({ echoReduction: z.string().nullish() }).nullish(),
              })
              .nullish(),
          }),
          attendee: z.looseObject({
            attendeeId: z.string().nullish(),
            joinToken: z.string().nullish(),
          }),
        })
        .nullish(),
    }),
  },
  DestroyConnection: { request: z.looseObject({ ...auth, ...connection }), response: empty },
  GetAgentConfiguration: {
    request: z.looseObject({ ...auth }),
    response: z.looseObject({ configuration: ctiAgentConfigurationSchema }),
  },
  GetAgentPermissions: {
    request: z.looseObject({ ...auth, ...paging }),
    response: z.looseObject({ permissions: z.array(z.string()), nextToken: z.string().nullish() }),
  },
  GetAgentSnapshot: {
    request: z.looseObject({
      ...auth,
      nextToken: z.string().nullish(),
      timeout: z.number().int().nonnegative().nullish(),
    }),
    response: z.looseObject({ snapshot: ctiAgentSnapshotSchema, nextToken: z.string() }),
  },
  GetAgentStates: {
    request: z.looseObject({ ...auth, ...paging }),
    response: z.looseObject({
      states: z.array(agentStateDefinitionSchema),
      nextToken: z.string().nullish(),
    }),
  },
  GetDialableCountryCodes: {
    request: z.looseObject({ ...auth, ...paging }),
    response: z.looseObject({ countryCodes: z.array(z.string()), nextToken: z.string().nullish() }),
  },
  GetEndpoints: {
    request: z.looseObject({ ...auth, queueARNs: z.array(z.string()), ...paging }),
    response: z.looseObject({
      endpoints: z.array(endpointSchema).nullish(),
      nextToken: z.string().nullish(),
    }),
  },
  GetNewAuthToken: {
    request: z.looseObject({ ...auth, refreshToken: z.string().min(1) }),
    response: z.looseObject({
      newAuthToken: z.string().nullish(),
      expirationDateTime: ctiTimestampSchema.nullish(),
    }),
  },
  GetRoutingProfileQueues: {
    request: z.looseObject({ ...auth, routingProfileARN: z.string().min(1), ...paging }),
    response: z.looseObject({ queues: z.array(queueSchema), nextToken: z.string().nullish() }),
  },
  HoldConnection: { request: z.looseObject({ ...auth, ...connection }), response: empty },
  MuteParticipant: { request: z.looseObject({ ...auth, ...connection }), response: empty },
  NotifyContactIssue: {
    request: z.looseObject({
      ...auth,
      ...contact,
      issueCode: z.string().nullish(),
      description: z.string().nullish(),
      clientLogs: z.string().nullish(),
    }),
    response: empty,
  },
  PauseContact: { request: z.looseObject({ ...contact }), response: empty },
  PutAgentState: {
    request: z.looseObject({
      ...auth,
      state: ctiAgentStateSchema,
      enqueueNextState: z.boolean().nullish(),
    }),
    response: empty,
  },
  RejectContact: { request: z.looseObject({ ...contact }), response: empty },
  ResumeConnection: { request: z.looseObject({ ...auth, ...connection }), response: empty },
  ResumeContact: { request: z.looseObject({ ...contact }), response: empty },
  SendClientLogs: {
    request: z.looseObject({
      ...auth,
      logEvents: z.array(
        z.looseObject({
          timestamp: ctiTimestampSchema.nullish(),
          component: z.string().nullish(),
          message: z.string().nullish(),
        }),
      ),
    }),
    response: empty,
  },
  SendDigits: {
    request: z.looseObject({ ...auth, ...connection, digits: z.string().min(1) }),
    response: empty,
  },
  SendSoftphoneCallMetrics: {
    request: z.looseObject({
      ...auth,
      ...contact,
      ccpVersion: z.string().nullish(),
      softphoneStreamStatistics: softphoneStreamStatisticsSchema,
    }),
    response: empty,
  },
  SendSoftphoneCallReport: {
    request: z.looseObject({
      ...auth,
      ...contact,
      ccpVersion: z.string().nullish(),
      report: z.looseObject({
        callStartTime: ctiTimestampSchema.nullish(),
        callEndTime: ctiTimestampSchema.nullish(),
        softphoneStreamStatistics: softphoneStreamStatisticsSchema.nullish(),
      }),
    }),
    response: empty,
  },
  ToggleActiveConnections: { request: z.looseObject({ ...auth, ...connection }), response: empty },
  UnmuteParticipant: { request: z.looseObject({ ...auth, ...connection }), response: empty },
  UpdateAgentConfiguration: {
    request: z.looseObject({ ...auth, configuration: ctiAgentConfigurationSchema }),
    response: empty,
  },
  UpdateMonitorParticipantState: {
    request: z.looseObject({ ...contact, targetMonitorMode: z.string().min(1) }),
    response: empty,
  },
} as const;

/**
 * The name of one CTI operation (`AcceptContact`, …).
 * @public
 */
export type CtiOperation = keyof typeof ctiOperationSchemas;

/**
 * All 33 CTI operation names, in model order.
 * @public
 */
export const CTI_OPERATIONS = Object.keys(ctiOperationSchemas) as readonly CtiOperation[];

/**
 * The request body of CTI operation `Op`.
 * @public
 */
export type CtiRequest<Op extends CtiOperation> = z.infer<
  (typeof ctiOperationSchemas)[Op]['request']
>;

/**
 * The response body of CTI operation `Op`.
 * @public
 */
export type CtiResponse<Op extends CtiOperation> = z.infer<
  (typeof ctiOperationSchemas)[Op]['response']
>;

/**
 * The operations whose request body carries no `authentication` member;
 * every other operation carries `authentication: {authToken}`. The token is always in `X-Amz-Bearer`.
 * @public
 */
export const CTI_OPERATIONS_WITHOUT_AUTHENTICATION: readonly CtiOperation[] = [
  'ClearContact',
  'CompleteContact',
  'CreateTaskContact',
  'PauseContact',
  'RejectContact',
  'ResumeContact',
  'UpdateMonitorParticipantState',
];

/**
 * Whether the request body of `operation` carries `authentication`.
 * @public
 */
export function ctiRequiresAuthentication(operation: CtiOperation): boolean {
  return !CTI_OPERATIONS_WITHOUT_AUTHENTICATION.includes(operation);
}

/**
 * Whether `name` is one of the 33 CTI operations.
 * @public
 */
export function isCtiOperation(name: string): name is CtiOperation {
  return Object.prototype.hasOwnProperty.call(ctiOperationSchemas, name);
}

/**
 * The `X-Amz-Target` header value for `operation`.
 * @public
 */
export function ctiTarget(operation: CtiOperation): string {
  return `${CTI_SERVICE.targetPrefix}.${operation}`;
}

/**
 * The operation named by an `X-Amz-Target` header, or `undefined` when it names none.
 * @public
 */
export function parseCtiTarget(target: string | null | undefined): CtiOperation | undefined {
  if (!target) return undefined;
  const prefix = `${CTI_SERVICE.targetPrefix}.`;
  if (!target.startsWith(prefix)) return undefined;
  const name = target.slice(prefix.length);
  return isCtiOperation(name) ? name : undefined;
}
