// A scripted agent-app backend for unit tests: every call is recorded, every operation answers
// from a handler that a test can replace. (Integration tests use the emulator instead.)
import { AgentAppMethod } from '../src/constants';
import type {
  AgentAppRequests,
  AgentAppResult,
  AgentAppTransport,
  VoiceIdContact,
} from '../src/index';

export interface RecordedCall {
  method: AgentAppMethod;
  params: unknown;
}

type Handler = (params: never) => AgentAppResult | Promise<AgentAppResult>;

export const ok = (data: unknown): AgentAppResult => ({ ok: true, data });
export const failure = (status: number | undefined, body: unknown = {}): AgentAppResult => ({
  ok: false,
  error: status === undefined ? { cause: body } : { status, body },
});

export const DOMAIN_ID = 'dom-123';
export const SPEAKER_ID = 'customer-1';

export function createFakeAgentApp() {
  const calls: RecordedCall[] = [];
  const handlers: {
    [M in AgentAppMethod]: (
      params: AgentAppRequests[M],
    ) => AgentAppResult | Promise<AgentAppResult>;
  } = {
    'AgentAppService.Lcms.getContact': () => ok({ contactData: { customerId: SPEAKER_ID } }),
    'AgentAppService.Acs.listIntegrationAssociations': () =>
      ok({
        IntegrationAssociationSummaryList: [
          { IntegrationArn: `arn:aws:voiceid:us-west-2:111122223333:domain/${DOMAIN_ID}` },
        ],
      }),
    'AgentAppService.VoiceId.describeSpeaker': () =>
      ok({ Speaker: { Status: 'ENROLLED', CustomerSpeakerId: SPEAKER_ID } }),
    'AgentAppService.VoiceId.optOutSpeaker': () => ok({ generatedSpeakerId: 'gen-1' }),
    'AgentAppService.VoiceId.deleteSpeaker': () => ok({}),
    'AgentAppService.Nasa.startVoiceIdSession': () => ok({ sessionId: 'session-1' }),
    'AgentAppService.VoiceId.evaluateSession': () =>
      ok({
        StreamingStatus: 'ONGOING',
        AuthenticationResult: { Decision: 'ACCEPT', Score: 97 },
        FraudDetectionResult: { Decision: 'LOW_RISK' },
      }),
    'AgentAppService.VoiceId.describeSession': () =>
      ok({
        Session: { StreamingStatus: 'ONGOING', EnrollmentRequestDetails: { Status: 'COMPLETED' } },
      }),
    'AgentAppService.VoiceId.enrollBySession': () => ok({ Status: 'IN_PROGRESS' }),
    'AgentAppService.VoiceId.updateSession': () => ok({ Session: { GeneratedSpeakerId: 'gen-1' } }),
    'AgentAppService.Lcms.updateVoiceIdData': () => ok({}),
  };
  const transport: AgentAppTransport = {
    call(method, params) {
      calls.push({ method, params });
      return Promise.resolve((handlers[method] as Handler)(params as never));
    },
  };
  return {
    transport,
    calls,
    handlers,
    /** Sets the handler of one operation. */
    on<M extends AgentAppMethod>(
      method: M,
      handler: (params: AgentAppRequests[M]) => AgentAppResult | Promise<AgentAppResult>,
    ) {
      handlers[method] = handler as (typeof handlers)[M];
    },
    /** Answers one operation with each result in turn, repeating the last. */
    sequence(method: AgentAppMethod, results: AgentAppResult[]) {
      let i = 0;
      handlers[method] = () => results[Math.min(i++, results.length - 1)]!;
    },
    methods: () => calls.map((c) => c.method),
    callsOf: (method: AgentAppMethod) => calls.filter((c) => c.method === method),
  };
}

export type FakeContact = VoiceIdContact & { connections: number; permission: boolean };

export function createFakeContact(overrides: Partial<VoiceIdContact> = {}): FakeContact {
  const contact: FakeContact = {
    contactId: 'contact-1',
    connections: 2,
    permission: true,
    getInitialContactId: () => 'initial-contact-1',
    getInstanceId: () => 'instance-1',
    getAwsAccountId: () => '111122223333',
    getActiveConnectionCount: (): number => contact.connections,
    hasVoiceIdPermission: (): boolean => contact.permission,
    ...overrides,
  };
  return contact;
}

/**
 * Makes an in-memory panel (`TestPanel` of `@x/connect-streams/testing`) answer every agent-app
 * method from `app`; failures go back as the error body with its status (the streams worker's
 * shape).
 */
export function relayAgentAppToPanel(
  panel: { handle(method: string, handler: (params: unknown) => unknown): void },
  app: ReturnType<typeof createFakeAgentApp>,
): void {
  for (const method of Object.values(AgentAppMethod)) {
    panel.handle(method, async (params) => {
      const result = await app.transport.call(method, params as never);
      if (result.ok) return result.data;
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw { ...(result.error.body as object), status: result.error.status };
    });
  }
}
