// The control-API table of the README lists every route of the control API's OpenAPI
// document, and nothing else.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { controlOpenApi } from '../src/control/openapi';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('starts with how to run the emulator', () => {
    const headings = README.split('\n').filter((line) => line.startsWith('## '));
    expect(headings[0]).toBe('## Run it');
    expect(README).toContain('npx connect-emulator');
    expect(headings).toContain('## Threat model');
  });

  it('its control-API table lists exactly the routes of /control/openapi.json', () => {
    const section = README.slice(
      README.indexOf('## Control API'),
      README.indexOf('\n## ', README.indexOf('## Control API') + 1),
    );
    const documented = [...section.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) ([^`\s]+)`/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    const doc = controlOpenApi('http://emulator') as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(30);
    expect([...documented].sort()).toEqual([...routes].sort());
  });
});
