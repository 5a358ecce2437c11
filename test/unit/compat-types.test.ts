// The type-compatibility suite. The integration files in test/types/compat/integration
// are typed against amazon-connect-streams 2.18.7 (its src/index.d.ts), in strict mode, using every
// call and callback it declares. They must compile unchanged with each entry of the migration:
// `import 'amazon-connect-streams'` (the reference), `import '@x/connect-streams/compat'` and
// `import '@x/voice-id/compat'`; under TypeScript 6.0 and 5.9; and a program that imports the compat
// entries from an ESM and a CommonJS file must compile too (one global `connect`, no TS2403).
// The compat entries resolve to the built declarations (dist), as a user's program does.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as ts60 from 'typescript';
import type { CompilerHost, CompilerOptions, SourceFile } from 'typescript';
import { describe, expect, it } from 'vitest';

type TypeScript = typeof ts60;
const require = createRequire(import.meta.url);
const COMPILERS: Record<string, TypeScript> = {
  '6.0': require('typescript') as TypeScript,
  '5.9': require('typescript-5.9') as TypeScript,
};

const dir = fileURLToPath(new URL('../types/compat/', import.meta.url));
const integration = readdirSync(`${dir}integration`).map((f) => `${dir}integration/${f}`);
const built = ['connect-streams/dist/compat-global.d.ts', 'voice-id/dist/compat.d.cts'].map((f) =>
  fileURLToPath(new URL(`../../packages/${f}`, import.meta.url)),
);

/** One compiler host per TypeScript, keeping parsed files (lib.dom.d.ts, the declarations) across programs. */
const hosts = new Map<TypeScript, CompilerHost>();
function hostFor(ts: TypeScript, options: CompilerOptions) {
  let host = hosts.get(ts);
  if (!host) {
    const base = ts.createCompilerHost(options);
    const cache = new Map<string, SourceFile | undefined>();
    host = {
      ...base,
      getSourceFile: (fileName, languageVersion, onError, shouldCreate) => {
        const key = `${fileName}:${JSON.stringify(languageVersion)}`;
        if (!cache.has(key))
          cache.set(key, base.getSourceFile(fileName, languageVersion, onError, shouldCreate));
        return cache.get(key);
      },
    };
    hosts.set(ts, host);
  }
  return host;
}

/**
 * Compiles `rootNames` strictly and returns the diagnostics. Declaration files are taken as they
 * are (skipLibCheck): the files under test are the integration's; the compat declarations are
 * checked on their own below.
 */
function diagnostics(
  ts: TypeScript,
  rootNames: string[],
  { dual = false, checkDeclarations = false } = {},
): string[] {
  const options = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    module: dual ? ts.ModuleKind.NodeNext : ts.ModuleKind.ESNext,
    moduleResolution: dual ? ts.ModuleResolutionKind.NodeNext : ts.ModuleResolutionKind.Bundler,
    skipLibCheck: !checkDeclarations,
    skipDefaultLibCheck: true,
  };
  const program = ts.createProgram({ rootNames, options, host: hostFor(ts, options) });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.replace(dir, '')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} `
      : '';
    return `${where}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

describe('a TypeScript integration typed against amazon-connect-streams 2.18.7 compiles unchanged (strict)', () => {
  it('the compat declarations are built (npm run build)', () => {
    expect(built.filter((f) => !existsSync(f))).toEqual([]);
  });

  it('the shipped declarations themselves check clean (TypeScript 6.0, no skipLibCheck)', () => {
    expect(
      diagnostics(COMPILERS['6.0']!, [`${dir}entries/voice-id.ts`], { checkDeclarations: true }),
    ).toEqual([]);
  }, 120_000);

  for (const [version, ts] of Object.entries(COMPILERS)) {
    describe(`TypeScript ${version} (${ts.version})`, { timeout: 60_000 }, () => {
      it("with `import 'amazon-connect-streams'` 2.18.7 itself (the reference)", () => {
        expect(diagnostics(ts, [...integration, `${dir}entries/real.ts`])).toEqual([]);
      });

      it("with `import '@x/connect-streams/compat'` instead", () => {
        expect(diagnostics(ts, [...integration, `${dir}entries/compat.ts`])).toEqual([]);
      });

      it("with `import '@x/voice-id/compat'` instead (the global comes with it)", () => {
        expect(diagnostics(ts, [...integration, `${dir}entries/voice-id.ts`])).toEqual([]);
      });

      it('imported from both an ESM and a CommonJS file: one global, no TS2403', () => {
        expect(
          diagnostics(ts, [`${dir}dual/esm.mts`, `${dir}dual/cjs.cts`], { dual: true }),
        ).toEqual([]);
      });
    });
  }
});
