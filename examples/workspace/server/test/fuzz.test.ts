// Fuzzing every operation of the server's OpenAPI document with fast-check: over 10,000 generated
// requests per database (PGlite and PostgreSQL), in process through `app.request()`. Bodies, paths
// and queries are made from each operation's own schemas, then bent (wrong types, missing and
// extra fields, hostile text: NUL and control characters, lone surrogates, bad percent-encoding,
// long strings). Every answer must be a non-5xx in the error shape when it is an error, the
// process must live on, no error may go unhandled, and memory must stay bounded.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, dbKinds, type TestServer } from './harness';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  nullable?: boolean;
  const?: unknown;
  default?: unknown;
  additionalProperties?: boolean | Schema;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema: Schema };
}

const REQUESTS_PER_DATABASE = 10_000;

/** Text that has broken servers: control characters, NUL, lone surrogates, encodings, sizes. */
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0001\u001f\u007f',
    '\ud800',
    'x\udfff',
    '%E0%A4%A',
    '%',
    '%00',
    '../../etc/passwd',
    "'; DROP TABLE contacts; --",
    '<script>alert(1)</script>',
    '=cmd|" /C calc"!A0',
    '+15555550101',
    '😀'.repeat(40),
    'e\u0301'.repeat(50),
    ' ',
    '',
  ),
  fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** Percent-encodes any string; a lone surrogate (not encodable) becomes a malformed UTF-8 sequence. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function deref(doc: { components?: { schemas?: Record<string, Schema> } }, s: Schema): Schema {
  let schema = s;
  for (let i = 0; schema.$ref && i < 10; i++)
    schema = doc.components?.schemas?.[schema.$ref.split('/').at(-1)!] ?? {};
  return schema;
}

/** Values the schema admits (roughly: patterns and formats are not honoured). */
function conforming(doc: object, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(doc, raw);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => conforming(doc, a, depth + 1)));
  if (s.allOf) return conforming(doc, s.allOf[0]!, depth + 1);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((t) => conforming(doc, { ...s, type: t }, depth + 1)));
  const type = types[0];
  if (depth > 6) return fc.constant(null);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'string': {
      if (s.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uri') return fc.webUrl();
      const base = fc.string({
        minLength: s.minLength ?? 0,
        maxLength: Math.min(s.maxLength ?? 30, 30),
      });
      return s.nullable ? fc.option(base, { nil: null }) : base;
    }
    case 'array':
      return fc.array(conforming(doc, s.items ?? {}, depth + 1), {
        maxLength: Math.min(s.maxItems ?? 4, 4),
      });
    case 'object':
    default: {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = conforming(doc, v, depth + 1);
      if (Object.keys(record).length === 0)
        return fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 });
      return fc.record(record, {
        requiredKeys: [...required].filter((k) => k in record),
      });
    }
  }
}

/** A conforming value, or one bent out of shape. */
function bent(doc: object, schema: Schema): fc.Arbitrary<unknown> {
  const valid = conforming(doc, schema);
  const wrong = fc.oneof(
    fc.jsonValue(),
    fc.anything({ maxDepth: 2 }),
    hostileText,
    fc.constantFrom(null, true, 0, -1, 1e308, [], {}, '', [null]),
  );
  const mutated = fc
    .tuple(valid, fc.string({ maxLength: 12 }), wrong, hostileText)
    .map(([v, key, junk, text]) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return junk;
      const copy: Record<string, unknown> = { ...(v as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const target = keys.length > 0 ? keys[key.length % keys.length]! : key;
      // One field: a wrong type, hostile text, or gone; sometimes an unknown field besides.
      const pick = key.length % 4;
      if (pick === 0) copy[target] = junk;
      else if (pick === 1) copy[target] = text;
      else if (pick === 2) delete copy[target];
      else copy[`${key}\u0000`] = text;
      return copy;
    });
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: wrong },
  );
}

function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content as Record<string, { schema: Schema }> | undefined;
      const [type, media] = Object.entries(content ?? {})[0] ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []) as Parameter[],
        ...(type && media ? { body: { type, schema: media.schema } } : {}),
      });
    }
  return ops;
}

describe.each(dbKinds())('fuzzing every OpenAPI operation on %s', (kind) => {
  let cc: TestContactCentre;
  let s: TestServer;
  let tokens: string[];
  beforeAll(async () => {
    cc = await startContactCentre();
    s = await createTestServer(kind, { connectEndpoint: cc.url, env: cc.serverEnv });
    tokens = [
      await s.login('jane@acme.test'),
      await s.login('john@acme.test'),
      await s.login('sam@both.test'),
    ];
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await cc?.close();
  });

  it(`${REQUESTS_PER_DATABASE.toLocaleString('en-US')} generated requests: 0 × 5xx, no unhandled error, bounded memory`, async () => {
    const doc = (await s.req('GET', '/api/openapi.json')).body;
    const ops = operationsOf(doc).filter(
      // Sign-out would end the fuzzing tokens; it is fuzzed without one below.
      (o) => !(o.path === '/api/auth/logout'),
    );
    expect(ops.length).toBeGreaterThan(60);
    const ids = [...s.ids.values()];
    const idArb = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...ids) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: hostileText },
    );
    const slugArb = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('acme', 'globex') },
      { weight: 1, arbitrary: hostileText },
    );
    const requestArb = fc
      .constantFrom(...ops, {
        method: 'POST',
        path: '/api/auth/logout',
        parameters: [],
      } as Operation)
      .chain((op) => {
        const params = op.parameters.filter((p) => p.in === 'path');
        const query = op.parameters.filter((p) => p.in === 'query');
        return fc.record({
          op: fc.constant(op),
          token: fc.oneof(
            { weight: 12, arbitrary: fc.constantFrom(...tokens) },
            { weight: 1, arbitrary: fc.constantFrom(undefined, 'junk-token') },
          ),
          path: fc.tuple(...params.map((p) => (p.name === 'slug' ? slugArb : idArb))),
          query: fc.tuple(
            ...query.map((p) =>
              fc.option(fc.oneof(conforming(doc, p.schema ?? {}), hostileText, idArb), {
                nil: undefined,
                freq: 3,
              }),
            ),
          ),
          rawPath: fc.option(fc.constantFrom('%E0%A4%A', '%', '%00', '%C0%AF', '..%2f'), {
            nil: undefined,
            freq: 20,
          }),
          body: op.body
            ? op.body.type.includes('json')
              ? fc.oneof(
                  {
                    weight: 9,
                    arbitrary: bent(doc, op.body.schema).map((v) => JSON.stringify(v) ?? 'null'),
                  },
                  { weight: 1, arbitrary: fc.string() },
                )
              : fc.string().map((t) => `name,phone,email\n${t}`)
            : fc.constant(undefined),
        });
      });
    const requests = fc.sample(requestArb, {
      numRuns: REQUESTS_PER_DATABASE,
      seed: kind === 'pglite' ? 24 : 42,
    });

    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let done = 0;
    const one = async (r: (typeof requests)[number]) => {
      const params = r.op.parameters.filter((p) => p.in === 'path');
      let path = r.op.path;
      params.forEach((p, i) => {
        path = path.replace(`{${p.name}}`, enc(String(r.path[i])));
      });
      if (r.rawPath) path = path.replace(/\/[^/]*$/, `/${r.rawPath}`);
      const q = r.op.parameters
        .filter((p) => p.in === 'query')
        .flatMap((p, i) => {
          const v = r.query[i];
          return v === undefined
            ? []
            : [`${p.name}=${enc(typeof v === 'string' ? v : JSON.stringify(v))}`];
        });
      const url = q.length > 0 ? `${path}?${q.join('&')}` : path;
      const headers: Record<string, string> = {};
      if (r.token) headers.authorization = `Bearer ${r.token}`;
      if (r.body !== undefined) headers['content-type'] = r.op.body!.type;
      const res = await s.app.request(url, {
        method: r.op.method,
        headers,
        ...(r.body === undefined ? {} : { body: r.body }),
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const type = res.headers.get('content-type') ?? '';
      // Streams (events, an import's progress lines) are not read to their end: their status and
      // type are what the fuzzer checks.
      const streamed = type.includes('event-stream') || type.includes('ndjson');
      if (streamed) await res.body?.cancel();
      const text = streamed ? '' : await res.text();
      if (res.status >= 500)
        problems.push(`${r.op.method} ${url} → ${res.status} ${text.slice(0, 200)}`);
      if (res.status >= 400 && type.includes('application/json')) {
        const body = JSON.parse(text) as { error?: unknown; message?: unknown };
        if (typeof body.error !== 'string' || typeof body.message !== 'string')
          problems.push(
            `${r.op.method} ${url} → ${res.status} not in the error shape: ${text.slice(0, 200)}`,
          );
      }
      done++;
      if (done % 500 === 0) rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < requests.length) await one(requests[next++]!);
      }),
    );
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    console.log(
      `fuzz on ${kind}: ${done} requests over ${ops.length + 1} operations; statuses ${JSON.stringify(Object.fromEntries(statuses))}; RSS ${Math.round(rssBefore / 2 ** 20)} → peak ${Math.round(rssPeak / 2 ** 20)} MiB`,
    );
    if (problems.length > 0)
      console.log(
        s.logs
          .filter((l) => /"level":(40|50)/.test(l))
          .slice(-10)
          .join('\n'),
      );
    expect(done).toBeGreaterThanOrEqual(REQUESTS_PER_DATABASE);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(s.logs.filter((l) => l.includes('"unhandled error"')).slice(0, 5)).toEqual([]);
    // Bounded: far from the gigabytes one hostile request used to take.
    expect(rssPeak - rssBefore).toBeLessThan(768 * 2 ** 20);
  }, 900_000);
});
