// The Voice ID methods of the compat `VoiceConnection` (amazon-connect-streams 2.18 names and
// promise shapes) on @x/voice-id, through a compat `connect` whose panel is the in-memory panel of
// `@x/connect-streams/testing` answering api_request from the scripted agent-app backend.
import { createConnect, installCompatVoiceId } from '@x/connect-streams/compat';
import { TestPanel } from '@x/connect-streams/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DOMAIN_ID,
  SPEAKER_ID,
  createFakeAgentApp,
  relayAgentAppToPanel,
} from '../../test/fake-agent-app';
import { installVoiceIdForCompat } from './index';

type Connect = ReturnType<typeof createConnect>;

async function connectedCall() {
  const panel = new TestPanel();
  panel.instance.configuration = {
    ...panel.instance.configuration,
    permissions: ['outboundCall', 'voiceId'],
  };
  const app = createFakeAgentApp();
  relayAgentAppToPanel(panel, app);
  const connect = createConnect({ initCCP: (_c, params) => panel.connect(params) });
  connect.core.initCCP({} as HTMLElement, { ccpUrl: 'https://test.my.connect.aws/ccp-v2/' });
  await panel.settle();
  panel.instance.setAgentState('Available');
  const contactId = panel.instance.incomingCall();
  await panel.settle();
  const contact = new connect.Contact(contactId);
  contact.accept();
  await panel.settle();
  const voice = contact.getAgentConnection() as InstanceType<Connect['VoiceConnection']>;
  return { panel, app, connect, contact, voice };
}

let connect: Connect | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  installVoiceIdForCompat();
});
afterEach(() => {
  connect?.core.terminate();
  vi.useRealTimers();
});

describe('compat VoiceConnection Voice ID methods (@x/voice-id/compat)', () => {
  it('the agent connection is a VoiceConnection with the 2.18 Voice ID methods', async () => {
    const call = await connectedCall();
    connect = call.connect;
    expect(call.voice).toBeInstanceOf(call.connect.VoiceConnection);
  });

  it('getVoiceIdSpeakerId resolves with the contact-record speaker id', async () => {
    const call = await connectedCall();
    connect = call.connect;
    await expect(call.voice.getVoiceIdSpeakerId()).resolves.toMatchObject({
      speakerId: SPEAKER_ID,
    });
  });

  it('getVoiceIdSpeakerStatus resolves with the described speaker (through the panel api_request)', async () => {
    const call = await connectedCall();
    connect = call.connect;
    await expect(call.voice.getVoiceIdSpeakerStatus()).resolves.toMatchObject({
      Speaker: { Status: 'ENROLLED' },
    });
    expect(call.panel.requests.map((r) => r.method)).toContain(
      'AgentAppService.VoiceId.describeSpeaker',
    );
    expect(call.app.callsOf('AgentAppService.VoiceId.describeSpeaker')[0]?.params).toEqual({
      SpeakerId: SPEAKER_ID,
      DomainId: DOMAIN_ID,
    });
  });

  it('evaluateSpeakerWithVoiceId(true) starts a session, waits 10000 ms and resolves with the decisions', async () => {
    const call = await connectedCall();
    connect = call.connect;
    const result = call.voice.evaluateSpeakerWithVoiceId(true);
    await vi.advanceTimersByTimeAsync(10000);
    await expect(result).resolves.toMatchObject({
      AuthenticationResult: { Decision: 'Authenticated' },
      FraudDetectionResult: { Decision: 'LowRisk' },
    });
    expect(call.app.callsOf('AgentAppService.Nasa.startVoiceIdSession')).toHaveLength(1);
  });

  it('optOutVoiceIdSpeaker, deleteVoiceIdSpeaker (and the d.ts name deleteVoiceIdSpeakerId), updateVoiceIdSpeakerId reach their operations', async () => {
    const call = await connectedCall();
    connect = call.connect;
    await call.voice.optOutVoiceIdSpeaker();
    await call.voice.deleteVoiceIdSpeaker();
    await call.voice.deleteVoiceIdSpeakerId();
    await call.voice.updateVoiceIdSpeakerId('new-speaker');
    expect(call.app.callsOf('AgentAppService.VoiceId.optOutSpeaker')).toHaveLength(1);
    expect(call.app.callsOf('AgentAppService.VoiceId.deleteSpeaker')).toHaveLength(2);
    expect(call.app.callsOf('AgentAppService.VoiceId.updateSession')[0]?.params).toMatchObject({
      SpeakerId: 'new-speaker',
    });
  });

  it('enrollSpeakerInVoiceId calls back once when audio collection is done and resolves COMPLETED', async () => {
    const call = await connectedCall();
    connect = call.connect;
    const described = (Status: string) => ({
      ok: true as const,
      data: { Session: { StreamingStatus: 'ONGOING', EnrollmentRequestDetails: { Status } } },
    });
    call.app.sequence('AgentAppService.VoiceId.describeSession', [
      described('IN_PROGRESS'),
      described('COMPLETED'),
    ]);
    const collected = vi.fn();
    const result = call.voice.enrollSpeakerInVoiceId(collected);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(result).resolves.toMatchObject({
      Session: { EnrollmentRequestDetails: { Status: 'COMPLETED' } },
    });
    expect(collected).toHaveBeenCalledOnce();
  });

  it('without @x/voice-id/compat the methods reject (they never throw synchronously)', async () => {
    const call = await connectedCall();
    connect = call.connect;
    installCompatVoiceId(undefined as never);
    const pending = call.voice.getVoiceIdSpeakerId();
    await expect(pending).rejects.toThrow(
      "Voice ID is not installed: import '@x/voice-id/compat' instead of '@x/connect-streams/compat'",
    );
  });
});
