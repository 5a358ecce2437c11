// TEMPORARY until @x/connect-streams/protocol (issue-3) lands: replaced by re-exports.
export interface StateStamp {
  readonly type: string;
  readonly timestamp: Date;
}
export interface AgentStateDefinition {
  readonly agentStateARN?: string | null;
  readonly type: string;
  readonly name: string;
}
export interface AgentStateData extends AgentStateDefinition {
  readonly startTimestamp?: Date;
}
export interface EndpointData {
  readonly endpointARN?: string;
  readonly endpointId?: string;
  readonly type: string;
  readonly name?: string;
  readonly phoneNumber?: string;
  readonly agentLogin?: string;
  readonly queue?: string;
}
export interface ConnectionData {
  readonly connectionId: string;
  readonly type: string;
  readonly initial?: boolean;
  readonly state: StateStamp;
  readonly endpoint?: EndpointData;
  readonly softphoneMediaInfo?: Record<string, unknown>;
  readonly chatMediaInfo?: Record<string, unknown>;
  readonly monitoringInfo?: Record<string, unknown>;
  readonly monitorCapabilities?: readonly string[];
  readonly monitorStatus?: string;
  readonly mute?: boolean;
  readonly forcedMute?: boolean;
  readonly capabilities?: Record<string, string>;
  readonly quickConnectName?: string;
}
export interface ContactData {
  readonly contactId: string;
  readonly initialContactId?: string;
  readonly type: string;
  readonly state: StateStamp;
  readonly queue?: { readonly queueARN: string; readonly name?: string };
  readonly queueTimestamp?: Date;
  readonly connections: readonly ConnectionData[];
  readonly attributes?: Record<string, { name: string; value: string }>;
  readonly segmentAttributes?: Record<
    string,
    { ValueString?: string; ValueMap?: Record<string, unknown> }
  >;
  readonly contactFeatures?: Record<string, unknown>;
  readonly name?: string;
  readonly description?: string;
  readonly initiationMethod?: string;
  readonly relatedContactId?: string;
  readonly contactAssociationId?: string;
  readonly customerEndpoint?: EndpointData;
  readonly references?: Record<string, unknown>;
  readonly contactDuration?: string;
  readonly channelContext?: Record<string, unknown>;
  readonly contactMetadata?: Record<string, unknown>;
}
export interface AgentSnapshot {
  readonly state: AgentStateData;
  readonly nextState?: AgentStateData | null;
  readonly agentAvailabilityState?: { readonly state: string; readonly timeStamp: Date };
  readonly contacts: readonly ContactData[];
  readonly snapshotTimestamp?: Date;
  readonly localTimestamp?: number;
  readonly skew?: number;
}
export interface QueueData {
  readonly queueARN: string;
  readonly name?: string;
  readonly queueId?: string;
}
export interface AgentConfiguration {
  readonly name: string;
  readonly username?: string;
  readonly agentARN?: string;
  readonly extension?: string;
  readonly softphoneEnabled: boolean;
  readonly softphoneAutoAccept: boolean;
  readonly agentPreferences?: Record<string, string | undefined>;
  readonly permissions?: readonly string[];
  readonly agentStates?: readonly AgentStateDefinition[];
  readonly dialableCountries?: readonly string[];
  readonly routingProfile: {
    readonly name: string;
    readonly routingProfileARN: string;
    readonly routingProfileId?: string;
    readonly defaultOutboundQueue: QueueData;
    readonly queues?: readonly QueueData[];
    readonly channelConcurrencyMap?: Record<string, number>;
  };
}
export interface AgentUpdate {
  readonly snapshot: AgentSnapshot;
  readonly configuration: AgentConfiguration;
}
