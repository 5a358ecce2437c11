// @x/voice-id in Chromium against the emulator (startEmulator) and its agent-app service: the
// agent-app endpoint, the simulated Voice ID domain and its control API (/control/voice-id), fed by
// the emulator's contacts (customer number as speaker id, talk time once agent and customer are
// connected). The page runs the flows with the fetch transport on the emulator's origin, as the
// CCP's worker does; the test places calls, has the agent accept them, and steers the simulated
// customers through the control API.
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { DEFAULT_VOICE_ID_SETTINGS } from '../../packages/connect-emulator/src/agent-app/index';
import type { RouteHandler } from '../../packages/connect-emulator/src/lib/http';
import { startEmulator, type Emulator } from '../../packages/connect-emulator/src/index';
import type { VoiceIdOptions } from '../../packages/voice-id/src/index';
import type { HarnessContact, HarnessOutcome, VoiceIdHarness } from './voice-id/harness';

declare global {
  // The harness bundle sets it on the page.
  var voiceIdHarness: VoiceIdHarness;
}

const AGENT = 'jane';
const SUPPORT_NUMBER = '+15555550001';

const ENROLLED_CUSTOMER = '+15550001001';
const FRAUDSTER = '+15550001002';
const OPTED_OUT_CUSTOMER = '+15550001003';
const NEW_CUSTOMER = '+15550001004';
const QUIET_CUSTOMER = '+15550001005';

/** Agent-app operations the emulator received, in order. */
const received: string[] = [];

let emulator: Emulator;
let token = '';

/** The instance id and account id of the emulator's instance ARN. */
function instance(): { instanceId: string; accountId: string; region: string } {
  const [, , , region = '', accountId = '', resource = ''] = emulator.instanceArn.split(':');
  return { instanceId: resource.replace(/^instance\//, ''), accountId, region };
}

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
  emulator = await startEmulator({ port: 0, extraRoutes: [page] });
  token = emulator.login(AGENT).accessToken;
});

test.afterAll(async () => {
  await emulator.close();
});

test.beforeEach(async ({ page }) => {
  emulator.reset();
  received.length = 0;
  await control('POST', '/reset', {});
  await control('PATCH', '/settings', DEFAULT_VOICE_ID_SETTINGS);
  await page.goto(`${emulator.url}/voice-id/`);
  await page.waitForFunction(() => typeof globalThis.voiceIdHarness === 'object');
});

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emulator.url}/control/voice-id${path}`, {
    method,
    headers: emulator.controlHeaders,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json();
}

/** A customer calls the support number and the (available) agent accepts the call. */
function connectCall(customerNumber: string): HarnessContact & { customerId: string } {
  const centre = emulator.centre;
  const agent = centre.agentByUsername(AGENT)!;
  centre.putAgentState(agent, { name: 'Available' });
  const contact = centre.dialIn(SUPPORT_NUMBER, customerNumber);
  centre.acceptContact(agent, contact.id);
  const { instanceId, accountId } = instance();
  return {
    contactId: contact.id,
    initialContactId: contact.initialContactId,
    instanceId,
    accountId,
    token,
    customerId: customerNumber,
  };
}

/** The control-API path of a simulated customer. */
const customer = (id: string) => `/customers/${encodeURIComponent(id)}`;
/** The control-API path of a contact's speech. */
const speech = (contact: HarnessContact) =>
  `/sessions/${encodeURIComponent(contact.contactId)}/speech`;

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
    await control('PUT', customer(ENROLLED_CUSTOMER), { speakerStatus: 'ENROLLED' });
    const contact = connectCall(ENROLLED_CUSTOMER);
    const result = evaluate(page, contact);
    // The first evaluations find too little speech; then the customer speaks for 10 s.
    await expect.poll(() => countOf('AgentAppService.VoiceId.evaluateSession')).toBeGreaterThan(0);
    await control('POST', speech(contact), { addMs: 10_000 });
    const outcome = await result;
    expect(expectOk(outcome)).toMatchObject({
      StreamingStatus: 'ONGOING',
      AuthenticationResult: { Decision: 'Authenticated', CustomerSpeakerId: ENROLLED_CUSTOMER },
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
    await control('PUT', customer(FRAUDSTER), { fraud: 'HIGH_RISK' });
    const contact = connectCall(FRAUDSTER);
    const result = evaluate(page, contact);
    await expect.poll(() => countOf('AgentAppService.VoiceId.evaluateSession')).toBeGreaterThan(0);
    await control('POST', speech(contact), { addMs: 10_000 });
    expect(expectOk(await result)).toMatchObject({
      AuthenticationResult: { Decision: 'NotEnrolled' },
      FraudDetectionResult: { Decision: 'HighRisk', Reasons: ['KNOWN_FRAUDSTER'] },
    });
  });

  test('an opted-out speaker is deleted and re-enrolled', async ({ page }) => {
    await control('PUT', customer(OPTED_OUT_CUSTOMER), { speakerStatus: 'OPTED_OUT' });
    const contact = connectCall(OPTED_OUT_CUSTOMER);
    await control('POST', speech(contact), { addMs: 30_000 });
    const outcome = await enroll(page, contact);
    expect(expectOk(outcome)).toMatchObject({
      Session: { EnrollmentRequestDetails: { Status: 'COMPLETED' } },
    });
    const deleted = outcome.calls.indexOf('AgentAppService.VoiceId.deleteSpeaker');
    expect(deleted).toBeGreaterThan(-1);
    expect(deleted).toBeLessThan(outcome.calls.indexOf('AgentAppService.VoiceId.enrollBySession'));
    expect(await control('GET', customer(OPTED_OUT_CUSTOMER))).toMatchObject({
      speakerStatus: 'ENROLLED',
    });
  });

  test('a not-enrolled customer is enrolled, with progress reported once', async ({ page }) => {
    const contact = connectCall(NEW_CUSTOMER);
    const result = enroll(page, contact);
    // Too little speech at first; then the customer speaks for 30 s.
    await expect.poll(() => countOf('AgentAppService.VoiceId.describeSession')).toBeGreaterThan(0);
    await control('POST', speech(contact), { addMs: 30_000 });
    const outcome = await result;
    expect(expectOk(outcome)).toMatchObject({
      Session: { EnrollmentRequestDetails: { Status: 'COMPLETED' } },
    });
    expect(outcome.progress).toHaveLength(1);
    expect(outcome.progress[0]).toMatchObject({
      Session: { EnrollmentRequestDetails: { Status: 'IN_PROGRESS' } },
    });
    expect(outcome.calls).not.toContain('AgentAppService.VoiceId.deleteSpeaker');
    expect(await control('GET', customer(NEW_CUSTOMER))).toMatchObject({
      speakerStatus: 'ENROLLED',
    });
  });

  test('evaluation times out when the customer speech is held back', async ({ page }) => {
    // 100 ms of talk would be enough, but the emulator holds this customer's speech back.
    await control('PATCH', '/settings', { authenticationSpeechMs: 100 });
    await control('PUT', customer(QUIET_CUSTOMER), { speakerStatus: 'ENROLLED', holdSpeech: true });
    const contact = connectCall(QUIET_CUSTOMER);
    const outcome = await evaluate(page, contact, { evaluationMaxPollTimes: 5 });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? undefined : outcome.error).toEqual({
      type: 'evaluate_speaker_timeout',
      message: 'evaluateSpeaker timeout',
    });
    expect(countOf('AgentAppService.VoiceId.evaluateSession')).toBe(5);
  });
});
