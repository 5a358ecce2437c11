// Contact import (settings/import-history): streamed CSV parsing, row errors with line numbers,
// duplicates by phone or email merged, nothing imported when the file is rejected, progress while
// parsing, the history; permits and cross-tenant denial; on PGlite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEventSchema, type ImportEvent } from '../src/contract/settings';
import { createTestServer, dbKinds, type TestServer } from './harness';

/** `n` valid rows of distinct people, phones from `+1777…` on. */
function rows(n: number, from = 0): string[] {
  return Array.from({ length: n }, (_, i) => {
    const k = from + i;
    return `Person ${k},+1777${String(k).padStart(7, '0')},person${k}@import.test,Company ${k % 50}`;
  });
}

describe.each(dbKinds())('contact import on %s', (kind) => {
  let s: TestServer;
  let jane: string;
  let ana: string;
  let gary: string;
  beforeAll(async () => {
    s = await createTestServer(kind);
    [jane, ana, gary] = (await Promise.all(
      ['jane@acme.test', 'ana@acme.test', 'gary@globex.test'].map((e) => s.login(e)),
    )) as [string, string, string];
  });
  afterAll(() => s.close());

  const upload = async (csv: string, fileName = 'contacts.csv', token = jane, ws = 'acme') => {
    const res = await s.req(
      'POST',
      `/api/ws/${ws}/settings/imports?fileName=${encodeURIComponent(fileName)}`,
      {
        token,
        raw: csv,
        headers: { 'content-type': 'text/csv' },
      },
    );
    const events: ImportEvent[] =
      res.status === 200
        ? res.text
            .split('\n')
            .filter(Boolean)
            .map((line) => importEventSchema.parse(JSON.parse(line)))
        : [];
    const done = events.at(-1);
    return {
      res,
      events,
      result: done?.type === 'done' ? done.import : undefined,
    };
  };
  const contactCount = async (ws = 'acme') =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM contacts WHERE workspace_id = ${s.id(`ws:${ws}`)}`.execute(
        s.services.db,
      )
    ).rows[0]!.n;
  const contactByPhone = async (phone: string) =>
    (
      await sql<{
        name: string;
        email: string | null;
        company: string | null;
        phone: string | null;
      }>`
        SELECT name, email, company, phone FROM contacts WHERE workspace_id = ${s.id('ws:acme')} AND phone = ${phone}`.execute(
        s.services.db,
      )
    ).rows[0];

  it('imports the valid rows, lists the bad ones with their line numbers and merges duplicates by phone or email', async () => {
    const before = await contactCount();
    const csv = [
      'Name,Phone,Email,Company', // line 1
      'Ada Lovelace,+44 20 7946 0000,ada@engine.test,Analytical', // 2: new (phone normalised)
      'Grace Hopper,,grace@navy.test,', // 3: new, email only
      'Bad Phone,555-0100,bad.phone@x.test,', // 4: error (phone)
      'Maria G.,+15555550101,,Garcia Foods International', // 5: merges into Maria (phone)
      'Emma,+15555550177,EMMA.WILSON@example.com,', // 6: merges into Emma (email, any case), fills her phone
      'No Identifiers,,,Nobody Inc', // 7: error (no phone or email)
      'Bad Email,+15555550178,not-an-email,', // 8: error (email)
      'Too,Many,Fields,Here,Extra', // 9: error (field count)
      '', // 10: empty, skipped
      '"Quoted, Name","+15555550179","quoted@x.test","Multi', // 11: a quoted field over two lines
      'line Co"', // 12
      'Grace B. Hopper,+15555550180,Grace@Navy.test,US Navy', // 13: merges into Grace (row 3)
    ].join('\n');
    const { res, events, result } = await upload(csv, 'first.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    expect(events.filter((e) => e.type === 'progress').length).toBeGreaterThanOrEqual(1);
    expect(result).toMatchObject({
      fileName: 'first.csv',
      status: 'completed',
      rowsTotal: 10,
      rowsCreated: 3,
      rowsMerged: 3,
      rowsFailed: 4,
      reason: null,
      createdBy: 'Jane Doe',
    });
    expect(result!.errors).toEqual([
      { line: 4, column: 'phone', message: 'Phone number is not valid.' },
      { line: 7, column: null, message: 'A contact needs a phone number or an email address.' },
      { line: 8, column: 'email', message: 'Email address is not valid.' },
      { line: 9, column: null, message: 'Expected 4 fields, found 5.' },
    ]);
    expect(await contactCount()).toBe(before + 3);
    expect(await contactByPhone('+442079460000')).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@engine.test',
    });
    expect(await contactByPhone('+15555550101')).toMatchObject({
      name: 'Maria G.',
      company: 'Garcia Foods International',
    });
    // Emma had no phone: the merge fills it; her email stays as it was.
    expect(await contactByPhone('+15555550177')).toMatchObject({
      email: 'emma.wilson@example.com',
    });
    expect(await contactByPhone('+15555550179')).toMatchObject({
      name: 'Quoted, Name',
      company: 'Multi\nline Co',
    });
    expect(await contactByPhone('+15555550180')).toMatchObject({
      name: 'Grace B. Hopper',
      email: 'grace@navy.test',
      company: 'US Navy',
    });
  });

  it('a 10,000-row file with 20 bad rows imports the rest and reports progress while parsing', async () => {
    const before = await contactCount();
    const lines = ['name,phone,email,company', ...rows(10_000, 100_000)];
    const bad = Array.from({ length: 20 }, (_, i) => 1 + i * 499); // indexes into `lines`
    for (const i of bad) lines[i] = `Broken ${i},12345,broken${i}@import.test,`;
    const { events, result } = await upload(lines.join('\n'), 'big.csv');
    expect(result).toMatchObject({
      status: 'completed',
      rowsTotal: 10_000,
      rowsCreated: 9_980,
      rowsFailed: 20,
      rowsMerged: 0,
    });
    expect(result!.errors.map((e) => e.line)).toEqual(bad.map((i) => i + 1));
    expect(await contactCount()).toBe(before + 9_980);
    const progress = events.flatMap((e) => (e.type === 'progress' ? [e] : []));
    expect(progress.length).toBeGreaterThanOrEqual(19);
    expect(progress.map((p) => p.rows)).toEqual(
      [...progress.map((p) => p.rows)].sort((a, b) => a - b),
    );
    expect(progress.at(-1)!.rows).toBe(10_000);
    expect(progress.at(-1)!.bytes).toBe(Buffer.byteLength(lines.join('\n')));
  });

  it('two imports at once with the same new people: each person is created once and merged once', async () => {
    const before = await contactCount();
    const csv = [
      'name,phone,email',
      ...rows(600, 400_000).map((r) => r.split(',').slice(0, 3).join(',')),
    ].join('\n');
    const [a, b] = await Promise.all([upload(csv, 'twice-a.csv'), upload(csv, 'twice-b.csv')]);
    // Batches of the two files interleave (each batch is its own transaction under the
    // workspace's import lock), so which file creates a given person is not fixed; that every
    // person is created exactly once and merged exactly once is.
    expect(a.result!.rowsCreated + b.result!.rowsCreated).toBe(600);
    expect(a.result!.rowsMerged + b.result!.rowsMerged).toBe(600);
    expect(a.result!.rowsCreated + a.result!.rowsMerged).toBe(600);
    expect(await contactCount()).toBe(before + 600);
  });

  it('a rejected file imports nothing: too many bad rows, broken CSV, no usable header, no rows', async () => {
    const before = await contactCount();
    const tooManyBad = [
      'name,phone',
      ...rows(600, 200_000).map((r) => r.split(',').slice(0, 2).join(',')),
      ...Array.from({ length: 1_001 }, (_, i) => `X ${i},0${i}`),
    ];
    const a = await upload(tooManyBad.join('\n'), 'bad.csv');
    expect(a.result).toMatchObject({
      status: 'rejected',
      rowsCreated: 0,
      reason:
        'More than 1,000 rows are not valid; nothing was imported. Fix the file and try again.',
    });
    const broken = [
      'name,phone',
      ...rows(700, 300_000).map((r) => r.split(',').slice(0, 2).join(',')),
      'Unclosed "quote,+15550001',
    ];
    const b = await upload(broken.join('\n') + '\nnext,"+1 "x', 'broken.csv');
    expect(b.result?.status).toBe('rejected');
    expect(b.result?.reason).toMatch(/^The file is not valid CSV \(line \d+\): /);
    const c = await upload('first,last\nAda,Lovelace', 'header.csv');
    expect(c.result).toMatchObject({
      status: 'rejected',
      reason:
        'The first line must name the columns, with a phone or email column (name, phone, email, company).',
    });
    const d = await upload('name,phone\n', 'empty.csv');
    expect(d.result).toMatchObject({ status: 'rejected', reason: 'The file has no contact rows.' });
    expect(await contactCount()).toBe(before);
    expect(await contactByPhone('+17770200000')).toBeUndefined();
  });

  it('keeps a history of imports, newest first, with their row errors', async () => {
    const list = await s.req('GET', '/api/ws/acme/settings/imports', { token: jane });
    expect(list.status).toBe(200);
    const history = list.body.imports.map((i: { fileName: string; status: string }) => [
      i.fileName,
      i.status,
    ]) as [string, string][];
    expect(history.filter(([name]) => !name.startsWith('twice-'))).toEqual([
      ['empty.csv', 'rejected'],
      ['header.csv', 'rejected'],
      ['broken.csv', 'rejected'],
      ['bad.csv', 'rejected'],
      ['big.csv', 'completed'],
      ['first.csv', 'completed'],
    ]);
    // The two concurrent imports, in the order they ran.
    expect(history.slice(4, 6).sort()).toEqual([
      ['twice-a.csv', 'completed'],
      ['twice-b.csv', 'completed'],
    ]);
    const first = list.body.imports.at(-1).id as string;
    const detail = await s.req('GET', `/api/ws/acme/settings/imports/${first}`, { token: jane });
    expect(detail.body.import.errors).toHaveLength(4);
    expect(detail.body.import.errors[0]).toEqual({
      line: 4,
      column: 'phone',
      message: 'Phone number is not valid.',
    });
  });

  it('importing needs the admin permit; uploads must be CSV; another workspace answers 404', async () => {
    const denied = await upload('name,phone\nA,+15550000001', 'x.csv', ana);
    expect(denied.res.status).toBe(403);
    expect((await s.req('GET', '/api/ws/acme/settings/imports', { token: ana })).status).toBe(403);
    const json = await s.req('POST', '/api/ws/acme/settings/imports', {
      token: jane,
      body: { rows: [] },
    });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Upload the contacts as a CSV file (text/csv).');
    const first = (await s.req('GET', '/api/ws/acme/settings/imports', { token: jane })).body
      .imports[0].id;
    expect(
      (await s.req('GET', `/api/ws/globex/settings/imports/${first}`, { token: gary })).status,
    ).toBe(404);
    expect(
      (await s.req('GET', '/api/ws/globex/settings/imports', { token: gary })).body.imports,
    ).toEqual([]);
    const globexBefore = await contactCount('globex');
    const own = await upload('name,email\nWile E.,wile@globex.test', 'globex.csv', gary, 'globex');
    expect(own.result?.rowsCreated).toBe(1);
    expect(await contactCount('globex')).toBe(globexBefore + 1);
  });
});
