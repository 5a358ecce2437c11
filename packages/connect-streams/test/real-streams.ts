import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';

/** The two pinned releases of amazon-connect-streams the wire contract is checked against. */
export const STREAMS_PACKAGES = ['amazon-connect-streams', 'amazon-connect-streams-2-28'] as const;

const require = createRequire(import.meta.url);

interface RealConnect {
  [name: string]: unknown;
}

/** Loads the real release bundle in a sandbox (no timers run) and returns its global `connect`. */
export function loadRealConnect(pkg: (typeof STREAMS_PACKAGES)[number]): RealConnect {
  const file = require.resolve(`${pkg}/release/connect-streams.js`);
  const noop = () => 0;
  const sandbox: Record<string, unknown> = {
    console: { log: noop, error: noop, warn: noop, info: noop, debug: noop, trace: noop },
    setTimeout: noop,
    clearTimeout: noop,
    setInterval: noop,
    clearInterval: noop,
    navigator: { userAgent: 'node' },
    location: { href: 'https://example.invalid/', origin: 'https://example.invalid' },
  };
  sandbox.self = sandbox;
  sandbox.global = sandbox;
  runInNewContext(readFileSync(file, 'utf8'), sandbox);
  return sandbox.connect as RealConnect;
}

interface ServiceModel {
  metadata: Record<string, string>;
  operations: Record<string, { input: { required?: string[]; members: Record<string, unknown> } }>;
}

/** Extracts the embedded `AmazonConnectCTIService` JSON model from the real bundle. */
export function loadRealCtiModel(pkg: (typeof STREAMS_PACKAGES)[number]): ServiceModel {
  const source = readFileSync(require.resolve(`${pkg}/release/connect-streams.js`), 'utf8');
  const marker = source.indexOf('"serviceFullName":"AmazonConnectCTIService"');
  const start = source.lastIndexOf('{"version":"2.0"', marker);
  let depth = 0;
  let end = start;
  for (; end < source.length; end++) {
    const ch = source[end];
    if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) break;
  }
  return JSON.parse(source.slice(start, end + 1)) as ServiceModel;
}
