import { build } from 'esbuild';
import { libraryConfig } from '../../scripts/tsup-config';

// The JS entries come from package.json `exports`; `./styles.css` is one stylesheet bundled from
// src/styles (its @imports inlined, minified).
export default libraryConfig(process.cwd(), {
  async onSuccess() {
    await build({
      entryPoints: ['src/styles/index.css'],
      bundle: true,
      minify: true,
      outfile: 'dist/styles.css',
      logLevel: 'warning',
    });
  },
});
