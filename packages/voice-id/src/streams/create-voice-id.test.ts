import { describe, expect, it, vi } from 'vitest';
import { DOMAIN_ID, SPEAKER_ID, createFakeAgentApp } from '../../test/fake-agent-app';
import type { AgentAppMethod } from '../constants';
import { VoiceIdError } from '../errors/voice-id-error';
import { createVoiceId, type VoiceIdCcp, type VoiceIdStreamsContact } from './create-voice-id';

/** A Ccp whose request channel answers agent-app methods from the fake backend, as the panel would. */
function fakeCcp(permissions: string[] = ['outboundCall', 'voiceId']) {
  const app = createFakeAgentApp();
  const handlers = new Map<string, (data: unknown) => void>();
  const sent: { event: string; data: unknown }[] = [];
  const ccp: VoiceIdCcp = {
    agent: {
      getPermissions: () => permissions,
      getInstanceId: () => 'instance-1',
      getAccountId: () => '111122223333',
    },
    client: {
      async request(method, params) {
        const result = await app.transport.call(method as AgentAppMethod, params as never);
        if (result.ok) return result.data;
        // The streams worker rejects with the agent-app error body (status added) as a JSON string.
        const err = JSON.stringify({
          ...(result.error.body as object),
          status: result.error.status,
        });
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw err;
      },
    },
    send: (event, data) => sent.push({ event, data }),
    onMessage(event, handler) {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    },
  };
  const deliver = (event: string, data: unknown) => handlers.get(event)?.(data);
  return { app, ccp, sent, deliver };
}

function fakeContact(activeConnections = 2): VoiceIdStreamsContact {
  return {
    contactId: 'contact-1',
    getInitialContactId: () => 'initial-contact-1',
    getConnections: () =>
      Array.from({ length: activeConnections + 1 }, (_, i) => ({ isActive: () => i > 0 })),
  };
}

describe('createVoiceId (bound to a connect-streams contact)', () => {
  it('calls the agent-app operations through the panel request channel', async () => {
    const { app, ccp } = fakeCcp();
    const voiceId = createVoiceId(fakeContact(), { ccp });
    await expect(voiceId.getSpeakerId()).resolves.toEqual({ speakerId: SPEAKER_ID });
    expect(app.calls[0]).toEqual({
      method: 'AgentAppService.Lcms.getContact',
      params: { contactId: 'contact-1', instanceId: 'instance-1', awsAccountId: '111122223333' },
    });
  });

  it('reads the status of a panel error (404 on describeSpeaker means not enrolled)', async () => {
    const { app, ccp } = fakeCcp();
    app.on('AgentAppService.VoiceId.describeSpeaker', () => ({
      ok: false,
      error: { status: 404, body: { message: 'no speaker' } },
    }));
    await expect(createVoiceId(fakeContact(), { ccp }).getSpeakerStatus()).resolves.toEqual({
      status: 404,
      type: 'speaker_id_not_enrolled',
      message: 'no speaker',
    });
  });

  it('needs the voiceId permission of the agent', async () => {
    const { ccp } = fakeCcp(['outboundCall']);
    const error = await createVoiceId(fakeContact(), { ccp })
      .getDomainId()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceIdError);
    expect((error as VoiceIdError).message).toBe("Agent doesn't have the permission for Voice ID");
  });

  it('broadcasts a found domain id (voiceId::update_domain_id) and caches it for the whole Ccp', async () => {
    const { app, ccp, sent } = fakeCcp();
    await createVoiceId(fakeContact(), { ccp }).getDomainId();
    await createVoiceId(fakeContact(), { ccp }).getDomainId();
    expect(app.callsOf('AgentAppService.Acs.listIntegrationAssociations')).toHaveLength(1);
    expect(sent).toEqual([
      {
        event: 'broadcast',
        data: { event: 'voiceId::update_domain_id', data: { domainId: DOMAIN_ID } },
      },
    ]);
  });

  it('takes the domain id from a voiceId::update_domain_id broadcast of another tab', async () => {
    const { app, ccp, deliver } = fakeCcp();
    const voiceId = createVoiceId(fakeContact(), { ccp });
    deliver('voiceId::update_domain_id', { domainId: 'dom-other-tab' });
    await expect(voiceId.getDomainId()).resolves.toBe('dom-other-tab');
    expect(app.calls).toEqual([]);
  });

  it('counts active connections: 3 active is a conference and is refused', async () => {
    const { ccp } = fakeCcp();
    const onError = vi.fn();
    await createVoiceId(fakeContact(3), { ccp }).evaluateSpeaker().catch(onError);
    expect((onError.mock.calls[0]?.[0] as VoiceIdError).type).toBe(
      'not_supported_on_conference_calls',
    );
    await expect(createVoiceId(fakeContact(2), { ccp }).getSpeakerId()).resolves.toBeDefined();
  });
});
