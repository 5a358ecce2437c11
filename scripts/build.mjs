// Builds every package in dependency order (tsup: ESM + CJS + d.ts), then links the packages'
// command-line programs into node_modules/.bin (`npx connect-emulator`): `npm ci` on a fresh
// checkout skips a `bin` whose file does not exist yet, and it exists only after the build.
import { chmodSync, existsSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listPackages, root } from './packages.mjs';
import { run } from './run.mjs';

for (const p of listPackages()) {
  if (!p.pkg.scripts?.build) continue;
  console.log(`\n▶ build ${p.name}`);
  const code = await run('npm', ['run', 'build', '--silent'], { cwd: p.dir });
  if (code !== 0) {
    console.error(`build failed: ${p.name}`);
    process.exit(code);
  }
}

const binDir = join(root, 'node_modules/.bin');
for (const p of listPackages()) {
  const bins = typeof p.pkg.bin === 'string' ? { [p.short]: p.pkg.bin } : (p.pkg.bin ?? {});
  for (const [name, file] of Object.entries(bins)) {
    const target = join(root, 'node_modules', p.name, file);
    const link = join(binDir, name);
    if (!existsSync(target) || lstatSync(link, { throwIfNoEntry: false })) continue;
    mkdirSync(binDir, { recursive: true });
    symlinkSync(relative(binDir, target), link);
    chmodSync(target, 0o755);
    console.log(`linked node_modules/.bin/${name}`);
  }
}
