// The React quickstart (examples/react-quickstart) as a developer runs it: built with Vite against
// the built packages, served by `vite preview` on `localhost`, the emulator on `127.0.0.1` (two
// sites: the session cookie is partitioned), default VoiceProvider options. The agent is signed in
// by the hidden sign-on frame, goes On, takes a customer's call and ends it; the call shows in
// the call history of the in-memory voice API.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { build, preview, type PreviewServer } from 'vite';
import { startEmulator, type Emulator } from '../../packages/connect-emulator/src/index';

const ROOT = new URL('../../examples/react-quickstart/', import.meta.url).pathname;
const SUPPORT_NUMBER = '+15555550001';
const CUSTOMER = '+15555550199';
/**
 * How long the agent may take to be signed in once the page has loaded: the 10 s, with
 * room for a machine shared by parallel runs (the panel's start is a few frame loads and a
 * SharedWorker start, each slowed by the load).
 */
const SIGN_IN_TIMEOUT_MS = 30_000;

/** Sign-in and start-up are seconds; the call journey takes a few more. */
test.describe.configure({ timeout: 90_000 });

let emulator: Emulator;
let server: PreviewServer;
let outDir = '';
let pageUrl = '';
let savedEnv: Record<string, string | undefined> = {};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  // A Vite production build: seconds alone, minutes on a machine shared with parallel runs.
  test.setTimeout(240_000);
  emulator = await startEmulator({ port: 0, host: '127.0.0.1' });
  outDir = mkdtempSync(join(tmpdir(), 'react-quickstart-'));
  // The quickstart's build and preview read these; the run's own emulator token is put back in
  // afterAll, since the journeys after this file (same worker) drive the run's emulator with it.
  savedEnv = {
    VITE_CONNECT_EMULATOR_URL: process.env.VITE_CONNECT_EMULATOR_URL,
    CONNECT_EMULATOR_CONTROL_TOKEN: process.env.CONNECT_EMULATOR_CONTROL_TOKEN,
  };
  process.env.VITE_CONNECT_EMULATOR_URL = emulator.url;
  process.env.CONNECT_EMULATOR_CONTROL_TOKEN = emulator.controlToken;
  const port = await freePort();
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: 'localhost' },
  });
  pageUrl = `http://localhost:${port}/`;
});

test.afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await server?.close();
  await emulator?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test('the quickstart signs the agent in with the default options and takes a call', async ({
  page,
}) => {
  await page.goto(pageUrl);
  const started = Date.now();
  const chip = page.getByTestId('voice-status').locator('.xv-chip');
  // Signed in within seconds: the page is on localhost, the emulator on 127.0.0.1. The bound is
  // SIGN_IN_TIMEOUT_MS: 4-6 s here on an idle machine, more on a loaded one.
  await expect(chip).toHaveAttribute('data-state', 'offline', { timeout: SIGN_IN_TIMEOUT_MS });
  test.info().annotations.push({ type: 'sign-in', description: `${Date.now() - started} ms` });

  await chip.click();
  await page
    .getByRole('menu', { name: 'Status' })
    .getByRole('menuitemradio', { name: 'On', exact: true })
    .click();
  await expect(chip).toHaveAttribute('data-state', 'available');

  const dialled = await fetch(`${emulator.url}/control/calls`, {
    method: 'POST',
    headers: emulator.controlHeaders,
    body: JSON.stringify({ to: SUPPORT_NUMBER, from: CUSTOMER }),
  });
  expect(dialled.ok).toBe(true);
  const { contactId } = (await dialled.json()) as { contactId: string };

  const panel = page.getByTestId('voice-call-panel');
  await expect(panel).toHaveAttribute('data-state', 'incoming');
  // the caller's number as people read it (the call panel's default, international format)
  await expect(panel).toContainText('+1 555 555 0199');
  await panel.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(panel).toHaveAttribute('data-state', 'connected');

  // The agent list reads the emulator through the quickstart's /emulator-control proxy.
  await chip.click();
  await page
    .getByRole('menu', { name: 'Status' })
    .getByRole('menuitem', { name: 'Agent list', exact: true })
    .click();
  const voicePanel = page.getByTestId('voice-panel');
  await expect(voicePanel).toBeVisible();
  await expect(page.getByTestId('voice-agent-row').filter({ hasText: 'John Roe' })).toBeVisible();
  await page.keyboard.press('Escape');

  await panel.getByRole('button', { name: 'End call', exact: true }).click();
  await expect
    .poll(async () => {
      const answer = await fetch(`${emulator.url}/control/contacts/${contactId}`, {
        headers: emulator.controlHeaders,
      });
      return ((await answer.json()) as { state: string }).state;
    })
    .toMatch(/ended|disconnected|acw/);
});

test('an agent who is not signed in is told so within seconds and signs in inside the page', async ({
  page,
}) => {
  // `?agent=` (empty): the hidden sign-on frame loads the emulator's plain login page, which signs
  // nobody in; the panel tells the page (auth_fail) as soon as its authorize answers 401.
  await page.goto(`${pageUrl}?agent=`);
  const problem = page.getByTestId('voice-start-problem');
  await expect(problem).toHaveAttribute('data-problem', 'signInNeeded', {
    timeout: SIGN_IN_TIMEOUT_MS,
  });
  await expect(problem).toContainText('Sign in to the contact centre to use voice calls.');
  await problem.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The emulator is another site (127.0.0.1): the sign-in page shows inside this page, where its
  // partitioned session cookie is the one the framed panel reads.
  const dialog = page.getByRole('dialog', { name: 'Sign in to the contact centre' });
  await expect(dialog).toBeVisible();
  const signIn = dialog.frameLocator('[data-testid="voice-sign-in-frame"]');
  await signIn.getByTestId('agent').selectOption('john');
  await signIn.getByTestId('sign-in').click();
  // The panel's next start finds John signed in: the chip shows his status, the dialog is gone.
  const chip = page.getByTestId('voice-status').locator('.xv-chip');
  await expect(chip).toHaveAttribute('data-state', 'offline', { timeout: SIGN_IN_TIMEOUT_MS });
  await expect(dialog).toBeHidden();
});
