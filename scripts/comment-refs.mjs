// The comment gate: a comment names the rule it implements in words, never a section of a
// document outside the repository ("§4.2") or a tracker entry ("issue 7", "#15"), which a reader of
// the repository cannot follow. Lists file:line for each such comment and fails.
//
//   node scripts/comment-refs.mjs            every tracked source file in scope
//   node scripts/comment-refs.mjs packages/x  only files under the given paths
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { root } from './packages.mjs';

/** Where comments are read: the packages, the workspace app, the tests and the scripts. */
const SCOPE = ['packages', 'examples/workspace', 'test', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js|css)$/;
const OUTSIDE = /(^|\/)(dist|node_modules|generated)\//;

/** A section sign, "issue 12", "issues #3", "spec 4", "spec #4" or a bare "#12" tracker number. */
const REFERENCE = /§|\bissues? ?#?\d+|\bspec(ification)?s? ?#?\d|(^|[\s(,;])#\d+\b(?![-\w])/i;

const args = process.argv.slice(2);
const files = execFileSync('git', ['ls-files', '-z', '--', ...(args.length ? args : SCOPE)], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter(
    (path) =>
      path && SOURCE.test(path) && !OUTSIDE.test(path) && path !== 'scripts/comment-refs.mjs',
  );

const found = [];
for (const path of files) {
  let text;
  try {
    text = readFileSync(`${root}/${path}`, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  for (const { pos, body } of comments(path, text)) {
    body.split('\n').forEach((line, i) => {
      if (REFERENCE.test(line)) {
        const lineNo = text.slice(0, pos).split('\n').length + i;
        found.push(`${path}:${lineNo}: ${line.trim().slice(0, 120)}`);
      }
    });
  }
}

if (found.length) {
  console.error(
    `Comments pointing outside the repository: ${found.length}\n${found.map((f) => `  ${f}`).join('\n')}`,
  );
  console.error(
    '\nSay in words which rule the code follows (e.g. "the cross-tab lock: a random 0–500 ms wait").',
  );
  process.exit(1);
}
console.log(`Comment references: none in ${files.length} files.`);

/**
 * Every comment in a file with its offset: block comments in CSS; in script files the comment
 * ranges before and after every token of the parsed file (so strings, template literals and
 * regular expressions are never read as comments, and nothing after them is skipped).
 */
function comments(path, text) {
  if (path.endsWith('.css')) {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ pos: m.index, body: m[0] }));
  }
  const kind = /\.(tsx|jsx)$/.test(path)
    ? ts.ScriptKind.TSX
    : /\.(mjs|cjs|js)$/.test(path)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map();
  const add = (list) => {
    for (const range of list ?? []) ranges.set(range.pos, range);
  };
  const visit = (node) => {
    add(ts.getLeadingCommentRanges(text, node.getFullStart()));
    add(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...ranges.values()].map((r) => ({ pos: r.pos, body: text.slice(r.pos, r.end) }));
}
