// Route size check: builds the app for production (Vite, minified) and adds up, gzipped, the
// JavaScript a browser loads to show the inbox route: the entry chunk, the lazy route modules of
// /ws/{slug}/inbox/all (workspace layout, inbox layout, conversation list, conversation view) and
// every chunk they import statically. Fails above the inbox route budget (195 KB min+gz).
// The voice add-on (the softphone client and the voice screens) is a lazy chunk that loads beside
// the workspace once its screens are interactive; its size is printed too, outside the budget.
// Usage: node examples/workspace/scripts/route-size.mjs [--json]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET_KB = 195;
const appRoot = new URL('..', import.meta.url).pathname;
const INBOX_ROUTE_MODULES = [
  'src/app/layout/workspace-layout.tsx',
  'src/modules/inbox/components/inbox-layout.tsx',
  'src/modules/inbox/components/conversation-list-pane.tsx',
  'src/modules/inbox/components/no-conversation.tsx',
  'src/modules/inbox/components/conversation-view.tsx',
];
const VOICE_ADDON_MODULE = 'src/modules/voice/components/voice-runtime.tsx';

const outDir = mkdtempSync(join(tmpdir(), 'workspace-route-size-'));
try {
  await build({
    root: appRoot,
    configFile: join(appRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const collect = (keys, files = new Set()) => {
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`route-size: ${key} is not a chunk of the build`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return files;
  };
  const measure = (files) => {
    let gz = 0;
    let min = 0;
    const rows = [];
    for (const file of files) {
      if (!file.endsWith('.js')) continue;
      const code = readFileSync(join(outDir, file));
      const size = gzipSync(code, { level: 9 }).length;
      gz += size;
      min += code.length;
      rows.push({ file, kb: +(size / 1024).toFixed(2) });
    }
    return { gz, min, rows };
  };
  const routeFiles = collect(['index.html', ...INBOX_ROUTE_MODULES]);
  const { gz, min, rows } = measure(routeFiles);
  const voiceFiles = [...collect([VOICE_ADDON_MODULE])].filter((f) => !routeFiles.has(f));
  const voice = measure(voiceFiles);
  const kb = gz / 1024;
  const ok = kb <= BUDGET_KB;
  const voiceKb = voice.gz / 1024;
  if (process.argv.includes('--json')) console.log(JSON.stringify({ kb, min, rows, voiceKb }));
  else {
    for (const r of rows.sort((a, b) => b.kb - a.kb))
      console.log(`  ${r.kb.toFixed(2).padStart(7)} KB  ${r.file}`);
    console.log(
      `${ok ? '✓' : '✗'} workspace inbox route: ${kb.toFixed(2)} KB min+gz JavaScript ` +
        `(${(min / 1024).toFixed(1)} KB min, ${rows.length} chunks), budget ${BUDGET_KB} KB`,
    );
    console.log(
      `  + voice add-on (lazy, after the inbox is interactive): ${voiceKb.toFixed(2)} KB min+gz ` +
        `(${voice.rows.length} chunks)`,
    );
  }
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
