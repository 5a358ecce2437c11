import { z } from 'zod';
import {
  agentStateTypeSchema,
  connectionStateTypeSchema,
  connectionTypeSchema,
  contactStateTypeSchema,
  endpointTypeSchema,
} from './enums';

// Shapes of the agent data the panel sends. Received data is validated permissively: every object is
// loose (unknown members pass through) and optional scalars may be `null`, as the AWS JSON parser
// keeps `null` scalars. Each shape exists in two forms that differ only in how timestamps travel:
// - on the CTI wire (`GetAgentSnapshot` JSON): epoch seconds or ISO strings (`cti*Schema`);
// - on the conduit (`agent::update`, after the worker parsed it): `Date` objects (`*Schema`).

/**
 * A CTI wire timestamp: epoch seconds (number) or an ISO-8601 string, as AWS JSON 1.0 allows.
 * @public
 */
export const ctiTimestampSchema = z.union([z.number(), z.string()]);

/**
 * A conduit timestamp: a `Date` (it survives structured clone).
 * @public
 */
export const conduitTimestampSchema = z.date();

const str = z.string().nullish();

/**
 * A queue reference `{queueARN, name}`; on the conduit the worker adds `queueId` (= `queueARN`).
 * @public
 */
export const queueSchema = z.looseObject({
  queueARN: str,
  name: str,
  queueId: str,
});

/**
 * A queue reference. See {@link queueSchema}.
 * @public
 */
export type Queue = z.infer<typeof queueSchema>;

/**
 * An endpoint (address): phone number, agent (quick connect) or queue (quick connect).
 * @public
 */
export const endpointSchema = z.looseObject({
  endpointARN: str,
  endpointId: str,
  type: endpointTypeSchema,
  name: str,
  displayName: str,
  phoneNumber: str,
  agentLogin: str,
  queue: queueSchema.nullish(),
  emailAddress: str,
});

/**
 * An endpoint. See {@link endpointSchema}.
 * @public
 */
export type Endpoint = z.infer<typeof endpointSchema>;

/**
 * An agent-state definition as listed by `GetAgentStates` and sent by `PutAgentState`.
 * @public
 */
export const agentStateDefinitionSchema = z.looseObject({
  agentStateARN: str,
  type: agentStateTypeSchema,
  name: z.string(),
});

/**
 * An agent-state definition. See {@link agentStateDefinitionSchema}.
 * @public
 */
export type AgentStateDefinition = z.infer<typeof agentStateDefinitionSchema>;

/**
 * The routing profile as `GetAgentConfiguration` returns it and `UpdateAgentConfiguration` takes it.
 * @public
 */
export const routingProfileSchema = z.looseObject({
  name: str,
  routingProfileARN: str,
  defaultOutboundQueue: queueSchema.nullish(),
  channelConcurrencyMap: z.record(z.string(), z.number()).nullish(),
});

/**
 * The agent configuration on the CTI wire (`GetAgentConfiguration`, `UpdateAgentConfiguration`).
 * @public
 */
export const ctiAgentConfigurationSchema = z.looseObject({
  name: z.string(),
  username: str,
  softphoneEnabled: z.boolean(),
  softphoneAutoAccept: z.boolean(),
  extension: z.string().nullable(),
  routingProfile: routingProfileSchema,
  agentPreferences: z.record(z.string(), z.string()).nullish(),
  agentARN: str,
});

/**
 * The agent configuration on the CTI wire. See {@link ctiAgentConfigurationSchema}.
 * @public
 */
export type CtiAgentConfiguration = z.infer<typeof ctiAgentConfigurationSchema>;

/**
 * The agent configuration as the worker posts it in `agent::update`: the CTI configuration merged
 * with permissions, agent states, dialable countries and the routing-profile queues.
 * @public
 */
export const agentConfigurationSchema = ctiAgentConfigurationSchema.extend({
  routingProfile: routingProfileSchema.extend({
    routingProfileId: str,
    queues: z.array(queueSchema).optional(),
  }),
  permissions: z.array(z.string()).optional(),
  agentStates: z.array(agentStateDefinitionSchema).optional(),
  dialableCountries: z.array(z.string()).optional(),
});

/**
 * The merged agent configuration. See {@link agentConfigurationSchema}.
 * @public
 */
export type AgentConfiguration = z.infer<typeof agentConfigurationSchema>;

function buildSnapshotSchemas<T extends z.ZodType>(ts: T) {
  const agentState = agentStateDefinitionSchema.extend({ startTimestamp: ts.nullish() });
  const stateOf = <S extends z.ZodType>(type: S) => z.looseObject({ type, timestamp: ts });
  const connection = z.looseObject({
    connectionId: z.string(),
    endpoint: endpointSchema.nullish(),
    address: endpointSchema.nullish(),
    state: stateOf(connectionStateTypeSchema),
    type: connectionTypeSchema,
    initial: z.boolean(),
    softphoneMediaInfo: z
      .looseObject({
        callType: str,
        autoAccept: z.boolean().nullish(),
        mediaLegContextToken: str,
        callContextToken: str,
        callConfigJson: str,
      })
      .nullish(),
    chatMediaInfo: z
      .looseObject({
        chatAutoAccept: z.boolean().nullish(),
        connectionData: str,
        customerName: str,
      })
      .nullish(),
    monitoringInfo: z
      .looseObject({
        agent: z.looseObject({ agentName: str }).nullish(),
        joinTimeStamp: ts.nullish(),
      })
      .nullish(),
    mute: z.boolean().nullish(),
    forcedMute: z.boolean().nullish(),
    quickConnectName: str,
    monitorCapabilities: z.array(z.string()).nullish(),
    monitorStatus: str,
    capabilities: z.looseObject({ Video: str, ScreenShare: str }).nullish(),
  });
  const contact = z.looseObject({
    contactId: z.string(),
    initialContactId: str,
    relatedContactId: str,
    contactAssociationId: str,
    type: z.string(),
    state: stateOf(contactStateTypeSchema),
    status: stateOf(z.string()).optional(),
    queue: queueSchema.nullish(),
    queueTimestamp: ts.nullish(),
    connections: z.array(connection),
    attributes: z.record(z.string(), z.looseObject({ name: z.string(), value: str })),
    contactDuration: str,
    name: str,
    description: str,
    references: z
      .record(
        z.string(),
        z.looseObject({ value: str, type: z.string(), arn: str, status: str, statusReason: str }),
      )
      .nullish(),
    initiationMethod: str,
    contactFeatures: z
      .looseObject({
        attachmentsEnabled: z.boolean().nullish(),
        messagingMarkdownEnabled: z.boolean().nullish(),
        multiPartyConferenceEnabled: z.boolean().nullish(),
        screenRecordingEnabled: z.boolean().nullish(),
        screenRecordingState: str,
      })
      .nullish(),
    channelContext: z
      .looseObject({
        scheduledTime: z.number().nullish(),
        taskTemplateId: str,
        taskTemplateVersion: z.number().nullish(),
      })
      .nullish(),
    segmentAttributes: z.record(z.string(), z.looseObject({ ValueString: str })).nullish(),
    customerEndpoint: endpointSchema.nullish(),
    connectSystemEndpoint: endpointSchema.nullish(),
    languageCode: str,
  });
  const snapshot = z.looseObject({
    state: agentState,
    nextState: agentState.nullish(),
    agentAvailabilityState: z.looseObject({ state: str, timeStamp: ts.nullish() }).nullish(),
    contacts: z.array(contact),
    snapshotTimestamp: ts,
  });
  return { agentState, connection, contact, snapshot };
}

const cti = buildSnapshotSchemas(ctiTimestampSchema);
const conduit = buildSnapshotSchemas(conduitTimestampSchema);

/**
 * The agent's current or next state on the CTI wire (with `startTimestamp`).
 * @public
 */
export const ctiAgentStateSchema = cti.agentState;
/**
 * A connection of a contact on the CTI wire.
 * @public
 */
export const ctiConnectionSchema = cti.connection;
/**
 * A contact on the CTI wire.
 * @public
 */
export const ctiContactSchema = cti.contact;
/**
 * The `snapshot` member of a `GetAgentSnapshot` response.
 * @public
 */
export const ctiAgentSnapshotSchema = cti.snapshot;

/** An agent state as the CTI service returns it. @public */
export type CtiAgentState = z.infer<typeof ctiAgentStateSchema>;
/** A connection as the CTI service returns it. @public */
export type CtiConnection = z.infer<typeof ctiConnectionSchema>;
/** A contact as the CTI service returns it. @public */
export type CtiContact = z.infer<typeof ctiContactSchema>;
/** The agent snapshot as the CTI service returns it. @public */
export type CtiAgentSnapshot = z.infer<typeof ctiAgentSnapshotSchema>;

/**
 * The agent's current or next state on the conduit (`startTimestamp` is a `Date`).
 * @public
 */
export const agentStateSchema = conduit.agentState;
/**
 * A connection as posted on the conduit (the worker adds `address` = `endpoint`).
 * @public
 */
export const connectionSchema = conduit.connection;
/**
 * A contact as posted on the conduit (the worker adds `status` = `state`).
 * @public
 */
export const contactSchema = conduit.contact;
/**
 * The agent snapshot as posted in `agent::update` (`Date`s, plus `localTimestamp` and `skew` in ms).
 * @public
 */
export const agentSnapshotSchema = conduit.snapshot.extend({
  localTimestamp: z.number(),
  skew: z.number(),
  contentLength: z.number().nullish(),
});

/** The agent's current state: name, type and start time. @public */
export type AgentState = z.infer<typeof agentStateSchema>;
/** A connection (participant leg) of a contact, as the panel sends it. @public */
export type Connection = z.infer<typeof connectionSchema>;
/** A contact as the panel sends it. @public */
export type Contact = z.infer<typeof contactSchema>;
/** The agent snapshot as the panel sends it: state, next state, contacts. @public */
export type AgentSnapshot = z.infer<typeof agentSnapshotSchema>;

/**
 * The data of `agent::update`: `{snapshot, configuration}`.
 * @public
 */
export const agentDataSchema = z.looseObject({
  snapshot: agentSnapshotSchema,
  configuration: agentConfigurationSchema,
});

/**
 * The data of `agent::update`. See {@link agentDataSchema}.
 * @public
 */
export type AgentData = z.infer<typeof agentDataSchema>;
