// Runs api-extractor for every entry point of every package (after `npm run build`).
// Check mode (default, CI): fails when a report differs from the committed etc/*.api.md.
// `--local` (npm run api:update): rewrites the committed reports.
// `--package <dir>` (repeatable): only those packages (e.g. `--package connect-streams`).
// A package in DOCUMENTED must also keep its reports free of `(undocumented)` and
// `ae-forgotten-export`: every public name documented, every type it uses exported.
// Those packages' api-extractor.json set `compiler.overrideTsconfig` with `moduleResolution`
// `node10`: there a declaration's `import … from '@x/pkg/<entry>'` (a type another entry point of
// the same package exports, see scripts/finish-dts.mjs) stays unresolved, which api-extractor
// treats as an external package, so each report names the entry a type comes from instead of
// analysing that entry again.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import apiExtractor from '@microsoft/api-extractor';
import { entriesOf, listPackages } from './packages.mjs';

const { Extractor, ExtractorConfig } = apiExtractor;
const localBuild = process.argv.includes('--local');
const only = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--package' ? [arg] : []));
const DOCUMENTED = new Set([
  'connect-streams',
  'websocket-manager',
  'voice-id',
  'react-voice',
  'connect-emulator',
]);
let failed = 0;

for (const p of listPackages()) {
  if (only.length && !only.includes(p.short)) continue;
  const configPath = join(p.dir, 'api-extractor.json');
  if (!existsSync(configPath)) continue;
  const base = ExtractorConfig.loadFile(configPath);
  mkdirSync(join(p.dir, 'etc'), { recursive: true });
  for (const entry of entriesOf(p.pkg)) {
    const reportName = entry.file === 'index' ? p.short : `${p.short}.${entry.file}`;
    const configObject = {
      ...base,
      projectFolder: p.dir,
      mainEntryPointFilePath: `<projectFolder>/dist/${entry.file}.d.ts`,
      apiReport: { ...base.apiReport, reportFileName: `${reportName}.api.md` },
    };
    const prepared = ExtractorConfig.prepare({
      configObject,
      configObjectFullPath: configPath,
      packageJsonFullPath: join(p.dir, 'package.json'),
    });
    const messages = [];
    const result = Extractor.invoke(prepared, {
      localBuild,
      messageCallback: (message) => {
        if (message.logLevel === 'error' || message.logLevel === 'warning') {
          messages.push(
            `  ${message.logLevel}: ${message.text}${message.sourceFilePath ? ` (${message.sourceFilePath}:${message.sourceFileLine})` : ''}`,
          );
        }
        message.handled = true;
      },
    });
    const drift = !localBuild && result.apiReportChanged;
    const reportPath = join(p.dir, localBuild ? 'etc' : 'temp', `${reportName}.api.md`);
    let gaps = 0;
    if (DOCUMENTED.has(p.short) && existsSync(reportPath)) {
      const report = readFileSync(reportPath, 'utf8');
      const undocumented = report.split('(undocumented)').length - 1;
      const forgotten = report.split('ae-forgotten-export').length - 1;
      if (undocumented) messages.push(`  error: ${undocumented} public name(s) without TSDoc`);
      if (forgotten) messages.push(`  error: ${forgotten} type(s) used but not exported`);
      gaps = undocumented + forgotten;
    }
    const ok =
      result.succeeded && result.errorCount === 0 && result.warningCount === 0 && !drift && !gaps;
    console.log(`${ok ? '✓' : '✗'} ${entry.importPath} → etc/${reportName}.api.md`);
    for (const m of messages) console.log(m);
    if (drift) {
      console.log(
        `  the public API of ${entry.importPath} changed: review it, then run \`npm run api:update\``,
      );
    }
    if (!ok && !(localBuild && result.succeeded && result.errorCount === 0 && !gaps)) failed++;
  }
}
if (failed) {
  console.error(`api-extractor: ${failed} entry point(s) failed`);
  process.exit(1);
}
