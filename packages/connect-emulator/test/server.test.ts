/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ManualClock, startEmulator } from '../src/index';
import { startHarness, type Harness } from './helpers';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ allowedOrigins: ['http://localhost:5173'] });
});
afterEach(async () => {
  await h.close();
});

async function loginCookie(username = 'jane'): Promise<string> {
  const r = await fetch(`${h.emulator.loginUrl}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, redirect: '/ccp' }),
  });
  expect(r.status).toBe(303);
  expect(r.headers.get('location')).toBe('/ccp');
  return r.headers.get('set-cookie')!.split(';')[0]!;
}

describe('login, authorize, logout, whitelisted origins', () => {
  it('the login page lists the seeded agents', async () => {
    const html = await (await fetch(h.emulator.loginUrl)).text();
    expect(html).toContain('Jane Doe (jane)');
    expect(html).toContain('John Roe (john)');
  });

  it('login sets the session cookie; authorize returns {accessToken, expiration} that works on the CTI service', async () => {
    const cookie = await loginCookie();
    for (const path of ['/auth/authorize', '/connect/auth/authorize']) {
      const r = await fetch(h.emulator.url + path, { headers: { cookie } });
      expect(r.status).toBe(200);
      const body: any = await r.json();
      expect(new Date(body.expiration).getTime()).toBeGreaterThan(Date.now());
      expect((await h.cti('GetAgentConfiguration', {}, { token: body.accessToken })).status).toBe(
        200,
      );
    }
  });

  it('authorize without a session is 401', async () => {
    expect((await fetch(h.emulator.authorizeUrl)).status).toBe(401);
    expect(
      (
        await fetch(h.emulator.authorizeUrl, {
          headers: { cookie: 'connect-emulator-session=forged' },
        })
      ).status,
    ).toBe(401);
  });

  it('login refuses unknown agents and ignores off-site redirects', async () => {
    const bad = await fetch(h.emulator.loginUrl, {
      method: 'POST',
      body: new URLSearchParams({ username: 'mallory' }),
    });
    expect(bad.status).toBe(400);
    const offsite = await fetch(h.emulator.loginUrl, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ username: 'jane', redirect: '//evil.example/' }),
    });
    expect(offsite.status).toBe(200);
  });

  it('logout ends the session and its tokens (credentialed, CORS for the allowed origin)', async () => {
    const cookie = await loginCookie();
    const { accessToken }: any = await (
      await fetch(h.emulator.authorizeUrl, { headers: { cookie } })
    ).json();
    const r = await fetch(h.emulator.logoutUrl, {
      headers: { cookie, origin: 'http://localhost:5173' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
    expect((await fetch(h.emulator.authorizeUrl, { headers: { cookie } })).status).toBe(401);
    expect((await h.cti('GetAgentConfiguration', {}, { token: accessToken })).status).toBe(401);
  });

  it('does not grant CORS to origins that are not allowed', async () => {
    const r = await fetch(h.emulator.logoutUrl, { headers: { origin: 'https://evil.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(h.emulator.ctiEndpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-headers': 'x-amz-target,x-amz-bearer',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-amz-bearer');
  });

  it('/whitelisted-origins needs the bearer header and lists the allowed origins', async () => {
    expect((await fetch(h.emulator.url + '/whitelisted-origins')).status).toBe(401);
    const r = await fetch(h.emulator.url + '/whitelisted-origins', {
      headers: { 'x-amz-bearer': h.token },
    });
    expect(await r.json()).toEqual({ whitelistedOrigins: ['http://localhost:5173'] });
  });
});

describe('web socket', () => {
  it('answers aws/subscribe with success and echoes aws/heartbeat; refuses bad tokens', async () => {
    const url = (await h.cti('CreateTransport', { transportType: 'web_socket' })).body
      .webSocketTransport.url;
    const ws = new WebSocket(url);
    const frames: any[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => {
        ws.send(JSON.stringify({ topic: 'aws/subscribe', content: { topics: ['aws/chat'] } }));
        ws.send(JSON.stringify({ topic: 'aws/heartbeat' }));
        ws.send('not json');
      });
      ws.on('message', (data) => {
        frames.push(JSON.parse((data as Buffer).toString('utf8')));
        if (frames.length === 3) resolve();
      });
      ws.on('error', reject);
    });
    ws.close();
    expect(frames[0]).toEqual({
      topic: 'aws/subscribe',
      content: { status: 'success', topics: ['aws/chat'] },
    });
    expect(frames[1]).toEqual({ topic: 'aws/heartbeat' });
    expect(frames[2].message).toBe('Invalid message');
    const refused = new WebSocket(h.emulator.webSocketUrl + '?token=bad');
    const error = await new Promise<Error>((resolve) => refused.on('error', resolve));
    expect(error.message).toMatch(/401/);
  });
});

describe('control API', () => {
  it('serves the OpenAPI description and the customer phone page', async () => {
    const spec: any = await (await fetch(h.emulator.url + '/control/openapi.json')).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toContain('/control/calls');
    expect(await (await fetch(h.emulator.controlUrl)).text()).toContain('Customer phone');
    // The page's phone script is served without the control token (it holds no secret).
    const script = await fetch(h.emulator.url + '/control/phone.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('/control/calls');
  });

  it('a customer dials, the contact is listed, digits pressed reach the emulator, the customer hangs up', async () => {
    await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } });
    const dial = await h.control('POST', '/control/calls', {
      to: '+15555550001',
      from: '+15555550123',
    });
    expect(dial.status).toBe(201);
    const id = dial.body.contactId;
    // The customer's phone can join the call's audio: the signalling endpoint and its token.
    expect(dial.body.customerSoftphone).toEqual({
      signalingEndpoint: `${h.emulator.url.replace(/^http/, 'ws')}/softphone/signalling`,
      callContextToken: expect.any(String),
    });
    await h.cti('AcceptContact', { contactId: id });
    expect(
      (await h.control('POST', `/control/contacts/${id}/digits`, { digits: '9' })).body.digits,
    ).toEqual([{ from: 'customer', digits: '9' }]);
    expect((await h.control('GET', '/control/contacts')).body.contacts[0].contactId).toBe(id);
    expect((await h.control('GET', '/control/agents')).body.agents[0].state.name).toBe('Busy');
    expect((await h.control('POST', `/control/contacts/${id}/hangup`)).body.state).toBe('ended');
  });

  it('a dial-in carries the contact attributes it is given, as a contact flow sets them; bad ones are refused', async () => {
    await h.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } });
    expect(
      (
        await h.control('POST', '/control/calls', {
          to: '+15555550001',
          attributes: { orderId: 42 },
        })
      ).status,
    ).toBe(400);
    const dial = await h.control('POST', '/control/calls', {
      to: '+15555550001',
      attributes: { orderId: '42', tier: 'gold' },
    });
    expect(dial.status).toBe(201);
    const id = dial.body.contactId;
    const { snapshot } = (await h.cti('GetAgentSnapshot', { timeout: 0 })).body;
    expect(snapshot.contacts.find((c: any) => c.contactId === id).attributes).toEqual({
      orderId: { name: 'orderId', value: '42' },
      tier: { name: 'tier', value: 'gold' },
    });
    expect((await h.control('POST', `/control/contacts/${id}/hangup`)).status).toBe(200);
  });

  it('bad input: malformed JSON, unknown fields, bad numbers, unknown ids and impossible actions', async () => {
    expect((await h.control('POST', '/control/calls', '{nope')).status).toBe(400);
    expect((await h.control('POST', '/control/calls', {})).status).toBe(400);
    expect(
      (await h.control('POST', '/control/calls', { to: '+15555550001', extra: 1 })).status,
    ).toBe(400);
    expect(
      (await h.control('POST', '/control/calls', { to: '+15555550001', from: '12' })).status,
    ).toBe(400);
    expect((await h.control('POST', '/control/calls', { to: '+19999999999' })).status).toBe(404);
    expect((await h.control('GET', '/control/contacts/nope')).status).toBe(404);
    expect((await h.control('POST', '/control/contacts/nope/hangup')).status).toBe(404);
    expect((await h.control('POST', '/control/contacts/nope/dance')).status).toBe(404);
    const dial = await h.control('POST', '/control/calls', { to: 'BasicQueue' });
    expect(
      (await h.control('POST', `/control/contacts/${dial.body.contactId}/answer`)).status,
    ).toBe(409);
    expect(
      (await h.control('POST', `/control/contacts/${dial.body.contactId}/digits`, { digits: 'x' }))
        .status,
    ).toBe(400);
    expect((await h.control('POST', '/control/clock/advance', { ms: 1 })).status).toBe(409);
    expect((await h.control('GET', '/control/nothing')).status).toBe(404);
  });

  it('an outbound call: the customer answers; another: the customer rejects; another: no answer', async () => {
    for (const [action, state] of [
      ['answer', 'connected'],
      ['reject', 'ended'],
      ['no-answer', 'ended'],
    ] as const) {
      await h.cti('CreateOutboundContact', {
        endpoint: { type: 'phone_number', phoneNumber: '+15555550123' },
      });
      const contact = (await h.control('GET', '/control/contacts')).body.contacts.at(-1);
      expect(
        (await h.control('POST', `/control/contacts/${contact.contactId}/${action}`)).body.state,
      ).toBe(state);
      const agentLeg = contact.connections.find((c: any) => c.type === 'agent').connectionId;
      if (state === 'connected')
        await h.cti('DestroyConnection', { contactId: contact.contactId, connectionId: agentLeg });
      await h.cti('ClearContact', { contactId: contact.contactId }, { auth: false });
    }
  });

  it('a queued callback: bad input is refused; a good one waits in the queue', async () => {
    expect((await h.control('POST', '/control/callbacks', { queue: 'BasicQueue' })).status).toBe(
      400,
    );
    expect(
      (await h.control('POST', '/control/callbacks', { queue: 'Nope', number: '+15555550123' }))
        .status,
    ).toBe(404);
    const cb = await h.control('POST', '/control/callbacks', {
      queue: 'BasicQueue',
      number: '+15555550123',
    });
    expect(cb.status).toBe(201);
    expect(cb.body).toMatchObject({
      type: 'queue_callback',
      initiationMethod: 'callback',
      waiting: true,
    });
  });

  it('reset returns the instance to its seed', async () => {
    await h.cti('PutAgentState', { state: { name: 'Lunch', type: 'not_routable' } });
    await h.control('POST', '/control/reset');
    const s = await h.cti('GetAgentSnapshot', { timeout: 0 });
    expect(s.body.snapshot.state.name).toBe('Offline');
  });

  it('a manual clock is advanced through the control API (missed call timeout)', async () => {
    const clock = new ManualClock();
    const m = await startHarness({ clock, missedCallTimeoutMs: 10_000 });
    await m.cti('PutAgentState', { state: { name: 'Available', type: 'routable' } });
    await m.control('POST', '/control/calls', { to: 'BasicQueue' });
    expect((await m.control('POST', '/control/clock/advance', { ms: 10_000 })).status).toBe(200);
    const s = await m.cti('GetAgentSnapshot', { timeout: 0 });
    expect(s.body.snapshot.state).toMatchObject({ type: 'error', name: 'MissedCallAgent' });
    expect((await m.control('POST', '/control/clock/advance', { ms: -1 })).status).toBe(400);
    await m.close();
  });
});

describe('server options', () => {
  it('serves HTTPS and WSS under tls with a generated certificate', async () => {
    const e = await startEmulator({ port: 0, tls: true });
    expect(e.url).toMatch(/^https:/);
    expect(e.webSocketUrl).toMatch(/^wss:/);
    expect(e.certificate).toContain('BEGIN CERTIFICATE');
    await e.close();
  });

  it('persists agent choices in --state-dir across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-state-'));
    const a = await startHarness({ stateDir: dir });
    await a.cti('PutAgentState', { state: { name: 'Away', type: 'not_routable' } });
    await a.close();
    const b = await startHarness({ stateDir: dir });
    expect((await b.cti('GetAgentSnapshot', { timeout: 0 })).body.snapshot.state.name).toBe('Away');
    await b.close();
  });

  it('unknown routes are 404 JSON', async () => {
    expect((await fetch(h.emulator.url + '/nothing')).status).toBe(404);
  });
});

// Each CLI test starts Node processes with tsx: allow for a loaded machine.
describe('CLI', { timeout: 60_000 }, () => {
  it('prints the instance ARN, login URL, control URL and CTI endpoint as one JSON line with --json', async () => {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const child = execFile(process.execPath, [
      '--import',
      'tsx',
      '--conditions=source',
      cli,
      '--port',
      '0',
      '--json',
    ]);
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: string) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.on('error', reject);
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    child.kill('SIGTERM');
    const info = JSON.parse(line);
    expect(info.instanceArn).toMatch(/^arn:aws:connect:/);
    expect(info.loginUrl).toMatch(/\/login$/);
    expect(info.controlUrl).toMatch(/\/control$/);
    expect(info.ctiEndpoint).toMatch(/\/api$/);
  });

  it('rejects bad flags and reports an invalid seed precisely', async () => {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', '--conditions=source', cli, ...args],
          (error, _out, stderr) =>
            resolve({ code: error ? ((error as any).code as number) : 0, stderr }),
        );
      });
    expect((await run(['--port', 'x'])).code).toBe(2);
    expect((await run(['--bogus'])).code).toBe(2);
    const dir = await mkdtemp(join(tmpdir(), 'seed-'));
    const file = join(dir, 'bad.json');
    await (
      await import('node:fs/promises')
    ).writeFile(
      file,
      JSON.stringify({
        queues: [{ name: 'Q' }],
        routingProfiles: [{ name: 'P', queues: ['X'] }],
        agents: [],
      }),
    );
    const bad = await run(['--seed', file, '--port', '0']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('routingProfiles[0].queues[0]: unknown queue "X"');
  });
});
