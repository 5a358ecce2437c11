import * as z from 'zod/mini';

/**
 * A subscription topic of the message-port protocol. The optional third field is `parameter`
 * (for example a contact id), as on the real wire.
 * @public
 */
export const subscriptionTopicSchema = z.object({
  namespace: z.string(),
  key: z.string(),
  parameter: z.optional(z.string()),
});
/** A subscription topic: namespace, key and optional parameter. @public */
export type SubscriptionTopic = z.infer<typeof subscriptionTopicSchema>;

/**
 * A topic without its namespace, as used through a module proxy.
 * @public
 */
export type ModuleSubscriptionTopic = Omit<SubscriptionTopic, 'namespace'>;

/**
 * Who sent an upstream message: `_type` names the proxy kind, `providerId` the provider.
 * @public
 */
export const upstreamMessageOriginSchema = z.looseObject({
  _type: z.string(),
  providerId: z.string(),
});
/** Where an upstream message comes from (the page's origin and path). @public */
export type UpstreamMessageOrigin = z.infer<typeof upstreamMessageOriginSchema>;

/**
 * Log levels of the message-port protocol (numeric on the wire).
 * @public
 */
export const LogLevel = { trace: 1, debug: 2, info: 3, warn: 4, error: 5 } as const;
/** One value of `LogLevel`. @public */
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

/** Schema of a {@link MetricUnit}. @public */
export const metricUnitSchema = z.enum(['Count', 'Milliseconds']);
/** A metric's unit: `Count` or `Milliseconds`. @public */
export type MetricUnit = z.infer<typeof metricUnitSchema>;

const dimensions = z.record(z.string(), z.string());

// ── Upstream (host → subject) ──

/** Schema of a {@link RequestMessage}. @public */
export const requestMessageSchema = z.object({
  type: z.literal('request'),
  namespace: z.string(),
  command: z.string(),
  requestId: z.string(),
  data: z.unknown(),
  messageOrigin: upstreamMessageOriginSchema,
});
/** A request: namespace, command, request id and data. @public */
export type RequestMessage = z.infer<typeof requestMessageSchema>;

/** Schema of a {@link SubscribeMessage}. @public */
export const subscribeMessageSchema = z.object({
  type: z.literal('subscribe'),
  topic: subscriptionTopicSchema,
  handlerId: z.string(),
  messageOrigin: upstreamMessageOriginSchema,
});
/** Subscribes to a topic. @public */
export type SubscribeMessage = z.infer<typeof subscribeMessageSchema>;

/** Schema of an {@link UnsubscribeMessage}. @public */
export const unsubscribeMessageSchema = z.object({
  type: z.literal('unsubscribe'),
  topic: subscriptionTopicSchema,
  messageOrigin: upstreamMessageOriginSchema,
});
/** Unsubscribes from a topic. @public */
export type UnsubscribeMessage = z.infer<typeof unsubscribeMessageSchema>;

/** Schema of a {@link LogMessage}. @public */
export const logMessageSchema = z.object({
  type: z.literal('log'),
  level: z.int().check(z.gte(1), z.lte(5)),
  source: z.string(),
  time: z.date(),
  message: z.string(),
  loggerId: z.string(),
  data: z.optional(z.unknown()),
  context: z.record(z.string(), z.unknown()),
  messageOrigin: upstreamMessageOriginSchema,
});
/** A log line sent to the subject. @public */
export type LogMessage = z.infer<typeof logMessageSchema>;

/** Schema of a {@link MetricMessage}. @public */
export const metricMessageSchema = z.object({
  type: z.literal('metric'),
  namespace: z.string(),
  metricName: z.string(),
  unit: metricUnitSchema,
  value: z.number(),
  time: z.date(),
  dimensions,
  optionalDimensions: dimensions,
  messageOrigin: upstreamMessageOriginSchema,
});
/** A metric sent to the subject. @public */
export type MetricMessage = z.infer<typeof metricMessageSchema>;

/** Schema of a {@link HealthCheckMessage}. @public */
export const healthCheckMessageSchema = z.object({
  type: z.literal('healthCheck'),
  messageOrigin: upstreamMessageOriginSchema,
});
/** A health-check request. @public */
export type HealthCheckMessage = z.infer<typeof healthCheckMessageSchema>;

/** Schema of a {@link CloseChannelMessage}. @public */
export const closeChannelMessageSchema = z.object({ type: z.literal('closeChannel') });
/** Asks the subject to close the channel. @public */
export type CloseChannelMessage = z.infer<typeof closeChannelMessageSchema>;

/**
 * A message relayed from a child channel, wrapping either an upstream message or
 * `{type: 'childConnectionReady'}`; nestable.
 * @public
 */
export interface ChildUpstreamMessage {
  /** Always `childUpstream`. */
  type: 'childUpstream';
  /** The child provider's id. */
  sourceProviderId: string;
  /** The parent provider's id. */
  parentProviderId: string;
  /** The child channel's connection id. */
  connectionId: string;
  /** The child's message. */
  message: UpstreamMessage | { type: 'childConnectionReady' };
}
/** @public */
export const childUpstreamMessageSchema: z.ZodMiniType<ChildUpstreamMessage> = z.object({
  type: z.literal('childUpstream'),
  sourceProviderId: z.string(),
  parentProviderId: z.string(),
  connectionId: z.string(),
  message: z.lazy(() =>
    z.union([upstreamMessageSchema, z.object({ type: z.literal('childConnectionReady') })]),
  ),
});

/**
 * Any message from the host side to the subject (the CCP).
 * @public
 */
export type UpstreamMessage =
  | RequestMessage
  | SubscribeMessage
  | UnsubscribeMessage
  | LogMessage
  | MetricMessage
  | HealthCheckMessage
  | CloseChannelMessage
  | ChildUpstreamMessage;

/** Schema of an {@link UpstreamMessage}. @public */
export const upstreamMessageSchema: z.ZodMiniType<UpstreamMessage> = z.lazy(() =>
  z.union([
    requestMessageSchema,
    subscribeMessageSchema,
    unsubscribeMessageSchema,
    logMessageSchema,
    metricMessageSchema,
    healthCheckMessageSchema,
    closeChannelMessageSchema,
    childUpstreamMessageSchema,
  ]),
);

// ── Downstream (subject → host) ──

/** Schema of an {@link AcknowledgeMessage}. @public */
export const acknowledgeMessageSchema = z.object({
  type: z.literal('acknowledge'),
  connectionId: z.string(),
  status: z.union([
    z.object({ initialized: z.literal(false) }),
    z.object({ initialized: z.literal(true), startTime: z.date() }),
  ]),
  healthCheckInterval: z.number(),
});
/** The subject's acknowledgement of a connection. @public */
export type AcknowledgeMessage = z.infer<typeof acknowledgeMessageSchema>;

/** Schema of a {@link ResponseMessage}. @public */
export const responseMessageSchema = z.union([
  z.object({
    type: z.literal('response'),
    namespace: z.string(),
    requestId: z.string(),
    isError: z.literal(false),
    data: z.unknown(),
  }),
  z.object({
    type: z.literal('response'),
    namespace: z.string(),
    requestId: z.string(),
    isError: z.literal(true),
    errorKey: z.string(),
    reason: z.string(),
    details: z.looseObject({ command: z.string(), requestData: z.unknown() }),
  }),
]);
/** The response to a request: its data, or an error. @public */
export type ResponseMessage = z.infer<typeof responseMessageSchema>;

/** Schema of a {@link PublishMessage}. @public */
export const publishMessageSchema = z.object({
  type: z.literal('publish'),
  topic: subscriptionTopicSchema,
  data: z.unknown(),
  handlerId: z.optional(z.string()),
});
/** A message published on a subscribed topic. @public */
export type PublishMessage = z.infer<typeof publishMessageSchema>;

/**
 * Status of the subject (the CCP side) reported with error messages.
 * @public
 */
export const proxySubjectStatusSchema = z.looseObject({ initialized: z.boolean() });

/** Schema of an {@link ErrorMessage}. @public */
export const errorMessageSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
  key: z.string(),
  isFatal: z.boolean(),
  status: proxySubjectStatusSchema,
  details: z.optional(z.record(z.string(), z.unknown())),
});
/** An error the subject reports. @public */
export type ErrorMessage = z.infer<typeof errorMessageSchema>;

/** Schema of a {@link HealthCheckResponseMessage}. @public */
export const healthCheckResponseMessageSchema = z.object({
  type: z.literal('healthCheckResponse'),
  time: z.number(),
  counter: z.number(),
});
/** The answer to a health check. @public */
export type HealthCheckResponseMessage = z.infer<typeof healthCheckResponseMessageSchema>;

/** Schema of a {@link ChildDownstreamMessage}. @public */
export const childDownstreamMessageSchema = z.object({
  type: z.literal('childDownstreamMessage'),
  connectionId: z.string(),
  targetProviderId: z.string(),
  message: z.unknown(),
});
/** A message for a child channel. @public */
export type ChildDownstreamMessage = z.infer<typeof childDownstreamMessageSchema>;

/** Schema of a {@link ChildConnectionCloseMessage}. @public */
export const childConnectionCloseMessageSchema = z.object({
  type: z.literal('childConnectionClose'),
  connectionId: z.string(),
});
/** Closes a child channel. @public */
export type ChildConnectionCloseMessage = z.infer<typeof childConnectionCloseMessageSchema>;

/** Schema of a {@link DownstreamMessage}. @public */
export const downstreamMessageSchema = z.union([
  acknowledgeMessageSchema,
  responseMessageSchema,
  publishMessageSchema,
  errorMessageSchema,
  healthCheckResponseMessageSchema,
  childDownstreamMessageSchema,
  childConnectionCloseMessageSchema,
]);
/**
 * Any message from the subject (the CCP) to the host side.
 * @public
 */
export type DownstreamMessage = z.infer<typeof downstreamMessageSchema>;

/**
 * The first message the CCP iframe posts to the host window (with the port in `ports[0]`).
 * @public
 */
export interface CrossDomainAdapterInitMessage {
  /** Always `cross-domain-adapter-init`. */
  type: 'cross-domain-adapter-init';
}

/**
 * The host's answer, posted on the port.
 * @public
 */
export interface CrossDomainSiteReadyMessage {
  /** Always `cross-domain-site-ready`. */
  type: 'cross-domain-site-ready';
  /** The provider's id. */
  providerId: string;
}
