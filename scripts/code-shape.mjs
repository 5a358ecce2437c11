// The size gate: no source file over 450 lines and no function over 150 lines, outside the
// exceptions listed below, each with its reason. Long units are where change goes wrong; a new
// one fails `npm test` with its path, its size and the limit. An exception that is no longer
// needed fails too, so the list stays true.
//
//   node scripts/code-shape.mjs            every tracked source file
//   node scripts/code-shape.mjs packages/x  only files under the given paths
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { root } from './packages.mjs';

/** Longest source file, in lines. */
export const MAX_FILE_LINES = 450;
/** Longest function, method or component, in lines (from its first line to its closing brace). */
export const MAX_FUNCTION_LINES = 150;

/** Where the rule applies: shipped and served code, and the scripts that build it. */
const SCOPE = ['packages', 'examples/workspace', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|css)$/;
/** Tests read top to bottom as the story of one behaviour; generated and declaration files are not written by hand. */
const OUTSIDE =
  /(^|\/)(test|tests|dist|node_modules|generated|etc)\/|\.test\.|\.browser\.test\.|\.d\.(m|c)?ts$|\.config\.|(^|\/)vite-env\.d\.ts$/;

const DATA = 'data table: one entry per line, nothing to split by concern';
const LOCALE = 'locale: one message per line';
const SEED = 'demo seed: one record per line';
/** Units waiting to be split; the list only shrinks (a unit that fits its limit must leave it). */
const PUBLIC_FACADE =
  'the public ContactCentre class: one documented method per operation (about 55, 450 lines with their TSDoc), each delegating to a named unit (Contacts, CustomerSide, ContactViews, ChangeFeed, Routing, AgentStates, MultiParty, Tasks, Chats, Monitoring); the state and rules live in those units';

/**
 * Files allowed over the file limit, with why. Keys are repository-relative paths.
 * @type {Record<string, string>}
 */
const FILE_EXCEPTIONS = {
  'packages/connect-streams/src/protocol/names.ts': DATA,
  'packages/react-voice/src/locales/panel.ts': LOCALE,
  'packages/react-voice/src/locales/call.ts': LOCALE,
  'packages/react-voice/src/locales/controller.ts': LOCALE,
  'examples/workspace/server/src/db/seed/demo.ts': SEED,
  'packages/connect-emulator/src/domain/contact-centre.ts': PUBLIC_FACADE,
};

/**
 * Functions allowed over the function limit, as "path#name", with why.
 * @type {Record<string, string>}
 */
const FUNCTION_EXCEPTIONS = {
  'examples/workspace/server/src/db/seed/demo.ts#seedWorkspace': SEED,
};

const args = process.argv.slice(2);
const tracked = execFileSync('git', ['ls-files', '-z', '--', ...(args.length ? args : SCOPE)], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((path) => path && SOURCE.test(path) && !OUTSIDE.test(path));

const problems = [];
const usedFiles = new Set();
const usedFunctions = new Set();

for (const path of tracked) {
  let text;
  try {
    text = readFileSync(`${root}/${path}`, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) {
    if (FILE_EXCEPTIONS[path]) usedFiles.add(path);
    else problems.push(`${path}: ${lines} lines (limit ${MAX_FILE_LINES})`);
  }
  if (path.endsWith('.css')) continue;
  for (const fn of longFunctions(path, text)) {
    const key = `${path}#${fn.name}`;
    if (FUNCTION_EXCEPTIONS[key]) usedFunctions.add(key);
    else
      problems.push(
        `${path}:${fn.line}: ${fn.name} is ${fn.lines} lines (limit ${MAX_FUNCTION_LINES})`,
      );
  }
}

if (!args.length) {
  for (const path of Object.keys(FILE_EXCEPTIONS))
    if (!usedFiles.has(path))
      problems.push(`${path}: listed as a file exception but within the limit; remove it`);
  for (const key of Object.keys(FUNCTION_EXCEPTIONS))
    if (!usedFunctions.has(key))
      problems.push(`${key}: listed as a function exception but within the limit; remove it`);
}

if (problems.length) {
  console.error(
    `Code shape: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  console.error(
    '\nSplit the unit by concern, or list it in scripts/code-shape.mjs with its reason.',
  );
  process.exit(1);
}
console.log(
  `Code shape: ${tracked.length} files checked; over ${MAX_FILE_LINES} lines or with a function over ${MAX_FUNCTION_LINES}, only the ${usedFiles.size} files and ${usedFunctions.size} functions listed with their reasons.`,
);

/** Functions in a file longer than the limit, named as a reader would find them. */
function longFunctions(path, text) {
  const kind = path.endsWith('x')
    ? ts.ScriptKind.TSX
    : path.endsWith('.ts') || path.endsWith('.mts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ name: nameOf(node), line: start + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isCallExpression(parent)) {
    // a callback: name it after the call it is passed to and its line, e.g. "app.get(…) callback"
    const callee = parent.expression.getText().replace(/\s+/g, '');
    return `${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}(…) callback`;
  }
  return 'anonymous function';
}
