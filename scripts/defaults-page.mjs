// Writes docs/guides/defaults.md, the "important defaults" page: every number of every package's
// constants module (src/constants.ts): timeouts, intervals, retries, polling, sizes and limits,
// with its value and the first sentence of its TSDoc. It is generated from the source (never
// written by hand, not committed), so it cannot drift: `npm run docs` and the docs gate write it
// before TypeDoc builds the site.
// Usage: node scripts/defaults-page.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { listPackages, root } from './packages.mjs';

/** The packages a host application configures, in the order a reader meets them. */
const ORDER = ['connect-streams', 'websocket-manager', 'voice-id', 'connect-emulator'];
const NUMERIC = /^[\d_\s.*+\-/()]+$/;
/** Numbers that are names, not defaults: HTTP statuses of errors, close codes, log levels. */
const NOT_A_DEFAULT = /STATUS|CODE$|^LogLevel$|^RECORDING_/;

/** The value of a plain numeric expression (`60 * 60 * 1000`), or undefined. */
function numberOf(node) {
  const text = node.getText().trim();
  if (!NUMERIC.test(text)) return undefined;
  const value = Function(`"use strict"; return (${text.replaceAll('_', '')});`)();
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The first sentence of a node's TSDoc, without tags. */
function summaryOf(node, source) {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const doc = ranges
    .map((r) => source.text.slice(r.pos, r.end))
    .filter((c) => c.startsWith('/**'))
    .at(-1);
  if (!doc) return '';
  const text = doc
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, ''))
    .join(' ')
    .replace(
      /(^|\s)@(public|internal|beta|alpha|remarks|example|see|param|returns|defaultValue|deprecated)\b.*$/s,
      '',
    )
    .replace(/\{@link\s+([^}|\s]+)[^}]*\}/g, '`$1`')
    .replace(/\s+/g, ' ')
    .trim();
  const end = text.search(/\.(\s|$)/);
  return (end === -1 ? text : text.slice(0, end + 1)).replaceAll('|', '\\|');
}

/** How a value reads: durations by their unit suffix, sizes in bytes, other numbers grouped. */
function formatted(name, value) {
  const n = value.toLocaleString('en-US');
  const ms = /(_MS|Ms|Timeout|INTERVAL|DELAY)$|TIMEOUTS\.|Timeout/.test(name);
  if (ms && value >= 1000) return `${n} ms (${humanSeconds(value / 1000)})`;
  if (ms) return `${n} ms`;
  if (/_S$/.test(name)) return `${n} s${value >= 60 ? ` (${humanSeconds(value)})` : ''}`;
  if (/_BYTES$/.test(name)) return `${n} bytes (${humanBytes(value)})`;
  return n;
}

function humanSeconds(s) {
  if (s % 86_400 === 0 && s >= 86_400) return `${s / 86_400} d`;
  if (s % 3600 === 0 && s >= 3600) return `${s / 3600} h`;
  if (s % 60 === 0 && s >= 60) return `${s / 60} min`;
  return `${s} s`;
}

function humanBytes(b) {
  if (b % 1_048_576 === 0) return `${b / 1_048_576} MiB`;
  if (b % 1024 === 0) return `${b / 1024} KiB`;
  return `${b} B`;
}

/** The numeric constants of one constants module: plain numbers and objects of numbers. */
export function numericConstants(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const rows = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const summary = summaryOf(statement, source);
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || !decl.initializer) continue;
      const name = decl.name.text;
      if (NOT_A_DEFAULT.test(name)) continue;
      let init = decl.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
      if (ts.isCallExpression(init) && init.getText().startsWith('Object.freeze('))
        init = init.arguments[0];
      const value = numberOf(init);
      if (value !== undefined) {
        rows.push({ name, value, summary });
        continue;
      }
      if (!init || !ts.isObjectLiteralExpression(init)) continue;
      for (const prop of init.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) continue;
        const v = numberOf(prop.initializer);
        if (v === undefined) continue;
        rows.push({
          name: `${name}.${prop.name.text}`,
          value: v,
          summary: summaryOf(prop, source) || summary,
        });
      }
    }
  }
  return rows;
}

/** The page's markdown. */
export function defaultsPage() {
  const packages = listPackages().sort((a, b) => ORDER.indexOf(a.short) - ORDER.indexOf(b.short));
  const out = [
    '---',
    'title: Important defaults',
    '---',
    '',
    '# Important defaults',
    '',
    'Every timeout, interval, retry count, poll, size and limit the packages use, generated from',
    "each package's constants module when the documentation is built, so this page cannot drift",
    'from the code. Where an option overrides a default, the option is named in the API reference of',
    'the function that takes it.',
    '',
  ];
  for (const p of packages) {
    let rows;
    try {
      rows = numericConstants(join(p.dir, 'src/constants.ts'));
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    if (rows.length === 0) continue;
    out.push(`## ${p.name}`, '', '| constant | value | what it is |', '| --- | --- | --- |');
    for (const r of rows)
      out.push(`| \`${r.name}\` | ${formatted(r.name, r.value)} | ${r.summary} |`);
    out.push('');
  }
  return out.join('\n');
}

export const DEFAULTS_PAGE = join(root, 'docs/guides/defaults.md');

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(DEFAULTS_PAGE, defaultsPage());
  console.log(`Wrote ${DEFAULTS_PAGE}.`);
}
