// SSR import check: every built entry point of every package is imported (ESM) and required (CJS)
// in plain Node, where window, document and navigator do not exist. Nothing may throw.
import { execFileSync } from 'node:child_process';
import { entriesOf, listPackages, root } from './packages.mjs';

let failed = 0;
for (const p of listPackages()) {
  for (const entry of entriesOf(p.pkg)) {
    const probe = `
      for (const name of ['window', 'document', 'navigator', 'localStorage']) {
        if (name in globalThis) throw new Error(name + ' exists in this Node');
      }
      const esm = await import(${JSON.stringify(entry.importPath)});
      const { createRequire } = await import('node:module');
      const cjs = createRequire(${JSON.stringify(root + 'package.json')})(${JSON.stringify(entry.importPath)});
      console.log(Object.keys(esm).length + ' ESM / ' + Object.keys(cjs).length + ' CJS exports');
    `;
    try {
      // Node 21+ defines a global navigator; delete it so a touch at import time fails as under SSR.
      const out = execFileSync(
        process.execPath,
        ['--input-type=module', '-e', `delete globalThis.navigator;${probe}`],
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      console.log(`✓ ${entry.importPath}: ${out.trim()}`);
    } catch (error) {
      failed++;
      console.error(
        `✗ ${entry.importPath} throws when imported without a DOM:\n${error.stderr ?? error}`,
      );
    }
  }
}
if (failed) process.exit(1);
