import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectError } from '../errors';
import { TestPanel } from '../testing/test-panel';

async function setup(now?: () => number) {
  const panel = new TestPanel({ now });
  const ccp = panel.connect();
  await panel.settle();
  panel.instance.setAgentState('Available');
  await panel.settle();
  return { panel, ccp, last: () => panel.requests.at(-1) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('agent model', () => {
  it('reads state, configuration, routing profile, permissions, dialable countries, instance and account ids', async () => {
    const { ccp } = await setup();
    const a = ccp.agent;
    expect(a.getState()).toMatchObject({ name: 'Available', type: 'routable' });
    expect(a.getNextState()).toBeNull();
    expect(a.getName()).toBe('Test Agent');
    expect(a.getPermissions()).toEqual(['outboundCall']);
    expect(a.getDialableCountries()).toEqual(['us']);
    expect(a.getRoutingProfile().name).toBe('Basic');
    expect(a.getInstanceId()).toBe('11111111-2222-3333-4444-555555555555');
    expect(a.getAccountId()).toBe('123456789012');
    expect(a.getResourceId()).toBe('test-agent');
    expect(a.isSoftphoneEnabled()).toBe(true);
    expect(a.getChannelConcurrency('CHAT')).toBe(2);
    ccp.terminate();
  });

  it('default channel concurrency is 1 for VOICE and CHAT and none for TASK when the routing profile gives none', async () => {
    const { ccp, panel } = await setup();
    const snap = panel.instance.snapshot();
    const rp = { ...snap.configuration.routingProfile, channelConcurrencyMap: undefined };
    panel.pushAgentUpdate({
      ...snap,
      configuration: { ...snap.configuration, routingProfile: rp },
    });
    await panel.settle();
    expect(ccp.agent.getChannelConcurrency()).toEqual({ VOICE: 1, CHAT: 1 });
    expect(ccp.agent.getChannelConcurrency('TASK')).toBe(0);
    ccp.terminate();
  });

  it('reading before agent data throws "No agent data is available yet!"', () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    expect(() => ccp.agent.getState()).toThrow('No agent data is available yet!');
    expect(ccp.agent.isInitialized()).toBe(false);
    ccp.terminate();
  });

  it('getStateDuration is now − startTimestamp + skew', async () => {
    let t = 1_000_000;
    const { ccp, panel } = await setup(() => t);
    panel.instance.skew = -12;
    panel.instance.setAgentState('Lunch');
    await panel.settle();
    t += 5000;
    expect(ccp.agent.getStateDuration()).toBe(5000 - 12);
    ccp.terminate();
  });

  it('setState sends putAgentState {state, enqueueNextState} and fires enqueuedNextState when queued', async () => {
    const { ccp, panel, last } = await setup();
    const lunch = ccp.agent.getAgentStates().find((s) => s.name === 'Lunch')!;
    await ccp.agent.setState(lunch);
    expect(last()).toMatchObject({
      method: 'putAgentState',
      params: { state: lunch, enqueueNextState: false },
    });
    await ccp.agent.setState(ccp.agent.getAgentStates()[0]!);
    panel.instance.incomingCall();
    await panel.settle();
    const enqueued = vi.fn();
    ccp.agent.on('enqueuedNextState', enqueued);
    await ccp.agent.setState(lunch, { enqueueNextState: true });
    await panel.settle();
    expect(last()!.params.enqueueNextState).toBe(true);
    expect(enqueued).toHaveBeenCalledTimes(1);
    expect(ccp.agent.getNextState()?.name).toBe('Lunch');
    ccp.terminate();
  });

  it('setConfiguration copies LANGUAGE to locale, sends the update fields and reloads the configuration', async () => {
    const { ccp, panel, last } = await setup();
    await ccp.agent.setConfiguration({
      name: 'Jane',
      softphoneEnabled: true,
      softphoneAutoAccept: false,
      extension: '+1555',
      routingProfile: {
        name: 'Basic',
        routingProfileARN: 'arn:rp',
        defaultOutboundQueue: { queueARN: 'arn:q', name: 'Q' },
      },
      agentPreferences: { LANGUAGE: 'de_DE' },
    });
    expect(last()).toMatchObject({
      method: 'updateAgentConfiguration',
      params: {
        configuration: {
          name: 'Jane',
          agentPreferences: { LANGUAGE: 'de_DE', locale: 'de_DE' },
          routingProfile: { defaultOutboundQueue: { queueARN: 'arn:q', name: 'Q' } },
        },
      },
    });
    await panel.settle();
    expect(panel.received.map((m) => m.event)).toContain('reload_agent_configuration');
    ccp.terminate();
  });

  it('setConfiguration with an unsupported locale fails with InvalidLocale and sends nothing', async () => {
    const { ccp, panel } = await setup();
    const n = panel.requests.length;
    const err = (await ccp.agent
      .setConfiguration({ agentPreferences: { locale: 'xx_XX' } })
      .catch((e: unknown) => e)) as ConnectError;
    expect(err).toBeInstanceOf(ConnectError);
    expect(err.errorKey).toBe('InvalidLocale');
    expect(panel.requests).toHaveLength(n);
    ccp.terminate();
  });

  it('connect sends createOutboundContact {endpoint, queueARN, relatedContactId} with the default outbound queue', async () => {
    const { ccp, last } = await setup();
    const endpoint = { type: 'phone_number' as const, phoneNumber: '+15555550111' };
    await ccp.agent.connect(endpoint);
    expect(last()).toMatchObject({
      method: 'createOutboundContact',
      params: { endpoint, queueARN: ccp.agent.getRoutingProfile().defaultOutboundQueue?.queueARN },
    });
    await ccp.agent.connect(endpoint, { queueARN: 'arn:q2', relatedContactId: 'c-0' });
    expect(last()!.params).toEqual({ endpoint, queueARN: 'arn:q2', relatedContactId: 'c-0' });
    ccp.terminate();
  });

  it('getEndpoints pages by nextToken with maxResults 500 and caches the result', async () => {
    const { ccp, panel } = await setup();
    const pages: Record<
      string,
      { endpoints: { type: string; name: string }[]; nextToken: string | null }
    > = {
      start: { endpoints: [{ type: 'agent', name: 'a' }], nextToken: 't1' },
      t1: { endpoints: [{ type: 'queue', name: 'q' }], nextToken: null },
    };
    panel.handle('getEndpoints', (p) => pages[(p.nextToken as string | null) ?? 'start']);
    const eps = await ccp.agent.getEndpoints(['arn:q']);
    expect(eps.map((e) => e.name)).toEqual(['a', 'q']);
    const calls = panel.requests.filter((r) => r.method === 'getEndpoints');
    expect(calls.map((r) => r.params)).toEqual([
      { queueARNs: ['arn:q'], nextToken: null, maxResults: 500 },
      { queueARNs: ['arn:q'], nextToken: 't1', maxResults: 500 },
    ]);
    await ccp.agent.getEndpoints(['arn:q']);
    expect(panel.requests.filter((r) => r.method === 'getEndpoints')).toHaveLength(2);
    ccp.terminate();
  });

  it('mute/unmute and device selection are broadcast; echoes raise configuration events', async () => {
    const { ccp, panel } = await setup();
    const devices: string[] = [];
    ccp.agent.on('deviceChanged', (d) => devices.push(`${d.kind}:${d.deviceId}`));
    ccp.agent.mute();
    ccp.agent.unmute();
    ccp.agent.setSpeakerDevice('s1');
    ccp.agent.setMicrophoneDevice('m1');
    ccp.agent.setRingerDevice('r1');
    await panel.settle();
    expect(panel.sent('broadcast')).toEqual([
      { event: 'mute', data: { mute: true } },
      { event: 'mute', data: { mute: false } },
      { event: 'configuration::set_speaker_device', data: { deviceId: 's1' } },
      { event: 'configuration::set_microphone_device', data: { deviceId: 'm1' } },
      { event: 'configuration::set_ringer_device', data: { deviceId: 'r1' } },
    ]);
    expect(devices).toEqual(['speaker:s1', 'microphone:m1', 'ringer:r1']);
    ccp.terminate();
  });
});
