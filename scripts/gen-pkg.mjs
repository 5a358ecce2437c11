// One-off scaffolding helper kept for adding packages: writes package.json for a library.
import { writeFileSync, mkdirSync } from 'node:fs';
const [dir, name, desc, entriesJson, depsJson, peerJson, binJson] = process.argv.slice(2);
const entries = JSON.parse(entriesJson); // { ".": "index", "./protocol": "protocol" }
const exportsMap = {};
for (const [sub, file] of Object.entries(entries)) {
  const src = file === 'index' ? './src/index.ts' : `./src/${file}/index.ts`;
  exportsMap[sub] = {
    source: src,
    import: { types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` },
    require: { types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` },
  };
}
exportsMap['./package.json'] = './package.json';
const pkg = {
  name,
  version: '0.0.0',
  description: desc,
  license: 'Apache-2.0',
  type: 'module',
  sideEffects: false,
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.ts',
  exports: exportsMap,
  ...(binJson ? { bin: JSON.parse(binJson) } : {}),
  files: ['dist', 'src', '!src/**/*.test.ts', '!src/**/*.test.tsx', 'README.md', 'CHANGELOG.md'],
  engines: { node: '>=20.19' },
  scripts: {
    build: 'tsup',
  },
  dependencies: JSON.parse(depsJson || '{}'),
  ...(peerJson ? { peerDependencies: JSON.parse(peerJson) } : {}),
  publishConfig: { access: 'public' },
};
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}/package.json`, JSON.stringify(pkg, null, 2) + '\n');
