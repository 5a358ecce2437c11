import { createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_TOKEN_HEADER } from '../src/constants';
import { startGateway, type Gateway } from '../src/gateway';

const SCOPE = 'https://www.googleapis.com/auth/calendar.events';

/** A service-account assertion (RS256 JWT) as Google's client libraries make it. */
function assertion(
  key: string,
  claims: Record<string, unknown>,
  now = Math.floor(Date.now() / 1000),
): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iat: now, exp: now + 3600, ...claims })}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key).toString('base64url');
  return `${input}.${signature}`;
}

describe('the Google stand-in (OAuth 2.0 service accounts, Calendar events.insert with Meet)', () => {
  let gateway: Gateway;
  const claims = () => ({
    iss: gateway.info.google.serviceAccountEmail,
    sub: 'jane@acme.test',
    aud: gateway.info.google.tokenUrl,
    scope: SCOPE,
  });
  const token = async (jwt: string) => {
    const res = await fetch(gateway.info.google.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: jwt,
      }).toString(),
    });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
  const insert = async (
    accessToken: string,
    requestId: string,
    query = '?conferenceDataVersion=1',
  ) => {
    const res = await fetch(
      `${gateway.info.google.calendarApiBaseUrl}/calendars/primary/events${query}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary: 'Call with Ada',
          start: { dateTime: '2026-11-28T10:00:00Z' },
          end: { dateTime: '2026-11-28T10:30:00Z' },
          conferenceData: {
            createRequest: { requestId, conferenceSolutionKey: { type: 'hangoutsMeet' } },
          },
        }),
      },
    );
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };

  beforeAll(async () => {
    gateway = await startGateway({ log: () => {} });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('exchanges a signed assertion for a Bearer access token', async () => {
    const { status, json } = await token(assertion(gateway.info.google.privateKeyPem, claims()));
    expect(status).toBe(200);
    expect(json).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(json['access_token']).toMatch(/^ya29\./);
  });

  it('refuses an assertion signed with another key: invalid_grant, Invalid JWT Signature', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const { status, json } = await token(assertion(other, claims()));
    expect(status).toBe(400);
    expect(json).toEqual({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
  });

  it('refuses a user without domain-wide delegation: unauthorized_client', async () => {
    const { status, json } = await token(
      assertion(gateway.info.google.privateKeyPem, { ...claims(), sub: 'mallory@acme.test' }),
    );
    expect(status).toBe(401);
    expect(json['error']).toBe('unauthorized_client');
  });

  it('refuses an expired assertion and one living longer than an hour', async () => {
    const key = gateway.info.google.privateKeyPem;
    const expired = await token(assertion(key, claims(), Math.floor(Date.now() / 1000) - 7200));
    expect(expired.status).toBe(400);
    expect(expired.json['error']).toBe('invalid_grant');
    expect(expired.json['error_description']).toMatch(/short-lived token/);
    const long = await token(
      assertion(key, { ...claims(), exp: Math.floor(Date.now() / 1000) + 7200 }),
    );
    expect(long.json['error']).toBe('invalid_grant');
  });

  it('refuses a wrong audience or a scope without the calendar', async () => {
    const key = gateway.info.google.privateKeyPem;
    expect(
      (await token(assertion(key, { ...claims(), aud: 'https://evil.test/token' }))).json['error'],
    ).toBe('invalid_grant');
    expect(
      (await token(assertion(key, { ...claims(), scope: 'https://www.googleapis.com/auth/drive' })))
        .json['error'],
    ).toBe('invalid_grant');
  });

  it('creates an event with a Meet conference; the same requestId gives the same conference', async () => {
    const { json: t } = await token(assertion(gateway.info.google.privateKeyPem, claims()));
    const first = await insert(t['access_token'], 'req-1');
    expect(first.status).toBe(200);
    expect(first.json['hangoutLink']).toMatch(
      /^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/,
    );
    expect(first.json['conferenceData']).toMatchObject({
      createRequest: { requestId: 'req-1', status: { statusCode: 'success' } },
      entryPoints: [{ entryPointType: 'video', uri: first.json['hangoutLink'] }],
    });
    const again = await insert(t['access_token'], 'req-1');
    expect(again.json['id']).toBe(first.json['id']);
    expect(again.json['hangoutLink']).toBe(first.json['hangoutLink']);
    const other = await insert(t['access_token'], 'req-2');
    expect(other.json['hangoutLink']).not.toBe(first.json['hangoutLink']);

    const res = await fetch(`${gateway.url}/control/google/events`, {
      headers: { [CONTROL_TOKEN_HEADER]: gateway.info.controlToken },
    });
    const { events } = (await res.json()) as { events: { query: Record<string, string> }[] };
    expect(events.filter((e) => e.query['conferenceDataVersion'] === '1')).toHaveLength(2);
  });

  it('answers Google JSON errors: no token 401, armed fault, no conference without conferenceDataVersion', async () => {
    const denied = await insert('ya29.nope', 'req-3');
    expect(denied.status).toBe(401);
    expect(denied.json['error']).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
      errors: [{ reason: 'authError' }],
    });

    const { json: t } = await token(assertion(gateway.info.google.privateKeyPem, claims()));
    await fetch(`${gateway.url}/control/google/faults`, {
      method: 'POST',
      headers: {
        [CONTROL_TOKEN_HEADER]: gateway.info.controlToken,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ status: 500, count: 1 }),
    });
    expect((await insert(t['access_token'], 'req-4')).json['error']).toMatchObject({
      code: 500,
      status: 'INTERNAL',
    });
    const plain = await insert(t['access_token'], 'req-4', '');
    expect(plain.status).toBe(200);
    expect(plain.json['hangoutLink']).toBeUndefined();
  });
});
