// Page side of test/bench/react-voice-agent-list.bench.ts (bundled by esbuild, production React):
// mounts the Agent list tab over 2,000 agents and measures its first render and a scroll through
// the whole list; the references are the same rows and rules rendered without virtualisation, and
// the floor: a plain React list of the 18 rows a screen shows (no hooks, no provider, no rules).
import { useMemo } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { VoiceApi } from '../../../packages/react-voice/src/api/client';
import type { StatusListItem } from '../../../packages/react-voice/src/api/contract';
import { VoiceController } from '../../../packages/react-voice/src/controller/voice-controller';
import { AgentListTab } from '../../../packages/react-voice/src/panel/agent-list-tab';
import { AgentRowView } from '../../../packages/react-voice/src/panel/agent-row';
import { useAgentList } from '../../../packages/react-voice/src/react/list-hooks';
import { VoiceProvider } from '../../../packages/react-voice/src/react/voice-provider';
import {
  ME,
  manyAgents,
  quickConnectsOf,
} from '../../../packages/react-voice/test/fixtures/panel-data';

type Kind = 'ours' | 'naive' | 'plain';

/** Rows of the floor: about what the 760 px list shows at once. */
const PLAIN_ROWS = 18;

/** The reference: every group and agent row in the DOM (no virtualisation), same hook and rows. */
function NaiveAgentList(): ReactElement {
  const list = useAgentList();
  const setSize = useMemo(
    () => list.groups.reduce((n, g) => n + 1 + g.rows.length, 0),
    [list.groups],
  );
  let index = 0;
  return (
    <div className="xv-panel-tab" data-testid="voice-agent-list">
      <div className="xv-panel-scroll" data-testid="voice-agent-scroll">
        <div role="list">
          {list.groups.map((group) => (
            <div key={group.id}>
              <div role="listitem" className="xv-agent-group" style={{ height: 40 }}>
                <h3 className="xv-agent-group__heading">{group.id}</h3>
              </div>
              {group.rows.map((row) => (
                <AgentRowView
                  key={row.idAgent}
                  row={row}
                  start={0}
                  index={index++}
                  setSize={setSize}
                  onOpenConversation={() => {}}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The floor: a plain list of the first rows, each a name and a status, the data at hand. */
function PlainList({ list }: { list: readonly StatusListItem[] }): ReactElement {
  return (
    <ul style={{ margin: 0, padding: 0, listStyle: 'none', overflow: 'auto' }}>
      {list.slice(0, PLAIN_ROWS).map((agent) => (
        <li key={agent.agent.idAgent} data-testid="voice-agent-row" style={{ height: 40 }}>
          <span>{agent.agent.name}</span> <small>{agent.status.name}</small>
        </li>
      ))}
    </ul>
  );
}

let root: Root | null = null;

/** Mounts the list over `count` agents; resolves with ms from render() to the rows laid out. */
async function firstRender(
  kind: Kind,
  count: number,
): Promise<{ ms: number; rows: number; skeleton: number; firstRow: number }> {
  const list: StatusListItem[] = manyAgents(count);
  const agents = quickConnectsOf(list);
  const api = {
    getAgentsStatus: () => Promise.resolve(list),
    getTransfers: () => Promise.resolve({ agents, groups: [] }),
  } as unknown as VoiceApi;
  const controller = new VoiceController({ api, idAgent: ME, storage: null });
  const host = document.getElementById('host')!;
  let last = 0;
  let firstMutation = 0;
  let firstRow = 0;
  const observer = new MutationObserver(() => {
    firstMutation ||= performance.now();
    // Once rows are in, style and layout are part of the render: force them, then read the clock.
    if (!host.querySelector('[data-testid="voice-agent-row"]')) return;
    void host.getBoundingClientRect();
    last = performance.now();
    firstRow ||= last;
    performance.mark('xv-rows');
  });
  observer.observe(host, { childList: true, subtree: true, attributes: true });
  performance.mark('xv-render');
  const start = performance.now();
  root = createRoot(host);
  root.render(
    kind === 'plain' ? (
      <div className="xv" style={{ display: 'flex', width: 320, height: 760 }}>
        <PlainList list={list} />
      </div>
    ) : (
      <VoiceProvider controller={controller}>
        <div className="xv" style={{ display: 'flex', width: 320, height: 760 }}>
          {kind === 'ours' ? <AgentListTab slug="acme" /> : <NaiveAgentList />}
        </div>
      </VoiceProvider>
    ),
  );
  // Until rows are in and two frames passed without mutations.
  for (;;) {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const rows = host.querySelectorAll('[data-testid="voice-agent-row"]').length;
    if (rows > 0 && performance.now() - last > 40) {
      observer.disconnect();
      return {
        ms: last - start,
        rows,
        skeleton: firstMutation - start,
        firstRow: firstRow - start,
      };
    }
  }
}

/** Scrolls the list to its end, `step` px a frame; frame times and long tasks while it runs. */
async function scrollThrough(step: number): Promise<{
  ms: number;
  frames: number[];
  longTasks: number;
  lastAgentShown: boolean;
}> {
  const el = document.querySelector<HTMLElement>('[data-testid="voice-agent-scroll"]')!;
  let longTasks = 0;
  const observer = new PerformanceObserver((entries) => {
    longTasks += entries.getEntries().length;
  });
  observer.observe({ type: 'longtask' });
  const frames: number[] = [];
  performance.mark('xv-scroll-start');
  const start = performance.now();
  let previous = start;
  while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
    el.scrollTop += step;
    const now = await new Promise<number>((r) => requestAnimationFrame(r));
    frames.push(now - previous);
    previous = now;
  }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  performance.mark('xv-scroll-end');
  observer.disconnect();
  const rows = [...el.querySelectorAll<HTMLElement>('[data-testid="voice-agent-row"]')];
  // The last row of the list (Offline, last of the last group) is rendered at the end.
  const last = rows.reduce<HTMLElement | null>(
    (a, r) => (!a || r.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom ? r : a),
    null,
  );
  const lastAgentShown =
    !!last && last.getBoundingClientRect().bottom <= el.getBoundingClientRect().bottom + 1;
  return { ms: performance.now() - start, frames, longTasks, lastAgentShown };
}

/**
 * Runs React once in the page (a small unrelated tree in the page's font, mounted and unmounted),
 * as in an app that is already running when the user opens the panel. Our components stay cold.
 */
async function warmReact(): Promise<void> {
  const el = document.createElement('div');
  document.body.appendChild(el);
  const warm = createRoot(el);
  warm.render(
    <section>
      <h1>Inbox</h1>
      <ul>
        {Array.from({ length: 50 }, (_, i) => (
          <li key={i}>
            <button type="button">{`Conversation ${i}`}</button> <small>{`${i} min ago`}</small>
          </li>
        ))}
      </ul>
    </section>,
  );
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  warm.unmount();
  el.remove();
}

function unmount(): void {
  root?.unmount();
  root = null;
}

(globalThis as unknown as { AgentListBench: unknown }).AgentListBench = {
  firstRender,
  warmReact,
  scrollThrough,
  unmount,
};
