/**
 * The results of `VoiceId.evaluateSession`: the authentication decision (from the speech heard,
 * the speaker's status and the customer's simulated decision) and the fraud detection decision.
 */
import type { VoiceIdCustomer, VoiceIdSettings } from './voice-id-model';
import { toSeconds } from './voice-id-model';
import type { Speaker } from './voice-id-speakers';

/** What one evaluation is decided from. */
export interface Evaluation {
  sessionId: string;
  /** Customer speech heard so far (ms). */
  speech: number;
  /** Whether there is enough speech to decide. */
  enough: boolean;
  speakerId: string | undefined;
  speaker: Speaker | undefined;
  /** The customer's simulated decisions. */
  profile: VoiceIdCustomer;
  /** When the evaluation is made (seconds). */
  at: number;
  settings: VoiceIdSettings;
}

/** The `AuthenticationResult` of an evaluation. */
export function authenticationResult({
  sessionId,
  speech,
  enough,
  speakerId,
  speaker,
  profile,
  at,
  settings,
}: Evaluation): Record<string, unknown> {
  let decision: string;
  if (!enough) decision = 'NOT_ENOUGH_SPEECH';
  else if (speakerId === undefined) decision = 'SPEAKER_ID_NOT_PROVIDED';
  else if (speaker?.status === 'OPTED_OUT') decision = 'SPEAKER_OPTED_OUT';
  else if (speaker?.status !== 'ENROLLED') decision = 'SPEAKER_NOT_ENROLLED';
  else decision = profile.authentication ?? 'ACCEPT';
  const score =
    decision === 'ACCEPT'
      ? (profile.authenticationScore ?? 98)
      : decision === 'REJECT'
        ? (profile.authenticationScore ?? 12)
        : undefined;
  return {
    AuthenticationResultId: `auth-${sessionId}`,
    Decision: decision,
    ...(score === undefined ? {} : { Score: score }),
    ...(speakerId === undefined ? {} : { CustomerSpeakerId: speakerId }),
    ...(speaker === undefined ? {} : { GeneratedSpeakerId: speaker.generatedSpeakerId }),
    AudioAggregationStartedAt: at - toSeconds(speech),
    AudioAggregationEndedAt: at,
    Configuration: { AcceptanceThreshold: settings.acceptanceThreshold },
  };
}

/** The `FraudDetectionResult` of an evaluation. */
export function fraudDetectionResult({
  sessionId,
  speech,
  enough,
  profile,
  at,
  settings,
}: Evaluation): Record<string, unknown> {
  const decision = !enough ? 'NOT_ENOUGH_SPEECH' : (profile.fraud ?? 'LOW_RISK');
  const score = profile.fraudScore ?? (decision === 'HIGH_RISK' ? 87 : 4);
  return {
    FraudDetectionResultId: `fraud-${sessionId}`,
    Decision: decision,
    Reasons: decision === 'HIGH_RISK' ? ['KNOWN_FRAUDSTER'] : [],
    ...(enough
      ? {
          RiskDetails: {
            KnownFraudsterRisk: { RiskScore: score },
            VoiceSpoofingRisk: { RiskScore: 1 },
          },
        }
      : {}),
    AudioAggregationStartedAt: at - toSeconds(speech),
    AudioAggregationEndedAt: at,
    Configuration: { RiskThreshold: settings.riskThreshold },
  };
}
