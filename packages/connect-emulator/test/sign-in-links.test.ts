// The login form is protected against cross-site sign-in. A page of another site cannot
// sign a visitor's browser in (a cross-site GET shows the form with the agent preselected, a
// cross-site POST is refused); a one-time ticket minted by the emulator signs in once, within
// its lifetime, for its agent and redirect only; same-site, same-origin, typed and non-browser
// requests sign in as before.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_TICKET_LIFETIME_MS } from '../src/constants';
import { ManualClock } from '../src/domain/clock';
import { startEmulator, type Emulator } from '../src/index';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A raw request, with whatever Sec-Fetch-Site / Origin a browser would send. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const cookieOf = (a: Answer) => {
  const set = a.headers['set-cookie'];
  return set ? String(Array.isArray(set) ? set[0] : set).split(';')[0]! : undefined;
};

/** The agent a session cookie signs in (through `/auth/authorize` and the CTI snapshot). */
async function signedInAs(e: Emulator, cookie: string | undefined): Promise<string | undefined> {
  if (!cookie) return undefined;
  const authorized = await send(`${e.url}/auth/authorize`, { headers: { cookie } });
  if (authorized.status !== 200) return undefined;
  const { accessToken } = JSON.parse(authorized.text) as { accessToken: string };
  const verdict = e.sessions.verify(accessToken);
  if (typeof verdict === 'string') return undefined;
  return [...e.centre.agents.values()].find((a) => a.id === verdict.agentId)?.username;
}

const CROSS = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };

describe('sign-in from another site', () => {
  it('a cross-site GET shows the form with the agent preselected and signs nobody in; same-site, same-origin, typed and non-browser GETs sign in', async () => {
    emulator = await startEmulator({ port: 0 });
    const url = `${emulator.url}/login?username=jane&redirect=/auth/authorize`;
    const cross = await send(url, { headers: CROSS });
    expect(cross.status).toBe(200);
    expect(cookieOf(cross)).toBeUndefined();
    expect(cross.text).toContain('<option value="jane" selected>');
    expect(cross.text).toContain('data-testid="sign-in-notice"');
    expect(cross.text).toContain('<form method="post" action="login">');
    expect(cross.text).toContain('name="redirect" value="/auth/authorize"');
    expect(cross.headers['content-security-policy']).toMatch(/^frame-ancestors 'self' /);
    for (const site of ['same-origin', 'same-site', 'none', undefined]) {
      const res = await send(url, { headers: site ? { 'sec-fetch-site': site } : {} });
      expect(res.status, String(site)).toBe(303);
      expect(await signedInAs(emulator, cookieOf(res))).toBe('jane');
    }
  });

  it('a cross-site GET from a host page the emulator trusts signs in (allowed origins, else loopback pages)', async () => {
    emulator = await startEmulator({ port: 0 });
    const url = `${emulator.url}/login?username=jane`;
    const from = (referer: string) => send(url, { headers: { ...CROSS, referer } });
    const local = await from('http://localhost:5173/app');
    expect(local.status).toBe(200);
    expect(await signedInAs(emulator, cookieOf(local))).toBe('jane');
    expect(cookieOf(await from('https://evil.example/'))).toBeUndefined();
    await emulator.close();
    emulator = await startEmulator({ port: 0, allowedOrigins: ['https://app.example'] });
    const allowed = await send(`${emulator.url}/login?username=jane`, {
      headers: { ...CROSS, referer: 'https://app.example/voice' },
    });
    expect(await signedInAs(emulator, cookieOf(allowed))).toBe('jane');
    const loopback = await send(`${emulator.url}/login?username=jane`, {
      headers: { ...CROSS, referer: 'http://localhost:5173/' },
    });
    expect(cookieOf(loopback)).toBeUndefined();
  });

  it('a cross-site POST (or one from a foreign Origin) is refused 403; a same-origin POST signs in', async () => {
    emulator = await startEmulator({ port: 0 });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = 'username=jane&redirect=%2Fauth%2Fauthorize';
    const cross = await send(`${emulator.url}/login`, {
      method: 'POST',
      headers: { ...form, ...CROSS, origin: 'https://evil.example' },
      body,
    });
    expect(cross.status).toBe(403);
    expect(cookieOf(cross)).toBeUndefined();
    expect(JSON.parse(cross.text)).toMatchObject({ __type: 'AccessDeniedException' });
    // a browser without Sec-Fetch-* still names its Origin
    const foreign = await send(`${emulator.url}/connect/login`, {
      method: 'POST',
      headers: { ...form, origin: 'https://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    expect(cookieOf(foreign)).toBeUndefined();
    const own = await send(`${emulator.url}/login`, {
      method: 'POST',
      headers: { ...form, 'sec-fetch-site': 'same-origin', origin: emulator.url },
      body,
    });
    expect(own.status).toBe(303);
    expect(await signedInAs(emulator, cookieOf(own))).toBe('jane');
  });

  it('a minted link signs in from another site once and only once', async () => {
    emulator = await startEmulator({ port: 0 });
    const link = emulator.signInUrl('jane', '/auth/authorize');
    expect(new URL(link).searchParams.get('username')).toBe('jane');
    const first = await send(link, { headers: CROSS });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/auth/authorize');
    expect(await signedInAs(emulator, cookieOf(first))).toBe('jane');
    const again = await send(link, { headers: CROSS });
    expect(again.status).toBe(403);
    expect(cookieOf(again)).toBeUndefined();
    expect(again.text).toContain('already used');
    expect(again.text).toContain('<option value="jane" selected>');
    // where no ticket is needed (same site), a spent one does not stand in the way
    const sameSite = await send(link, { headers: { 'sec-fetch-site': 'same-site' } });
    expect(sameSite.status).toBe(303);
  });

  it('an expired, forged or altered ticket is refused', async () => {
    const clock = new ManualClock(Date.now());
    emulator = await startEmulator({ port: 0, clock });
    const refused = async (url: string, why: string) => {
      const res = await send(url, { headers: CROSS });
      expect(res.status, url).toBe(403);
      expect(cookieOf(res)).toBeUndefined();
      expect(res.text).toContain(why);
    };
    const expiring = emulator.signInUrl('jane');
    clock.advance(SIGN_IN_TICKET_LIFETIME_MS);
    await refused(expiring, 'expired');

    const link = new URL(emulator.signInUrl('jane', '/auth/authorize'));
    const ticket = link.searchParams.get('ticket')!;
    const [payload, signature] = ticket.split('.') as [string, string];
    const variant = (change: (u: URL) => void) => {
      const u = new URL(link);
      change(u);
      return u.toString();
    };
    // another agent, another redirect, a re-signed payload, a truncated signature
    await refused(
      variant((u) => u.searchParams.set('username', 'john')),
      'not valid',
    );
    await refused(
      variant((u) => u.searchParams.set('redirect', '/connect/ccp-v2/')),
      'not valid',
    );
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { u: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, u: 'john' })).toString('base64url');
    await refused(
      variant((u) => {
        u.searchParams.set('username', 'john');
        u.searchParams.set('ticket', `${forged}.${signature}`);
      }),
      'not valid',
    );
    await refused(
      variant((u) => u.searchParams.set('ticket', `${payload}.${signature.slice(1)}`)),
      'not valid',
    );
    await refused(
      variant((u) => u.searchParams.set('ticket', 'nonsense')),
      'not valid',
    );
    // none of these spent the real ticket
    const real = await send(link.toString(), { headers: CROSS });
    expect(real.status).toBe(303);
  });

  it('POST /control/sign-in-links mints a link (control token required; unknown agents 404, foreign redirects 400)', async () => {
    emulator = await startEmulator({ port: 0 });
    const mint = (body: unknown, headers: Record<string, string> = emulator!.controlHeaders) =>
      fetch(`${emulator!.url}/control/sign-in-links`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
    expect((await mint({ username: 'jane' }, { 'content-type': 'application/json' })).status).toBe(
      401,
    );
    const res = await mint({ username: 'jane', redirect: '/auth/authorize' });
    expect(res.status).toBe(201);
    const { url, expiresAt } = (await res.json()) as { url: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(SIGN_IN_TICKET_LIFETIME_MS);
    const signed = await send(url, { headers: CROSS });
    expect(signed.status).toBe(303);
    expect(await signedInAs(emulator, cookieOf(signed))).toBe('jane');
    expect((await mint({ username: 'nobody' })).status).toBe(404);
    expect((await mint({ username: 'jane', redirect: '//evil.example/' })).status).toBe(400);
    expect((await mint({ username: 'jane', redirect: 'https://evil.example/' })).status).toBe(400);
    const doc = (await (
      await fetch(`${emulator.url}/control/openapi.json`, { headers: emulator.controlHeaders })
    ).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/control/sign-in-links');
  });
});
