// A panel snapshot update re-renders only the components whose selected data changed.
// Six screen parts (status chip, call panel, participants, monitoring buttons, audio settings,
// session gate), 5 of each, are rendered under `VoiceProvider` (the hooks select store slices),
// and under a naive context provider measured in the same run (the usual hand-written provider:
// it puts the state in one React context and refreshes it on every `agent::update`). The same
// script of panel updates runs against both: identical snapshots (the panel re-sends its state
// on every poll), an agent status change, and a hold/resume during a call. Render counts printed.
import { createRequire } from 'node:module';
import type { ReactNode } from 'react';
import type { VoiceApi, VoiceController, VoiceState } from '@x/react-voice';
import { report } from './harness';

// jsdom (a dev dependency, untyped here) gives React DOM a document in Node.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: Window & typeof globalThis };
};
const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>');
Object.assign(globalThis, { window: dom.window, document: dom.window.document });
Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true });
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const React = await import('react');
const { createRoot } = await import('react-dom/client');
const { TestPanel } = await import('@x/connect-streams/testing');
const voice = await import('@x/react-voice');

const { act, createContext, createElement: h, useContext, useEffect, useState } = React;
const COPIES = 5;
const IDENTICAL_SNAPSHOTS = 20;

type Part = 'chip' | 'call' | 'participants' | 'monitoring' | 'devices' | 'session';
const PARTS: Part[] = ['chip', 'call', 'participants', 'monitoring', 'devices', 'session'];
type Counts = Record<Part, number>;
const zero = (): Counts => ({
  chip: 0,
  call: 0,
  participants: 0,
  monitoring: 0,
  devices: 0,
  session: 0,
});

/** Our hooks: each part selects its slice. */
function oursParts(counts: Counts) {
  const select: Record<Part, (s: VoiceState) => unknown> = {
    chip: (s) => s.agent,
    call: (s) => s.call,
    participants: (s) => s.participants,
    monitoring: (s) => s.monitoring,
    devices: (s) => s.devices,
    session: (s) => s.session,
  };
  return PARTS.map(
    (part) =>
      function Part() {
        voice.useVoiceSelector(select[part]);
        counts[part]++;
        return null;
      },
  );
}

/** The naive provider: the whole state in one context, refreshed on every panel update. */
const NaiveContext = createContext<VoiceState | null>(null);
function NaiveProvider({
  controller,
  children,
}: {
  controller: VoiceController;
  children?: ReactNode;
}) {
  const [state, setState] = useState(() => ({ ...controller.getState() }));
  useEffect(
    () => controller.ccp?.onMessage('agent::update', () => setState({ ...controller.getState() })),
    [controller],
  );
  return h(NaiveContext.Provider, { value: state }, children);
}
function naiveParts(counts: Counts) {
  return PARTS.map(
    (part) =>
      function Part() {
        useContext(NaiveContext);
        counts[part]++;
        return null;
      },
  );
}

async function run(kind: 'ours' | 'naive'): Promise<{ counts: Counts; ms: number }> {
  const panel = new TestPanel();
  const controller = new voice.VoiceController({
    api: {
      getConfig: () =>
        Promise.resolve({
          planVoice: true,
          isVoiceModuleEnabled: true,
          connect: { instanceStatus: 'CREATED', instanceId: 'i', subdomain: 's', region: 'r' },
          ccpUrl: 'https://x/ccp-v2/',
          loginUrl: 'https://x/login',
          agentUsername: null,
        }),
      getConnection: () => new Promise(() => {}),
      acceptCall: () => new Promise(() => {}),
      getContactByPhone: () => Promise.resolve(null),
      getTransfers: () => Promise.resolve({ agents: [], groups: [] }),
    } as unknown as VoiceApi,
    storage: null,
    random: () => 0.5,
    connect: () => panel.connect(),
  });
  await controller.start();
  panel.instance.setAgentState('Available');
  await panel.settle();
  const counts = zero();
  const parts = kind === 'ours' ? oursParts(counts) : naiveParts(counts);
  const children = parts.flatMap((Part, i) =>
    Array.from({ length: COPIES }, (_, j) => h(Part, { key: `${i}-${j}` })),
  );
  const tree =
    kind === 'ours'
      ? h(voice.VoiceProvider, { controller }, children)
      : h(NaiveProvider, { controller }, children);
  const root = createRoot(document.getElementById('root')!);
  act(() => root.render(tree));
  // a call is up before counting
  const id = panel.instance.incomingCall();
  await act(async () => {
    await panel.settle();
    await controller.accept();
    await panel.settle();
  });
  for (const part of PARTS) counts[part] = 0;

  const started = performance.now();
  for (let i = 0; i < IDENTICAL_SNAPSHOTS; i++) {
    await act(async () => {
      panel.instance.update();
      await panel.settle();
    });
  }
  await act(async () => {
    await controller.toggleHold();
    await panel.settle();
  });
  await act(async () => {
    await controller.toggleHold();
    await panel.settle();
  });
  const ms = performance.now() - started;
  act(() => root.unmount());
  void id;
  controller.dispose();
  return { counts, ms };
}

const ours = await run('ours');
const naive = await run('naive');
const total = (c: Counts) => PARTS.reduce((n, p) => n + c[p], 0);
console.log(
  `${IDENTICAL_SNAPSHOTS} identical snapshots, then hold and resume, ${COPIES} of each part`,
);
console.log('part | ours | naive context provider');
for (const part of PARTS) console.log(`${part} | ${ours.counts[part]} | ${naive.counts[part]}`);
console.log(`total | ${total(ours.counts)} | ${total(naive.counts)}`);

report({
  name: `re-renders of ${PARTS.length * COPIES} voice components over ${IDENTICAL_SNAPSHOTS} identical snapshots + hold/resume (VoiceProvider hooks vs naive context provider)`,
  unit: 'renders',
  ours: total(ours.counts),
  reference: total(naive.counts),
  referenceName: 'naive context provider',
  higherIsBetter: false,
  bar: 're-render only components whose selected data changed',
  barMet:
    ours.counts.devices === 0 &&
    ours.counts.session === 0 &&
    ours.counts.monitoring === 0 &&
    ours.counts.call > 0 &&
    ours.counts.call <= 2 * 2 * COPIES,
});
report({
  name: 'time for the same update script (VoiceProvider hooks vs naive context provider)',
  unit: 'ms',
  ours: ours.ms,
  reference: naive.ms,
  referenceName: 'naive context provider',
  higherIsBetter: false,
});
