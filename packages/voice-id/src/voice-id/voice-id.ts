import {
  AgentAppMethod,
  VOICE_ID_CONSTANTS,
  VOICE_ID_INTEGRATION_TYPE,
  VoiceIdErrorType,
} from '../constants';
import { VoiceIdError } from '../errors/voice-id-error';
import { NO_VOICE_ID_PERMISSION_MESSAGE, VoiceIdMessage } from '../messages';
import type {
  AgentAppRequests,
  AgentAppTransport,
  DescribeSessionResult,
  EnrollmentResult,
  OptOutSpeakerResult,
  SpeakerEvaluation,
  SpeakerIdResult,
  SpeakerStatusResult,
  StartSessionResult,
  UpdateSessionResult,
  VoiceIdContact,
  VoiceIdDomainStore,
} from '../port/types';
import { defaultDomainStore, domainIdOf, sharedDomainId } from './domain-id';
import {
  enrollmentStatus,
  evaluateFailure,
  fail,
  notFound,
  notifyProgress,
  parseSession,
  readEvaluation,
  refuseConferenceCall,
  sleep,
  type Fail,
} from './flow-kit';
import { isObject, nonEmptyString, optionalString, type JsonObject } from './validate';

/**
 * Options of a {@link VoiceId}: every delay (ms), poll interval (ms) and poll limit defaults to
 * the documented value given with each option; shorten them in tests.
 * @public
 */
export interface VoiceIdOptions {
  /** Wait after starting a new session before the first evaluation (10000). */
  readonly evaluateSessionDelay?: number;
  /** Wait between evaluateSession calls (5000). */
  readonly evaluationPollingInterval?: number;
  /** The most evaluateSession calls of one evaluation (24). */
  readonly evaluationMaxPollTimes?: number;
  /** Wait between describeSession calls while enrolling (5000). */
  readonly enrollmentPollingInterval?: number;
  /** The most describeSession calls of one enrollment (120). */
  readonly enrollmentMaxPollTimes?: number;
  /** Wait before restarting a session whose streaming ended with too little speech (8000). */
  readonly startSessionDelay?: number;
  /** Where the domain id is cached and broadcast; by default one in-memory store per transport. */
  readonly domainStore?: VoiceIdDomainStore;
  /** Receives failures of fire-and-forget calls (the contact-record update after an opt-out). */
  readonly onBackgroundError?: (error: VoiceIdError) => void;
  /** Makes the idempotency token of startVoiceIdSession; `crypto.randomUUID` by default. */
  readonly createClientToken?: () => string;
}

/**
 * Options of one long-running flow.
 * @public
 */
export interface VoiceIdFlowOptions {
  /** Stops the flow's waits and polls; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/**
 * Called once, with the describeSession answer, when an enrollment reports IN_PROGRESS
 * (the audio needed has been collected).
 * @public
 */
export type EnrollmentProgressCallback = (session: DescribeSessionResult) => void;

/**
 * Voice ID for the voice connection of one contact: speaker id, status, opt-out and deletion,
 * sessions, evaluation (authentication and fraud detection) and enrollment, with the polling and
 * delays of the spec. Every method returns a promise; failures reject with a {@link VoiceIdError}.
 * Bind it to an `@x/connect-streams` contact with {@link createVoiceId}, or build it on your own
 * {@link VoiceIdContact} and {@link AgentAppTransport}.
 *
 * @example
 * ```ts
 * const voiceId = new VoiceId(contact, createFetchAgentAppTransport({ endpoint, authCookieName, authToken }));
 * const result = await voiceId.evaluateSpeaker(true);
 * if (isAuthenticated(result) && !isHighRisk(result)) showVerifiedBadge();
 * ```
 * @public
 */
export class VoiceId {
  private readonly domainStore: VoiceIdDomainStore;

  /** Voice ID flows for `contact`, calling the agent-app service through `transport`. */
  constructor(
    private readonly contact: VoiceIdContact,
    private readonly transport: AgentAppTransport,
    private readonly options: VoiceIdOptions = {},
  ) {
    this.domainStore = options.domainStore ?? defaultDomainStore(transport);
  }

  /** The contact's id. */
  get contactId(): string {
    return this.contact.contactId;
  }

  /**
   * The Voice ID domain id of the instance. Needs the agent's voiceId permission. Cached in the
   * domain store; otherwise read from listIntegrationAssociations, then cached and broadcast.
   */
  async getDomainId(): Promise<string> {
    if (!(await this.contact.hasVoiceIdPermission())) {
      throw new VoiceIdError(VoiceIdErrorType.GET_DOMAIN_ID_FAILED, NO_VOICE_ID_PERMISSION_MESSAGE);
    }
    return sharedDomainId(this.domainStore, () => this.fetchDomainId());
  }

  /** The contact's speaker id (its customer id), from the contact record. */
  async getSpeakerId(): Promise<SpeakerIdResult> {
    refuseConferenceCall(this.contact);
    const data = await this.request(
      AgentAppMethod.GET_CONTACT,
      {
        contactId: this.contactId,
        instanceId: this.contact.getInstanceId(),
        awsAccountId: this.contact.getAwsAccountId(),
      },
      fail(VoiceIdErrorType.GET_SPEAKER_ID_FAILED, VoiceIdMessage.GET_SPEAKER_ID_FAILED),
    );
    const speakerId = isObject(data.contactData)
      ? nonEmptyString(data.contactData['customerId'])
      : undefined;
    if (!speakerId) {
      throw new VoiceIdError(
        VoiceIdErrorType.NO_SPEAKER_ID_FOUND,
        VoiceIdMessage.NO_SPEAKER_ID_FOUND,
        data,
      );
    }
    return { speakerId };
  }

  /**
   * The speaker's status in the domain. A 400 or 404 from describeSpeaker resolves (not rejects)
   * with a {@link SpeakerNotEnrolled} result whose `type` is `speaker_id_not_enrolled` by default.
   */
  async getSpeakerStatus(): Promise<SpeakerStatusResult> {
    refuseConferenceCall(this.contact);
    const { speakerId } = await this.getSpeakerId();
    const DomainId = await this.getDomainId();
    const result = await this.call(AgentAppMethod.DESCRIBE_SPEAKER, {
      SpeakerId: speakerId,
      DomainId,
    });
    if (!result.ok && notFound(result.error)) {
      const body = isObject(result.error.body) ? result.error.body : {};
      const message = optionalString(body['message']);
      return {
        status: result.error.status ?? 404,
        type: nonEmptyString(body['type']) ?? VoiceIdErrorType.SPEAKER_ID_NOT_ENROLLED,
        ...(message === undefined ? {} : { message }),
      };
    }
    const error = new VoiceIdError(
      VoiceIdErrorType.GET_SPEAKER_STATUS_FAILED,
      VoiceIdMessage.GET_SPEAKER_STATUS_FAILED,
      result.ok ? { body: result.data } : result.error,
    );
    if (!result.ok || !isObject(result.data)) throw error;
    const speaker = result.data['Speaker'];
    if (!isObject(speaker) || typeof speaker['Status'] !== 'string') throw error;
    const Status: string = speaker['Status'];
    return { ...result.data, Speaker: { ...speaker, Status } };
  }

  /**
   * Opts the speaker out of Voice ID. Then updates the contact record (SpeakerOptedOut) without
   * waiting; a failure there goes to `onBackgroundError` as opt_out_speaker_in_lcms_failed.
   */
  async optOutSpeaker(): Promise<OptOutSpeakerResult> {
    refuseConferenceCall(this.contact);
    const { speakerId } = await this.getSpeakerId();
    const DomainId = await this.getDomainId();
    const data = await this.request(
      AgentAppMethod.OPT_OUT_SPEAKER,
      { SpeakerId: speakerId, DomainId },
      fail(VoiceIdErrorType.OPT_OUT_SPEAKER_FAILED, VoiceIdMessage.OPT_OUT_SPEAKER_FAILED),
    );
    const generatedSpeakerId =
      optionalString(data['generatedSpeakerId']) ??
      (isObject(data['Speaker'])
        ? optionalString(data['Speaker']['GeneratedSpeakerId'])
        : undefined);
    this.updateContactRecord(speakerId, generatedSpeakerId, true).catch((error: VoiceIdError) =>
      this.options.onBackgroundError?.(error),
    );
    return data;
  }

  /** Deletes the speaker from the domain. */
  async deleteSpeaker(): Promise<void> {
    refuseConferenceCall(this.contact);
    const { speakerId } = await this.getSpeakerId();
    const DomainId = await this.getDomainId();
    await this.request(
      AgentAppMethod.DELETE_SPEAKER,
      { SpeakerId: speakerId, DomainId },
      fail(VoiceIdErrorType.DELETE_SPEAKER_FAILED, VoiceIdMessage.DELETE_SPEAKER_FAILED),
    );
  }

  /** Starts a new Voice ID session for the contact; the answer must carry a `sessionId`. */
  async startSession(): Promise<StartSessionResult> {
    refuseConferenceCall(this.contact);
    const domainId = await this.getDomainId();
    const data = await this.request(
      AgentAppMethod.START_VOICE_ID_SESSION,
      {
        contactId: this.contactId,
        instanceId: this.contact.getInstanceId(),
        customerAccountId: this.contact.getAwsAccountId(),
        clientToken: (this.options.createClientToken ?? (() => crypto.randomUUID()))(),
        domainId,
      },
      fail(VoiceIdErrorType.START_SESSION_FAILED, VoiceIdMessage.START_SESSION_FAILED),
    );
    const sessionId = nonEmptyString(data['sessionId']);
    if (!sessionId) {
      throw new VoiceIdError(
        VoiceIdErrorType.START_SESSION_FAILED,
        VoiceIdMessage.NO_SESSION_ID,
        data,
      );
    }
    return { sessionId };
  }

  /**
   * Evaluates the speaker: authentication and fraud detection. With `startNew`, starts a session,
   * syncs the speaker id and waits `evaluateSessionDelay` first; otherwise syncs and evaluates at
   * once. Polls every `evaluationPollingInterval` while streaming is PENDING_CONFIGURATION or a
   * side has NOT_ENOUGH_SPEECH, at most `evaluationMaxPollTimes` times (then
   * evaluate_speaker_timeout). Each side is mapped on its own (see {@link mapAuthenticationDecision}).
   * A 400/404 rejects with session_not_exists, other failures with evaluate_speaker_failed.
   */
  async evaluateSpeaker(
    startNew = false,
    { signal }: VoiceIdFlowOptions = {},
  ): Promise<SpeakerEvaluation> {
    refuseConferenceCall(this.contact);
    const options = this.options;
    if (startNew) await this.startSession();
    await this.syncSpeakerId();
    if (startNew) {
      await sleep(
        options.evaluateSessionDelay ?? VOICE_ID_CONSTANTS.EVALUATE_SESSION_DELAY,
        signal,
      );
    }
    const maxPolls = options.evaluationMaxPollTimes ?? VOICE_ID_CONSTANTS.EVALUATION_MAX_POLL_TIMES;
    for (let polls = 1; ; polls++) {
      signal?.throwIfAborted();
      const data = await this.request(
        AgentAppMethod.EVALUATE_SESSION,
        await this.sessionRequest(),
        evaluateFailure,
      );
      const evaluation = readEvaluation(data);
      if (evaluation) return evaluation;
      if (polls >= maxPolls) {
        throw new VoiceIdError(
          VoiceIdErrorType.EVALUATE_SPEAKER_TIMEOUT,
          VoiceIdMessage.EVALUATE_SPEAKER_TIMEOUT,
        );
      }
      await sleep(
        options.evaluationPollingInterval ?? VOICE_ID_CONSTANTS.EVALUATION_POLLING_INTERVAL,
        signal,
      );
    }
  }

  /** Describes the contact's Voice ID session (streaming status, enrollment request details). */
  async describeSession(): Promise<DescribeSessionResult> {
    const error = fail(
      VoiceIdErrorType.DESCRIBE_SESSION_FAILED,
      VoiceIdMessage.DESCRIBE_SESSION_FAILED,
    );
    const data = await this.request(
      AgentAppMethod.DESCRIBE_SESSION,
      await this.sessionRequest(),
      error,
    );
    const Session = parseSession(data);
    if (!Session) throw error({ body: data });
    return { ...data, Session };
  }

  /**
   * Enrolls the speaker from the current session. Syncs the speaker id, deletes an opted-out
   * speaker first, then calls enrollBySession. Unless that completed at once, polls describeSession
   * every `enrollmentPollingInterval`, at most `enrollmentMaxPollTimes` times (then
   * enroll_speaker_timeout): COMPLETED resolves; IN_PROGRESS calls `onProgress` once and polls on;
   * NOT_ENOUGH_SPEECH polls on, or when streaming has ended waits `startSessionDelay`, starts a new
   * session and describes again; any other status rejects with enroll_speaker_failed.
   */
  async enrollSpeaker(
    onProgress?: EnrollmentProgressCallback,
    { signal }: VoiceIdFlowOptions = {},
  ): Promise<EnrollmentResult> {
    refuseConferenceCall(this.contact);
    const options = this.options;
    await this.syncSpeakerId();
    const status = await this.getSpeakerStatus();
    if (status.Speaker?.Status === 'OPTED_OUT') await this.deleteSpeaker();
    const enrolled = await this.request(
      AgentAppMethod.ENROLL_BY_SESSION,
      await this.sessionRequest(),
      fail(VoiceIdErrorType.ENROLL_SPEAKER_FAILED, VoiceIdMessage.ENROLL_SPEAKER_FAILED),
    );
    if (enrolled['Status'] === 'COMPLETED') return { ...enrolled, Status: 'COMPLETED' };
    const interval =
      options.enrollmentPollingInterval ?? VOICE_ID_CONSTANTS.ENROLLMENT_POLLING_INTERVAL;
    const maxPolls = options.enrollmentMaxPollTimes ?? VOICE_ID_CONSTANTS.ENROLLMENT_MAX_POLL_TIMES;
    let progressed = false;
    for (let polls = 1; ; polls++) {
      signal?.throwIfAborted();
      const described = await this.describeSession();
      const { StreamingStatus } = described.Session;
      const requestStatus = enrollmentStatus(described, polls, maxPolls);
      if (requestStatus === 'COMPLETED') return described;
      if (requestStatus === 'IN_PROGRESS' && !progressed) {
        progressed = true;
        notifyProgress(onProgress, described);
      }
      if (requestStatus === 'NOT_ENOUGH_SPEECH' && StreamingStatus === 'ENDED') {
        await sleep(options.startSessionDelay ?? VOICE_ID_CONSTANTS.START_SESSION_DELAY, signal);
        await this.startSession();
      } else {
        await sleep(interval, signal);
      }
    }
  }

  /**
   * Sets the session's speaker id (updateSession), then records it on the contact
   * (updateVoiceIdData). A 400/404 from updateSession rejects with session_not_exists.
   */
  async updateSpeakerId(speakerId: string): Promise<UpdateSessionResult> {
    refuseConferenceCall(this.contact);
    const data = await this.request(
      AgentAppMethod.UPDATE_SESSION,
      { ...(await this.sessionRequest()), SpeakerId: speakerId },
      (failure) =>
        notFound(failure)
          ? new VoiceIdError(
              VoiceIdErrorType.SESSION_NOT_EXISTS,
              VoiceIdMessage.UPDATE_SESSION_NOT_EXISTS,
              failure,
            )
          : new VoiceIdError(
              VoiceIdErrorType.UPDATE_SPEAKER_ID_FAILED,
              VoiceIdMessage.UPDATE_SPEAKER_ID_FAILED,
              failure,
            ),
    );
    const session = isObject(data['Session']) ? data['Session'] : undefined;
    await this.updateContactRecord(speakerId, optionalString(session?.['GeneratedSpeakerId']));
    return data;
  }

  /** Reads the contact's speaker id and sets it on the session ({@link VoiceId.updateSpeakerId}). */
  async syncSpeakerId(): Promise<UpdateSessionResult> {
    const { speakerId } = await this.getSpeakerId();
    return this.updateSpeakerId(speakerId);
  }

  private async fetchDomainId(): Promise<string> {
    const failed = fail(VoiceIdErrorType.GET_DOMAIN_ID_FAILED, VoiceIdMessage.GET_DOMAIN_ID_FAILED);
    const data = await this.request(
      AgentAppMethod.LIST_INTEGRATION_ASSOCIATIONS,
      { InstanceId: this.contact.getInstanceId(), IntegrationType: VOICE_ID_INTEGRATION_TYPE },
      failed,
    );
    const domainId = domainIdOf(data, failed);
    this.domainStore.set(domainId);
    return domainId;
  }

  private async sessionRequest(): Promise<{ SessionNameOrId: string; DomainId: string }> {
    return {
      SessionNameOrId: this.contact.getInitialContactId() || this.contactId,
      DomainId: await this.getDomainId(),
    };
  }

  private async updateContactRecord(
    speakerId: string,
    generatedSpeakerId: string | undefined,
    optedOut?: true,
  ): Promise<void> {
    await this.request(
      AgentAppMethod.UPDATE_VOICE_ID_DATA,
      {
        ContactId: this.contactId,
        InstanceId: this.contact.getInstanceId(),
        AWSAccountId: this.contact.getAwsAccountId(),
        CustomerId: speakerId,
        VoiceIdResult: optedOut
          ? { SpeakerOptedOut: optedOut, generatedSpeakerId }
          : { generatedSpeakerId },
      },
      optedOut
        ? fail(
            VoiceIdErrorType.OPT_OUT_SPEAKER_IN_LCMS_FAILED,
            VoiceIdMessage.OPT_OUT_SPEAKER_IN_LCMS_FAILED,
          )
        : fail(
            VoiceIdErrorType.UPDATE_SPEAKER_ID_IN_LCMS_FAILED,
            VoiceIdMessage.UPDATE_SPEAKER_ID_IN_LCMS_FAILED,
          ),
    );
  }

  /** Calls the transport; a rejection becomes a failure without status. */
  private async call<M extends AgentAppMethod>(method: M, params: AgentAppRequests[M]) {
    try {
      return await this.transport.call(method, params);
    } catch (cause) {
      return { ok: false, error: { cause } } as const;
    }
  }

  /** Calls an operation and returns its body as an object, or throws what `onFailure` makes. */
  private async request<M extends AgentAppMethod>(
    method: M,
    params: AgentAppRequests[M],
    onFailure: Fail,
  ): Promise<JsonObject> {
    const result = await this.call(method, params);
    if (!result.ok) throw onFailure(result.error);
    if (!isObject(result.data)) throw onFailure({ body: result.data });
    return result.data;
  }
}
