/* global connect, window, document, location */
// The agent page of the chat SDK interop suite, written against the global `connect` of
// amazon-connect-streams 2.18 with amazon-connect-chatjs loaded after it: it runs unchanged on the
// real amazon-connect-streams 2.18.7 bundle and on @x/connect-streams/compat. It embeds the
// emulator's panel, records every contact event (per contact: event name, contact type and state)
// in window.__seq, opens each chat's agent session through getMediaController() once the chat is
// connected, and records what each session hears in window.__chats.
(function () {
  const seq = [];
  const chats = {};
  const contacts = {};
  const ids = {};
  const counts = {};
  window.__seq = seq;
  window.__chats = chats;
  window.__errors = [];
  const ccpUrl = new URLSearchParams(location.search).get('ccp');
  // The emulator answers the Participant Service at its own origin (chatjs's endpoint override).
  connect.ChatSession.setGlobalConfig({ endpoint: new URL(ccpUrl).origin, region: 'us-east-1' });
  connect.core.initCCP(document.getElementById('ccp'), {
    ccpUrl,
    loginPopup: false,
    softphone: { allowFramedSoftphone: true, disableRingtone: true },
  });
  let agentReady = false;
  connect.agent(() => {
    agentReady = true;
  });

  const stateOf = (contact) => {
    try {
      return contact.getStatus().type;
    } catch {
      return 'gone';
    }
  };

  function openChat(contact, label) {
    const entry = { contactId: contact.getContactId(), received: [], session: null };
    chats[label] = entry;
    const push = (kind, data) =>
      entry.received.push({
        kind,
        type: data.Type,
        role: data.ParticipantRole ?? null,
        contentType: data.ContentType ?? null,
        content: data.Content ?? null,
        id: data.Id,
        messageId: data.MessageMetadata ? data.MessageMetadata.MessageId : null,
        attachments: (data.Attachments ?? []).map((a) => ({
          id: a.AttachmentId,
          name: a.AttachmentName,
        })),
        // wall-clock ms (timeOrigin + now), comparable with another process on this machine
        at: performance.timeOrigin + performance.now(),
      });
    contact
      .getAgentConnection()
      .getMediaController()
      .then((session) => {
        session.onMessage((e) => push('message', e.data));
        session.onTyping((e) => push('typing', e.data));
        session.onReadReceipt((e) => push('read', e.data));
        session.onDeliveredReceipt((e) => push('delivered', e.data));
        entry.session = session;
      })
      .catch((error) => window.__errors.push(`getMediaController ${label}: ${String(error)}`));
  }

  connect.contact((contact) => {
    const type = contact.getType();
    counts[type] = (counts[type] ?? 0) + 1;
    const label = `${type}${counts[type]}`;
    contacts[label] = contact;
    ids[label] = contact.getContactId();
    const record = (event) => seq.push({ label, event, type, state: stateOf(contact) });
    record('contact');
    contact.onIncoming(() => record('incoming'));
    contact.onConnecting(() => record('connecting'));
    contact.onAccepted(() => record('accepted'));
    contact.onConnected(() => {
      record('connected');
      if (type === 'chat' && !chats[label]) openChat(contact, label);
    });
    contact.onEnded(() => record('ended'));
    contact.onACW(() => record('acw'));
    contact.onMissed(() => record('missed'));
    contact.onDestroy(() => record('destroy'));
  });

  const callbacks = (resolve, reject) => ({
    success: (data) => resolve(data === undefined ? null : data),
    failure: (err) => reject(new Error(String(err))),
  });
  const call = (f) => new Promise((resolve, reject) => f(callbacks(resolve, reject)));
  const session = (label) => {
    const entry = chats[label];
    if (!entry || !entry.session) throw new Error(`no chat session for ${label}`);
    return entry.session;
  };
  const agent = () => new connect.Agent();

  window.host = {
    ready: () => agentReady,
    ids: () => ({ ...ids }),
    sessionReady: (label) => Boolean(chats[label] && chats[label].session),
    setState: (name) =>
      call((cb) =>
        agent().setState(
          agent()
            .getAgentStates()
            .find((s) => s.name === name),
          cb,
        ),
      ),
    accept: (label) => call((cb) => contacts[label].accept(cb)),
    hangUp: (label) => call((cb) => contacts[label].getAgentConnection().destroy(cb)),
    clear: (label) => call((cb) => contacts[label].clear(cb)),
    // A chat handed to another agent: the agent quick connect is added, then the agent leaves.
    transfer: async (label, name) => {
      const a = agent();
      const data = await call((cb) => a.getEndpoints(a.getAllQueueARNs(), cb));
      const endpoint = data.endpoints.find((e) => e.name === name);
      if (!endpoint) throw new Error(`no quick connect ${name}`);
      await call((cb) => contacts[label].addConnection(endpoint, cb));
      await call((cb) => contacts[label].getAgentConnection().destroy(cb));
    },
    // The agent model while holding contacts: counts by type and each contact's state.
    model: () => {
      const a = agent();
      const all = a.getContacts();
      const byId = Object.fromEntries(Object.entries(ids).map(([l, id]) => [id, l]));
      return {
        all: all.length,
        chat: a.getContacts(connect.ContactType.CHAT).length,
        voice: a.getContacts(connect.ContactType.VOICE).length,
        task: a.getContacts(connect.ContactType.TASK).length,
        contacts: all
          .map((c) => ({
            label: byId[c.getContactId()] ?? 'unknown',
            type: c.getType(),
            state: c.getStatus().type,
            agentConnection: c.getAgentConnection().getStatus().type,
            mediaType: c.getAgentConnection().getMediaType(),
          }))
          .sort((x, y) => (x.label < y.label ? -1 : 1)),
      };
    },
    // The same model through the typed API underneath (@x/connect-streams/compat only).
    typedModel: () => {
      if (typeof connect.core.getCcp !== 'function') return null;
      const ccp = connect.core.getCcp();
      const byId = Object.fromEntries(Object.entries(ids).map(([l, id]) => [id, l]));
      return {
        all: ccp.agent.getContacts().length,
        chat: ccp.agent.getContacts('chat').length,
        voice: ccp.agent.getContacts('voice').length,
        contacts: ccp.agent
          .getContacts()
          .map((c) => ({
            label: byId[c.getContactId()] ?? 'unknown',
            type: c.getType(),
            state: c.getState().type,
            agentConnection: c.getAgentConnection().getState().type,
          }))
          .sort((x, y) => (x.label < y.label ? -1 : 1)),
      };
    },
    send: async (label, text) =>
      (await session(label).sendMessage({ contentType: 'text/plain', message: text })).data,
    typing: (label) =>
      session(label)
        .sendEvent({ contentType: 'application/vnd.amazonaws.connect.event.typing' })
        .then(() => null),
    read: (label, messageId) =>
      session(label)
        .sendEvent({
          contentType: 'application/vnd.amazonaws.connect.event.message.read',
          content: JSON.stringify({ messageId }),
        })
        .then((r) => JSON.parse(JSON.stringify(r ?? null))),
    download: async (label, attachmentId) =>
      (await session(label).downloadAttachment({ attachmentId })).text(),
  };
})();
