/**
 * A session of the simulated Voice ID domain (the speech of one call and its enrollment) and
 * the shapes it is answered in.
 */
import type { ENROLLMENT_STATUSES } from '../constants';
import type { VoiceIdSessionView, VoiceIdSettings } from './voice-id-model';

/** A Voice ID session: the speech of one call, counted from its start. */
export interface Session {
  sessionId: string;
  sessionName: string;
  contactId: string;
  speakerId?: string;
  generatedSpeakerId?: string;
  /** Talk time at session start (ms). */
  talkAtStart: number;
  /** Speech added by the control API (ms). */
  extraMs: number;
  /** Speech withheld so far (ms of talk that did not count). */
  withheldMs: number;
  /** Raw speech when the current hold began. */
  heldAtRaw?: number;
  enrollment?: { polls: number; status: (typeof ENROLLMENT_STATUSES)[number] };
}

/** A session as the Voice ID operations answer it, with its current streaming status. */
export function sessionShape(
  session: Session,
  streamingStatus: string,
  settings: VoiceIdSettings,
): Record<string, unknown> {
  const enrollment = session.enrollment;
  const failed = enrollment?.status === 'FAILED';
  return {
    DomainId: settings.domainId,
    SessionId: session.sessionId,
    SessionName: session.sessionName,
    StreamingStatus: streamingStatus,
    ...(session.generatedSpeakerId === undefined
      ? {}
      : { GeneratedSpeakerId: session.generatedSpeakerId }),
    ...(session.speakerId === undefined ? {} : { CustomerSpeakerId: session.speakerId }),
    ...(enrollment === undefined
      ? {}
      : {
          EnrollmentRequestDetails: {
            Status: enrollment.status,
            ...(failed
              ? { Message: 'Enrollment failed: the audio quality was not good enough' }
              : {}),
          },
        }),
    AuthenticationConfiguration: { AcceptanceThreshold: settings.acceptanceThreshold },
    FraudDetectionConfiguration: { RiskThreshold: settings.riskThreshold },
  };
}

/** A session as the control API lists it, with its speech so far and streaming status. */
export function sessionView(
  session: Session,
  speechMs: number,
  streamingStatus: string,
): VoiceIdSessionView {
  const view: VoiceIdSessionView = {
    sessionId: session.sessionId,
    sessionName: session.sessionName,
    contactId: session.contactId,
    speechMs,
    streamingStatus,
  };
  if (session.speakerId !== undefined) view.speakerId = session.speakerId;
  if (session.enrollment !== undefined) view.enrollmentStatus = session.enrollment.status;
  return view;
}
