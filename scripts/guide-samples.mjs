// The code samples of the hand-written guides (docs/guides/*.md), and a run of the getting-started
// page against the emulator in headless Chromium.
//
// A sample is a fenced block; one preceded by `<!-- file: NAME -->` is written under that name
// (so that samples can import each other, as `./accept`), the others as `<guide>-<n>.<lang>`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
import { root } from './packages.mjs';

export const GUIDES_DIR = join(root, 'docs/guides');

/**
 * A fenced sample, optionally after a hidden `<!-- sample-context … -->` comment (declarations the
 * sample assumes, e.g. the app's `session`; prepended when it is checked, never shown) and a
 * `<!-- file: NAME -->` marker (the file name it is checked as).
 */
const SAMPLE_FENCE =
  /(?:<!-- sample-context\n([\s\S]*?)-->\s*\n)?(?:<!-- file: ([\w.-]+) -->\s*\n)?```(\w+)\n([\s\S]*?)\n```/g;

const withContext = (context, code) => `${context ? `${context.trim()}\n` : ''}${code}\n`;

/** @returns {{ guide: string, name: string, lang: string, code: string }[]} */
export function guideSamples(dir = GUIDES_DIR) {
  const samples = [];
  for (const guide of readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const text = readFileSync(join(dir, guide), 'utf8');
    let n = 0;
    for (const [, context, name, lang, code] of text.matchAll(SAMPLE_FENCE)) {
      n++;
      samples.push({
        guide,
        name: name ?? `${guide.replace(/\.md$/, '')}-${n}.${lang}`,
        lang,
        code: withContext(context, code),
      });
    }
  }
  return samples;
}

/**
 * Every TypeScript sample of the package READMEs, type-checked with the guides' samples: a block
 * marked `<!-- file: NAME -->` is written as NAME, the others as `<package>-readme-<n>.<lang>`, so
 * no README sample can rot.
 * @returns {{ guide: string, name: string, lang: string, code: string }[]}
 */
export function readmeSamples() {
  const packagesDir = join(root, 'packages');
  return readdirSync(packagesDir)
    .filter((name) => existsSync(join(packagesDir, name, 'README.md')))
    .flatMap((name) => {
      const text = readFileSync(join(packagesDir, name, 'README.md'), 'utf8');
      let n = 0;
      return [...text.matchAll(SAMPLE_FENCE)].map(([, context, file, lang, code]) => ({
        guide: `packages/${name}/README.md`,
        name: file ?? `${name}-readme-${++n}.${lang}`,
        lang,
        code: withContext(context, code),
      }));
    });
}

/** The emulator's address in the guides; a run replaces it with the address of its own emulator. */
export const GUIDE_EMULATOR_URL = 'http://127.0.0.1:4700';

/**
 * Starts `connect-emulator --json --port 0` of `cwd` (its node_modules/.bin) and resolves with
 * the information it prints; `stop()` ends it.
 */
export function startEmulatorCli(cwd, allowedOrigin) {
  const child = spawn(
    join(cwd, 'node_modules/.bin/connect-emulator'),
    ['--json', '--port', '0', '--allowed-origin', allowedOrigin],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`connect-emulator printed nothing: ${out}`)),
      60_000,
    );
    child.on('exit', (code) => reject(new Error(`connect-emulator exited with ${code}: ${out}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.trim().startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      const info = JSON.parse(line);
      resolve({
        info,
        url: new URL(info.loginUrl).origin,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/**
 * Serves the getting-started page (its `index.html` and `main.ts`, bundled with esbuild from
 * `projectDir`, so `@x/connect-streams` is whatever that directory installs) on 127.0.0.1, starts
 * the emulator from `projectDir`, and in headless Chromium: signs `jane` in, opens the page, waits
 * for "Signed in as", presses Call, answers on the emulator's customer-phone page and waits for the
 * call to connect. Throws on failure.
 */
export async function runGettingStarted(projectDir, log = console.log) {
  const samples = new Map(
    guideSamples()
      .filter((s) => s.guide === 'getting-started.md')
      .map((s) => [s.name, s.code]),
  );
  const html = samples.get('index.html');
  const main = samples.get('main.ts');
  if (!html || !main) throw new Error('getting-started.md lost its index.html or main.ts sample');

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/main.ts') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(server.bundle);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pageOrigin = `http://127.0.0.1:${server.address().port}`;
  const emulator = await startEmulatorCli(projectDir, pageOrigin);
  log(`  emulator at ${emulator.url}, page at ${pageOrigin}`);
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const bundled = await build({
      stdin: {
        contents: main.replaceAll(GUIDE_EMULATOR_URL, emulator.url),
        resolveDir: projectDir,
        loader: 'ts',
        sourcefile: 'main.ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    server.bundle = bundled.outputFiles[0].text;

    const context = await browser.newContext({ permissions: ['microphone'] });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Signs the agent in, as the login window would.
    await page.goto(`${emulator.url}/login?username=jane`);
    await page.goto(pageOrigin);
    const status = page.locator('#status');
    await status.filter({ hasText: 'Signed in as Jane Doe' }).waitFor({ timeout: 30_000 });
    log(`  ${await status.textContent()}`);
    await page.locator('#call').click();
    // The customer answers on the emulator's customer-phone page, as the guide says.
    const phone = await context.newPage();
    await phone.goto(`${emulator.url}/control`);
    await phone
      .getByRole('button', { name: 'answer', exact: true })
      .first()
      .click({ timeout: 30_000 });
    await status
      .filter({ hasText: 'On a call with' })
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        throw new Error(`the call did not connect; the page says "${await status.textContent()}"`, {
          cause: error,
        });
      });
    log(`  ${await status.textContent()}`);
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    await emulator.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The React quickstart (examples/react-quickstart) as a developer who installed the tarballs has
 * it: its page and sources copied into `projectDir` (so `@x/*`, React and the stylesheet resolve
 * from that project's node_modules), built with Vite, served on `localhost` beside an emulator on
 * `127.0.0.1` (two sites, the default options). In headless Chromium the agent is signed in,
 * goes On and accepts a customer's call.
 */
export async function runReactQuickstart(projectDir, log = console.log) {
  const { cpSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const vite = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const app = join(projectDir, 'react-quickstart');
  const source = join(root, 'examples/react-quickstart');
  cpSync(join(source, 'index.html'), join(app, 'index.html'));
  cpSync(join(source, 'src'), join(app, 'src'), { recursive: true });
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const pageUrl = `http://localhost:${port}/`;
  const emulator = await startEmulatorCli(projectDir, `http://localhost:${port}`);
  const outDir = mkdtempSync(join(tmpdir(), 'react-quickstart-pack-'));
  // The quickstart's own vite.config.ts, minus the control proxy (this journey does not open the
  // agent list): Vite and its React plugin are the workspace's, everything the page imports is
  // the project's.
  const config = {
    root: app,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    define: { 'import.meta.env.VITE_CONNECT_EMULATOR_URL': JSON.stringify(emulator.url) },
  };
  let server;
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    await vite.build({ ...config, build: { outDir, emptyOutDir: true } });
    server = await vite.preview({
      ...config,
      build: { outDir },
      preview: { port, strictPort: true, host: 'localhost' },
    });
    const context = await browser.newContext({ permissions: ['microphone'] });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pageUrl);
    const chip = page.getByTestId('voice-status').locator('.xv-chip');
    const started = Date.now();
    await chip.and(page.locator('[data-state="offline"]')).waitFor({ timeout: 30_000 });
    log(`  signed in after ${Date.now() - started} ms`);
    await chip.click();
    await page
      .getByRole('menu', { name: 'Status' })
      .getByRole('menuitemradio', { name: 'On', exact: true })
      .click();
    await chip.and(page.locator('[data-state="available"]')).waitFor();
    const dialled = await fetch(`${emulator.url}/control/calls`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-connect-emulator-token': emulator.info.controlToken,
      },
      body: JSON.stringify({ to: '+15555550001', from: '+15555550199' }),
    });
    if (!dialled.ok) throw new Error(`POST /control/calls answered ${dialled.status}`);
    const panel = page.getByTestId('voice-call-panel');
    await panel.and(page.locator('[data-state="incoming"]')).waitFor({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Accept', exact: true }).click();
    await panel.and(page.locator('[data-state="connected"]')).waitFor({ timeout: 30_000 });
    log('  the call is connected');
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    await server?.close();
    await emulator.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}
