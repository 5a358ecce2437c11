// What the Voice ID flows share: mapping an agent-app failure to a VoiceIdError, refusing
// conference calls, waiting between polls (abortable), and reading the answers of evaluateSession
// and describeSession (the evaluation; the enrollment request's status).
import { MAX_VOICE_ID_ACTIVE_CONNECTIONS, VoiceIdErrorType } from '../constants';
import { mapAuthenticationDecision, mapFraudDetectionDecision } from '../decisions/decisions';
import { VoiceIdError } from '../errors/voice-id-error';
import { CONFERENCE_NOT_SUPPORTED_MESSAGE, VoiceIdMessage } from '../messages';
import type {
  AgentAppFailure,
  DescribeSessionResult,
  SpeakerEvaluation,
  VoiceIdContact,
  VoiceIdSession,
} from '../port/types';
import { isObject, optionalString, type JsonObject } from './validate';

/** Turns an agent-app failure into the error a flow rejects with. */
export type Fail = (failure: AgentAppFailure) => VoiceIdError;

/** A failure mapper: every failure becomes a VoiceIdError of `type` with `message`. */
export const fail =
  (type: VoiceIdErrorType, message: string): Fail =>
  (failure) =>
    new VoiceIdError(type, message, failure);

/** Whether the agent app answered that the session or speaker does not exist. */
export const notFound = (failure: AgentAppFailure) =>
  failure.status === 400 || failure.status === 404;

/** Waits `ms`, or rejects with the signal's reason when it is aborted. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
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

/** The session of a describeSession answer, when it has the expected shape. */
export function parseSession(data: unknown): VoiceIdSession | undefined {
  if (!isObject(data) || !isObject(data['Session'])) return undefined;
  const session = data['Session'];
  const details = session['EnrollmentRequestDetails'];
  if (details !== undefined && !(isObject(details) && typeof details['Status'] === 'string')) {
    return undefined;
  }
  return session;
}

/** An evaluateSession failure: session_not_exists for a 400/404, else evaluate_speaker_failed. */
export const evaluateFailure: Fail = (failure) =>
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
      );

/**
 * The evaluation an evaluateSession answer gives, or undefined while it is not decided yet
 * (streaming PENDING_CONFIGURATION, or a side without a decision); an unknown streaming status
 * throws evaluate_speaker_failed. Each side is mapped on its own.
 */
export function readEvaluation(data: JsonObject): SpeakerEvaluation | undefined {
  const streaming = data['StreamingStatus'];
  if (streaming !== 'ONGOING' && streaming !== 'ENDED' && streaming !== 'PENDING_CONFIGURATION') {
    throw new VoiceIdError(
      VoiceIdErrorType.EVALUATE_SPEAKER_FAILED,
      VoiceIdMessage.EVALUATE_SPEAKER_FAILED,
      { body: data },
    );
  }
  if (streaming === 'PENDING_CONFIGURATION') return undefined;
  const ended = streaming === 'ENDED';
  const auth = data['AuthenticationResult'];
  const fraud = data['FraudDetectionResult'];
  const authDecision = mapAuthenticationDecision(decisionOf(auth), ended);
  const fraudDecision = mapFraudDetectionDecision(decisionOf(fraud), ended);
  if (!authDecision || !fraudDecision) return undefined;
  return {
    ...data,
    StreamingStatus: streaming,
    AuthenticationResult: { ...(isObject(auth) ? auth : {}), Decision: authDecision },
    FraudDetectionResult: { ...(isObject(fraud) ? fraud : {}), Decision: fraudDecision },
  };
}

function decisionOf(side: unknown): string | undefined {
  if (!isObject(side)) return undefined;
  return optionalString(side['Decision']) ?? '';
}

/** Refuses conference calls (more than 2 active connections); callers are async, so it rejects. */
export function refuseConferenceCall(contact: VoiceIdContact): void {
  if (contact.getActiveConnectionCount() > MAX_VOICE_ID_ACTIVE_CONNECTIONS) {
    throw new VoiceIdError(
      VoiceIdErrorType.NOT_SUPPORTED_ON_CONFERENCE_CALLS,
      CONFERENCE_NOT_SUPPORTED_MESSAGE,
    );
  }
}

/**
 * The enrollment request's status in a describeSession answer, at poll `polls` of `maxPolls`:
 * COMPLETED, IN_PROGRESS or NOT_ENOUGH_SPEECH; any other status rejects with
 * enroll_speaker_failed, and a poll past the limit with enroll_speaker_timeout.
 */
export function enrollmentStatus(
  described: DescribeSessionResult,
  polls: number,
  maxPolls: number,
): 'COMPLETED' | 'IN_PROGRESS' | 'NOT_ENOUGH_SPEECH' {
  type Known = 'COMPLETED' | 'IN_PROGRESS' | 'NOT_ENOUGH_SPEECH';
  const details = described.Session.EnrollmentRequestDetails;
  const requestStatus = details?.Status;
  if (requestStatus === 'COMPLETED') return 'COMPLETED';
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
  return requestStatus as Known;
}

/** Calls the progress callback; what it throws is rethrown on its own, never into the flow. */
export function notifyProgress(
  onProgress: ((session: DescribeSessionResult) => void) | undefined,
  described: DescribeSessionResult,
): void {
  try {
    onProgress?.(described);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}
