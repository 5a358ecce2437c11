import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serve } from '../../test/support/serve';
import {
  createAgentAppRouter,
  createVoiceIdControlRouter,
  type AgentAppBackend,
} from './agent-app-router';
import type { VoiceIdContactView } from './voice-id-model';
import { VoiceIdSimulator } from './voice-id-simulator';

const TOKEN = 'tok-agent-1';
const DOMAIN = 'vid-domain-0001';
const contacts = new Map<string, VoiceIdContactView>();
const tasks: Record<string, unknown>[] = [];
const backend: AgentAppBackend = {
  instanceId: 'i-1',
  region: 'us-east-1',
  accountId: '111122223333',
  validateToken: (t) => t === TOKEN,
  taskTemplates: () => [
    {
      id: 'tt-1',
      name: 'Callback',
      status: 'ACTIVE',
      fields: [{ Id: { Name: 'Phone' }, Type: 'PHONE_NUMBER' }],
      versions: [1, 2],
      createdMs: 0,
      lastModifiedMs: 1000,
    },
  ],
  createTemplatedTask: (p) => {
    tasks.push(p);
    return { contactId: `task-${tasks.length}` };
  },
  updateContact: () => undefined,
  quickResponses: () => [
    { id: 'qr-1', name: 'Greeting', content: 'Hello there', shortcutKey: 'hi', channels: ['CHAT'] },
  ],
};
const voiceId = new VoiceIdSimulator({
  region: 'us-east-1',
  accountId: '111122223333',
  contact: (id) => contacts.get(id),
  now: () => Date.UTC(2026, 0, 1),
});

let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  server = await serve(createAgentAppRouter(backend, voiceId), createVoiceIdControlRouter(voiceId));
});
afterAll(() => server.close());
beforeEach(() => {
  voiceId.reset();
  contacts.clear();
  contacts.set('c-1', {
    contactId: 'c-1',
    initialContactId: 'c-1',
    customerId: 'cust-1',
    talkMs: 0,
    ended: false,
  });
});

/** Calls the agent-app endpoint as streams' AgentAppClient does. */
async function call(
  method: string,
  params: unknown,
  token = TOKEN,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/agent-app/api`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Amz-target': method,
      'X-Amz-Bearer': JSON.stringify({ 'lily-auth-emulated': token }),
    },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function control(
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}/control/voice-id${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const session = { SessionNameOrId: 'c-1', DomainId: DOMAIN };
const decisions = (b: Record<string, unknown>) => [
  (b.AuthenticationResult as { Decision?: string } | undefined)?.Decision,
  (b.FraudDetectionResult as { Decision?: string } | undefined)?.Decision,
];

describe('agent-app endpoint', () => {
  it('rejects a missing or unknown X-Amz-Bearer token with 401', async () => {
    const res = await call('AgentAppService.Lcms.getContact', { contactId: 'c-1' }, 'wrong');
    expect(res.status).toBe(401);
  });

  it('Acs.listIntegrationAssociations gives the Voice ID domain ARN (domain id after "domain/")', async () => {
    const res = await call('AgentAppService.Acs.listIntegrationAssociations', {
      InstanceId: 'i-1',
      IntegrationType: 'VOICE_ID',
    });
    const list = res.body.IntegrationAssociationSummaryList as { IntegrationArn: string }[];
    expect(list[0]?.IntegrationArn).toBe(`arn:aws:voiceid:us-east-1:111122223333:domain/${DOMAIN}`);
    await control('PATCH', '/settings', { enabled: false });
    const none = await call('AgentAppService.Acs.listIntegrationAssociations', {
      InstanceId: 'i-1',
      IntegrationType: 'VOICE_ID',
    });
    expect(none.body.IntegrationAssociationSummaryList).toEqual([]);
    await control('PATCH', '/settings', { enabled: true });
  });

  it('Lcms.getContact returns contactData.customerId', async () => {
    const res = await call('AgentAppService.Lcms.getContact', {
      contactId: 'c-1',
      instanceId: 'i-1',
      awsAccountId: '111122223333',
    });
    expect(res.body).toEqual({
      contactData: { contactId: 'c-1', initialContactId: 'c-1', customerId: 'cust-1' },
    });
  });

  it('describeSpeaker answers 404 for a speaker that is not enrolled, and the status once configured', async () => {
    expect(
      (
        await call('AgentAppService.VoiceId.describeSpeaker', {
          SpeakerId: 'cust-1',
          DomainId: DOMAIN,
        })
      ).status,
    ).toBe(404);
    await control('PUT', '/customers/cust-1', { speakerStatus: 'ENROLLED' });
    const res = await call('AgentAppService.VoiceId.describeSpeaker', {
      SpeakerId: 'cust-1',
      DomainId: DOMAIN,
    });
    expect((res.body.Speaker as { Status: string }).Status).toBe('ENROLLED');
  });

  it('evaluateSession is NOT_ENOUGH_SPEECH until enough talk time, then the configured decisions', async () => {
    await control('PUT', '/customers/cust-1', {
      speakerStatus: 'ENROLLED',
      authentication: 'REJECT',
      fraud: 'HIGH_RISK',
    });
    const start = await call('AgentAppService.Nasa.startVoiceIdSession', {
      contactId: 'c-1',
      instanceId: 'i-1',
      domainId: DOMAIN,
      clientToken: 'x',
    });
    expect(typeof start.body.sessionId).toBe('string');
    const early = await call('AgentAppService.VoiceId.evaluateSession', session);
    expect(early.body.StreamingStatus).toBe('ONGOING');
    expect(decisions(early.body)).toEqual(['NOT_ENOUGH_SPEECH', 'NOT_ENOUGH_SPEECH']);
    contacts.get('c-1')!.talkMs = 9_999;
    expect(
      decisions((await call('AgentAppService.VoiceId.evaluateSession', session)).body),
    ).toEqual(['NOT_ENOUGH_SPEECH', 'NOT_ENOUGH_SPEECH']);
    contacts.get('c-1')!.talkMs = 10_000;
    expect(
      decisions((await call('AgentAppService.VoiceId.evaluateSession', session)).body),
    ).toEqual(['REJECT', 'HIGH_RISK']);
  });

  it('an unenrolled or opted-out speaker evaluates as SPEAKER_NOT_ENROLLED / SPEAKER_OPTED_OUT', async () => {
    contacts.get('c-1')!.talkMs = 20_000;
    expect(
      decisions((await call('AgentAppService.VoiceId.evaluateSession', session)).body)[0],
    ).toBe('SPEAKER_NOT_ENROLLED');
    const out = await call('AgentAppService.VoiceId.optOutSpeaker', {
      SpeakerId: 'cust-1',
      DomainId: DOMAIN,
    });
    expect((out.body.Speaker as { Status: string }).Status).toBe('OPTED_OUT');
    expect(
      decisions((await call('AgentAppService.VoiceId.evaluateSession', session)).body)[0],
    ).toBe('SPEAKER_OPTED_OUT');
  });

  it('held speech stays NOT_ENOUGH_SPEECH whatever the talk time, and counts again once released', async () => {
    await control('PUT', '/customers/cust-1', { speakerStatus: 'ENROLLED', holdSpeech: true });
    contacts.get('c-1')!.talkMs = 60_000;
    expect(
      decisions((await call('AgentAppService.VoiceId.evaluateSession', session)).body),
    ).toEqual(['NOT_ENOUGH_SPEECH', 'NOT_ENOUGH_SPEECH']);
    await control('PUT', '/customers/cust-1', { holdSpeech: false });
    contacts.get('c-1')!.talkMs = 70_000;
    expect(
      decisions((await call('AgentAppService.VoiceId.evaluateSession', session)).body),
    ).toEqual(['ACCEPT', 'LOW_RISK']);
  });

  it('the control API adds speech to a session', async () => {
    await control('PUT', '/customers/cust-1', { speakerStatus: 'ENROLLED' });
    const view = await control('POST', '/sessions/c-1/speech', { addMs: 12_000 });
    expect(view.speechMs).toBe(12_000);
    expect(
      decisions((await call('AgentAppService.VoiceId.evaluateSession', session)).body),
    ).toEqual(['ACCEPT', 'LOW_RISK']);
  });

  it('streaming is PENDING_CONFIGURATION at first when configured, and ENDED after the contact ends', async () => {
    await control('PATCH', '/settings', { pendingConfigurationMs: 5_000 });
    expect(
      (await call('AgentAppService.VoiceId.evaluateSession', session)).body.StreamingStatus,
    ).toBe('PENDING_CONFIGURATION');
    contacts.get('c-1')!.talkMs = 5_000;
    expect(
      (await call('AgentAppService.VoiceId.evaluateSession', session)).body.StreamingStatus,
    ).toBe('ONGOING');
    contacts.get('c-1')!.ended = true;
    expect(
      (await call('AgentAppService.VoiceId.evaluateSession', session)).body.StreamingStatus,
    ).toBe('ENDED');
    await control('PATCH', '/settings', { pendingConfigurationMs: 0 });
  });

  it('enrollBySession completes after enough speech, through IN_PROGRESS, and enrolls the speaker', async () => {
    await call('AgentAppService.VoiceId.updateSession', { ...session, SpeakerId: 'cust-1' });
    const enroll = await call('AgentAppService.VoiceId.enrollBySession', session);
    expect(enroll.body.Status).toBe('NOT_ENOUGH_SPEECH');
    const describe1 = await call('AgentAppService.VoiceId.describeSession', session);
    expect(describe1.body.Session).toMatchObject({
      EnrollmentRequestDetails: { Status: 'NOT_ENOUGH_SPEECH' },
      StreamingStatus: 'ONGOING',
    });
    contacts.get('c-1')!.talkMs = 30_000;
    const describe2 = await call('AgentAppService.VoiceId.describeSession', session);
    expect(
      (describe2.body.Session as { EnrollmentRequestDetails: unknown }).EnrollmentRequestDetails,
    ).toEqual({ Status: 'IN_PROGRESS' });
    const describe3 = await call('AgentAppService.VoiceId.describeSession', session);
    expect(
      (describe3.body.Session as { EnrollmentRequestDetails: unknown }).EnrollmentRequestDetails,
    ).toEqual({ Status: 'COMPLETED' });
    const speaker = await call('AgentAppService.VoiceId.describeSpeaker', {
      SpeakerId: 'cust-1',
      DomainId: DOMAIN,
    });
    expect((speaker.body.Speaker as { Status: string }).Status).toBe('ENROLLED');
  });

  it('a customer configured to fail enrollment gets FAILED with a message', async () => {
    await control('PUT', '/customers/cust-1', { enrollment: 'FAILED' });
    await control('PATCH', '/settings', { enrollmentInProgressPolls: 0 });
    contacts.get('c-1')!.talkMs = 40_000;
    expect((await call('AgentAppService.VoiceId.enrollBySession', session)).body.Status).toBe(
      'FAILED',
    );
    const d = await call('AgentAppService.VoiceId.describeSession', session);
    expect(
      (d.body.Session as { EnrollmentRequestDetails: { Message?: string } })
        .EnrollmentRequestDetails.Message,
    ).toMatch(/failed/);
    await control('PATCH', '/settings', { enrollmentInProgressPolls: 1 });
  });

  it('deleteSpeaker removes the speaker; session calls for unknown contacts answer 404', async () => {
    await control('PUT', '/customers/cust-1', { speakerStatus: 'OPTED_OUT' });
    expect(
      (
        await call('AgentAppService.VoiceId.deleteSpeaker', {
          SpeakerId: 'cust-1',
          DomainId: DOMAIN,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('AgentAppService.VoiceId.describeSpeaker', {
          SpeakerId: 'cust-1',
          DomainId: DOMAIN,
        })
      ).status,
    ).toBe(404);
    const missing = await call('AgentAppService.VoiceId.evaluateSession', {
      SessionNameOrId: 'c-404',
      DomainId: DOMAIN,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.__type).toBe('ResourceNotFoundException');
  });

  it('Lcms.updateVoiceIdData is recorded for the control API', async () => {
    await call('AgentAppService.Lcms.updateVoiceIdData', {
      ContactId: 'c-1',
      CustomerId: 'cust-1',
      VoiceIdResult: { generatedSpeakerId: 'g' },
    });
    expect((await control('GET', '/lcms-updates')).updates).toEqual([
      { ContactId: 'c-1', CustomerId: 'cust-1', VoiceIdResult: { generatedSpeakerId: 'g' } },
    ]);
  });

  it('quick responses: qrIntegrationExists and qrSearchQuickResponses', async () => {
    expect((await call('qrIntegrationExists', {})).body).toEqual({ exists: true });
    const res = await call('qrSearchQuickResponses', { query: 'hello' });
    expect((res.body.results as { name: string }[]).map((r) => r.name)).toEqual(['Greeting']);
  });

  it('startScreenSharing {InstanceId, ContactId, ParticipantId} answers {} for this instance and 404 for another, 400 without ids', async () => {
    const ok = await call('startScreenSharing', {
      InstanceId: 'i-1',
      ContactId: 'c-1',
      ParticipantId: 'p-1',
    });
    expect(ok).toEqual({ status: 200, body: {} });
    const other = await call('startScreenSharing', {
      InstanceId: 'i-2',
      ContactId: 'c-1',
      ParticipantId: 'p-1',
    });
    expect(other.status).toBe(404);
    expect((await call('startScreenSharing', { InstanceId: 'i-1' })).status).toBe(400);
  });
});

describe('task-templates proxy', () => {
  const headers = {
    Cookie: `lily-auth-emulated=${TOKEN}`,
    'x-csrf-token': 'csrf',
    'Content-Type': 'application/json',
  };
  const base = () => `${server.url}/task-templates/api/ccp`;

  it('checks the session cookie and the CSRF header', async () => {
    expect(
      (
        await fetch(`${base()}/proxy/instance/i-1/task/template`, {
          headers: { 'x-csrf-token': 'csrf' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await fetch(`${base()}/proxy/instance/i-1/task/template`, {
          headers: { Cookie: headers.Cookie },
        })
      ).status,
    ).toBe(403);
  });

  it('lists templates and gets one by snapshotVersion', async () => {
    const list = (await (
      await fetch(`${base()}/proxy/instance/i-1/task/template?status=ACTIVE`, { headers })
    ).json()) as {
      TaskTemplates: { Id: string }[];
    };
    expect(list.TaskTemplates.map((t) => t.Id)).toEqual(['tt-1']);
    const one = (await (
      await fetch(`${base()}/proxy/instance/i-1/task/template/tt-1?snapshotVersion=1`, { headers })
    ).json()) as Record<string, unknown>;
    expect(one).toMatchObject({ Id: 'tt-1', SnapshotVersion: 1, Name: 'Callback' });
    expect(
      (
        await fetch(`${base()}/proxy/instance/i-1/task/template/tt-1?snapshotVersion=7`, {
          headers,
        })
      ).status,
    ).toBe(404);
  });

  it('createTemplatedTask (PUT) creates a task and updateContact (POST) answers {}', async () => {
    const created = await fetch(`${base()}/createTemplatedTask`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ templateId: 'tt-1', name: 'Call back' }),
    });
    expect(await created.json()).toEqual({ ContactId: 'task-1' });
    const updated = await fetch(`${base()}/updateContact`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ contactId: 'task-1' }),
    });
    expect(await updated.json()).toEqual({});
  });
});
