// In-page part of the ingest benchmark (plain browser script; defines globalThis.runIngestBench).
// Needs globalThis.IngestWorkload, globalThis.Ours (our bundle) and globalThis.connect (streams 2.18.7).
(function () {
  'use strict';

  function streamsHost(connect, counts) {
    var bump = function (k) {
      counts[k] = (counts[k] || 0) + 1;
    };
    connect.core.eventBus = new connect.EventBus();
    connect.agent.initialized = false;
    connect.core.agentDataProvider = new connect.core.AgentDataProvider(connect.core.getEventBus());
    var bus = connect.core.getEventBus();
    connect.agent(function (agent) {
      bump('agent.init');
      agent.onRefresh(function () {
        bump('agent.refresh');
      });
      agent.onStateChange(function () {
        bump('agent.stateChange');
      });
      agent.onRoutable(function () {
        bump('agent.routable');
      });
      agent.onNotRoutable(function () {
        bump('agent.notRoutable');
      });
      agent.onOffline(function () {
        bump('agent.offline');
      });
      agent.onError(function () {
        bump('agent.error');
      });
      agent.onAfterCallWork(function () {
        bump('agent.acw');
      });
      agent.onEnqueuedNextState(function () {
        bump('agent.enqueuedNextState');
      });
    });
    connect.contact(function (contact) {
      bump('contact.init');
      contact.onRefresh(function () {
        bump('contact.refresh');
      });
      contact.onIncoming(function () {
        bump('contact.incoming');
      });
      contact.onConnecting(function () {
        bump('contact.connecting');
      });
      contact.onConnected(function () {
        bump('contact.connected');
      });
      contact.onEnded(function () {
        bump('contact.ended');
      });
      contact.onACW(function () {
        bump('contact.acw');
      });
      contact.onMissed(function () {
        bump('contact.missed');
      });
      contact.onError(function () {
        bump('contact.error');
      });
      contact.onDestroy(function () {
        bump('contact.destroy');
      });
    });
    return {
      ingest: function (m) {
        bus.trigger(m.event, m.data);
      },
      dispose: function () {},
    };
  }

  function run(W, steps, runs, make) {
    var times = [];
    var counts = {};
    for (var r = 0; r <= runs; r++) {
      var c = {};
      var host = make(c);
      var msgs = steps.map(function (s) {
        return W.materialize(s);
      });
      var t0 = performance.now();
      for (var i = 0; i < msgs.length; i++) host.ingest(msgs[i]);
      var t = performance.now() - t0;
      host.dispose();
      if (r === 0)
        counts = c; // the first run checks counts and warms up
      else times.push(t);
    }
    times.sort(function (a, b) {
      return a - b;
    });
    var median = times[Math.floor(times.length / 2)];
    return { rate: (steps.length * 1000) / median, counts: counts };
  }

  globalThis.runIngestBench = function (runs) {
    var W = globalThis.IngestWorkload;
    var connect = globalThis.connect;
    var steps = W.generate();
    var expected = W.expectedEvents(steps);
    var ref = run(W, steps, runs, function (c) {
      return streamsHost(connect, c);
    });
    var our = run(W, steps, runs, function (c) {
      return globalThis.Ours.createOurs(c);
    });
    var ref2 = run(W, steps, runs, function (c) {
      return streamsHost(connect, c);
    });
    var our2 = run(W, steps, runs, function (c) {
      return globalThis.Ours.createOurs(c);
    });
    return {
      expected: expected,
      ours: Math.max(our.rate, our2.rate),
      reference: Math.max(ref.rate, ref2.rate),
      oursCounts: our.counts,
      refCounts: ref.counts,
      n: steps.length,
    };
  };
})();
