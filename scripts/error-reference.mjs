// Keeps docs/guides/errors.md (the error reference) true to the code: every public message of every
// package's messages module (src/messages.ts: exported strings, and the strings of exported
// objects, marked `@public`) must be quoted in it, and every message its tables quote (the first
// cell of a table whose first column is "message") must be a string of some messages module.
// Used by the docs gate; on its own: node scripts/error-reference.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { listPackages, root } from './packages.mjs';

export const ERROR_REFERENCE = join(root, 'docs/guides/errors.md');

/** The string literals of a messages module's exports, with whether each export is public. */
function messagesOf(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const out = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const docs = ts
      .getLeadingCommentRanges(source.text, statement.getFullStart())
      ?.map((r) => source.text.slice(r.pos, r.end))
      .join('\n');
    const isPublic = /@public\b/.test(docs ?? '');
    const visit = (node, name) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
        out.push({ name, text: node.text, isPublic });
      else ts.forEachChild(node, (child) => visit(child, name));
    };
    for (const decl of statement.declarationList.declarations)
      if (decl.initializer) visit(decl.initializer, decl.name.getText());
  }
  return out;
}

/** The problems of the error reference (empty when it is complete and true). */
export function errorReferenceProblems() {
  const page = readFileSync(ERROR_REFERENCE, 'utf8');
  const messages = listPackages()
    .map((p) => join(p.dir, 'src/messages.ts'))
    .filter(existsSync)
    .flatMap(messagesOf);
  const problems = [];
  const quoted = new Set();
  let inMessageTable = false;
  for (const line of page.split('\n')) {
    if (!line.startsWith('|')) {
      inMessageTable = false;
      continue;
    }
    const cells = line.split(/(?<!\\)\|/).slice(1, -1);
    if (/^\s*message\s*$/.test(cells[0] ?? '')) {
      inMessageTable = true;
      continue;
    }
    const m = inMessageTable ? /^\s*`(.+)`\s*$/.exec(cells[0] ?? '') : null;
    if (m) quoted.add(m[1]);
  }
  const known = new Set(messages.map((m) => m.text));
  for (const text of quoted)
    if (!known.has(text)) problems.push(`quotes a message no messages module has: "${text}"`);
  for (const m of messages)
    if (m.isPublic && m.text.includes(' ') && !quoted.has(m.text))
      problems.push(`does not explain ${m.name}: "${m.text}"`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = errorReferenceProblems();
  for (const p of problems) console.error(`  ✗ docs/guides/errors.md ${p}`);
  if (problems.length) process.exit(1);
  console.log('The error reference quotes every public message, and only real ones.');
}
