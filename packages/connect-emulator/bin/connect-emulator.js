#!/usr/bin/env node
// The `connect-emulator` command: runs the built CLI. Committed (unlike dist/) so that npm links
// it at install time; inside the repository `npm run build` builds dist/cli.js, after which
// `npx connect-emulator` works.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'connect-emulator is not built yet: run `npm run build` at the repository root (or `npm run build -w @x/connect-emulator`).\n',
  );
  process.exit(1);
}
await import(cli.href);
