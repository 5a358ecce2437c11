import type {
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
} from '../constants';
import type { SpeakerEvaluation } from '../port/types';

const NOT_ENOUGH_SPEECH = 'NOT_ENOUGH_SPEECH';
const NOT_ENABLED = 'NotEnabled';
const INCONCLUSIVE = 'Inconclusive';

const AUTH: Readonly<Record<string, ContactFlowAuthenticationDecision>> = {
  ACCEPT: 'Authenticated',
  REJECT: 'NotAuthenticated',
  SPEAKER_OPTED_OUT: 'OptedOut',
  SPEAKER_NOT_ENROLLED: 'NotEnrolled',
};

const FRAUD: Readonly<Record<string, ContactFlowFraudDetectionDecision>> = {
  HIGH_RISK: 'HighRisk',
  LOW_RISK: 'LowRisk',
};

/**
 * Maps one side's service decision to the contact flow's value, on its own:
 * a missing decision is NotEnabled; NOT_ENOUGH_SPEECH is Inconclusive once streaming has ended and
 * `undefined` (keep polling) before; otherwise the table, with any unknown decision as Error.
 */
function mapSide<T extends string>(
  table: Readonly<Record<string, T>>,
  decision: string | undefined,
  streamingEnded: boolean,
): T | typeof NOT_ENABLED | typeof INCONCLUSIVE | 'Error' | undefined {
  if (decision === undefined) return NOT_ENABLED;
  if (decision === NOT_ENOUGH_SPEECH) return streamingEnded ? INCONCLUSIVE : undefined;
  return Object.hasOwn(table, decision) ? table[decision] : 'Error';
}

/**
 * Maps a service authentication decision to the contact flow's value:
 * ACCEPT → Authenticated, REJECT → NotAuthenticated, SPEAKER_OPTED_OUT → OptedOut,
 * SPEAKER_NOT_ENROLLED → NotEnrolled, missing → NotEnabled, NOT_ENOUGH_SPEECH → Inconclusive when
 * streaming has ended (`undefined`, i.e. undecided, while it goes on), anything else → Error.
 * @public
 */
export function mapAuthenticationDecision(
  decision: string | undefined,
  streamingEnded: boolean,
): ContactFlowAuthenticationDecision | undefined {
  return mapSide(AUTH, decision, streamingEnded);
}

/**
 * Maps a service fraud-detection decision to the contact flow's value:
 * HIGH_RISK → HighRisk, LOW_RISK → LowRisk, missing → NotEnabled, NOT_ENOUGH_SPEECH → Inconclusive
 * when streaming has ended (`undefined`, i.e. undecided, while it goes on), anything else → Error.
 * @public
 */
export function mapFraudDetectionDecision(
  decision: string | undefined,
  streamingEnded: boolean,
): ContactFlowFraudDetectionDecision | undefined {
  return mapSide(FRAUD, decision, streamingEnded);
}

/**
 * Whether a decision is anything but NotEnabled (streams `isAuthEnabled`).
 * @public
 */
export function isAuthEnabled(decision: string): boolean {
  return decision !== NOT_ENABLED;
}

/**
 * Whether a service authentication decision is NOT_ENOUGH_SPEECH (streams `isAuthResultNotEnoughSpeech`).
 * @public
 */
export function isAuthResultNotEnoughSpeech(decision: string): boolean {
  return decision === NOT_ENOUGH_SPEECH;
}

/**
 * Whether an authentication decision is Inconclusive (streams `isAuthResultInconclusive`).
 * @public
 */
export function isAuthResultInconclusive(decision: string): boolean {
  return decision === INCONCLUSIVE;
}

/**
 * Whether a fraud decision is anything but NotEnabled (streams `isFraudEnabled`).
 * @public
 */
export const isFraudEnabled: (decision: string) => boolean = isAuthEnabled;

/**
 * Whether a service fraud decision is NOT_ENOUGH_SPEECH (streams `isFraudResultNotEnoughSpeech`).
 * @public
 */
export const isFraudResultNotEnoughSpeech: (decision: string) => boolean =
  isAuthResultNotEnoughSpeech;

/**
 * Whether a fraud decision is Inconclusive (streams `isFraudResultInconclusive`).
 * @public
 */
export const isFraudResultInconclusive: (decision: string) => boolean = isAuthResultInconclusive;

/**
 * Whether an evaluation authenticated the speaker.
 * @public
 */
export function isAuthenticated(evaluation: SpeakerEvaluation): boolean {
  return evaluation.AuthenticationResult.Decision === 'Authenticated';
}

/**
 * Whether an evaluation flagged the caller as high fraud risk.
 * @public
 */
export function isHighRisk(evaluation: SpeakerEvaluation): boolean {
  return evaluation.FraudDetectionResult.Decision === 'HighRisk';
}
