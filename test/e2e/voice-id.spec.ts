// @x/voice-id in Chromium against the emulator's agent-app service (issue-7's agent-app router,
// simulated Voice ID domain and its control API), served over HTTP. The page runs the flows with
// the fetch transport on the emulator's origin, as the CCP's worker does; the test steers the
// simulated customers through the control API (/control/voice-id).
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import type { RouteHandler } from '../../packages/connect-emulator/src/lib/http';
import {
  DEFAULT_VOICE_ID_SETTINGS,
  VoiceIdSimulator,
  createAgentAppRouter,
  createVoiceIdControlRouter,
  type AgentAppBackend,
  type VoiceIdContactView,
} from '../../packages/connect-emulator/src/agent-app/index';
import { serve } from '../../packages/connect-emulator/test/support/serve';
import type { HarnessContact, HarnessOutcome, VoiceIdHarness } from './voice-id/harness';
import type { VoiceIdOptions } from '../../packages/voice-id/src/index';

declare global {
  // The harness bundle sets it on the page.
  var voiceIdHarness: VoiceIdHarness;
}

const TOKEN = 'voice-id-e2e-token';
const INSTANCE_ID = 'e2e-instance-0001';
const ACCOUNT_ID = '111122223333';

/** Calls in progress on the emulator: contacts connected to the agent (talk time runs). */
const calls = new Map<string, { customerId: string; connectedAt: number; ended: boolean }>();
/** Agent-app operations the emulator received, in order. */
const received: string[] = [];

const backend: AgentAppBackend = {
  instanceId: INSTANCE_ID,
  region: 'us-west-2',
  accountId: ACCOUNT_ID,
  validateToken: (token) => token === TOKEN,
  taskTemplates: () => [],
  createTemplatedTask: () => ({ contactId: 'unused' }),
  updateContact: () => undefined,
  quickResponses: () => [],
};
const simulator = new VoiceIdSimulator({
  region: 'us-west-2',
  accountId: ACCOUNT_ID,
  contact: (contactId): VoiceIdContactView | undefined => {
    const call = calls.get(contactId);
    if (!call) return undefined;
    return {
      contactId,
      initialContactId: contactId,
      customerId: call.customerId,
      talkMs: Date.now() - call.connectedAt,
      ended: call.ended,
    };
  },
});

let server: Awaited<ReturnType<typeof serve>>;

test.beforeAll(async () => {
  const bundle = await build({
    entryPoints: [new URL('./voice-id/harness.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const page: RouteHandler = (req, res, url) => {
    if (url.pathname === '/voice-id/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>voice-id</title><script src="/voice-id/harness.js"></script>');
      return Promise.resolve(true);
    }
    if (url.pathname === '/voice-id/harness.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
      return Promise.resolve(true);
    }
    const target = req.headers['x-amz-target'];
    if (typeof target === 'string') received.push(target);
    return Promise.resolve(false);
  };
  server = await serve(
    page,
    createAgentAppRouter(backend, simulator),
    createVoiceIdControlRouter(simulator),
  );
});

test.afterAll(async () => {
  await server.close();
});

test.beforeEach(async ({ page }) => {
  calls.clear();
  received.length = 0;
  await control('POST', '/reset', {});
  await control('PATCH', '/settings', DEFAULT_VOICE_ID_SETTINGS);
  await page.goto(`${server.url}/voice-id/`);
  await page.waitForFunction(() => typeof globalThis.voiceIdHarness === 'object');
});

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.url}/control/voice-id${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json();
}

/** A customer calls and is connected to the agent. */
function connectCall(contactId: string, customerId: string): HarnessContact {
  calls.set(contactId, { customerId, connectedAt: Date.now(), ended: false });
  return {
    contactId,
    initialContactId: contactId,
    instanceId: INSTANCE_ID,
    accountId: ACCOUNT_ID,
    token: TOKEN,
  };
}

const countOf = (method: string) => received.filter((m) => m === method).length;

function evaluate(page: Page, contact: HarnessContact, options: VoiceIdOptions = {}) {
  return page.evaluate(([c, o]) => globalThis.voiceIdHarness.evaluate(c, o), [
    contact,
    options,
  ] as const);
}

function enroll(page: Page, contact: HarnessContact, options: VoiceIdOptions = {}) {
  return page.evaluate(([c, o]) => globalThis.voiceIdHarness.enroll(c, o), [
    contact,
    options,
  ] as const);
}

function expectOk(outcome: HarnessOutcome): unknown {
  if (!outcome.ok) throw new Error(`flow failed: ${JSON.stringify(outcome.error)}`);
  return outcome.value;
}

test.describe('@x/voice-id against the emulator agent-app service', () => {
  test('an enrolled customer is authenticated once there is enough speech', async ({ page }) => {
    await control('PUT', '/customers/cust-enrolled', { speakerStatus: 'ENROLLED' });
    const contact = connectCall('contact-auth', 'cust-enrolled');
    const result = evaluate(page, contact);
    // The first evaluations find too little speech; then the customer speaks for 10 s.
    await expect.poll(() => countOf('AgentAppService.VoiceId.evaluateSession')).toBeGreaterThan(0);
    await control('POST', '/sessions/contact-auth/speech', { addMs: 10_000 });
    const outcome = await result;
    expect(expectOk(outcome)).toMatchObject({
      StreamingStatus: 'ONGOING',
      AuthenticationResult: { Decision: 'Authenticated', CustomerSpeakerId: 'cust-enrolled' },
      FraudDetectionResult: { Decision: 'LowRisk' },
    });
    expect(
      outcome.calls.filter((m) => m === 'AgentAppService.VoiceId.evaluateSession').length,
    ).toBeGreaterThan(1);
    expect(outcome.calls.slice(0, 2)).toEqual([
      'AgentAppService.Acs.listIntegrationAssociations',
      'AgentAppService.Nasa.startVoiceIdSession',
    ]);
  });

  test('a known fraudster is flagged high risk', async ({ page }) => {
    await control('PUT', '/customers/cust-fraudster', { fraud: 'HIGH_RISK' });
    const contact = connectCall('contact-fraud', 'cust-fraudster');
    const result = evaluate(page, contact);
    await expect.poll(() => countOf('AgentAppService.VoiceId.evaluateSession')).toBeGreaterThan(0);
    await control('POST', '/sessions/contact-fraud/speech', { addMs: 10_000 });
    expect(expectOk(await result)).toMatchObject({
      AuthenticationResult: { Decision: 'NotEnrolled' },
      FraudDetectionResult: { Decision: 'HighRisk', Reasons: ['KNOWN_FRAUDSTER'] },
    });
  });

  test('an opted-out speaker is deleted and re-enrolled', async ({ page }) => {
    await control('PUT', '/customers/cust-opted-out', { speakerStatus: 'OPTED_OUT' });
    const contact = connectCall('contact-optout', 'cust-opted-out');
    await control('POST', '/sessions/contact-optout/speech', { addMs: 30_000 });
    const outcome = await enroll(page, contact);
    expect(expectOk(outcome)).toMatchObject({
      Session: { EnrollmentRequestDetails: { Status: 'COMPLETED' } },
    });
    const deleted = outcome.calls.indexOf('AgentAppService.VoiceId.deleteSpeaker');
    expect(deleted).toBeGreaterThan(-1);
    expect(deleted).toBeLessThan(outcome.calls.indexOf('AgentAppService.VoiceId.enrollBySession'));
    expect(await control('GET', '/customers/cust-opted-out')).toMatchObject({
      speakerStatus: 'ENROLLED',
    });
  });

  test('a not-enrolled customer is enrolled, with progress reported once', async ({ page }) => {
    const contact = connectCall('contact-new', 'cust-new');
    const result = enroll(page, contact);
    // Too little speech at first; then the customer speaks for 30 s.
    await expect.poll(() => countOf('AgentAppService.VoiceId.describeSession')).toBeGreaterThan(0);
    await control('POST', '/sessions/contact-new/speech', { addMs: 30_000 });
    const outcome = await result;
    expect(expectOk(outcome)).toMatchObject({
      Session: { EnrollmentRequestDetails: { Status: 'COMPLETED' } },
    });
    expect(outcome.progress).toHaveLength(1);
    expect(outcome.progress[0]).toMatchObject({
      Session: { EnrollmentRequestDetails: { Status: 'IN_PROGRESS' } },
    });
    expect(outcome.calls).not.toContain('AgentAppService.VoiceId.deleteSpeaker');
    expect(await control('GET', '/customers/cust-new')).toMatchObject({
      speakerStatus: 'ENROLLED',
    });
  });

  test('evaluation times out when the customer speech is held back', async ({ page }) => {
    // 100 ms of talk would be enough, but the emulator holds this customer's speech back.
    await control('PATCH', '/settings', { authenticationSpeechMs: 100 });
    await control('PUT', '/customers/cust-quiet', { speakerStatus: 'ENROLLED', holdSpeech: true });
    const contact = connectCall('contact-quiet', 'cust-quiet');
    const outcome = await evaluate(page, contact, { evaluationMaxPollTimes: 5 });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? undefined : outcome.error).toEqual({
      type: 'evaluate_speaker_timeout',
      message: 'evaluateSpeaker timeout',
    });
    expect(countOf('AgentAppService.VoiceId.evaluateSession')).toBe(5);
  });
});
