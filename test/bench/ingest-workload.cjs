/*
 * Deterministic agent::update workload for the ingest benchmark.
 * Plain script: works as a browser <script> (defines globalThis.IngestWorkload)
 * and under Node (module.exports). No dependencies.
 *
 * generate(params)   -> array of compact step descriptors (persistent, shared sub-objects)
 * materialize(step)  -> {event:'agent::update', data:{snapshot, configuration}} with real Date objects
 * expectedEvents(steps, flavour) -> event counts a streams-compatible host must fire
 */
(function (root) {
  'use strict';

  var DEFAULTS = {
    seed: 0x5eed2025,
    total: 10000, // agent::update messages
    minContacts: 1, // every snapshot holds 1..10 voice contacts
    maxContacts: 10,
    initialContacts: 3,
    pAdd: 0.14, // per step: add a contact (if < max)
    pAdvance: 0.38, // per step: advance one contact's state
    pConnChange: 0.22, // per step: hold/resume or add/remove a third-party connection
    pNextStateToggle: 0.01, // per step: enqueue / clear nextState (Lunch)
    pMissed: 0.1, // connecting -> missed
    pError: 0.04, // connecting -> error
    baseEpochMs: 1763769000000, // virtual clock (Dates are deterministic)
    stepMs: 250,
    skewMs: -12,
  };

  var INSTANCE = '11111111-2222-3333-4444-555555555555';
  var ACCOUNT = '123456789012';
  var ARN_PREFIX = 'arn:aws:connect:us-east-1:' + ACCOUNT + ':instance/' + INSTANCE;
  var QUEUES = [
    { queueARN: ARN_PREFIX + '/queue/aaaaaaaa-0000-4000-8000-000000000001', name: 'BasicQueue' },
    { queueARN: ARN_PREFIX + '/queue/aaaaaaaa-0000-4000-8000-000000000002', name: 'Billing' },
    { queueARN: ARN_PREFIX + '/queue/aaaaaaaa-0000-4000-8000-000000000003', name: 'Support' },
  ];
  var LUNCH_ARN = ARN_PREFIX + '/agent-state/cccccccc-0000-4000-8000-000000000002';

  function mulberry32(a) {
    return function () {
      a |= 0;
      a = (a + 0x6d2b79f5) | 0;
      var t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  function hex(rnd, n) {
    var s = '';
    for (var i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(rnd() * 16)];
    return s;
  }
  function uuid(rnd) {
    return (
      hex(rnd, 8) + '-' + hex(rnd, 4) + '-4' + hex(rnd, 3) + '-a' + hex(rnd, 3) + '-' + hex(rnd, 12)
    );
  }
  function pick(rnd, arr) {
    return arr[Math.floor(rnd() * arr.length)];
  }
  function phone(rnd) {
    return '+1555' + String(Math.floor(rnd() * 1e7)).padStart(7, '0');
  }

  var ACTIVE = { incoming: 1, pending: 1, connecting: 1, connected: 1, paused: 1 };
  var INACTIVE = { init: 1, missed: 1, error: 1, ended: 1, rejected: 1 };

  // ---------------------------------------------------------------- generate
  function generate(opts) {
    var p = Object.assign({}, DEFAULTS, opts || {});
    var rnd = mulberry32(p.seed);
    var t = p.baseEpochMs;
    var contacts = []; // current compact contacts (treated as immutable: copy on write)
    var agent = { name: null, type: null, start: t };
    var nextState = null; // {start}
    var steps = [];

    function newConn(type, initial, state) {
      return {
        id: uuid(rnd),
        type: type,
        initial: initial,
        state: state,
        ts: t,
        phone: type === 'agent' ? null : phone(rnd),
      };
    }
    function newContact() {
      var conns = [newConn('agent', false, 'connecting'), newConn('inbound', true, 'connected')];
      var extra = Math.floor(rnd() * 3); // 0..2 -> 2..4 connections
      for (var i = 0; i < extra; i++) conns.push(newConn('outbound', false, 'connected'));
      var q = pick(rnd, QUEUES);
      return {
        id: uuid(rnd),
        state: 'connecting',
        ts: t,
        queueTs: t - 5000,
        queue: q,
        tier: pick(rnd, ['gold', 'silver', 'bronze']),
        conns: conns,
      };
    }
    function withState(c, state, connState) {
      var n = Object.assign({}, c, { state: state, ts: t });
      n.conns = c.conns.map(function (x) {
        var target = typeof connState === 'function' ? connState(x) : connState;
        return target && target !== x.state ? Object.assign({}, x, { state: target, ts: t }) : x;
      });
      return n;
    }
    function idx(pred) {
      var cand = [];
      for (var i = 0; i < contacts.length; i++) if (pred(contacts[i])) cand.push(i);
      return cand.length ? cand[Math.floor(rnd() * cand.length)] : -1;
    }
    function deriveAgent() {
      var has = function (s) {
        return contacts.some(function (c) {
          return c.state === s;
        });
      };
      var name, type;
      if (has('connected')) {
        name = 'Busy';
        type = 'system';
      } else if (has('connecting')) {
        name = 'PendingBusy';
        type = 'system';
      } else if (has('ended')) {
        name = 'AfterCallWork';
        type = 'system';
      } else {
        name = 'MissedCallAgent';
        type = 'error';
      }
      if (name !== agent.name) agent = { name: name, type: type, start: t };
    }

    for (var i = 0; i < p.initialContacts; i++) contacts.push(newContact());
    contacts[0] = withState(contacts[0], 'connected', function (x) {
      return x.type === 'agent' ? 'connected' : null;
    });

    for (var step = 0; step < p.total; step++) {
      if (step > 0) {
        var r = rnd();
        if (r < p.pAdd) {
          if (contacts.length < p.maxContacts) contacts = contacts.concat([newContact()]);
        } else if (r < p.pAdd + p.pAdvance) {
          var k = Math.floor(rnd() * contacts.length);
          var c = contacts[k],
            n = null,
            remove = false;
          if (c.state === 'connecting') {
            var u = rnd();
            if (u < p.pMissed) n = withState(c, 'missed', 'disconnected');
            else if (u < p.pMissed + p.pError) n = withState(c, 'error', 'disconnected');
            else
              n = withState(c, 'connected', function (x) {
                return x.type === 'agent' ? 'connected' : null;
              });
          } else if (c.state === 'connected') {
            n = withState(c, 'ended', 'disconnected');
          } else {
            // ended / missed / error -> cleared (removed from the snapshot)
            if (contacts.length > p.minContacts) remove = true;
            else if (contacts.length < p.maxContacts) contacts = contacts.concat([newContact()]);
          }
          if (remove) contacts = contacts.slice(0, k).concat(contacts.slice(k + 1));
          else if (n) {
            contacts = contacts.slice();
            contacts[k] = n;
          }
        } else if (r < p.pAdd + p.pAdvance + p.pConnChange) {
          var j = idx(function (c) {
            return c.state === 'connected';
          });
          if (j >= 0) {
            var cc = contacts[j],
              v = rnd(),
              conns = cc.conns.slice();
            if (v < 0.6) {
              // hold / resume the customer leg
              var ci = conns.findIndex(function (x) {
                return x.type === 'inbound';
              });
              conns[ci] = Object.assign({}, conns[ci], {
                state: conns[ci].state === 'hold' ? 'connected' : 'hold',
                ts: t,
              });
            } else if (v < 0.8 && conns.length < 4) {
              conns.push(newConn('outbound', false, 'connected'));
            } else if (conns.length > 2) {
              conns.pop(); // drops the last third-party leg
            }
            contacts = contacts.slice();
            contacts[j] = Object.assign({}, cc, { conns: conns });
          }
        } // else: no change (long-poll return with nothing new)
        if (rnd() < p.pNextStateToggle) nextState = nextState ? null : { start: t };
      }
      deriveAgent();
      steps.push({ i: step, t: t, agent: agent, nextState: nextState, contacts: contacts });
      t += p.stepMs;
    }
    return steps;
  }

  // ---------------------------------------------------------------- materialize
  var CONFIG = null;
  function configuration() {
    if (CONFIG) return CONFIG;
    var rp = ARN_PREFIX + '/routing-profile/eeeeeeee-0000-4000-8000-000000000001';
    var q = function (x) {
      return { queueARN: x.queueARN, name: x.name, queueId: x.queueARN };
    };
    CONFIG = {
      name: 'Jane Doe',
      username: 'jane',
      agentARN: ARN_PREFIX + '/agent/bbbbbbbb-0000-4000-8000-000000000001',
      extension: '+15555550100',
      softphoneEnabled: true,
      softphoneAutoAccept: false,
      agentPreferences: { LANGUAGE: 'en_US' },
      permissions: ['outboundCall', 'voiceId', 'transferToQueue'],
      dialableCountries: ['us', 'ca', 'gb'],
      agentStates: [
        {
          agentStateARN: ARN_PREFIX + '/agent-state/cccccccc-0000-4000-8000-000000000001',
          type: 'routable',
          name: 'Available',
        },
        { agentStateARN: LUNCH_ARN, type: 'not_routable', name: 'Lunch' },
        {
          agentStateARN: ARN_PREFIX + '/agent-state/cccccccc-0000-4000-8000-000000000003',
          type: 'not_routable',
          name: 'Training',
        },
        {
          agentStateARN: ARN_PREFIX + '/agent-state/cccccccc-0000-4000-8000-000000000004',
          type: 'offline',
          name: 'Offline',
        },
      ],
      routingProfile: {
        name: 'Basic',
        routingProfileARN: rp,
        routingProfileId: rp,
        defaultOutboundQueue: q(QUEUES[0]),
        queues: QUEUES.map(q),
        channelConcurrencyMap: { VOICE: 10, CHAT: 0, TASK: 0 },
      },
    };
    return CONFIG;
  }

  function endpointOf(x) {
    return x.type === 'agent'
      ? { type: 'agent', name: 'Jane Doe' }
      : { type: 'phone_number', phoneNumber: x.phone, name: '' };
  }
  function materializeConn(x) {
    var ep = endpointOf(x);
    var o = {
      connectionId: x.id,
      type: x.type,
      initial: x.initial,
      state: { type: x.state, timestamp: new Date(x.ts) },
      endpoint: ep,
      address: ep,
      mute: false,
      monitorCapabilities: [],
    };
    if (x.type === 'agent')
      o.softphoneMediaInfo = {
        callType: 'audio_only',
        autoAccept: false,
        mediaLegContextToken: 'mleg-' + x.id,
      };
    return o;
  }
  function materializeContact(c) {
    var st = { type: c.state, timestamp: new Date(c.ts) };
    return {
      contactId: c.id,
      initialContactId: c.id,
      type: 'voice',
      state: st,
      status: st,
      queue: { queueARN: c.queue.queueARN, name: c.queue.name, queueId: c.queue.queueARN },
      queueTimestamp: new Date(c.queueTs),
      attributes: {
        customerTier: { name: 'customerTier', value: c.tier },
        intent: { name: 'intent', value: 'billing' },
      },
      contactDuration: '0',
      initiationMethod: 'inbound',
      references: {},
      contactFeatures: {
        attachmentsEnabled: false,
        messagingMarkdownEnabled: false,
        multiPartyConferenceEnabled: false,
        screenRecordingEnabled: false,
      },
      connections: c.conns.map(materializeConn),
    };
  }
  function materialize(step, opts) {
    var p = Object.assign({}, DEFAULTS, opts || {});
    var contacts = step.contacts
      .slice()
      .sort(function (a, b) {
        return a.ts - b.ts;
      })
      .map(materializeContact);
    var snapshot = {
      state: {
        agentStateARN: null,
        type: step.agent.type,
        name: step.agent.name,
        startTimestamp: new Date(step.agent.start),
      },
      nextState: step.nextState
        ? {
            agentStateARN: LUNCH_ARN,
            type: 'not_routable',
            name: 'Lunch',
            startTimestamp: new Date(step.nextState.start),
          }
        : null,
      agentAvailabilityState: { state: step.agent.name, timeStamp: new Date(step.agent.start) },
      snapshotTimestamp: new Date(step.t),
      localTimestamp: step.t - p.skewMs,
      skew: p.skewMs,
      contacts: contacts,
    };
    return { event: 'agent::update', data: { snapshot: snapshot, configuration: configuration() } };
  }

  // ---------------------------------------------------------------- expected events
  var ERROR_STATES = [
    'Error',
    'AgentHungUp',
    'BadAddressAgent',
    'BadAddressCustomer',
    'Default',
    'FailedConnectAgent',
    'FailedConnectCustomer',
    'InvalidLocale',
    'LineEngagedAgent',
    'LineEngagedCustomer',
    'MissedCallAgent',
    'MissedCallCustomer',
    'MultipleCcpWindows',
    'RealtimeCommunicationError',
  ];
  function contactEvents(from, to) {
    // streams core.contactEventGraph (2.18 / 2.28 identical)
    var ev = [];
    if (to === 'incoming') ev.push('incoming');
    if (to === 'pending') ev.push('pending');
    if (to === 'connecting') ev.push('connecting');
    if (to === 'connected') ev.push('connected');
    if (to === 'ended') ev.push('acw');
    if (to === 'error') ev.push('error');
    if (
      (from === 'connecting' || from === 'incoming') &&
      (to === 'error' || to === 'missed' || to === 'rejected')
    )
      ev.push('missed');
    if (ACTIVE[from] && INACTIVE[to]) ev.push('ended');
    return ev;
  }
  // Counts of the callbacks the harness host registers (per-contact callbacks via connect.contact).
  function expectedEvents(steps) {
    var n = {
      'agent.refresh': 0,
      'agent.init': 0,
      'agent.stateChange': 0,
      'agent.routable': 0,
      'agent.notRoutable': 0,
      'agent.offline': 0,
      'agent.error': 0,
      'agent.acw': 0,
      'agent.enqueuedNextState': 0,
      'agent.clearedNextState': 0,
      'contact.init': 0,
      'contact.refresh': 0,
      'contact.destroy': 0,
    };
    var bump = function (k, d) {
      n[k] = (n[k] || 0) + (d || 1);
    };
    var prev = null;
    steps.forEach(function (s) {
      if (!prev) bump('agent.init');
      bump('agent.refresh');
      var oldName = prev ? prev.agent.name : 'Init',
        oldType = prev ? prev.agent.type : 'init';
      if (oldType !== s.agent.type) {
        if (s.agent.type === 'routable') bump('agent.routable');
        if (s.agent.type === 'not_routable') bump('agent.notRoutable');
        if (s.agent.type === 'offline') bump('agent.offline');
      }
      if (oldName !== s.agent.name) {
        bump('agent.stateChange');
        if (ERROR_STATES.indexOf(s.agent.name) >= 0) bump('agent.error');
        if (s.agent.name === 'AfterCallWork') bump('agent.acw');
      }
      var oldNext = prev && prev.nextState ? 'Lunch' : null,
        newNext = s.nextState ? 'Lunch' : null;
      if (oldNext !== newNext) bump(newNext ? 'agent.enqueuedNextState' : 'agent.clearedNextState'); // cleared: 2.28 only
      var oldMap = {};
      (prev ? prev.contacts : []).forEach(function (c) {
        oldMap[c.id] = c;
      });
      var newIds = {};
      s.contacts.forEach(function (c) {
        newIds[c.id] = true;
      });
      // order as the host: added, removed, common
      s.contacts.forEach(function (c) {
        if (!oldMap[c.id]) {
          bump('contact.init');
          contactEvents('init', c.state).forEach(function (e) {
            bump('contact.' + e);
          });
          bump('contact.refresh');
        }
      });
      Object.keys(oldMap).forEach(function (id) {
        if (!newIds[id]) bump('contact.destroy');
      });
      s.contacts.forEach(function (c) {
        var o = oldMap[c.id];
        if (o) {
          if (o.state !== c.state)
            contactEvents(o.state, c.state).forEach(function (e) {
              bump('contact.' + e);
            });
          bump('contact.refresh');
        }
      });
      prev = s;
    });
    return n;
  }

  function stats(steps) {
    var nc = 0,
      ncMin = Infinity,
      ncMax = 0,
      conns = 0,
      connMin = Infinity,
      connMax = 0,
      ids = {},
      hist = {};
    steps.forEach(function (s) {
      var k = s.contacts.length;
      nc += k;
      ncMin = Math.min(ncMin, k);
      ncMax = Math.max(ncMax, k);
      hist[k] = (hist[k] || 0) + 1;
      s.contacts.forEach(function (c) {
        ids[c.id] = 1;
        conns += c.conns.length;
        connMin = Math.min(connMin, c.conns.length);
        connMax = Math.max(connMax, c.conns.length);
      });
    });
    return {
      messages: steps.length,
      contactsPerSnapshotMean: +(nc / steps.length).toFixed(3),
      contactsMin: ncMin,
      contactsMax: ncMax,
      contactsHistogram: hist,
      connectionsPerContactMean: +(conns / nc).toFixed(3),
      connectionsMin: connMin,
      connectionsMax: connMax,
      distinctContacts: Object.keys(ids).length,
    };
  }

  var api = {
    DEFAULTS: DEFAULTS,
    generate: generate,
    materialize: materialize,
    expectedEvents: expectedEvents,
    stats: stats,
    configuration: configuration,
  };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else root.IngestWorkload = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
