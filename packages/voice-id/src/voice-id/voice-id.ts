import {
  AgentAppMethod,
  MAX_VOICE_ID_ACTIVE_CONNECTIONS,
  VOICE_ID_CONSTANTS,
  VOICE_ID_INTEGRATION_TYPE,
  VoiceIdErrorType,
} from '../constants';
import { mapAuthenticationDecision, mapFraudDetectionDecision } from '../decisions/decisions';
import { createDomainIdStore } from '../domain/domain-id-store';
import { VoiceIdError } from '../errors/voice-id-error';
import {
  CONFERENCE_NOT_SUPPORTED_MESSAGE,
  NO_VOICE_ID_PERMISSION_MESSAGE,
  VoiceIdMessage,
} from '../messages';
import type {
  AgentAppFailure,
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
  VoiceIdSession,
} from '../port/types';
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

type Fail = (failure: AgentAppFailure) => VoiceIdError;

const defaultStores = new WeakMap<AgentAppTransport, VoiceIdDomainStore>();
const pendingDomainIds = new WeakMap<VoiceIdDomainStore, Promise<string>>();

const fail =
  (type: VoiceIdErrorType, message: string): Fail =>
  (failure) =>
    new VoiceIdError(type, message, failure);

const notFound = (failure: AgentAppFailure) => failure.status === 400 || failure.status === 404;

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      // Rejects with the signal's reason, whatever the caller aborted with (as fetch does).
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseSession(data: unknown): VoiceIdSession | undefined {
  if (!isObject(data) || !isObject(data['Session'])) return undefined;
  const session = data['Session'];
  const details = session['EnrollmentRequestDetails'];
  if (details !== undefined && !(isObject(details) && typeof details['Status'] === 'string')) {
    return undefined;
  }
  return session;
}

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
  private readonly contact: VoiceIdContact;
  private readonly transport: AgentAppTransport;
  private readonly options: VoiceIdOptions;
  private readonly domainStore: VoiceIdDomainStore;

  /** Voice ID flows for `contact`, calling the agent-app service through `transport`. */
  constructor(contact: VoiceIdContact, transport: AgentAppTransport, options: VoiceIdOptions = {}) {
    this.contact = contact;
    this.transport = transport;
    this.options = options;
    let store = options.domainStore ?? defaultStores.get(transport);
    if (!store) defaultStores.set(transport, (store = createDomainIdStore()));
    this.domainStore = store;
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
    const store = this.domainStore;
    const cached = store.get();
    if (cached) return cached;
    let pending = pendingDomainIds.get(store);
    if (!pending) {
      pending = this.fetchDomainId().finally(() => pendingDomainIds.delete(store));
      pendingDomainIds.set(store, pending);
    }
    return pending;
  }

  /** The contact's speaker id (its customer id), from the contact record. */
  async getSpeakerId(): Promise<SpeakerIdResult> {
    this.checkConferenceCall();
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
    this.checkConferenceCall();
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
    this.checkConferenceCall();
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
    this.checkConferenceCall();
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
    this.checkConferenceCall();
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
    this.checkConferenceCall();
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
        (failure) =>
          notFound(failure)
            ? new VoiceIdError(
                VoiceIdErrorType.SESSION_NOT_EXISTS,
                VoiceIdMessage.EVALUATE_SESSION_NOT_EXISTS,
                failure,
              )
            : new VoiceIdError(
                VoiceIdErrorType.EVALUATE_SPEAKER_FAILED,
                VoiceIdMessage.EVALUATE_SPEAKER_FAILED,
                failure,
              ),
      );
      const streaming = data['StreamingStatus'];
      if (
        streaming !== 'ONGOING' &&
        streaming !== 'ENDED' &&
        streaming !== 'PENDING_CONFIGURATION'
      ) {
        throw new VoiceIdError(
          VoiceIdErrorType.EVALUATE_SPEAKER_FAILED,
          VoiceIdMessage.EVALUATE_SPEAKER_FAILED,
          { body: data },
        );
      }
      if (streaming !== 'PENDING_CONFIGURATION') {
        const ended = streaming === 'ENDED';
        const auth = data['AuthenticationResult'];
        const fraud = data['FraudDetectionResult'];
        const authDecision = mapAuthenticationDecision(decisionOf(auth), ended);
        const fraudDecision = mapFraudDetectionDecision(decisionOf(fraud), ended);
        if (authDecision && fraudDecision) {
          return {
            ...data,
            StreamingStatus: streaming,
            AuthenticationResult: { ...(isObject(auth) ? auth : {}), Decision: authDecision },
            FraudDetectionResult: { ...(isObject(fraud) ? fraud : {}), Decision: fraudDecision },
          };
        }
      }
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
    this.checkConferenceCall();
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
      const { EnrollmentRequestDetails: details, StreamingStatus } = described.Session;
      const requestStatus = details?.Status;
      if (requestStatus === 'COMPLETED') return described;
      if (requestStatus !== 'IN_PROGRESS' && requestStatus !== 'NOT_ENOUGH_SPEECH') {
        throw new VoiceIdError(
          VoiceIdErrorType.ENROLL_SPEAKER_FAILED,
          details?.Message || VoiceIdMessage.ENROLL_UNKNOWN_STATUS,
          requestStatus,
        );
      }
      if (polls >= maxPolls) {
        throw new VoiceIdError(
          VoiceIdErrorType.ENROLL_SPEAKER_TIMEOUT,
          VoiceIdMessage.ENROLL_SPEAKER_TIMEOUT,
        );
      }
      if (requestStatus === 'IN_PROGRESS' && !progressed) {
        progressed = true;
        try {
          onProgress?.(described);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
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
    this.checkConferenceCall();
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

  /** Refuses conference calls (more than 2 active connections); callers are async, so it rejects. */
  private checkConferenceCall(): void {
    if (this.contact.getActiveConnectionCount() > MAX_VOICE_ID_ACTIVE_CONNECTIONS) {
      throw new VoiceIdError(
        VoiceIdErrorType.NOT_SUPPORTED_ON_CONFERENCE_CALLS,
        CONFERENCE_NOT_SUPPORTED_MESSAGE,
      );
    }
  }

  private async fetchDomainId(): Promise<string> {
    const failed = fail(VoiceIdErrorType.GET_DOMAIN_ID_FAILED, VoiceIdMessage.GET_DOMAIN_ID_FAILED);
    const data = await this.request(
      AgentAppMethod.LIST_INTEGRATION_ASSOCIATIONS,
      { InstanceId: this.contact.getInstanceId(), IntegrationType: VOICE_ID_INTEGRATION_TYPE },
      failed,
    );
    const list = data['IntegrationAssociationSummaryList'];
    if (!Array.isArray(list)) throw failed({ body: data });
    const first: unknown = list[0];
    const arn = isObject(first) ? first['IntegrationArn'] : undefined;
    if (first !== undefined && typeof arn !== 'string') throw failed({ body: data });
    const domainId = typeof arn === 'string' ? arn.replace(/^.*domain\//i, '') : '';
    if (!domainId) {
      throw new VoiceIdError(
        VoiceIdErrorType.NO_DOMAIN_ID_FOUND,
        VoiceIdMessage.NO_DOMAIN_ID_FOUND,
        data,
      );
    }
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

function decisionOf(side: unknown): string | undefined {
  if (!isObject(side)) return undefined;
  return optionalString(side['Decision']) ?? '';
}
