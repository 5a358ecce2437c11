// Bundled for the browser page of the Voice ID integration test: runs the @x/voice-id flows in
// Chromium against the agent-app endpoint of the page's origin (the emulator) and reports plain,
// serialisable outcomes.
import {
  VoiceId,
  createFetchAgentAppTransport,
  isVoiceIdError,
  type AgentAppTransport,
  type VoiceIdOptions,
} from '../../../packages/voice-id/src/index';

/** What the page is told about the contact. */
export interface HarnessContact {
  readonly contactId: string;
  readonly initialContactId: string;
  readonly instanceId: string;
  readonly accountId: string;
  readonly token: string;
}

/** A flow's outcome, as the test reads it. */
export type HarnessOutcome =
  | {
      readonly ok: true;
      readonly value: unknown;
      readonly calls: string[];
      readonly progress: unknown[];
    }
  | {
      readonly ok: false;
      readonly error: { readonly type?: string; readonly message: string };
      readonly calls: string[];
      readonly progress: unknown[];
    };

/** Short delays and polls, so the flows finish in a test. */
const FAST: VoiceIdOptions = {
  evaluateSessionDelay: 50,
  evaluationPollingInterval: 100,
  evaluationMaxPollTimes: 100,
  enrollmentPollingInterval: 100,
  enrollmentMaxPollTimes: 100,
  startSessionDelay: 100,
};

async function run(
  contact: HarnessContact,
  options: VoiceIdOptions,
  flow: (voiceId: VoiceId, progress: unknown[]) => Promise<unknown>,
): Promise<HarnessOutcome> {
  const calls: string[] = [];
  const progress: unknown[] = [];
  const fetchTransport = createFetchAgentAppTransport({
    endpoint: `${location.origin}/agent-app/api`,
    authCookieName: 'lily-auth-emulated',
    authToken: contact.token,
  });
  const transport: AgentAppTransport = {
    call(method, params) {
      calls.push(method);
      return fetchTransport.call(method, params);
    },
  };
  const voiceId = new VoiceId(
    {
      contactId: contact.contactId,
      getInitialContactId: () => contact.initialContactId,
      getInstanceId: () => contact.instanceId,
      getAwsAccountId: () => contact.accountId,
      getActiveConnectionCount: () => 2,
      hasVoiceIdPermission: () => true,
    },
    transport,
    { ...FAST, ...options },
  );
  try {
    return { ok: true, value: await flow(voiceId, progress), calls, progress };
  } catch (error) {
    return {
      ok: false,
      error: isVoiceIdError(error)
        ? { type: error.type, message: error.message }
        : { message: String(error) },
      calls,
      progress,
    };
  }
}

const harness = {
  evaluate: (contact: HarnessContact, options: VoiceIdOptions = {}) =>
    run(contact, options, (voiceId) => voiceId.evaluateSpeaker(true)),
  enroll: (contact: HarnessContact, options: VoiceIdOptions = {}) =>
    run(contact, options, (voiceId, progress) =>
      voiceId.enrollSpeaker((session) => progress.push(session)),
    ),
  speakerStatus: (contact: HarnessContact) =>
    run(contact, {}, (voiceId) => voiceId.getSpeakerStatus()),
};

/** The harness as the page exposes it. */
export type VoiceIdHarness = typeof harness;

(globalThis as unknown as { voiceIdHarness: VoiceIdHarness }).voiceIdHarness = harness;
