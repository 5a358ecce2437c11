// One classic script of workspace sources for a test page (esbuild, the `source` condition, an
// IIFE): what the compat and softphone specs and benchmarks serve in place of a release bundle.
import { build } from 'esbuild';

/**
 * Bundles `contents` (module source, resolved from `resolveDir`) or the module at `entry` into one
 * browser script.
 */
export async function browserBundle(
  input: { readonly contents: string; readonly resolveDir: string } | { readonly entry: string },
  options: { readonly minify?: boolean } = {},
): Promise<string> {
  const result = await build({
    ...('entry' in input
      ? { entryPoints: [input.entry] }
      : {
          stdin: { contents: input.contents, resolveDir: input.resolveDir, loader: 'ts' as const },
        }),
    bundle: true,
    minify: options.minify ?? false,
    format: 'iife',
    platform: 'browser',
    conditions: ['source'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
