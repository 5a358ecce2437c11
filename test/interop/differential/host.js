/* global connect, window, document */
// The host script of the differential suite: an integration written once against the
// public `connect` global of amazon-connect-streams 2.18, run unchanged under the real 2.18.7, the
// real 2.28.2 and @x/connect-streams/compat. Every callback is recorded into `window.__trace`
// together with what the objects it receives answer at that moment (a getter that throws is
// recorded as `{throws: message}`). `window.diff` holds the actions the test drives, each reporting
// its success and failure callbacks with their arguments. The page sets `window.DIFF_CCP_URL`.
(function () {
  'use strict';
  var trace = [];
  window.__trace = trace;

  function record(name, data) {
    trace.push(data === undefined ? { name: name } : { name: name, data: data });
  }

  function read(f) {
    try {
      return f();
    } catch (e) {
      return { throws: String((e && e.message) || e) };
    }
  }

  function agentView(agent) {
    return read(function () {
      var next = agent.getNextState();
      return {
        state: agent.getState().name,
        type: agent.getState().type,
        next: next ? next.name : null,
        contacts: agent.getContacts().map(function (c) {
          return read(function () {
            return { id: c.getContactId(), state: c.getStatus().type };
          });
        }),
      };
    });
  }

  // Each getter is read on its own, so that one that throws does not hide the others.
  function connectionView(c) {
    return {
      id: read(function () {
        return c.getConnectionId();
      }),
      type: read(function () {
        return c.getType();
      }),
      state: read(function () {
        return c.getStatus().type;
      }),
      initial: read(function () {
        return c.isInitialConnection();
      }),
      onHold: read(function () {
        return c.isOnHold();
      }),
      number: read(function () {
        return c.getEndpoint().phoneNumber;
      }),
    };
  }

  function contactView(contact) {
    return {
      id: read(function () {
        return contact.getContactId();
      }),
      type: read(function () {
        return contact.getType();
      }),
      state: read(function () {
        return contact.getStatus().type;
      }),
      inbound: read(function () {
        return contact.isInbound();
      }),
      initiation: read(function () {
        return contact.getInitiationMethod();
      }),
      queue: read(function () {
        return contact.getQueue().name;
      }),
      attributes: read(function () {
        return contact.getAttributes();
      }),
      connections: read(function () {
        return contact.getConnections().map(connectionView);
      }),
      agentConnection: read(function () {
        return connectionView(contact.getAgentConnection());
      }),
    };
  }

  // The arguments a callback received, as they are (undefined kept visible).
  function args(list) {
    return Array.prototype.map.call(list, function (a) {
      return a === undefined ? '(undefined)' : a;
    });
  }

  function callbacks(name) {
    return {
      success: function () {
        record(name + '.success', args(arguments));
      },
      failure: function () {
        record(name + '.failure', args(arguments));
      },
    };
  }

  connect.core.initCCP(document.getElementById('ccp'), {
    ccpUrl: window.DIFF_CCP_URL,
    loginPopup: false,
    softphone: { allowFramedSoftphone: false, disableRingtone: true },
  });
  connect.core.onInitialized(function () {
    record('core.onInitialized');
  });

  connect.agent(function (agent) {
    record('connect.agent', agentView(agent));
    agent.onRefresh(function (a) {
      record('agent.onRefresh', agentView(a));
    });
    agent.onStateChange(function (change) {
      record('agent.onStateChange', {
        oldState: change.oldState,
        newState: change.newState,
        agent: agentView(change.agent),
      });
    });
    [
      'onRoutable',
      'onNotRoutable',
      'onOffline',
      'onError',
      'onAfterCallWork',
      'onEnqueuedNextState',
    ].forEach(function (name) {
      agent[name](function (a) {
        record('agent.' + name, agentView(a));
      });
    });
  });

  connect.contact(function (contact) {
    record('connect.contact', contactView(contact));
    [
      'onRefresh',
      'onIncoming',
      'onPending',
      'onConnecting',
      'onAccepted',
      'onConnected',
      'onMissed',
      'onEnded',
      'onACW',
      'onError',
      'onDestroy',
    ].forEach(function (name) {
      contact[name](function (c) {
        record('contact.' + name, contactView(c));
      });
    });
  });

  function agentNow() {
    return new connect.Agent();
  }

  function stateNamed(name) {
    return agentNow()
      .getAgentStates()
      .filter(function (s) {
        return s.name === name;
      })[0];
  }

  window.diff = {
    setState: function (name) {
      agentNow().setState(stateNamed(name), callbacks('agent.setState'));
    },
    setStateUnknown: function () {
      var known = stateNamed('Away');
      agentNow().setState(
        { agentStateARN: known.agentStateARN + '-gone', type: known.type, name: 'Gone' },
        callbacks('agent.setState'),
      );
    },
    contacts: function () {
      record('agent.getContacts', agentView(agentNow()));
    },
    accept: function (id) {
      new connect.Contact(id).accept(callbacks('contact.accept'));
    },
    reject: function (id) {
      new connect.Contact(id).reject(callbacks('contact.reject'));
    },
    hold: function (id) {
      new connect.Contact(id).getAgentConnection().hold(callbacks('connection.hold'));
    },
    resume: function (id) {
      new connect.Contact(id).getAgentConnection().resume(callbacks('connection.resume'));
    },
    destroyContact: function (id) {
      new connect.Contact(id).destroy(callbacks('contact.destroy'));
    },
    hangUp: function (id) {
      new connect.Contact(id).getAgentConnection().destroy(callbacks('connection.destroy'));
    },
    clear: function (id) {
      new connect.Contact(id).clear(callbacks('contact.clear'));
    },
    call: function (number) {
      agentNow().connect(connect.Endpoint.byPhoneNumber(number), callbacks('agent.connect'));
    },
  };
})();
