/**
 * The vocabulary of the simulated Voice ID domain: its settings and per-customer behaviour
 * (zod schemas the control API validates with), the contact and session views, and the error
 * the Voice ID operations answer with.
 */
import { z } from 'zod';
import { SPEAKER_STATUSES } from '../constants';

/** A Voice ID speaker status. */
export type SpeakerStatus = (typeof SPEAKER_STATUSES)[number];

/** Global settings of the simulated Voice ID domain. */
export const voiceIdSettingsSchema = z.object({
  /** Whether the instance has a Voice ID integration (listIntegrationAssociations). */
  enabled: z.boolean(),
  domainId: z.string().min(1),
  /** Customer speech needed before authentication and fraud results are given (ms). */
  authenticationSpeechMs: z.number().int().min(0),
  /** Customer speech needed to enroll a speaker (ms). */
  enrollmentSpeechMs: z.number().int().min(0),
  /** Share of talk time that counts as customer speech (0..1). */
  speechRatio: z.number().min(0).max(1),
  /** describeSession polls that answer IN_PROGRESS once there is enough speech. */
  enrollmentInProgressPolls: z.number().int().min(0),
  /** Streaming stays PENDING_CONFIGURATION until this much talk time has passed (ms). */
  pendingConfigurationMs: z.number().int().min(0),
  /** Authentication acceptance threshold reported in results. */
  acceptanceThreshold: z.number().int().min(0).max(100),
  /** Fraud risk threshold reported in results. */
  riskThreshold: z.number().int().min(0).max(100),
});
/** Global settings of the simulated Voice ID domain. */
export type VoiceIdSettings = z.infer<typeof voiceIdSettingsSchema>;

/** Defaults: 10 s of speech to authenticate, 30 s to enroll (as the real service asks). */
export const DEFAULT_VOICE_ID_SETTINGS: VoiceIdSettings = {
  enabled: true,
  domainId: 'vid-domain-0001',
  authenticationSpeechMs: 10_000,
  enrollmentSpeechMs: 30_000,
  speechRatio: 1,
  enrollmentInProgressPolls: 1,
  pendingConfigurationMs: 0,
  acceptanceThreshold: 90,
  riskThreshold: 50,
};

/** The configurable behaviour of one simulated customer (keyed by customer / speaker id). */
export const voiceIdCustomerSchema = z.object({
  /** Current speaker status; `NOT_ENROLLED` removes the speaker. */
  speakerStatus: z.enum([...SPEAKER_STATUSES, 'NOT_ENROLLED']).optional(),
  /** Decision once there is enough speech and the speaker is enrolled; `NOT_ENABLED` omits it. */
  authentication: z.enum(['ACCEPT', 'REJECT', 'SPEAKER_EXPIRED', 'NOT_ENABLED']).optional(),
  authenticationScore: z.number().int().min(0).max(100).optional(),
  /** Fraud decision once there is enough speech; `NOT_ENABLED` omits it. */
  fraud: z.enum(['LOW_RISK', 'HIGH_RISK', 'NOT_ENABLED']).optional(),
  fraudScore: z.number().int().min(0).max(100).optional(),
  /** Enrollment outcome once there is enough speech. */
  enrollment: z.enum(['COMPLETED', 'FAILED']).optional(),
  /** Holds speech back: the customer's speech stops accumulating while true. */
  holdSpeech: z.boolean().optional(),
});
/** The configurable behaviour of one simulated customer. */
export type VoiceIdCustomer = z.infer<typeof voiceIdCustomerSchema>;

/** What the simulator needs to know about a contact. */
export interface VoiceIdContactView {
  contactId: string;
  initialContactId: string;
  /** The customer (speaker) id the contact carries, when known. */
  customerId?: string;
  /** Talk time so far (ms): time the customer has been connected to an agent. */
  talkMs: number;
  ended: boolean;
}

/** An error answered with an HTTP status and an AWS error type. */
export class VoiceIdServiceError extends Error {
  override readonly name = 'VoiceIdServiceError';
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** A snapshot of one session for the control API. */
export interface VoiceIdSessionView {
  sessionId: string;
  sessionName: string;
  contactId: string;
  speakerId?: string;
  speechMs: number;
  streamingStatus: string;
  enrollmentStatus?: string;
}

/** Milliseconds to the seconds Voice ID answers with. */
export const toSeconds = (ms: number) => ms / 1000;
