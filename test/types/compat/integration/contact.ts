// A TypeScript integration typed against amazon-connect-streams 2.18.7: contacts and their
// connections, every call and callback its index.d.ts declares. See core.ts.

const done: connect.SuccessFailOptions = {
  success: () => console.log('ok'),
  failure: (err: string) => console.error('failed', err),
};

function describeConnection(connection: connect.BaseConnection): string {
  const state: connect.ConnectionState = connection.getState();
  const endpoint: connect.Endpoint = connection.getEndpoint();
  const info: connect.MonitorInfo | null = connection.getMonitorInfo();
  return [
    connection.getConnectionId(),
    connection.getContactId(),
    connection.connectionId,
    connection.contactId,
    connection.getType() === connect.ConnectionType.INBOUND ? 'inbound' : connection.getType(),
    state.type === connect.ConnectionStateType.HOLD ? 'held' : state.type,
    state.timestamp.getTime(),
    connection.getStatus().type,
    connection.getStateDuration(),
    connection.getStatusDuration(),
    endpoint.phoneNumber,
    connection.getAddress().name,
    connection.isInitialConnection(),
    connection.isActive(),
    connection.isConnected(),
    connection.isConnecting(),
    connection.isOnHold(),
    info?.agentName,
  ].join(' ');
}

function voice(connection: connect.VoiceConnection): void {
  const media: connect.VoiceMediaInfo = connection.getMediaInfo();
  console.log(media.callType === connect.SoftphoneCallType.AUDIO_ONLY, media.autoAccept);
  const type: connect.MediaType.SOFTPHONE = connection.getMediaType();
  console.log(
    type,
    connection.getQuickConnectName(),
    connection.isMute(),
    connection.isForcedMute(),
  );
  console.log(connection.canSendVideo(), connection.getCapabilities()['Video']);
  console.log(connection.isSilentMonitor(), connection.isBarge());
  console.log(connection.isSilentMonitorEnabled(), connection.isBargeEnabled());
  const modes: connect.MonitoringMode[] | undefined = connection.getMonitorCapabilities();
  const status: connect.MonitoringMode | null = connection.getMonitorStatus();
  console.log(modes?.includes(connect.MonitoringMode.BARGE), status);
  connection.muteParticipant(done);
  connection.unmuteParticipant();
  connection.sendDigits('123#', done);
  connection.hold(done);
  connection.resume({ success: () => connection.destroy(done) });
  void connection.getMediaController().then((controller) => console.log(controller));
  void connection.getVideoConnectionInfo().then((info) => console.log(info));
}

function chat(connection: connect.ChatConnection): void {
  const media: connect.ChatMediaInfo = connection.getMediaInfo();
  console.log(media.participantId, media.originalInfo.customerName, connection.getMediaType());
  void connection.getConnectionToken().then((token: connect.ConnectionToken) => {
    console.log(token.chatTokenTransport.participantToken, token.chatTokenTransport.expiry);
  });
  console.log(connection.getParticipantName(), connection.isAuthenticated());
  const details: connect.CustomerAuthenticationDetails | null =
    connection.getAuthenticationDetails();
  console.log(details?.Status === 'AUTHENTICATED', details?.AssociatedCustomerId);
  const modes: connect.MonitoringMode[] = connection.getMonitorCapabilities();
  console.log(modes.length, connection.getMonitorStatus(), connection.isSilentMonitor());
  console.log(
    connection.isBarge(),
    connection.isSilentMonitorEnabled(),
    connection.isBargeEnabled(),
  );
  void connection.getMediaController().then((session) => console.log(session));
}

function task(connection: connect.TaskConnection): void {
  const media: connect.TaskMediaInfo = connection.getMediaInfo();
  console.log(media.contactId, media.initialContactId, connection.getMediaType());
  void connection.getMediaController().then((session) => console.log(session));
}

function email(connection: connect.EmailConnection): void {
  const type: connect.MediaType.EMAIL = connection.getMediaType();
  console.log(type);
}

function describeContact(contact: connect.Contact): void {
  const state: connect.ContactState = contact.getState();
  console.log(
    contact.contactId,
    contact.getContactId(),
    contact.getOriginalContactId(),
    contact.getInitialContactId(),
    state.type === connect.ContactStateType.CONNECTED,
    state.timestamp.toISOString(),
    contact.getStatus().type,
    contact.getStateDuration(),
    contact.getStatusDuration(),
    contact.getContactDuration(),
    contact.getName(),
    contact.getDescription(),
    contact.getQueue().name,
    contact.getQueue().queueARN,
    contact.getQueueTimestamp().getTime(),
    contact.getInitiationMethod() === connect.ContactInitiationMethod.API,
    contact.getRelatedContactId(),
    contact.getContactAssociationId(),
    contact.getCustomerEndpoint()?.phoneNumber,
    contact.getConnectSystemEndpoint()?.phoneNumber,
    contact.getContactMetadata(),
    contact.getContactSubtype(),
    contact.getChannelContext()?.scheduledTime,
    contact.isSoftphoneCall(),
    contact.isInbound(),
    contact.isConnected(),
    contact.isMultiPartyConferenceEnabled(),
    contact.isUnderSupervision(),
    contact.hasTwoActiveParticipants(),
    contact.hasVideoRTCCapabilities(),
    contact.hasScreenShareCapability(),
    contact.canAgentSendVideo(),
    contact.canAgentReceiveVideo(),
    contact.canAgentSendScreenShare(),
    contact.canCustomerSendScreenShare(),
  );
  const attributes: connect.AttributeDictionary = contact.getAttributes();
  for (const [key, attribute] of Object.entries(attributes)) console.log(key, attribute?.value);
  console.log(attributes['orderId']?.name);
  const segment: connect.SegmentAttributeDictionary = contact.getSegmentAttributes();
  console.log(segment['connect:Subtype']?.valueString);
  const references: connect.ReferenceDictionary = contact.getReferences();
  console.log(references['ticket']?.value);

  const connections: connect.BaseConnection[] = contact.getConnections();
  console.log(connections.map(describeConnection));
  console.log(contact.getActiveConnections().length, contact.getThirdPartyConnections().length);
  console.log(contact.getActiveInitialConnection()?.getConnectionId());
  console.log(contact.getSingleActiveThirdPartyConnection()?.getConnectionId());
  // The agent and initial connections are declared non-null.
  console.log(contact.getAgentConnection().getConnectionId());
  console.log(contact.getInitialConnection().getEndpoint().phoneNumber);

  const agentConnection = contact.getAgentConnection();
  if (contact.getType() === connect.ContactType.VOICE) {
    voice(agentConnection as connect.VoiceConnection);
  } else if (contact.getType() === connect.ContactType.CHAT) {
    chat(agentConnection as connect.ChatConnection);
  } else if (contact.getType() === connect.ContactType.TASK) {
    task(agentConnection as connect.TaskConnection);
  } else if (contact.getType() === connect.ContactType.EMAIL) {
    email(agentConnection as connect.EmailConnection);
  }
  if (agentConnection instanceof connect.VoiceConnection) voice(agentConnection);
}

function act(contact: connect.Contact): void {
  contact.accept(done);
  contact.accept();
  contact.reject({ success: () => console.log('rejected') });
  contact.clear(done);
  contact.complete(done);
  contact.pause(done);
  contact.resume(done);
  contact.destroy();
  contact.notifyIssue('500', 'audio issue', done);
  const quickConnect = connect.Endpoint.byPhoneNumber('+15555550199');
  contact.addConnection(quickConnect, done);
  contact.addParticipant(quickConnect, { success: () => undefined });
  contact.transfer(quickConnect, { failure: (err) => console.error(err) });
  contact.toggleActiveConnections(done);
  contact.conferenceConnections(done);
  contact.updateMonitorParticipantState(connect.MonitoringMode.SILENT_MONITOR, done);
  contact.silentMonitor(done);
  contact.bargeIn();
  void contact.startScreenSharing(true).then(() => console.log('sharing'));
  void contact.stopScreenSharing();
  const snapshot: connect.Contact = contact.toSnapshot();
  console.log(snapshot.getStatus().type);
  console.log(contact.getEventName(connect.ContactEvents.ACCEPTED));
}

connect.contact((contact: connect.Contact) => {
  describeContact(contact);
  const log = (event: string) => (c: connect.Contact) => console.log(event, c.getContactId());
  const subs: connect.Subscription[] = [
    contact.onRefresh(log('refresh')),
    contact.onIncoming(log('incoming')),
    contact.onPending(log('pending')),
    contact.onConnecting((c) => {
      if (c.isInbound()) act(c);
    }),
    contact.onAccepted(log('accepted')),
    contact.onMissed(log('missed')),
    contact.onEnded(log('ended')),
    contact.onDestroy((c) => console.log('destroyed', c.getStatus().type, c.getType())),
    contact.onACW(log('acw')),
    contact.onConnected(log('connected')),
    contact.onError(log('error')),
    contact.onScreenSharingStarted(log('sharing started')),
    contact.onScreenSharingStopped(log('sharing stopped')),
    contact.onScreenSharingError(log('sharing error')),
  ];
  subs.push(
    connect.core
      .getEventBus()
      .subscribe(contact.getEventName(connect.ContactEvents.DESTROYED), () =>
        subs.forEach((s) => s.unsubscribe()),
      ),
  );
});

export async function quickResponses(contactId: string): Promise<string[]> {
  if (!(await connect.QuickResponses.isEnabled())) return [];
  const query: connect.QuickResponsesQuery = { query: 'refund', contactId, debounceMS: 250 };
  const found: connect.SearchQuickResponsesResult =
    await connect.QuickResponses.searchQuickResponses(query);
  return found.results.map(
    (r: connect.QuickResponse) => `${r.name}: ${r.contents.plainText.content}`,
  );
}

// @ts-expect-error the state type is an enum, not any string
const wrong: connect.ContactStateType = 'connected';
console.log(wrong);
