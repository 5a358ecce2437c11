// First load to an interactive inbox: the production build of examples/workspace,
// served by the workspace server on the API's origin (SERVE_WEB=1, gzip, immutable hashed assets),
// a signed-in agent opening /ws/acme/inbox/all in a fresh browser context (cold cache) each run. "Interactive" is the moment the conversation list
// shows its rows (or its empty state) and the search box is enabled, recorded in the page.
// The floor, measured in the same run on the same server: a static page (dist/bench-floor.html,
// written after the build) that fetches, all at once, the same bytes the app's first load fetched
// before it was interactive (the page itself, its scripts and styles, and the inbox's API calls
// with the same headers and bodies, recorded from the warm-up load), then marks itself
// interactive. App and floor loads alternate; prints p50 and p95 of each, the per-pair ratio app ÷
// floor with its spread, and p95 app ÷ p95 floor (bar: ≤ 1.5). Port: WORKSPACE_BENCH_PORT
// (default 5236).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { build } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import type { Browser, Request } from 'playwright';
import { describeSpread, percentile, report, spreadOf } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const root = fileURLToPath(new URL('../../', import.meta.url));
const appRoot = `${root}examples/workspace/`;
const apiPort = Number(process.env.WORKSPACE_BENCH_PORT ?? 5236);

/** Starts the workspace server from source; resolves when it prints its ready line. */
function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', `${appRoot}server/src/main.ts`],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        WORKSPACE_API_PORT: String(apiPort),
        DATA_DIR: 'memory://',
        SEED_DEMO: '1',
        SERVE_WEB: '1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
    },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try {
        const value = JSON.parse(line) as { ready?: boolean; url?: string };
        if (value.ready && value.url) resolve({ child, url: value.url });
      } catch {
        // log line
      }
    });
    child.once('exit', (code) => reject(new Error(`workspace server exited (${code})`)));
  });
}

await build({ root: appRoot, configFile: `${appRoot}vite.config.ts`, logLevel: 'warn' });
const server = await startServer();
const origin = server.url.replace(/\/$/, '');
console.log(`production build served by the workspace server at ${origin}`);

/** A same-origin request of the first load, to be made again by the floor page. */
interface Replay {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

/** The floor page: every recorded request at once, then interactive. */
function floorPage(requests: readonly Replay[]): string {
  const script = `(function () {
  var requests = ${JSON.stringify(requests)};
  Promise.all(requests.map(function (r) {
    return fetch(r.url, { method: r.method, headers: r.headers, body: r.body, cache: 'no-store' })
      .then(function (res) { return res.arrayBuffer(); });
  })).then(function () { window.__interactive = performance.now(); });
})();`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>floor</title><script>${script}</script></head><body></body></html>`;
}

const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found for the first-load benchmark');
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'jane@acme.test', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const auth = (await login.json()) as { token: string; expiresAt: string };
  /** One cold load of `path` in a fresh context; ms to interactive, and the requests made. */
  const load = async (b: Browser, path: string): Promise<{ ms: number; requests: Request[] }> => {
    const context = await b.newContext({ viewport: { width: 1280, height: 800 } });
    // No named functions inside: tsx (esbuild keepNames) would wrap them in a `__name` helper that
    // the page does not have.
    await context.addInitScript((value) => {
      localStorage.setItem('workspace.auth', value);
      // Record when the inbox becomes interactive: rows (or the empty state) and an enabled search.
      new MutationObserver((_records, observer) => {
        const list = document.querySelector(
          '[data-testid="conversation-row"], [data-testid="conversation-list-empty"]',
        );
        const search = document.querySelector<HTMLInputElement>(
          '[data-testid="conversation-search"]',
        );
        if (list && search && !search.disabled) {
          (window as unknown as { __interactive: number }).__interactive = performance.now();
          // What was fetched until now (the floor fetches the same).
          (window as unknown as { __fetched: string[] }).__fetched = performance
            .getEntriesByType('resource')
            .map((e) => e.name);
          observer.disconnect();
        }
      }).observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['disabled'],
      });
    }, JSON.stringify(auth));
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(`${origin}${path}`);
    const at = await page
      .waitForFunction(
        () => (window as unknown as { __interactive?: number }).__interactive,
        undefined,
        { timeout: 30_000 },
      )
      .catch(async (error: unknown) => {
        const shown = (await page.locator('body').innerText()).slice(0, 300);
        throw new Error(`${path} never became interactive; the page shows: ${shown}`, {
          cause: error,
        });
      });
    const ms = (await at.jsonValue()) as number;
    // The document and the requests made before interactive.
    const fetched = new Set(
      await page.evaluate(() => (window as unknown as { __fetched?: string[] }).__fetched ?? []),
    );
    const before = requests.filter((r, i) => i === 0 || fetched.has(r.url()));
    await context.close();
    return { ms, requests: before };
  };

  // Warm-up (the first load warms the server), recording what the first load fetches.
  const warm = await load(browser, '/ws/acme/inbox/all');
  const replay: Replay[] = await Promise.all(
    warm.requests
      .filter((r) => r.url().startsWith(origin))
      .map(async (r) => {
        const headers = await r.allHeaders();
        const keep = Object.fromEntries(
          Object.entries(headers).filter(([k]) =>
            ['authorization', 'content-type', 'accept'].includes(k.toLowerCase()),
          ),
        );
        return { url: r.url(), method: r.method(), headers: keep, body: r.postData() };
      }),
  );
  const api = replay.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  console.log(
    `the first load fetched ${replay.length} same-origin resources before interactive, ${api.length} of them API calls: ${api.map((r) => `${r.method} ${new URL(r.url).pathname}`).join(', ')}`,
  );
  writeFileSync(`${appRoot}dist/bench-floor.html`, floorPage(replay));
  await load(browser, '/bench-floor.html'); // warm-up of the floor

  const times: number[] = [];
  const floor: number[] = [];
  const ratios: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Alternate the order, so a slow spell of the shared machine falls on both.
    const pair =
      run % 2 === 0
        ? [await load(browser, '/ws/acme/inbox/all'), await load(browser, '/bench-floor.html')]
        : [
            await load(browser, '/bench-floor.html'),
            await load(browser, '/ws/acme/inbox/all'),
          ].reverse();
    times.push(pair[0]!.ms);
    floor.push(pair[1]!.ms);
    ratios.push(pair[0]!.ms / pair[1]!.ms);
  }
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const floor50 = percentile(floor, 50);
  const floor95 = percentile(floor, 95);
  const spread = spreadOf(ratios);
  console.log(
    `first load → interactive inbox over ${times.length} cold loads: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; ` +
      `the floor (same bytes and API calls, at once, from a static page): p50 ${floor50.toFixed(0)} ms, p95 ${floor95.toFixed(0)} ms; ` +
      `per-pair app ÷ floor ${describeSpread(spread)}; p95 ÷ p95 ${(p95 / floor95).toFixed(2)}`,
  );
  report({
    name: 'first load → interactive inbox (production build) vs the floor, per-pair ratio, p50',
    unit: 'ms',
    ours: p50,
    reference: floor50,
    referenceName: 'static page fetching the same bytes and API calls at once',
    higherIsBetter: false,
    ratio: spread,
  });
  report({
    name: 'first load → interactive inbox (production build) vs the floor, p95',
    unit: 'ms p95',
    ours: p95,
    reference: floor95,
    referenceName: 'static page fetching the same bytes and API calls at once',
    higherIsBetter: false,
    bar: 'p95 ≤ 1.5× the floor',
    barMet: p95 <= 1.5 * floor95,
  });
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
}
