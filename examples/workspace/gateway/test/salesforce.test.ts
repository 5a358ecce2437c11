import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseSafeId, parseSoql } from '../src/salesforce-wire';
import { startHarness, type Harness } from './harness';

const V = 'v62.0';

describe('Salesforce REST API stand-in over the wire', () => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startHarness(false);
    base = h.gateway.info.salesforce.instanceUrl;
  });
  afterAll(() => h.close());

  async function token(secret = h.gateway.info.salesforce.clientSecret) {
    const res = await fetch(`${base}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: h.gateway.info.salesforce.clientId,
        client_secret: secret,
      }).toString(),
    });
    return { status: res.status, json: await res.json() };
  }
  async function get(path: string, accessToken: string) {
    const res = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return { status: res.status, json: await res.json() };
  }
  const soql = (q: string) => `/services/data/${V}/query?q=${encodeURIComponent(q)}`;

  it('exchanges client credentials for a bearer token; a wrong secret is invalid_client', async () => {
    const ok = await token();
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ token_type: 'Bearer', scope: 'api', instance_url: base });
    expect(ok.json.id).toMatch(/^https:\/\/login\.salesforce\.com\/id\/00D\w{15}\/005\w{15}$/);
    expect(ok.json.issued_at).toMatch(/^\d{13}$/);
    expect(typeof ok.json.signature).toBe('string');
    const bad = await token('wrong-secret');
    expect(bad).toEqual({
      status: 400,
      json: { error: 'invalid_client', error_description: 'invalid client credentials' },
    });
  });

  it('pages a SOQL query with nextRecordsUrl and filters on SystemModstamp with an Id tie-break', async () => {
    const { json: t } = await token();
    const seeded = await h.control('POST', '/salesforce/records', {
      type: 'Contact',
      records: [1, 2, 3, 4, 5].map((n) => ({
        LastName: `Person ${n}`,
        Email: `p${n}@example.com`,
      })),
    });
    expect(seeded.status).toBe(200);
    const ids: string[] = seeded.json.records.map((r: { Id: string }) => r.Id);
    const q =
      'SELECT Id, LastName, Email, SystemModstamp FROM Contact ORDER BY SystemModstamp, Id LIMIT 100';
    const first = await get(soql(q), t.access_token);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ totalSize: 5, done: false });
    expect(first.json.records).toHaveLength(3);
    expect(first.json.records[0]).toMatchObject({
      attributes: { type: 'Contact', url: `/services/data/${V}/sobjects/Contact/${ids[0]}` },
      Id: ids[0],
      LastName: 'Person 1',
    });
    expect(first.json.records[0].SystemModstamp).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000\+0000$/,
    );
    expect(first.json.nextRecordsUrl).toMatch(new RegExp(`^/services/data/${V}/query/01g\\d+-3$`));
    const second = await get(first.json.nextRecordsUrl, t.access_token);
    expect(second.json).toMatchObject({ totalSize: 5, done: true });
    expect(second.json.nextRecordsUrl).toBeUndefined();
    expect(second.json.records.map((r: { Id: string }) => r.Id)).toEqual(ids.slice(3));

    const stamp = (first.json.records[0].SystemModstamp as string).replace('.000+0000', 'Z');
    const after = await get(
      soql(
        `SELECT Id FROM Contact WHERE SystemModstamp > ${stamp} OR (SystemModstamp = ${stamp} AND Id > '${ids[3]}') ORDER BY SystemModstamp, Id`,
      ),
      t.access_token,
    );
    expect(after.json.records.map((r: { Id: string }) => r.Id)).toEqual([ids[4]]);

    const changed = await h.control('PATCH', `/salesforce/records/${ids[1]}`, {
      Phone: '+14155550100',
    });
    expect(changed.json.SystemModstamp > first.json.records[0].SystemModstamp).toBe(true);
    const since = await get(
      soql(
        `SELECT Id, Phone FROM Contact WHERE SystemModstamp > ${stamp} ORDER BY SystemModstamp, Id`,
      ),
      t.access_token,
    );
    expect(since.json.records).toEqual([
      expect.objectContaining({ Id: ids[1], Phone: '+14155550100' }),
    ]);
    const { json } = await h.control('GET', '/salesforce/queries');
    expect(json.queries.at(-1)).toContain('WHERE SystemModstamp >');
  });

  it('answers other SOQL with MALFORMED_QUERY or INVALID_FIELD, and a missing session with INVALID_SESSION_ID', async () => {
    const { json: t } = await token();
    const bad = await get(soql("SELECT Id FROM Contact WHERE Name LIKE 'A%'"), t.access_token);
    expect(bad.status).toBe(400);
    expect(bad.json[0].errorCode).toBe('MALFORMED_QUERY');
    const field = await get(
      soql('SELECT Id, Nope FROM Contact ORDER BY SystemModstamp, Id'),
      t.access_token,
    );
    expect(field.json[0].errorCode).toBe('INVALID_FIELD');
    const noSession = await get(soql('SELECT Id FROM Contact ORDER BY SystemModstamp, Id'), 'nope');
    expect(noSession).toEqual({
      status: 401,
      json: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
    });
    await h.control('POST', '/salesforce/sessions/expire');
    const expired = await get(
      soql('SELECT Id FROM Contact ORDER BY SystemModstamp, Id'),
      t.access_token,
    );
    expect(expired.status).toBe(401);
  });

  it('creates a Task (201, id/success/errors), checks WhoId, records the body; armed faults answer 503', async () => {
    const { json: t } = await token();
    const { json: seeded } = await h.control('POST', '/salesforce/records', {
      type: 'Lead',
      records: [{ LastName: 'Lead', Company: 'Acme' }],
    });
    const who = seeded.records[0].Id as string;
    expect(who).toMatch(/^00Q/);
    const post = async (body: unknown) => {
      const res = await fetch(`${base}/services/data/${V}/sobjects/Task`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    };
    const task = {
      Subject: 'Call in +14155550100',
      WhoId: who,
      Status: 'Completed',
      TaskSubtype: 'Call',
      CallType: 'Inbound',
    };
    const created = await post(task);
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^00T\w{15}$/),
      success: true,
      errors: [],
    });
    const missing = await post({ ...task, WhoId: caseSafeId('003000000000999') });
    expect(missing.status).toBe(400);
    expect(missing.json[0]).toMatchObject({
      errorCode: 'INVALID_CROSS_REFERENCE_KEY',
      fields: ['WhoId'],
    });
    const picklist = await post({ ...task, CallType: 'Sideways' });
    expect(picklist.json[0].errorCode).toBe('INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST');
    await h.control('POST', '/salesforce/faults', { status: 503, count: 1 });
    expect((await post(task)).status).toBe(503);
    expect((await post(task)).status).toBe(201);
    const { json } = await h.control('GET', '/salesforce/tasks');
    expect(json.tasks).toHaveLength(2);
    expect(json.tasks[0].fields).toMatchObject(task);
  });

  it('parses only the sync SOQL', () => {
    expect(parseSoql('select Id, Email from lead order by SystemModstamp, Id limit 10')).toEqual({
      type: 'Lead',
      fields: ['Id', 'Email'],
      limit: 10,
    });
    expect(() => parseSoql('SELECT Id FROM Account ORDER BY SystemModstamp, Id')).toThrow();
  });
});
