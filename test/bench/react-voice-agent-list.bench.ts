// The voice panel's Agent list tab with 2,000 agents (plus the signed-in user, left out),
// in headless Chromium with production React. Each run opens a fresh page, runs React once on an
// unrelated tree (as in an app that is running when the user opens the panel; our components stay
// cold), waits 300 ms for the browser to settle (without it the previous page's teardown and the
// new page's start share the 2 cores with the render and add 15-20 ms to ours and ~100 ms to the
// reference), then mounts <AgentListTab> under <VoiceProvider>, the API answering at once, and times
// render() → the first screen of rows committed and laid out: wall-clock time, and the renderer
// main thread's CPU time over the same span (from a Chromium trace: unlike wall time, it does not
// grow when other processes share the CPU). Then the list is scrolled to its end, 600 px a frame:
// frame times and long tasks, and the last agent must show.
// Two references, measured in the same runs the same way: the same rows and rules without
// virtualisation (every row in the DOM), and the floor, a plain React list of the 18 rows a screen
// shows (no hooks, provider or rules). Each run gives the ratios ours ÷ floor and ours ÷ the
// unvirtualised list; the runs go on (BENCH_RUNS at least, up to BENCH_MAX_RUNS) until the ratio to
// the floor is known within 30 %, and its spread is printed. Bar: ours ≤ 2× the floor (CPU, median).
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import type { Page } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { describeSpread, percentile, report, spreadOf } from './harness';

const here = dirname(fileURLToPath(import.meta.url));
/** A host page whose text uses the same font stack as the panel (as the workspace app does). */
const PAGE =
  '<!doctype html><html><body style="margin:0;font-family:ui-sans-serif,system-ui,-apple-system,Segoe UI,Roboto,Helvetica Neue,Arial,sans-serif">' +
  '<div id="host"></div></body></html>';
const AGENTS = 2000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const MAX_RUNS = Number(process.env.BENCH_MAX_RUNS ?? 13);
const SCROLL_STEP = 600;
const SETTLE_MS = 300;

const [js, css] = await Promise.all([
  build({
    entryPoints: [join(here, 'agent-list/page-entry.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  }),
  build({
    entryPoints: [join(here, '../../packages/react-voice/src/styles/index.css')],
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'silent',
  }),
]);
const script = js.outputFiles[0]!.text;
const style = css.outputFiles[0]!.text;

type Kind = 'ours' | 'naive' | 'plain';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
}

/**
 * The renderer main thread between the page's first `from` mark and its last `to` mark: CPU time
 * (ms) of the top-level tasks in that span (a task that straddles an end counts pro rata), and the
 * CPU time of the longest task.
 */
function mainThreadCpu(
  trace: Buffer,
  from: string,
  to: string,
): { total: number; longest: number } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const start = events.find((e) => e.name === from);
  const ends = events.filter((e) => e.name === to);
  const end = ends[ends.length - 1];
  if (!start || !end) throw new Error(`the trace has no ${from} / ${to} marks`);
  let total = 0;
  let longest = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== start.pid || e.tid !== start.tid)
      continue;
    const a = Math.max(e.ts, start.ts);
    const b = Math.min(e.ts + (e.dur ?? 0), end.ts);
    if (b <= a || !e.dur) continue;
    const cpu = (e.tdur ?? e.dur) * ((b - a) / e.dur);
    total += cpu;
    longest = Math.max(longest, cpu);
  }
  return { total: total / 1000, longest: longest / 1000 };
}

const TRACE_CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

interface ScrollResult {
  ms: number;
  frames: number[];
  longTasks: number;
  lastAgentShown: boolean;
  /** Main-thread CPU over the whole scroll, and of its longest task (ms). */
  cpu: number;
  longestTaskCpu: number;
}

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found for the agent-list benchmark');
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const renders: Record<Kind, number[]> = { ours: [], naive: [], plain: [] };
  const cpus: Record<Kind, number[]> = { ours: [], naive: [], plain: [] };
  const scrolls: Record<Exclude<Kind, 'plain'>, ScrollResult | null> = { ours: null, naive: null };
  let rowsInDom: Record<Kind, number> = { ours: 0, naive: 0, plain: 0 };
  /** Per run: ours ÷ floor (CPU and wall), ours ÷ the unvirtualised list (CPU and wall). */
  const ratios = {
    cpuFloor: [] as number[],
    wallFloor: [] as number[],
    cpuNaive: [] as number[],
    wallNaive: [] as number[],
  };
  /** A fresh page with the bench bundle, React warmed on an unrelated tree. */
  const openPage = async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await page.setContent(PAGE);
    await page.addStyleTag({ content: style });
    await page.addScriptTag({ content: script });
    await page.evaluate(() =>
      (
        globalThis as unknown as { AgentListBench: { warmReact(): Promise<void> } }
      ).AgentListBench.warmReact(),
    );
    // Let the browser settle (the previous page's teardown, the new page's first frames) first.
    await page.waitForTimeout(SETTLE_MS);
    return page;
  };
  const firstRender = (page: Page, kind: Kind) =>
    page.evaluate(
      ([k, n]) =>
        (
          globalThis as unknown as {
            AgentListBench: {
              firstRender(k: string, n: number): Promise<{ ms: number; rows: number }>;
            };
          }
        ).AgentListBench.firstRender(k, n),
      [kind, AGENTS] as const,
    );
  let runs = 0;
  for (let run = 0; run < MAX_RUNS; run++) {
    runs++;
    const last = run === RUNS - 1;
    // Alternate the order so that a slow spell of the shared machine does not fall on one kind.
    const kinds: Kind[] = run % 2 ? ['plain', 'naive', 'ours'] : ['ours', 'naive', 'plain'];
    for (const kind of kinds) {
      // Wall clock on a page without tracing (tracing slows the renderer down)...
      const timed = await openPage();
      const first = await firstRender(timed, kind);
      renders[kind].push(first.ms);
      rowsInDom = { ...rowsInDom, [kind]: first.rows };
      await timed.close();
      // ...main-thread CPU from a trace of the same render on another fresh page.
      const page = await openPage();
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await firstRender(page, kind);
      cpus[kind].push(mainThreadCpu(await browser.stopTracing(), 'xv-render', 'xv-rows').total);
      if (last && kind !== 'plain') {
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        const scroll = await page.evaluate(
          (step) =>
            (
              globalThis as unknown as {
                AgentListBench: {
                  scrollThrough(
                    step: number,
                  ): Promise<Omit<ScrollResult, 'cpu' | 'longestTaskCpu'>>;
                };
              }
            ).AgentListBench.scrollThrough(step),
          SCROLL_STEP,
        );
        const cpu = mainThreadCpu(await browser.stopTracing(), 'xv-scroll-start', 'xv-scroll-end');
        scrolls[kind] = { ...scroll, cpu: cpu.total, longestTaskCpu: cpu.longest };
      }
      await page.close();
    }
    const at = (k: Kind, list: Record<Kind, number[]>) => list[k][list[k].length - 1]!;
    ratios.cpuFloor.push(at('ours', cpus) / at('plain', cpus));
    ratios.wallFloor.push(at('ours', renders) / at('plain', renders));
    ratios.cpuNaive.push(at('ours', cpus) / at('naive', cpus));
    ratios.wallNaive.push(at('ours', renders) / at('naive', renders));
    if (runs >= RUNS && spreadOf(ratios.cpuFloor.slice(-RUNS)).relativeSpread <= 0.3) break;
  }

  const p50 = {
    ours: percentile(renders.ours, 50),
    naive: percentile(renders.naive, 50),
    plain: percentile(renders.plain, 50),
  };
  const cpu50 = {
    ours: percentile(cpus.ours, 50),
    naive: percentile(cpus.naive, 50),
    plain: percentile(cpus.plain, 50),
  };
  const min = { ours: Math.min(...renders.ours), naive: Math.min(...renders.naive) };
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on this machine`,
  );
  console.log(
    `first render of ${AGENTS} agents over ${runs} fresh pages: ours wall p50 ${p50.ours.toFixed(1)} ms (min ${min.ours.toFixed(1)}), ` +
      `main-thread CPU p50 ${cpu50.ours.toFixed(1)} ms, ${rowsInDom.ours} rows in the DOM; ` +
      `without virtualisation wall p50 ${p50.naive.toFixed(1)} ms (min ${min.naive.toFixed(1)}), CPU p50 ${cpu50.naive.toFixed(1)} ms, ${rowsInDom.naive} rows; ` +
      `the floor (plain list) wall p50 ${p50.plain.toFixed(1)} ms, CPU p50 ${cpu50.plain.toFixed(1)} ms, ${rowsInDom.plain} rows`,
  );
  const spreads = {
    cpuFloor: spreadOf(ratios.cpuFloor),
    wallFloor: spreadOf(ratios.wallFloor),
    cpuNaive: spreadOf(ratios.cpuNaive),
    wallNaive: spreadOf(ratios.wallNaive),
  };
  console.log(
    `ours ÷ floor: CPU ${describeSpread(spreads.cpuFloor)}, wall ${describeSpread(spreads.wallFloor)}; ` +
      `ours ÷ without virtualisation: CPU ${describeSpread(spreads.cpuNaive)}, wall ${describeSpread(spreads.wallNaive)}`,
  );
  for (const kind of ['ours', 'naive'] as const) {
    const s = scrolls[kind]!;
    console.log(
      `${kind === 'ours' ? 'ours' : 'no virtualisation'}: scroll to the end in ${s.frames.length} frames, ${s.ms.toFixed(0)} ms; ` +
        `frame p50 ${percentile(s.frames, 50).toFixed(1)} ms, p95 ${percentile(s.frames, 95).toFixed(1)} ms, max ${Math.max(...s.frames).toFixed(1)} ms; ` +
        `long tasks ${s.longTasks}; main-thread CPU ${s.cpu.toFixed(0)} ms (${(s.cpu / s.frames.length).toFixed(1)} ms a frame, longest task ${s.longestTaskCpu.toFixed(1)} ms); ` +
        `last agent shown: ${s.lastAgentShown}`,
    );
    if (!s.lastAgentShown) throw new Error(`${kind}: the scroll did not reach the last agent`);
  }
  report({
    name: `AgentListTab first render, ${AGENTS} agents (render() → rows laid out), main-thread CPU, vs the floor`,
    unit: 'ms',
    ours: cpu50.ours,
    reference: cpu50.plain,
    referenceName: 'plain React list of 18 rows (the floor)',
    higherIsBetter: false,
    bar: '≤ 2× the floor',
    barMet: spreads.cpuFloor.median <= 2,
    ratio: spreads.cpuFloor,
  });
  report({
    name: `AgentListTab first render, ${AGENTS} agents (render() → rows laid out), wall clock, vs the floor`,
    unit: 'ms',
    ours: p50.ours,
    reference: p50.plain,
    referenceName: 'plain React list of 18 rows (the floor)',
    higherIsBetter: false,
    bar: '≤ 2× the floor',
    barMet: spreads.wallFloor.median <= 2,
    ratio: spreads.wallFloor,
  });
  report({
    name: `AgentListTab first render, ${AGENTS} agents (render() → rows laid out), main-thread CPU, vs no virtualisation`,
    unit: 'ms',
    ours: cpu50.ours,
    reference: cpu50.naive,
    referenceName: 'same rows without virtualisation',
    higherIsBetter: false,
    ratio: spreads.cpuNaive,
  });
  report({
    name: `AgentListTab first render, ${AGENTS} agents (render() → rows laid out), wall clock, vs no virtualisation`,
    unit: 'ms',
    ours: p50.ours,
    reference: p50.naive,
    referenceName: 'same rows without virtualisation',
    higherIsBetter: false,
    ratio: spreads.wallNaive,
  });
  const ours = scrolls.ours!;
  const naive = scrolls.naive!;
  report({
    name: `AgentListTab scroll through ${AGENTS} agents, ${SCROLL_STEP} px a frame: main-thread CPU a frame`,
    unit: 'ms',
    ours: ours.cpu / ours.frames.length,
    reference: naive.cpu / naive.frames.length,
    referenceName: 'same rows without virtualisation',
    higherIsBetter: false,
  });
  report({
    name: `AgentListTab scroll through ${AGENTS} agents: longest main-thread task (CPU)`,
    unit: 'ms',
    ours: ours.longestTaskCpu,
    reference: naive.longestTaskCpu,
    referenceName: 'same rows without virtualisation',
    higherIsBetter: false,
  });
  report({
    name: `AgentListTab scroll through ${AGENTS} agents: frame time p95 (wall clock)`,
    unit: 'ms',
    ours: percentile(ours.frames, 95),
    reference: percentile(naive.frames, 95),
    referenceName: 'same rows without virtualisation',
    higherIsBetter: false,
  });
} finally {
  await browser.close();
}
