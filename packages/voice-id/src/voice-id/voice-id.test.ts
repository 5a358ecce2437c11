import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DOMAIN_ID,
  SPEAKER_ID,
  createFakeAgentApp,
  createFakeContact,
  failure,
  ok,
} from '../../test/fake-agent-app';
import { VoiceIdErrorType } from '../constants';
import { createDomainIdStore } from '../domain/domain-id-store';
import { VoiceIdError } from '../errors/voice-id-error';
import type { VoiceIdContact } from '../port/types';
import { VoiceId, type VoiceIdOptions } from './voice-id';

function setup(options: VoiceIdOptions = {}, contactOverrides: Partial<VoiceIdContact> = {}) {
  const app = createFakeAgentApp();
  const contact = createFakeContact(contactOverrides);
  const voiceId = new VoiceId(contact, app.transport, {
    domainStore: createDomainIdStore(),
    createClientToken: () => 'token-1',
    ...options,
  });
  return { app, contact, voiceId };
}

/** Resolves with the rejection of a promise (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<VoiceIdError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(VoiceIdError);
    return error as VoiceIdError;
  }
  throw new Error('expected the promise to reject');
}

const evaluation = (StreamingStatus: string, auth: string | undefined, fraud: string | undefined) =>
  ok({
    SessionId: 'session-1',
    StreamingStatus,
    ...(auth === undefined ? {} : { AuthenticationResult: { Decision: auth, Score: 90 } }),
    ...(fraud === undefined ? {} : { FraudDetectionResult: { Decision: fraud } }),
  });

const described = (Status: string, StreamingStatus = 'ONGOING', Message?: string) =>
  ok({
    Session: {
      SessionId: 'session-1',
      StreamingStatus,
      EnrollmentRequestDetails: Message === undefined ? { Status } : { Status, Message },
    },
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('getDomainId', () => {
  it('refuses an agent without the voiceId permission, calling nothing', async () => {
    const { app, contact, voiceId } = setup();
    contact.permission = false;
    const error = await rejectionOf(voiceId.getDomainId());
    expect(error.type).toBe('get_domain_id_failed');
    expect(error.message).toBe("Agent doesn't have the permission for Voice ID");
    expect(app.calls).toEqual([]);
  });

  it('accepts a permission answered asynchronously', async () => {
    const { voiceId } = setup({}, { hasVoiceIdPermission: () => Promise.resolve(true) });
    await expect(voiceId.getDomainId()).resolves.toBe(DOMAIN_ID);
  });

  it('reads the first integration ARN of listIntegrationAssociations and strips it up to domain/', async () => {
    const { app, voiceId } = setup();
    await expect(voiceId.getDomainId()).resolves.toBe(DOMAIN_ID);
    expect(app.calls).toEqual([
      {
        method: 'AgentAppService.Acs.listIntegrationAssociations',
        params: { InstanceId: 'instance-1', IntegrationType: 'VOICE_ID' },
      },
    ]);
  });

  it('caches the domain id and broadcasts it once', async () => {
    const broadcast = vi.fn();
    const { app, voiceId } = setup({ domainStore: createDomainIdStore(broadcast) });
    await voiceId.getDomainId();
    await voiceId.getDomainId();
    expect(app.callsOf('AgentAppService.Acs.listIntegrationAssociations')).toHaveLength(1);
    expect(broadcast).toHaveBeenCalledTimes(1);
    expect(broadcast).toHaveBeenCalledWith(DOMAIN_ID);
  });

  it('uses a domain id received from another tab without calling the service or broadcasting', async () => {
    const broadcast = vi.fn();
    const domainStore = createDomainIdStore(broadcast);
    domainStore.receive('dom-from-other-tab');
    const { app, voiceId } = setup({ domainStore });
    await expect(voiceId.getDomainId()).resolves.toBe('dom-from-other-tab');
    expect(app.calls).toEqual([]);
    expect(broadcast).not.toHaveBeenCalled();
  });

  it('shares one listIntegrationAssociations call between concurrent callers', async () => {
    const { app, voiceId } = setup();
    const ids = await Promise.all([voiceId.getDomainId(), voiceId.getDomainId()]);
    expect(ids).toEqual([DOMAIN_ID, DOMAIN_ID]);
    expect(app.calls).toHaveLength(1);
  });

  it('shares the default cache between VoiceIds on the same transport', async () => {
    const app = createFakeAgentApp();
    const first = new VoiceId(createFakeContact(), app.transport);
    const second = new VoiceId(createFakeContact({ contactId: 'contact-2' }), app.transport);
    await first.getDomainId();
    await second.getDomainId();
    expect(app.calls).toHaveLength(1);
  });

  it('rejects with no_domain_id_found when there is no integration', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Acs.listIntegrationAssociations', () =>
      ok({ IntegrationAssociationSummaryList: [] }),
    );
    const error = await rejectionOf(voiceId.getDomainId());
    expect(error.type).toBe('no_domain_id_found');
  });

  it('rejects with get_domain_id_failed on a failed call, with the original error attached', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Acs.listIntegrationAssociations', () =>
      failure(500, { message: 'boom' }),
    );
    const error = await rejectionOf(voiceId.getDomainId());
    expect(error.type).toBe('get_domain_id_failed');
    expect(error.message).toBe('getDomainId failed');
    expect(error.err).toEqual({ status: 500, body: { message: 'boom' } });
    expect(error.cause).toBe(error.err);
  });

  it('rejects with get_domain_id_failed on a malformed answer', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Acs.listIntegrationAssociations', () => ok({}));
    expect((await rejectionOf(voiceId.getDomainId())).type).toBe('get_domain_id_failed');
    app.on('AgentAppService.Acs.listIntegrationAssociations', () =>
      ok({ IntegrationAssociationSummaryList: [{}] }),
    );
    expect((await rejectionOf(voiceId.getDomainId())).type).toBe('get_domain_id_failed');
  });
});

describe('getSpeakerId', () => {
  it('reads the customer id of the contact record', async () => {
    const { app, voiceId } = setup();
    await expect(voiceId.getSpeakerId()).resolves.toEqual({ speakerId: SPEAKER_ID });
    expect(app.calls).toEqual([
      {
        method: 'AgentAppService.Lcms.getContact',
        params: { contactId: 'contact-1', instanceId: 'instance-1', awsAccountId: '111122223333' },
      },
    ]);
  });

  it('rejects with no_speaker_id_found when the contact has no customer id', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Lcms.getContact', () => ok({ contactData: {} }));
    const error = await rejectionOf(voiceId.getSpeakerId());
    expect(error.type).toBe('no_speaker_id_found');
    expect(error.message).toBe('No speakerId associated with this call');
  });

  it('rejects with get_speaker_id_failed when getContact fails', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Lcms.getContact', () => failure(403));
    const error = await rejectionOf(voiceId.getSpeakerId());
    expect(error.type).toBe('get_speaker_id_failed');
    expect(error.err).toEqual({ status: 403, body: {} });
  });

  it('treats a rejected transport call as a failure without status', async () => {
    const { app, voiceId } = setup();
    const networkError = new TypeError('Failed to fetch');
    app.on('AgentAppService.Lcms.getContact', () => Promise.reject(networkError));
    const error = await rejectionOf(voiceId.getSpeakerId());
    expect(error.type).toBe('get_speaker_id_failed');
    expect(error.err).toEqual({ cause: networkError });
  });
});

describe('getSpeakerStatus', () => {
  it('describes the speaker by speaker id and domain id', async () => {
    const { app, voiceId } = setup();
    const status = await voiceId.getSpeakerStatus();
    expect(status.Speaker?.Status).toBe('ENROLLED');
    expect(app.callsOf('AgentAppService.VoiceId.describeSpeaker')[0]?.params).toEqual({
      SpeakerId: SPEAKER_ID,
      DomainId: DOMAIN_ID,
    });
  });

  it.each([400, 404])(
    'resolves a %i as not enrolled (type speaker_id_not_enrolled)',
    async (status) => {
      const { app, voiceId } = setup();
      app.on('AgentAppService.VoiceId.describeSpeaker', () =>
        failure(status, { message: 'Speaker not found' }),
      );
      await expect(voiceId.getSpeakerStatus()).resolves.toEqual({
        status,
        type: 'speaker_id_not_enrolled',
        message: 'Speaker not found',
      });
    },
  );

  it('keeps the type of a 404 error body', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSpeaker', () =>
      failure(404, { type: 'ResourceNotFoundException' }),
    );
    await expect(voiceId.getSpeakerStatus()).resolves.toEqual({
      status: 404,
      type: 'ResourceNotFoundException',
    });
  });

  it('rejects with get_speaker_status_failed on other statuses or a malformed answer', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSpeaker', () => failure(500));
    const error = await rejectionOf(voiceId.getSpeakerStatus());
    expect(error.type).toBe('get_speaker_status_failed');
    expect(error.message).toBe('Get SpeakerStatus failed');
    app.on('AgentAppService.VoiceId.describeSpeaker', () => ok({ Speaker: {} }));
    expect((await rejectionOf(voiceId.getSpeakerStatus())).type).toBe('get_speaker_status_failed');
  });
});

describe('optOutSpeaker', () => {
  it('opts the speaker out, then records the opt-out on the contact without waiting for it', async () => {
    const { app, voiceId } = setup();
    let releaseRecord!: () => void;
    app.on(
      'AgentAppService.Lcms.updateVoiceIdData',
      () => new Promise((resolve) => (releaseRecord = () => resolve(ok({})))),
    );
    await expect(voiceId.optOutSpeaker()).resolves.toEqual({ generatedSpeakerId: 'gen-1' });
    expect(app.callsOf('AgentAppService.VoiceId.optOutSpeaker')[0]?.params).toEqual({
      SpeakerId: SPEAKER_ID,
      DomainId: DOMAIN_ID,
    });
    expect(app.callsOf('AgentAppService.Lcms.updateVoiceIdData')[0]?.params).toEqual({
      ContactId: 'contact-1',
      InstanceId: 'instance-1',
      AWSAccountId: '111122223333',
      CustomerId: SPEAKER_ID,
      VoiceIdResult: { SpeakerOptedOut: true, generatedSpeakerId: 'gen-1' },
    });
    releaseRecord();
  });

  it('reports a failed contact-record update as opt_out_speaker_in_lcms_failed in the background', async () => {
    const onBackgroundError = vi.fn();
    const { app, voiceId } = setup({ onBackgroundError });
    app.on('AgentAppService.Lcms.updateVoiceIdData', () => failure(500));
    await voiceId.optOutSpeaker();
    await vi.waitFor(() => expect(onBackgroundError).toHaveBeenCalledTimes(1));
    const [error] = onBackgroundError.mock.calls[0] as [VoiceIdError];
    expect(error.type).toBe('opt_out_speaker_in_lcms_failed');
  });

  it('rejects with opt_out_speaker_failed when the opt-out fails', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.optOutSpeaker', () => failure(500));
    const error = await rejectionOf(voiceId.optOutSpeaker());
    expect(error.type).toBe('opt_out_speaker_failed');
    expect(app.callsOf('AgentAppService.Lcms.updateVoiceIdData')).toHaveLength(0);
  });
});

describe('deleteSpeaker', () => {
  it('deletes the speaker by speaker id and domain id', async () => {
    const { app, voiceId } = setup();
    await expect(voiceId.deleteSpeaker()).resolves.toBeUndefined();
    expect(app.callsOf('AgentAppService.VoiceId.deleteSpeaker')[0]?.params).toEqual({
      SpeakerId: SPEAKER_ID,
      DomainId: DOMAIN_ID,
    });
  });

  it('rejects with delete_speaker_failed when the deletion fails', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.deleteSpeaker', () => failure(500));
    expect((await rejectionOf(voiceId.deleteSpeaker())).type).toBe('delete_speaker_failed');
  });
});

describe('startSession', () => {
  it('starts a session with a fresh client token and the domain id', async () => {
    const { app, voiceId } = setup();
    await expect(voiceId.startSession()).resolves.toEqual({ sessionId: 'session-1' });
    expect(app.callsOf('AgentAppService.Nasa.startVoiceIdSession')[0]?.params).toEqual({
      contactId: 'contact-1',
      instanceId: 'instance-1',
      customerAccountId: '111122223333',
      clientToken: 'token-1',
      domainId: DOMAIN_ID,
    });
  });

  it('uses a random UUID as client token by default', async () => {
    const app = createFakeAgentApp();
    const voiceId = new VoiceId(createFakeContact(), app.transport);
    await voiceId.startSession();
    const params = app.callsOf('AgentAppService.Nasa.startVoiceIdSession')[0]?.params as {
      clientToken: string;
    };
    expect(params.clientToken).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('rejects with start_session_failed when no session id is returned', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Nasa.startVoiceIdSession', () => ok({}));
    const error = await rejectionOf(voiceId.startSession());
    expect(error.type).toBe('start_session_failed');
    expect(error.message).toBe('No session id returned from start session api');
  });

  it('rejects with start_session_failed when the call fails', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Nasa.startVoiceIdSession', () => failure(500));
    const error = await rejectionOf(voiceId.startSession());
    expect(error.type).toBe('start_session_failed');
    expect(error.message).toBe('startVoiceIdSession failed');
  });
});

describe('updateSpeakerId and syncSpeakerId', () => {
  it('sets the speaker on the session named after the initial contact, then records it on the contact', async () => {
    const { app, voiceId } = setup();
    await expect(voiceId.updateSpeakerId('speaker-9')).resolves.toEqual({
      Session: { GeneratedSpeakerId: 'gen-1' },
    });
    expect(app.calls.slice(1)).toEqual([
      {
        method: 'AgentAppService.VoiceId.updateSession',
        params: {
          SessionNameOrId: 'initial-contact-1',
          DomainId: DOMAIN_ID,
          SpeakerId: 'speaker-9',
        },
      },
      {
        method: 'AgentAppService.Lcms.updateVoiceIdData',
        params: {
          ContactId: 'contact-1',
          InstanceId: 'instance-1',
          AWSAccountId: '111122223333',
          CustomerId: 'speaker-9',
          VoiceIdResult: { generatedSpeakerId: 'gen-1' },
        },
      },
    ]);
  });

  it('names the session after the contact id when there is no initial contact id', async () => {
    const { app, voiceId } = setup({}, { getInitialContactId: () => undefined });
    await voiceId.updateSpeakerId('speaker-9');
    expect(app.callsOf('AgentAppService.VoiceId.updateSession')[0]?.params).toMatchObject({
      SessionNameOrId: 'contact-1',
    });
  });

  it.each([400, 404])('rejects a %i from updateSession with session_not_exists', async (status) => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.updateSession', () => failure(status));
    const error = await rejectionOf(voiceId.updateSpeakerId('speaker-9'));
    expect(error.type).toBe('session_not_exists');
    expect(error.message).toBe('updateSpeakerIdInVoiceId failed, session not exists');
  });

  it('rejects other updateSession failures with update_speaker_id_failed', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.updateSession', () => failure(500));
    expect((await rejectionOf(voiceId.updateSpeakerId('s'))).type).toBe('update_speaker_id_failed');
  });

  it('rejects a failed contact-record update with update_speaker_id_in_lcms_failed', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Lcms.updateVoiceIdData', () => failure(500));
    expect((await rejectionOf(voiceId.updateSpeakerId('s'))).type).toBe(
      'update_speaker_id_in_lcms_failed',
    );
  });

  it('syncSpeakerId sets the contact record customer id as the session speaker', async () => {
    const { app, voiceId } = setup();
    await voiceId.syncSpeakerId();
    expect(app.methods()).toEqual([
      'AgentAppService.Lcms.getContact',
      'AgentAppService.Acs.listIntegrationAssociations',
      'AgentAppService.VoiceId.updateSession',
      'AgentAppService.Lcms.updateVoiceIdData',
    ]);
    expect(app.callsOf('AgentAppService.VoiceId.updateSession')[0]?.params).toMatchObject({
      SpeakerId: SPEAKER_ID,
    });
  });
});

describe('describeSession', () => {
  it('describes the session named after the initial contact', async () => {
    const { app, voiceId } = setup();
    const result = await voiceId.describeSession();
    expect(result.Session.EnrollmentRequestDetails?.Status).toBe('COMPLETED');
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')[0]?.params).toEqual({
      SessionNameOrId: 'initial-contact-1',
      DomainId: DOMAIN_ID,
    });
  });

  it('rejects with describe_session_failed on a failure or a malformed answer', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSession', () => failure(404));
    expect((await rejectionOf(voiceId.describeSession())).type).toBe('describe_session_failed');
    app.on('AgentAppService.VoiceId.describeSession', () => ok({ Session: 'x' }));
    expect((await rejectionOf(voiceId.describeSession())).type).toBe('describe_session_failed');
  });
});

describe('conference calls', () => {
  const flows: [string, (v: VoiceId) => Promise<unknown>][] = [
    ['getSpeakerId', (v) => v.getSpeakerId()],
    ['getSpeakerStatus', (v) => v.getSpeakerStatus()],
    ['optOutSpeaker', (v) => v.optOutSpeaker()],
    ['deleteSpeaker', (v) => v.deleteSpeaker()],
    ['startSession', (v) => v.startSession()],
    ['evaluateSpeaker', (v) => v.evaluateSpeaker(true)],
    ['enrollSpeaker', (v) => v.enrollSpeaker()],
    ['updateSpeakerId', (v) => v.updateSpeakerId('s')],
    ['syncSpeakerId', (v) => v.syncSpeakerId()],
  ];

  it.each(flows)(
    '%s with more than 2 active connections rejects (not throws) with not_supported_on_conference_calls',
    async (_name, run) => {
      const { app, contact, voiceId } = setup();
      contact.connections = 3;
      let promise: Promise<unknown> | undefined;
      expect(() => (promise = run(voiceId))).not.toThrow();
      const error = await rejectionOf(promise!);
      expect(error.type).toBe('not_supported_on_conference_calls');
      expect(error.message).toBe('VoiceId is not supported for conference calls');
      expect(app.calls).toEqual([]);
    },
  );

  it('allows exactly 2 active connections', async () => {
    const { contact, voiceId } = setup();
    contact.connections = 2;
    await expect(voiceId.getSpeakerId()).resolves.toEqual({ speakerId: SPEAKER_ID });
  });
});

describe('evaluateSpeaker', () => {
  it('with startNew starts a session, syncs the speaker id, then evaluates after 10000 ms', async () => {
    const { app, voiceId } = setup();
    const result = voiceId.evaluateSpeaker(true);
    await vi.advanceTimersByTimeAsync(9999);
    expect(app.methods()).toEqual([
      'AgentAppService.Acs.listIntegrationAssociations',
      'AgentAppService.Nasa.startVoiceIdSession',
      'AgentAppService.Lcms.getContact',
      'AgentAppService.VoiceId.updateSession',
      'AgentAppService.Lcms.updateVoiceIdData',
    ]);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(1);
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')[0]?.params).toEqual({
      SessionNameOrId: 'initial-contact-1',
      DomainId: DOMAIN_ID,
    });
    await expect(result).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Authenticated', Score: 97 },
      FraudDetectionResult: { Decision: 'LowRisk' },
    });
  });

  it('without startNew syncs the speaker id and evaluates at once', async () => {
    const { app, voiceId } = setup();
    await voiceId.evaluateSpeaker();
    expect(app.methods()).toEqual([
      'AgentAppService.Lcms.getContact',
      'AgentAppService.Acs.listIntegrationAssociations',
      'AgentAppService.VoiceId.updateSession',
      'AgentAppService.Lcms.updateVoiceIdData',
      'AgentAppService.VoiceId.evaluateSession',
    ]);
  });

  it('honours a shortened evaluate-session delay', async () => {
    const { app, voiceId } = setup({ evaluateSessionDelay: 50 });
    const result = voiceId.evaluateSpeaker(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(1);
    await result;
  });

  it('polls every 5000 ms while streaming is PENDING_CONFIGURATION', async () => {
    const { app, voiceId } = setup();
    app.sequence('AgentAppService.VoiceId.evaluateSession', [
      evaluation('PENDING_CONFIGURATION', undefined, undefined),
      evaluation('PENDING_CONFIGURATION', undefined, undefined),
      evaluation('ONGOING', 'REJECT', 'LOW_RISK'),
    ]);
    const result = voiceId.evaluateSpeaker();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(result).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'NotAuthenticated' },
    });
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(3);
  });

  it('polls every 5000 ms while a side has NOT_ENOUGH_SPEECH and streaming goes on', async () => {
    const { app, voiceId } = setup();
    app.sequence('AgentAppService.VoiceId.evaluateSession', [
      evaluation('ONGOING', 'NOT_ENOUGH_SPEECH', 'LOW_RISK'),
      evaluation('ONGOING', 'ACCEPT', 'NOT_ENOUGH_SPEECH'),
      evaluation('ONGOING', 'ACCEPT', 'HIGH_RISK'),
    ]);
    const result = voiceId.evaluateSpeaker();
    await vi.advanceTimersByTimeAsync(10000);
    await expect(result).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Authenticated' },
      FraudDetectionResult: { Decision: 'HighRisk' },
    });
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(3);
  });

  it('polls at most 24 times, then rejects with evaluate_speaker_timeout', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ONGOING', 'NOT_ENOUGH_SPEECH', 'NOT_ENOUGH_SPEECH'),
    );
    const result = rejectionOf(voiceId.evaluateSpeaker());
    await vi.advanceTimersByTimeAsync(23 * 5000);
    const error = await result;
    expect(error.type).toBe('evaluate_speaker_timeout');
    expect(error.message).toBe('evaluateSpeaker timeout');
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(24);
    await vi.advanceTimersByTimeAsync(60000);
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(24);
  });

  it('honours shortened poll interval and limit', async () => {
    const { app, voiceId } = setup({ evaluationPollingInterval: 10, evaluationMaxPollTimes: 3 });
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('PENDING_CONFIGURATION', undefined, undefined),
    );
    const result = rejectionOf(voiceId.evaluateSpeaker());
    await vi.advanceTimersByTimeAsync(20);
    expect((await result).type).toBe('evaluate_speaker_timeout');
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(3);
  });

  it.each([
    ['ACCEPT', 'Authenticated'],
    ['REJECT', 'NotAuthenticated'],
    ['SPEAKER_OPTED_OUT', 'OptedOut'],
    ['SPEAKER_NOT_ENROLLED', 'NotEnrolled'],
    ['SPEAKER_ID_NOT_PROVIDED', 'Error'],
    ['SPEAKER_EXPIRED', 'Error'],
    ['SOMETHING_NEW', 'Error'],
  ])('maps authentication %s to %s', async (decision, expected) => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ONGOING', decision, 'LOW_RISK'),
    );
    const result = await voiceId.evaluateSpeaker();
    expect(result.AuthenticationResult.Decision).toBe(expected);
  });

  it.each([
    ['HIGH_RISK', 'HighRisk'],
    ['LOW_RISK', 'LowRisk'],
    ['SOMETHING_NEW', 'Error'],
  ])('maps fraud detection %s to %s', async (decision, expected) => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ONGOING', 'ACCEPT', decision),
    );
    const result = await voiceId.evaluateSpeaker();
    expect(result.FraudDetectionResult.Decision).toBe(expected);
  });

  it('maps a missing result to NotEnabled, and resolves when both are missing', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ONGOING', undefined, undefined),
    );
    await expect(voiceId.evaluateSpeaker()).resolves.toEqual({
      SessionId: 'session-1',
      StreamingStatus: 'ONGOING',
      AuthenticationResult: { Decision: 'NotEnabled' },
      FraudDetectionResult: { Decision: 'NotEnabled' },
    });
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ONGOING', 'ACCEPT', undefined),
    );
    await expect(voiceId.evaluateSpeaker()).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Authenticated' },
      FraudDetectionResult: { Decision: 'NotEnabled' },
    });
  });

  it('maps a result without a decision to Error', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      ok({ StreamingStatus: 'ONGOING', AuthenticationResult: {}, FraudDetectionResult: {} }),
    );
    await expect(voiceId.evaluateSpeaker()).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Error' },
      FraudDetectionResult: { Decision: 'Error' },
    });
  });

  it('makes NOT_ENOUGH_SPEECH Inconclusive once streaming has ENDED', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ENDED', 'NOT_ENOUGH_SPEECH', 'NOT_ENOUGH_SPEECH'),
    );
    await expect(voiceId.evaluateSpeaker()).resolves.toMatchObject({
      StreamingStatus: 'ENDED',
      AuthenticationResult: { Decision: 'Inconclusive' },
      FraudDetectionResult: { Decision: 'Inconclusive' },
    });
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(1);
  });

  // The original maps the Inconclusive side to Error here (its tests for it are skipped).
  it('keeps one side Inconclusive when the other side is decided (per-side mapping)', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ENDED', 'NOT_ENOUGH_SPEECH', 'LOW_RISK'),
    );
    await expect(voiceId.evaluateSpeaker()).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Inconclusive' },
      FraudDetectionResult: { Decision: 'LowRisk' },
    });
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ENDED', 'ACCEPT', 'NOT_ENOUGH_SPEECH'),
    );
    await expect(voiceId.evaluateSpeaker()).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Authenticated' },
      FraudDetectionResult: { Decision: 'Inconclusive' },
    });
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('ENDED', 'NOT_ENOUGH_SPEECH', undefined),
    );
    await expect(voiceId.evaluateSpeaker()).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Inconclusive' },
      FraudDetectionResult: { Decision: 'NotEnabled' },
    });
  });

  it.each([400, 404])(
    'rejects a %i from evaluateSession with session_not_exists',
    async (status) => {
      const { app, voiceId } = setup();
      app.on('AgentAppService.VoiceId.evaluateSession', () => failure(status, { message: 'gone' }));
      const error = await rejectionOf(voiceId.evaluateSpeaker());
      expect(error.type).toBe('session_not_exists');
      expect(error.message).toBe('evaluateSpeaker failed, session not exists');
      expect(error.err).toEqual({ status, body: { message: 'gone' } });
    },
  );

  it('rejects other failures or an unknown streaming status with evaluate_speaker_failed', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () => failure(500));
    expect((await rejectionOf(voiceId.evaluateSpeaker())).type).toBe('evaluate_speaker_failed');
    app.on('AgentAppService.VoiceId.evaluateSession', () => ok({ StreamingStatus: 'WEIRD' }));
    expect((await rejectionOf(voiceId.evaluateSpeaker())).type).toBe('evaluate_speaker_failed');
  });

  it('passes on failures of starting the session and of syncing the speaker id', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.Nasa.startVoiceIdSession', () => failure(500));
    expect((await rejectionOf(voiceId.evaluateSpeaker(true))).type).toBe('start_session_failed');
    app.on('AgentAppService.VoiceId.updateSession', () => failure(404));
    expect((await rejectionOf(voiceId.evaluateSpeaker())).type).toBe('session_not_exists');
  });

  it('stops polling when its signal aborts', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.evaluateSession', () =>
      evaluation('PENDING_CONFIGURATION', undefined, undefined),
    );
    const controller = new AbortController();
    const result = voiceId.evaluateSpeaker(false, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(5000);
    controller.abort(new Error('contact ended'));
    await expect(result).rejects.toThrow('contact ended');
    await vi.advanceTimersByTimeAsync(60000);
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')).toHaveLength(2);
  });
});

describe('enrollSpeaker', () => {
  it('resolves at once when enrollBySession answers COMPLETED', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.enrollBySession', () => ok({ Status: 'COMPLETED' }));
    await expect(voiceId.enrollSpeaker()).resolves.toEqual({ Status: 'COMPLETED' });
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(0);
    expect(app.callsOf('AgentAppService.VoiceId.enrollBySession')[0]?.params).toEqual({
      SessionNameOrId: 'initial-contact-1',
      DomainId: DOMAIN_ID,
    });
  });

  it('syncs the speaker id and reads its status before enrolling', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.enrollBySession', () => ok({ Status: 'COMPLETED' }));
    await voiceId.enrollSpeaker();
    expect(app.methods()).toEqual([
      'AgentAppService.Lcms.getContact',
      'AgentAppService.Acs.listIntegrationAssociations',
      'AgentAppService.VoiceId.updateSession',
      'AgentAppService.Lcms.updateVoiceIdData',
      'AgentAppService.Lcms.getContact',
      'AgentAppService.VoiceId.describeSpeaker',
      'AgentAppService.VoiceId.enrollBySession',
    ]);
  });

  it('deletes an opted-out speaker before re-enrolling', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSpeaker', () =>
      ok({ Speaker: { Status: 'OPTED_OUT' } }),
    );
    app.on('AgentAppService.VoiceId.enrollBySession', () => ok({ Status: 'COMPLETED' }));
    await voiceId.enrollSpeaker();
    const methods = app.methods();
    expect(methods.indexOf('AgentAppService.VoiceId.deleteSpeaker')).toBeGreaterThan(-1);
    expect(methods.indexOf('AgentAppService.VoiceId.deleteSpeaker')).toBeLessThan(
      methods.indexOf('AgentAppService.VoiceId.enrollBySession'),
    );
  });

  it('enrolls a not-enrolled speaker (404) without deleting it', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSpeaker', () => failure(404));
    app.on('AgentAppService.VoiceId.enrollBySession', () => ok({ Status: 'COMPLETED' }));
    await voiceId.enrollSpeaker();
    expect(app.callsOf('AgentAppService.VoiceId.deleteSpeaker')).toHaveLength(0);
  });

  it('passes on a failed deletion of the opted-out speaker', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSpeaker', () =>
      ok({ Speaker: { Status: 'OPTED_OUT' } }),
    );
    app.on('AgentAppService.VoiceId.deleteSpeaker', () => failure(500));
    expect((await rejectionOf(voiceId.enrollSpeaker())).type).toBe('delete_speaker_failed');
    expect(app.callsOf('AgentAppService.VoiceId.enrollBySession')).toHaveLength(0);
  });

  it('rejects with enroll_speaker_failed when enrollBySession fails', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.enrollBySession', () => failure(500));
    const error = await rejectionOf(voiceId.enrollSpeaker());
    expect(error.type).toBe('enroll_speaker_failed');
    expect(error.message).toBe('enrollSpeaker failed');
  });

  it('polls describeSession every 5000 ms, calls the progress callback once on IN_PROGRESS, resolves on COMPLETED', async () => {
    const { app, voiceId } = setup();
    app.sequence('AgentAppService.VoiceId.describeSession', [
      described('IN_PROGRESS'),
      described('IN_PROGRESS'),
      described('IN_PROGRESS'),
      described('COMPLETED'),
    ]);
    const onProgress = vi.fn();
    const result = voiceId.enrollSpeaker(onProgress);
    await vi.advanceTimersByTimeAsync(0);
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(1);
    expect(onProgress).toHaveBeenCalledTimes(1);
    expect(onProgress).toHaveBeenCalledWith({
      Session: {
        SessionId: 'session-1',
        StreamingStatus: 'ONGOING',
        EnrollmentRequestDetails: { Status: 'IN_PROGRESS' },
      },
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10000);
    await expect(result).resolves.toMatchObject({
      Session: { EnrollmentRequestDetails: { Status: 'COMPLETED' } },
    });
    expect(onProgress).toHaveBeenCalledTimes(1);
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(4);
  });

  it('keeps polling every 5000 ms on NOT_ENOUGH_SPEECH while streaming goes on', async () => {
    const { app, voiceId } = setup();
    app.sequence('AgentAppService.VoiceId.describeSession', [
      described('NOT_ENOUGH_SPEECH'),
      described('COMPLETED'),
    ]);
    const result = voiceId.enrollSpeaker();
    await vi.advanceTimersByTimeAsync(5000);
    await result;
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(2);
    expect(app.callsOf('AgentAppService.Nasa.startVoiceIdSession')).toHaveLength(0);
  });

  it('waits 8000 ms and starts a new session when streaming ENDED with NOT_ENOUGH_SPEECH, then describes again', async () => {
    const { app, voiceId } = setup();
    app.sequence('AgentAppService.VoiceId.describeSession', [
      described('NOT_ENOUGH_SPEECH', 'ENDED'),
      described('COMPLETED'),
    ]);
    const result = voiceId.enrollSpeaker();
    await vi.advanceTimersByTimeAsync(7999);
    expect(app.callsOf('AgentAppService.Nasa.startVoiceIdSession')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.callsOf('AgentAppService.Nasa.startVoiceIdSession')).toHaveLength(1);
    await result;
    expect(app.methods().slice(-2)).toEqual([
      'AgentAppService.Nasa.startVoiceIdSession',
      'AgentAppService.VoiceId.describeSession',
    ]);
  });

  it('rejects with start_session_failed when restarting the session fails', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSession', () =>
      described('NOT_ENOUGH_SPEECH', 'ENDED'),
    );
    app.on('AgentAppService.Nasa.startVoiceIdSession', () => failure(500));
    const result = rejectionOf(voiceId.enrollSpeaker());
    await vi.advanceTimersByTimeAsync(8000);
    expect((await result).type).toBe('start_session_failed');
  });

  it('rejects any other status with enroll_speaker_failed, carrying the message and the status', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSession', () =>
      described('FAILED', 'ONGOING', 'Audio too short'),
    );
    const error = await rejectionOf(voiceId.enrollSpeaker());
    expect(error.type).toBe('enroll_speaker_failed');
    expect(error.message).toBe('Audio too short');
    expect(error.err).toBe('FAILED');
    app.on('AgentAppService.VoiceId.describeSession', () => described('FAILED'));
    expect((await rejectionOf(voiceId.enrollSpeaker())).message).toBe(
      'enrollSpeaker failed. Unknown enrollment status has been received',
    );
  });

  it('polls at most 120 times, then rejects with enroll_speaker_timeout', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSession', () => described('IN_PROGRESS'));
    const result = rejectionOf(voiceId.enrollSpeaker());
    await vi.advanceTimersByTimeAsync(119 * 5000);
    const error = await result;
    expect(error.type).toBe('enroll_speaker_timeout');
    expect(error.message).toBe('enrollSpeaker timeout');
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(120);
  });

  it('honours shortened enrollment interval, limit and start-session delay', async () => {
    const { app, voiceId } = setup({
      enrollmentPollingInterval: 10,
      enrollmentMaxPollTimes: 4,
      startSessionDelay: 20,
    });
    app.sequence('AgentAppService.VoiceId.describeSession', [
      described('NOT_ENOUGH_SPEECH', 'ENDED'),
      described('NOT_ENOUGH_SPEECH'),
    ]);
    const result = rejectionOf(voiceId.enrollSpeaker());
    await vi.advanceTimersByTimeAsync(20 + 10 + 10);
    expect((await result).type).toBe('enroll_speaker_timeout');
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(4);
  });

  it('rejects with describe_session_failed when a poll fails (the original never settles)', async () => {
    const { app, voiceId } = setup();
    app.sequence('AgentAppService.VoiceId.describeSession', [
      described('IN_PROGRESS'),
      failure(500),
    ]);
    const result = rejectionOf(voiceId.enrollSpeaker());
    await vi.advanceTimersByTimeAsync(5000);
    expect((await result).type).toBe('describe_session_failed');
  });

  it('stops polling when its signal aborts', async () => {
    const { app, voiceId } = setup();
    app.on('AgentAppService.VoiceId.describeSession', () => described('IN_PROGRESS'));
    const controller = new AbortController();
    const result = voiceId.enrollSpeaker(undefined, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort(new Error('stop'));
    await expect(result).rejects.toThrow('stop');
    await vi.advanceTimersByTimeAsync(60000);
    expect(app.callsOf('AgentAppService.VoiceId.describeSession')).toHaveLength(1);
  });
});

describe('VoiceIdError', () => {
  it('is an Error with the type, the message and the original error attached', () => {
    const original = { status: 500 };
    const error = new VoiceIdError(
      VoiceIdErrorType.EVALUATE_SPEAKER_FAILED,
      'evaluateSpeaker failed',
      original,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('VoiceIdError');
    expect(error.type).toBe('evaluate_speaker_failed');
    expect(error.err).toBe(original);
    expect(error.cause).toBe(original);
    expect(typeof error.stack).toBe('string');
  });

  it('has the 19 error types of the spec', () => {
    expect(Object.values(VoiceIdErrorType)).toEqual([
      'no_speaker_id_found',
      'speaker_id_not_enrolled',
      'get_speaker_id_failed',
      'get_speaker_status_failed',
      'opt_out_speaker_failed',
      'opt_out_speaker_in_lcms_failed',
      'delete_speaker_failed',
      'start_session_failed',
      'evaluate_speaker_failed',
      'session_not_exists',
      'describe_session_failed',
      'enroll_speaker_failed',
      'update_speaker_id_failed',
      'update_speaker_id_in_lcms_failed',
      'not_supported_on_conference_calls',
      'enroll_speaker_timeout',
      'evaluate_speaker_timeout',
      'get_domain_id_failed',
      'no_domain_id_found',
    ]);
  });
});
