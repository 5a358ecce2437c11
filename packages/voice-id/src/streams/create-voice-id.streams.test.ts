// createVoiceId on real @x/connect-streams objects: a Ccp connected to the in-memory panel of
// `@x/connect-streams/testing`, whose api_request answers come from the scripted agent-app backend.
import { TestPanel } from '@x/connect-streams/testing';
import type { Ccp, Contact } from '@x/connect-streams';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  DOMAIN_ID,
  SPEAKER_ID,
  createFakeAgentApp,
  relayAgentAppToPanel,
} from '../../test/fake-agent-app';
import type { VoiceIdError } from '../errors/voice-id-error';
import { createVoiceId, type VoiceIdCcp, type VoiceIdStreamsContact } from './create-voice-id';

const INSTANCE_ID = '11111111-2222-3333-4444-555555555555';

async function connectedCall(permissions: string[] = ['outboundCall', 'voiceId']) {
  const panel = new TestPanel();
  panel.instance.configuration = { ...panel.instance.configuration, permissions };
  const app = createFakeAgentApp();
  relayAgentAppToPanel(panel, app);
  const ccp = panel.connect();
  await panel.settle();
  panel.instance.setAgentState('Available');
  const contactId = panel.instance.incomingCall();
  await panel.settle();
  const contact = ccp.contacts.get(contactId)!;
  await contact.accept();
  await panel.settle();
  return { panel, app, ccp, contact };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createVoiceId on an @x/connect-streams contact', () => {
  it('accepts a real Ccp and Contact', () => {
    expectTypeOf<Ccp>().toExtend<VoiceIdCcp>();
    expectTypeOf<Contact>().toExtend<VoiceIdStreamsContact>();
  });

  it('sends agent-app operations to the panel as api_request and evaluates the speaker', async () => {
    const { panel, app, ccp, contact } = await connectedCall();
    const result = createVoiceId(contact, { ccp }).evaluateSpeaker(true);
    await vi.advanceTimersByTimeAsync(10000);
    await expect(result).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Authenticated' },
      FraudDetectionResult: { Decision: 'LowRisk' },
    });
    expect(panel.requests.map((r) => r.method)).toContain(
      'AgentAppService.VoiceId.evaluateSession',
    );
    expect(app.callsOf('AgentAppService.Lcms.getContact')[0]?.params).toEqual({
      contactId: contact.contactId,
      instanceId: INSTANCE_ID,
      awsAccountId: '123456789012',
    });
    expect(app.callsOf('AgentAppService.VoiceId.evaluateSession')[0]?.params).toEqual({
      SessionNameOrId: contact.getInitialContactId(),
      DomainId: DOMAIN_ID,
    });
  });

  it('broadcasts the domain id through the panel (voiceId::update_domain_id)', async () => {
    const { panel, ccp, contact } = await connectedCall();
    await createVoiceId(contact, { ccp }).getDomainId();
    expect(panel.sent('broadcast')).toContainEqual({
      event: 'voiceId::update_domain_id',
      data: { domainId: DOMAIN_ID },
    });
  });

  it('reads the status of a panel error: 404 from describeSpeaker means not enrolled', async () => {
    const { app, ccp, contact } = await connectedCall();
    app.on('AgentAppService.VoiceId.describeSpeaker', () => ({
      ok: false,
      error: { status: 404, body: { message: 'Speaker not found' } },
    }));
    await expect(createVoiceId(contact, { ccp }).getSpeakerStatus()).resolves.toEqual({
      status: 404,
      type: 'speaker_id_not_enrolled',
      message: 'Speaker not found',
    });
    expect(app.callsOf('AgentAppService.VoiceId.describeSpeaker')[0]?.params).toEqual({
      SpeakerId: SPEAKER_ID,
      DomainId: DOMAIN_ID,
    });
  });

  it('refuses an agent without the voiceId permission', async () => {
    const { ccp, contact } = await connectedCall(['outboundCall']);
    await expect(createVoiceId(contact, { ccp }).getDomainId()).rejects.toMatchObject({
      type: 'get_domain_id_failed',
      message: "Agent doesn't have the permission for Voice ID",
    });
  });

  it('refuses a conference (3 active connections) with a rejected promise', async () => {
    const { panel, ccp, contact } = await connectedCall();
    const update = panel.instance.snapshot();
    const data = update.snapshot.contacts.find((c) => c.contactId === contact.contactId)!;
    const third = { ...data.connections[1]!, connectionId: 'third-party', initial: false };
    panel.pushAgentUpdate({
      ...update,
      snapshot: {
        ...update.snapshot,
        contacts: [{ ...data, connections: [...data.connections, third] }],
      },
    });
    await panel.settle();
    const error = (await createVoiceId(contact, { ccp })
      .enrollSpeaker()
      .catch((e: unknown) => e)) as VoiceIdError;
    expect(error.type).toBe('not_supported_on_conference_calls');
    expect(error.message).toBe('VoiceId is not supported for conference calls');
  });
});
