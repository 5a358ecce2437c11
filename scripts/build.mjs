// Builds every package in dependency order (tsup: ESM + CJS + d.ts).
import { listPackages } from './packages.mjs';
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
