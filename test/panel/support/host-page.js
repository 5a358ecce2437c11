/* global connect, window, document, location */
// The host page of the panel interop suite: the real amazon-connect-streams initCCP embedding the
// emulator panel from another origin, every host-side event recorded in window.__events.
(function () {
  const events = [];
  const record = (name) => events.push(name);
  window.__events = events;
  const ccpUrl =
    new URLSearchParams(location.search).get('ccp') ??
    `http://127.0.0.1:${location.port}/connect/ccp-v2/`;
  // `?softphone=host`: the host page runs the call media (the panel runs none).
  const hostSoftphone = new URLSearchParams(location.search).get('softphone') === 'host';
  let current;
  connect.core.initCCP(document.getElementById('ccp'), {
    ccpUrl,
    loginPopup: false,
    softphone: { allowFramedSoftphone: !hostSoftphone, disableRingtone: true },
  });
  if (hostSoftphone) connect.core.initSoftphoneManager({ allowFramedSoftphone: true });
  connect.core.onInitialized(() => record('initialized'));
  connect.agent((agent) => {
    record('agent');
    agent.onStateChange((change) => record(`stateChange:${change.oldState}->${change.newState}`));
    agent.onSoftphoneError((error) => record(`softphoneError:${error.errorType}`));
    agent.onMuteToggle((change) => record(`muteToggle:${change.muted}`));
  });
  connect.contact((contact) => {
    current = contact;
    record('contact');
    contact.onIncoming(() => record('contact:incoming'));
    contact.onConnecting(() => record('contact:connecting'));
    contact.onAccepted(() => record('contact:accepted'));
    contact.onConnected(() => record('contact:connected'));
    contact.onEnded(() => record('contact:ended'));
    contact.onACW(() => record('contact:acw'));
    contact.onDestroy(() => record('contact:destroyed'));
    contact.onMissed(() => record('contact:missed'));
  });
  const callbacks = (name) => ({
    success: () => record(`${name}:success`),
    failure: (err) => record(`${name}:failure:${String(err)}`),
  });
  window.host = {
    accept: () => current.accept(callbacks('accept')),
    hangUp: () => current.getAgentConnection().destroy(callbacks('hangUp')),
    clear: () => current.clear(callbacks('clear')),
    setState: (name) => {
      const state = connect.agent.initialized
        ? new connect.Agent().getAgentStates().find((s) => s.name === name)
        : undefined;
      new connect.Agent().setState(state, callbacks('setState'));
    },
    mute: () => new connect.Agent().mute(),
    unmute: () => new connect.Agent().unmute(),
    hold: () => current.getInitialConnection().hold(callbacks('hold')),
    resume: () => current.getInitialConnection().resume(callbacks('resume')),
    isInbound: () => current.isInbound(),
  };
})();
