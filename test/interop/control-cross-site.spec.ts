// The control and admin APIs refuse cross-site browser requests. A page on another
// origin (127.0.0.1 on another port: same site; localhost: another site) sends every control route
// of the OpenAPI document and every admin route, as a "simple" no-cors request (text/plain, the
// session cookie included) and as a JSON request carrying the control token: each is refused (403,
// or its preflight is), and nothing changes in the instance. The same requests from loopback with
// the credential succeed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page, type Response } from '@playwright/test';
import {
  ManualClock,
  startEmulator,
  type Emulator,
} from '../../packages/connect-emulator/src/index';
import { ADMIN_OPERATIONS } from '../../packages/connect-emulator/src/admin/admin-router';
import { controlOpenApi } from '../../packages/connect-emulator/src/control/openapi';

let emulator: Emulator;
let hostile: Server;
let hostilePort: number;

test.beforeAll(async () => {
  // Two regions, so that the region routes of the document are served too.
  emulator = await startEmulator({
    port: 0,
    clock: new ManualClock(Date.now()),
    regions: { secondary: 'us-west-2' },
  });
  hostile = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>another origin</title><p>hostile page</p>');
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  hostilePort = (hostile.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await emulator.close();
  hostile.close();
});

/** Every control route of the OpenAPI document (method, path with sample ids). */
function controlRoutes(): { method: string; path: string }[] {
  const doc = controlOpenApi(emulator.url) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/control/'))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, 'sample-id'),
      })),
    );
}

/** Every admin route (the SDK operations' method and path, with this instance's id). */
function adminRoutes(): { method: string; path: string }[] {
  const instance = emulator.centre.instanceId;
  return Object.keys(ADMIN_OPERATIONS).map((key) => {
    const [method, pattern] = key.split(' ') as [string, string];
    let first = true;
    const path = pattern
      .split('/')
      .map((part) => {
        if (part !== '*') return part;
        const value = first ? instance : 'sample-id';
        first = false;
        return value;
      })
      .join('/');
    return { method, path: `/${path}` };
  });
}

/** What must not change: fault rules, webhooks, contacts, agent states, recorded Voice ID data. */
async function instanceState(): Promise<unknown> {
  const get = async (path: string) =>
    (await (
      await fetch(`${emulator.url}${path}`, { headers: emulator.controlHeaders })
    ).json()) as {
      [key: string]: unknown;
    };
  return {
    faults: (await get('/control/faults')).rules,
    webhooks: (await get('/control/webhooks')).webhooks,
    contacts: (await get('/control/contacts')).contacts,
    agents: (await get('/control/agents')).agents,
    settings: await get('/control/voice-id/settings'),
    now: emulator.clock.now(),
  };
}

/** Sends one request from the page; resolves with the status the browser saw on the wire. */
async function fromPage(
  page: Page,
  route: { method: string; path: string },
  mode: 'simple' | 'json',
): Promise<{ status: number | null; failed: boolean }> {
  const url = `${emulator.url}${route.path}`;
  const statuses: { method: string; status: number }[] = [];
  const onResponse = (response: Response) => {
    if (response.url() === url)
      statuses.push({ method: response.request().method(), status: response.status() });
  };
  page.on('response', onResponse);
  const failed = await page.evaluate(
    async ({ url, method, mode, token }) => {
      const hasBody = method !== 'GET' && method !== 'HEAD';
      try {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 3000);
        await fetch(url, {
          method,
          credentials: 'include',
          signal: controller.signal,
          ...(mode === 'simple'
            ? {
                mode: 'no-cors',
                headers: { 'content-type': 'text/plain' },
                ...(hasBody ? { body: '{"to":"+15555550001","url":"http://x/","seed":1}' } : {}),
              }
            : {
                headers: { 'content-type': 'application/json', 'x-connect-emulator-token': token },
                ...(hasBody ? { body: '{}' } : {}),
              }),
        });
        return false;
      } catch {
        return true;
      }
    },
    { url, method: route.method, mode, token: emulator.controlToken },
  );
  if (mode === 'simple')
    await expect
      .poll(() => statuses.length, { message: `${route.method} ${route.path}` })
      .toBeGreaterThan(0);
  else {
    // A later request of the page, answered: the browser reports responses in the order they
    // come, so a response the refused request would have had is in by then.
    const marker = `${emulator.url}/login?after=${encodeURIComponent(route.path)}`;
    await Promise.all([
      page.waitForResponse(marker),
      page.evaluate((u) => fetch(u, { mode: 'no-cors' }).then(() => undefined), marker),
    ]);
  }
  page.off('response', onResponse);
  const actual = statuses.find((s) => s.method !== 'OPTIONS')?.status ?? null;
  return { status: actual, failed };
}

for (const origin of ['same site, another port', 'another site'] as const) {
  test(`every control and admin route refuses a page of ${origin}`, async ({ page }) => {
    // The agent is signed in in this browser: the session cookie goes with the requests.
    await page.goto(`${emulator.url}/login?username=jane&redirect=/auth/authorize`);
    await page.goto(
      origin === 'another site'
        ? `http://localhost:${hostilePort}/`
        : `http://127.0.0.1:${hostilePort}/`,
    );
    const before = await instanceState();
    const routes = [...controlRoutes(), ...adminRoutes()];
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      // A "simple" request (no preflight) exists for GET and POST only; the browser preflights
      // PUT, PATCH and DELETE whatever the mode.
      if (route.method === 'GET' || route.method === 'POST') {
        const simple = await fromPage(page, route, 'simple');
        expect([route.method, route.path, simple.status]).toEqual([route.method, route.path, 403]);
      }
      const json = await fromPage(page, route, 'json');
      // The preflight is refused (no CORS for these APIs), so the request itself is never sent.
      expect([route.method, route.path, json.status, json.failed]).toEqual([
        route.method,
        route.path,
        null,
        true,
      ]);
    }
    expect(await instanceState()).toEqual(before);
  });
}

test('the same control routes from loopback with the credential succeed', async () => {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emulator.url}${path}`, {
      method,
      headers: emulator.controlHeaders,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: res.status,
      body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
    };
  };
  const cti = async (username: string, op: string, body: Record<string, unknown>) => {
    const token = emulator.login(username).accessToken;
    const res = await fetch(emulator.ctiEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `AmazonConnectCTIService.${op}`,
        'x-amz-bearer': token,
      },
      body: JSON.stringify({ ...body, authentication: { authToken: token } }),
    });
    expect(res.status, op).toBe(200);
  };
  // Three ringing outbound calls, one for each of answer, reject and no-answer.
  const outbound: string[] = [];
  for (const agent of ['jane', 'john', 'ana']) {
    await cti(agent, 'CreateOutboundContact', {
      endpoint: { type: 'phone_number', phoneNumber: '+15555550100' },
    });
    const { body } = await call('GET', '/control/contacts');
    outbound.push(
      (body.contacts as { contactId: string }[])
        .map((c) => c.contactId)
        .find((id) => !outbound.includes(id))!,
    );
  }
  const setup: [string, string, unknown?][] = [
    ['POST', '/control/calls', { to: '+15555550001' }],
    [
      'POST',
      '/control/faults',
      { service: 'cti', operation: 'GetAgentSnapshot', action: { type: 'latency', ms: 1 } },
    ],
    ['POST', '/control/webhooks', { url: 'http://127.0.0.1:9/hook' }],
    ['POST', '/control/agent-event-webhooks', { url: 'http://127.0.0.1:9/agent-hook' }],
  ];
  const ids: string[] = [];
  for (const [method, path, body] of setup) {
    const r = await call(method, path, body);
    expect(r.status, `${method} ${path}`).toBe(201);
    ids.push(String(r.body.contactId ?? r.body.id));
  }
  const [dialled, rule, hook, agentHook] = ids;
  const requests: [string, string, unknown?][] = [
    ...setup,
    ['GET', '/control/faults'],
    ['DELETE', `/control/faults/${rule}`],
    ['DELETE', '/control/faults'],
    ['POST', '/control/faults/seed', { seed: 2 }],
    ['GET', '/control/voice-id/settings'],
    ['PATCH', '/control/voice-id/settings', { authenticationSpeechMs: 100 }],
    ['GET', '/control/voice-id/customers/c-1'],
    ['PUT', '/control/voice-id/customers/c-1', { speakerStatus: 'ENROLLED' }],
    ['GET', '/control/voice-id/sessions'],
    ['GET', '/control/voice-id/lcms-updates'],
    ['GET', '/control/webhooks'],
    ['GET', '/control/webhooks/attempts'],
    ['DELETE', `/control/webhooks/${hook}`],
    ['GET', '/control/agent-event-webhooks'],
    ['GET', '/control/agent-event-webhooks/attempts'],
    ['DELETE', `/control/agent-event-webhooks/${agentHook}`],
    ['GET', '/control/events'],
    ['GET', '/control/agents'],
    ['GET', '/control/quick-connects'],
    ['GET', '/control/contacts'],
    ['GET', `/control/contacts/${dialled}`],
    ['POST', '/control/calls', { to: '+15555550001' }],
    ['POST', '/control/callbacks', { queue: 'BasicQueue', number: '+15555550123' }],
    ['POST', '/control/chats', { displayName: 'Pat', message: 'Hello' }],
    ['POST', `/control/contacts/${dialled}/digits`, { digits: '12' }],
    ['POST', `/control/voice-id/sessions/${dialled}/speech`, { addMs: 10 }],
    ['POST', `/control/contacts/${dialled}/hangup`],
    ['POST', `/control/contacts/${outbound[0]}/answer`],
    ['POST', `/control/contacts/${outbound[1]}/reject`],
    ['POST', `/control/contacts/${outbound[2]}/no-answer`],
    ['POST', '/control/clock/advance', { ms: 1000 }],
    ['POST', '/control/voice-id/reset'],
    ['POST', '/control/sign-in-links', { username: 'jane', redirect: '/connect/ccp-v2/' }],
    ['GET', '/control/regions'],
    ['POST', '/control/regions/failover-pending'],
    ['POST', '/control/regions/failover', { mode: 'soft' }],
    ['POST', '/control/reset'],
  ];
  for (const [method, path, body] of requests) {
    const r = await call(method, path, body);
    expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
  }
  // Server-sent events: the stream opens.
  const controller = new AbortController();
  const stream = await fetch(`${emulator.url}/control/events/stream`, {
    headers: emulator.controlHeaders,
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  controller.abort();
  // Every control route of the document was called above.
  const doc = controlOpenApi(emulator.url) as { paths: Record<string, Record<string, unknown>> };
  for (const [template, ops] of Object.entries(doc.paths)) {
    if (!template.startsWith('/control/') || template === '/control/events/stream') continue;
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const method of Object.keys(ops))
      expect(
        requests.some(([m, p]) => m === method.toUpperCase() && pattern.test(p)),
        `${method.toUpperCase()} ${template} is exercised`,
      ).toBe(true);
  }
});
