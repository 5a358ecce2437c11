/* global XConnect, window, document  */
// Host page for our client (@x/connect-streams, bundled as the XConnect global) embedding the
// emulator panel from another origin; host-side events are recorded in window.__events with the
// names of the shared scenario (test/scenarios/inbound-call.scenario.ts).
(function () {
  const events = [];
  const record = (name) => events.push(name);
  window.__events = events;
  const ccpUrl = window.PANEL_URL;
  const container = document.getElementById('ccp');
  let ccp;
  let current;

  function wire(instance) {
    instance.on('initialized', () => record('initialized'));
    instance.agent.on('init', () => record('agent'));
    instance.agent.on('stateChange', (c) => record(`stateChange:${c.oldState}->${c.newState}`));
    instance.agent.on('muteToggle', (c) => record(`muteToggle:${c.muted}`));
    instance.contacts.on('init', (contact) => {
      current = contact;
      record('contact');
      contact.on('incoming', () => record('contact:incoming'));
      contact.on('connecting', () => record('contact:connecting'));
      contact.on('accepted', () => record('contact:accepted'));
      contact.on('connected', () => record('contact:connected'));
      contact.on('ended', () => record('contact:ended'));
      contact.on('acw', () => record('contact:acw'));
      contact.on('destroyed', () => record('contact:destroyed'));
      contact.on('missed', () => record('contact:missed'));
    });
  }

  function init() {
    ccp = XConnect.initCCP(container, {
      ccpUrl,
      loginPopup: false,
      softphone: { allowFramedSoftphone: true, disableRingtone: true },
    });
    wire(ccp);
    return ccp;
  }
  init();

  const done = (name, p) =>
    p.then(
      () => record(`${name}:success`),
      (err) => record(`${name}:failure:${String(err && err.message ? err.message : err)}`),
    );
  window.host = {
    accept: () => done('accept', current.accept()),
    hangUp: () => done('hangUp', current.getAgentConnection().destroy()),
    clear: () => done('clear', current.clear()),
    hold: () => done('hold', current.getInitialConnection().hold()),
    resume: () => done('resume', current.getInitialConnection().resume()),
    digits: (d) => done('digits', current.getInitialConnection().sendDigits(d)),
    setState: (name) =>
      done('setState', ccp.agent.setState(ccp.agent.getAgentStates().find((s) => s.name === name))),
    initAgain: () => {
      const again = XConnect.initCCP(container, { ccpUrl, loginPopup: false });
      record(again === ccp ? 'initAgain:same' : 'initAgain:new');
    },
    terminate: () => {
      ccp.terminate();
      record('terminated');
    },
    reinit: () => {
      init();
      record('reinit');
    },
    iframes: () => container.querySelectorAll('iframe').length,
    customerHoldState: () => current.getInitialConnection().getState().type,
  };
})();
