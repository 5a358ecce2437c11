// A TypeScript integration typed against amazon-connect-streams 2.18.7: the agent, every call and
// callback its index.d.ts declares. See core.ts.

function describeState(state: connect.AgentState): string {
  switch (state.type) {
    case connect.AgentStateType.ROUTABLE:
      return `${state.name} (routable since ${state.startTimestamp.toISOString()})`;
    case connect.AgentStateType.NOT_ROUTABLE:
    case connect.AgentStateType.OFFLINE:
      return state.name;
    default:
      return `${state.name} [${state.agentStateARN ?? 'system'}]`;
  }
}

function onAgent(agent: connect.Agent): void {
  console.log(describeState(agent.getState()), describeState(agent.getStatus()));
  const availability: connect.AgentAvailabilityState = agent.getAvailabilityState();
  console.log(availability.state, availability.type === connect.AgentStateType.SYSTEM);
  const next = agent.getNextState();
  console.log(next.name, agent.getStateDuration());

  const name: string = agent.getName();
  const arn: string = agent.getAgentARN();
  const extension: string = agent.getExtension();
  const countries: string[] = agent.getDialableCountries();
  const permissions: string[] = agent.getPermissions();
  const softphone: boolean = agent.isSoftphoneEnabled();
  console.log(name, arn, extension, countries, permissions, softphone);

  const states: connect.AgentStateDefinition[] = agent.getAgentStates();
  const lunch = states.find((s) => s.name === 'Lunch');
  if (lunch) {
    agent.setState(lunch, {
      success: () => console.log('state set'),
      failure: (err: string) => console.error(JSON.parse(err)),
    });
    agent.setState(lunch, { success: () => undefined }, { enqueueNextState: true });
    agent.setStatus(lunch);
  }

  const profile: connect.AgentRoutingProfile = agent.getRoutingProfile();
  const queues: connect.Queue[] = profile.queues;
  const outbound: connect.Queue = profile.defaultOutboundQueue;
  console.log(profile.name, profile.routingProfileARN, queues.length, outbound.queueARN);
  const concurrency: connect.AgentChannelConcurrencyMap = agent.getChannelConcurrency();
  const voice: number = agent.getChannelConcurrency(connect.ChannelType.VOICE);
  console.log(concurrency[connect.ChannelType.CHAT], voice, agent.getAllQueueARNs());

  // The configuration round trip: what getConfiguration() gives, setConfiguration() takes.
  const configuration: connect.AgentConfiguration = agent.getConfiguration();
  configuration.softphoneEnabled = !configuration.softphoneEnabled;
  configuration.extension = '+15555550100';
  agent.setConfiguration(configuration, {
    success: () => console.log('saved'),
    failure: (err) => console.error(err),
  });
  console.log(
    configuration.username,
    configuration.agentARN,
    configuration.agentPreferences?.locale,
    configuration.softphoneAutoAccept,
  );

  agent.getEndpoints(agent.getAllQueueARNs(), {
    success: (result: connect.GetEndpointsResult) => {
      const endpoints: connect.Endpoint[] = result.endpoints;
      const first = endpoints[0];
      if (first) {
        console.log(first.name, first.type === connect.EndpointType.QUEUE, first.phoneNumber);
        agent.connect(first, { queueARN: outbound.queueARN });
      }
      console.log(result.addresses.length);
    },
    failure: (err) => console.error(err),
  });
  agent.getEndpoints('arn:queue', { success: () => undefined });

  const endpoint: connect.Endpoint = connect.Endpoint.byPhoneNumber('+15555550123');
  agent.connect(endpoint, {
    queueARN: outbound.queueARN,
    relatedContactId: 'contact-0',
    success: () => console.log('dialing'),
    failure: (err: string) => console.error(err),
  });
  agent.connect(endpoint);

  const contacts: connect.Contact[] = agent.getContacts(connect.ContactType.VOICE);
  console.log(
    contacts.map((c) => c.getContactId()),
    agent.getContacts().length,
  );
  const snapshot: connect.Agent = agent.toSnapshot();
  console.log(snapshot.getState().name);

  agent.mute();
  agent.unmute();
  agent.setSpeakerDevice('speaker-1');
  agent.setMicrophoneDevice('mic-1');
  agent.setRingerDevice('ringer-1');
  agent.setCameraDevice('camera-1');
  agent.setBackgroundBlur(true);
}

connect.agent((agent) => {
  onAgent(agent);
  const subs: connect.Subscription[] = [
    agent.onRefresh((a: connect.Agent) => console.log(a.getState().name)),
    agent.onStateChange((change: connect.AgentStateChange) => {
      console.log(change.oldState, change.newState, change.agent.getContacts().length);
      if (change.newState === connect.AgentAvailStates.PENDING_BUSY) console.log('ringing');
      if (change.newState === connect.AgentErrorStates.MISSED_CALL_AGENT) console.log('missed');
    }),
    agent.onRoutable(() => console.log('routable')),
    agent.onNotRoutable(() => console.log('not routable')),
    agent.onOffline(() => console.log('offline')),
    agent.onError((a) => console.log('error', a.getState().name)),
    agent.onSoftphoneError((error: connect.SoftphoneError) => {
      console.log(error.errorType, error.errorMessage, error.endPointUrl);
      console.log(error.getErrorType(), error.getErrorMessage(), error.getEndPointUrl());
      if (error.errorType === connect.SoftphoneErrorTypes.MICROPHONE_NOT_SHARED) console.log('mic');
    }),
    agent.onAfterCallWork(() => console.log('acw')),
    agent.onMuteToggle((status: connect.AgentMutedStatus) => console.log(status.muted)),
    agent.onLocalMediaStreamCreated((change) => console.log(change.deviceId)),
    agent.onSpeakerDeviceChanged((change: connect.UserMediaDeviceChange) =>
      console.log(change.deviceId),
    ),
    agent.onMicrophoneDeviceChanged((change) => console.log(change.deviceId)),
    agent.onRingerDeviceChanged((change) => console.log(change.deviceId)),
    agent.onCameraDeviceChanged((change) => console.log(change.deviceId)),
    agent.onBackgroundBlurChanged((change: connect.UserBackgroundBlurChange) =>
      console.log(change.isBackgroundBlurEnabled),
    ),
    agent.onEnqueuedNextState((a) => console.log(a.getNextState().name)),
  ];
  agent.onWebSocketConnectionLost(() => console.log('ws lost'));
  agent.onWebSocketConnectionGained(() => console.log('ws gained'));
  window.addEventListener('unload', () => subs.forEach((s) => s.unsubscribe()));
});

export function currentAgentName(): string {
  return new connect.Agent().getName();
}

// @ts-expect-error setState needs a state definition
new connect.Agent().setState('Available');
// @ts-expect-error the failure callback gets a string
const wrongFailure: connect.SuccessFailOptions = { failure: (e: number) => e };
console.log(wrongFailure);
