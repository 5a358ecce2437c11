import type {
  AgentAppMethod,
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
  VoiceIdEnrollmentRequestStatus,
  VoiceIdSpeakerStatus,
  VoiceIdStreamingStatus,
} from '../constants';

/**
 * An open string enum: the known values, plus any other string the service may send.
 * @public
 */
export type OpenString<Known extends string> = Known | (string & Record<never, never>);

/**
 * What the Voice ID flows need to know about a contact and its agent. `@x/connect-streams`
 * contacts are bound to it by {@link createVoiceId}; anything else can implement it directly.
 * @public
 */
export interface VoiceIdContact {
  /** The contact's id. */
  readonly contactId: string;
  /** The contact's initial contact id (Voice ID sessions are named after it); `contactId` when absent. */
  getInitialContactId(): string | undefined;
  /** The id of the contact-centre instance. */
  getInstanceId(): string;
  /** The AWS account id of the instance. */
  getAwsAccountId(): string;
  /** How many of the contact's connections are in an active state (connecting, connected, hold, silent_monitor, barge). */
  getActiveConnectionCount(): number;
  /** Whether the agent's permissions include `voiceId`. */
  hasVoiceIdPermission(): boolean | PromiseLike<boolean>;
}

/**
 * A failed agent-app call: the HTTP status (absent for a network failure), the parsed error body,
 * and any thrown value.
 * @public
 */
export interface AgentAppFailure {
  /** HTTP status of the failed call; absent when no response arrived. */
  readonly status?: number;
  /** The error body, parsed as JSON when possible. */
  readonly body?: unknown;
  /** A thrown value (network error, channel failure). */
  readonly cause?: unknown;
}

/**
 * Outcome of one agent-app call: the response body, or the failure.
 * @public
 */
export type AgentAppResult =
  | { readonly ok: true; readonly data: unknown }
  | { readonly ok: false; readonly error: AgentAppFailure };

/**
 * The request body of each AgentAppService operation Voice ID calls.
 * @public
 */
export interface AgentAppRequests {
  /** Reads the contact record (its `customerId` is the speaker id). */
  'AgentAppService.Lcms.getContact': {
    readonly contactId: string;
    readonly instanceId: string;
    readonly awsAccountId: string;
  };
  /** Describes a speaker of the domain. */
  'AgentAppService.VoiceId.describeSpeaker': SpeakerRequest;
  /** Opts a speaker out of Voice ID. */
  'AgentAppService.VoiceId.optOutSpeaker': SpeakerRequest;
  /** Deletes a speaker from the domain. */
  'AgentAppService.VoiceId.deleteSpeaker': SpeakerRequest;
  /** Starts a Voice ID session for the contact (`clientToken` is an idempotency token). */
  'AgentAppService.Nasa.startVoiceIdSession': {
    readonly contactId: string;
    readonly instanceId: string;
    readonly customerAccountId: string;
    readonly clientToken: string;
    readonly domainId: string;
  };
  /** Evaluates the session: authentication and fraud detection. */
  'AgentAppService.VoiceId.evaluateSession': SessionRequest;
  /** Describes the session (streaming status, enrollment request). */
  'AgentAppService.VoiceId.describeSession': SessionRequest;
  /** Enrolls the session's speaker. */
  'AgentAppService.VoiceId.enrollBySession': SessionRequest;
  /** Sets the session's speaker id. */
  'AgentAppService.VoiceId.updateSession': SessionRequest & { readonly SpeakerId: string };
  /** Records Voice ID data (speaker id, opt-out) on the contact record. */
  'AgentAppService.Lcms.updateVoiceIdData': {
    readonly ContactId: string;
    readonly InstanceId: string;
    readonly AWSAccountId: string;
    readonly CustomerId: string;
    readonly VoiceIdResult: {
      readonly generatedSpeakerId: string | undefined;
      readonly SpeakerOptedOut?: true;
    };
  };
  /** Lists the instance's Voice ID integrations (the domain ARN). */
  'AgentAppService.Acs.listIntegrationAssociations': {
    readonly InstanceId: string;
    readonly IntegrationType: 'VOICE_ID';
  };
}

/**
 * Request body of describeSpeaker, optOutSpeaker and deleteSpeaker.
 * @public
 */
export interface SpeakerRequest {
  /** The speaker (customer) id. */
  readonly SpeakerId: string;
  /** The Voice ID domain id. */
  readonly DomainId: string;
}

/**
 * Request body of the session operations; the session is named after the initial contact id.
 * @public
 */
export interface SessionRequest {
  /** The session name: the initial contact id (or the contact id). */
  readonly SessionNameOrId: string;
  /** The Voice ID domain id. */
  readonly DomainId: string;
}

/**
 * The port to the agent-app endpoint: calls one AgentAppService operation. Resolves with
 * `{ok: true, data}` (the parsed 2xx body) or `{ok: false, error}`; a rejection is treated as a
 * failure without status. See {@link createFetchAgentAppTransport} and {@link createChannelAgentAppTransport}.
 * @public
 */
export interface AgentAppTransport {
  /** Calls one operation with its typed request body. */
  call<M extends AgentAppMethod>(method: M, params: AgentAppRequests[M]): Promise<AgentAppResult>;
}

/**
 * A service timestamp (epoch seconds in JSON, or an ISO string).
 * @public
 */
export type VoiceIdTimestamp = number | string;

/**
 * A Voice ID speaker as describeSpeaker returns it.
 * @public
 */
export interface VoiceIdSpeaker {
  /** ENROLLED, OPTED_OUT or PENDING. */
  readonly Status: OpenString<VoiceIdSpeakerStatus>;
  /** The speaker id the customer is known by (the contact's customer id). */
  readonly CustomerSpeakerId?: string;
  /** The speaker id Voice ID generated. */
  readonly GeneratedSpeakerId?: string;
  /** The Voice ID domain. */
  readonly DomainId?: string;
  /** When the speaker was created. */
  readonly CreatedAt?: VoiceIdTimestamp;
  /** When the speaker was last updated. */
  readonly UpdatedAt?: VoiceIdTimestamp;
  /** When the speaker was last evaluated. */
  readonly LastAccessedAt?: VoiceIdTimestamp;
}

/**
 * The speaker id of a contact (its customer id).
 * @public
 */
export interface SpeakerIdResult {
  /** The contact record's customer id. */
  readonly speakerId: string;
}

/**
 * getSpeakerStatus for an enrolled (or opted-out, or pending) speaker.
 * @public
 */
export interface SpeakerDescription {
  /** The speaker. */
  readonly Speaker: VoiceIdSpeaker;
}

/**
 * getSpeakerStatus when describeSpeaker answered 400 or 404: the speaker is not enrolled.
 * @public
 */
export interface SpeakerNotEnrolled {
  /** Absent: there is no speaker. */
  readonly Speaker?: undefined;
  /** The HTTP status (400 or 404). */
  readonly status: number;
  /** The error body's `type`, or `speaker_id_not_enrolled`. */
  readonly type: string;
  /** The error body's `message`, when it has one. */
  readonly message?: string;
}

/**
 * What getSpeakerStatus resolves with.
 * @public
 */
export type SpeakerStatusResult = SpeakerDescription | SpeakerNotEnrolled;

/**
 * What optOutSpeaker resolves with.
 * @public
 */
export interface OptOutSpeakerResult {
  /** The service's id of the speaker, when the endpoint returns it at the top level. */
  readonly generatedSpeakerId?: string;
  /** The opted-out speaker, when the endpoint returns it. */
  readonly Speaker?: VoiceIdSpeaker;
}

/**
 * What startSession resolves with.
 * @public
 */
export interface StartSessionResult {
  /** The new session's id. */
  readonly sessionId: string;
}

/**
 * A Voice ID session (describeSession, updateSession).
 * @public
 */
export interface VoiceIdSession {
  /** The session's id. */
  readonly SessionId?: string;
  /** The session's name. */
  readonly SessionName?: string;
  /** The Voice ID domain. */
  readonly DomainId?: string;
  /** ONGOING, ENDED or PENDING_CONFIGURATION. */
  readonly StreamingStatus?: VoiceIdStreamingStatus;
  /** The speaker id Voice ID generated. */
  readonly GeneratedSpeakerId?: string;
  /** The speaker id the customer is known by. */
  readonly CustomerSpeakerId?: string;
  /** The enrollment request, once enrollBySession was called. */
  readonly EnrollmentRequestDetails?: {
    readonly Status: OpenString<VoiceIdEnrollmentRequestStatus>;
    readonly Message?: string;
  };
}

/**
 * What describeSession resolves with.
 * @public
 */
export interface DescribeSessionResult {
  /** The session. */
  readonly Session: VoiceIdSession;
}

/**
 * What updateSpeakerId and syncSpeakerId resolve with.
 * @public
 */
export interface UpdateSessionResult {
  /** The session, with the speaker's `GeneratedSpeakerId` when it is enrolled. */
  readonly Session?: VoiceIdSession;
}

/**
 * What enrollSpeaker resolves with: enrollBySession's answer when it completed at once, otherwise
 * the describeSession answer that reported COMPLETED.
 * @public
 */
export type EnrollmentResult = { readonly Status: 'COMPLETED' } | DescribeSessionResult;

/**
 * The authentication side of an evaluation, with the decision in the contact flow's vocabulary.
 * @public
 */
export interface AuthenticationResult {
  /** The decision, mapped (see mapAuthenticationDecision). */
  readonly Decision: ContactFlowAuthenticationDecision;
  /** The authentication result's id. */
  readonly AuthenticationResultId?: string;
  /** The score (0–100) compared with the acceptance threshold. */
  readonly Score?: number;
  /** The speaker id the customer is known by. */
  readonly CustomerSpeakerId?: string;
  /** The speaker id Voice ID generated. */
  readonly GeneratedSpeakerId?: string;
  /** When the evaluated audio starts. */
  readonly AudioAggregationStartedAt?: VoiceIdTimestamp;
  /** When the evaluated audio ends. */
  readonly AudioAggregationEndedAt?: VoiceIdTimestamp;
  /** The domain's acceptance threshold. */
  readonly Configuration?: { readonly AcceptanceThreshold?: number };
}

/**
 * The fraud-detection side of an evaluation, with the decision in the contact flow's vocabulary.
 * @public
 */
export interface FraudDetectionResult {
  /** The decision, mapped (see mapFraudDetectionDecision). */
  readonly Decision: ContactFlowFraudDetectionDecision;
  /** The fraud-detection result's id. */
  readonly FraudDetectionResultId?: string;
  /** Why the risk is high (e.g. `KNOWN_FRAUDSTER`, `VOICE_SPOOFING`). */
  readonly Reasons?: readonly string[];
  /** The risk scores of known fraudsters and voice spoofing. */
  readonly RiskDetails?: {
    readonly KnownFraudsterRisk?: {
      readonly RiskScore?: number;
      readonly GeneratedFraudsterId?: string;
    };
    readonly VoiceSpoofingRisk?: { readonly RiskScore?: number };
  };
  /** When the evaluated audio starts. */
  readonly AudioAggregationStartedAt?: VoiceIdTimestamp;
  /** When the evaluated audio ends. */
  readonly AudioAggregationEndedAt?: VoiceIdTimestamp;
  /** The domain's risk threshold. */
  readonly Configuration?: { readonly RiskThreshold?: number };
}

/**
 * What evaluateSpeaker resolves with: both sides decided, in the contact flow's vocabulary.
 * @public
 */
export interface SpeakerEvaluation {
  /** The session's id. */
  readonly SessionId?: string;
  /** The session's name. */
  readonly SessionName?: string;
  /** The Voice ID domain. */
  readonly DomainId?: string;
  /** The streaming status when both sides were decided. */
  readonly StreamingStatus: 'ONGOING' | 'ENDED';
  /** Authentication, NotEnabled when the service sent none. */
  readonly AuthenticationResult: AuthenticationResult;
  /** Fraud detection, NotEnabled when the service sent none. */
  readonly FraudDetectionResult: FraudDetectionResult;
}

/**
 * Where the Voice ID domain id is cached, and how a found one is shared with other tabs.
 * @public
 */
export interface VoiceIdDomainStore {
  /** The cached domain id, if one is known. */
  get(): string | undefined;
  /** Caches a found domain id and broadcasts it (`voiceId::update_domain_id`). */
  set(domainId: string): void;
}
