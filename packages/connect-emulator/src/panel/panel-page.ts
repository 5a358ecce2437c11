import { existsSync } from 'node:fs';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context, type Env } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWav } from '../media/wav';
import { PANEL_TEXT } from '../messages';
import { PANEL_CONFIG_ELEMENT_ID, type PanelPageConfig } from './panel-config';
import {
  REQUEST_STORAGE_ACCESS_PATH,
  storageAccessPageHtml,
  type StorageAccessDecision,
} from './storage-access-page';

/**
 * Path prefixes the panel page is served under (the real CCP's `/connect/ccp-v2/` and `/ccp-v2/`).
 * @public
 */
export const PANEL_PATH_PREFIXES = ['/connect/ccp-v2/', '/ccp-v2/'] as const;

/**
 * Options of {@link createPanelRequestHandler}.
 * @public
 */
export interface PanelRouteOptions {
  /**
   * The origins allowed to frame the panel (CSP `frame-ancestors`), read on every request;
   * `['*']` allows any origin (and the page then skips its whitelisted-origins check).
   */
  readonly allowedOrigins: () => readonly string[];
  /**
   * Whether the page skips its own embedding-origin check (`/whitelisted-origins`); default: when
   * the allowed origins include `*`. CSP `frame-ancestors` still limits who may frame it.
   */
  readonly anyOrigin?: () => boolean;
  /** The instance region. */
  readonly region: string;
  /** CTI endpoint path or URL (default `/api`). */
  readonly ctiEndpoint?: string;
  /** Authorize endpoint (default `/auth/authorize`). */
  readonly authorizeEndpoint?: string;
  /** Whitelisted-origins endpoint (default `/whitelisted-origins`). */
  readonly whitelistedOriginsEndpoint?: string;
  /** Agent-app endpoint (default none). */
  readonly agentAppEndpoint?: string | null;
  /** Where the page sends the agent to sign in when authorize answers 401 (default `/login`). */
  readonly loginUrl?: string;
  /** Cookie name the agent-app bearer is keyed by (default `lily-auth-emulated`). */
  readonly authCookieName?: string;
  /** Softphone metrics flush period (default 30000 ms; shorten it in tests). */
  readonly metricsFlushIntervalMs?: number;
  /** Softphone statistics period (default 1000 ms). */
  readonly statsIntervalMs?: number;
  /** Path prefix the page is served under (a second region's `/secondary`; default none). */
  readonly basePath?: string;
  /**
   * The region status endpoint (two regions): the page then sends the global-resiliency messages
   * to the embedding page (default none).
   */
  readonly regionStatusEndpoint?: string;
  /** How often the page reads the region status (default 250 ms). */
  readonly regionPollIntervalMs?: number;
  /** How often the active region's page sends a global-resiliency heartbeat (default 5000 ms). */
  readonly heartbeatIntervalMs?: number;
  /**
   * How the storage-access request page (`…/request-storage-access`) decides on access (default
   * `browser`: ask the browser).
   */
  readonly storageAccessDecision?: StorageAccessDecision;
}

/** Escapes JSON for embedding inside a `<script>` element. */
const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const KEYPAD = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/**
 * The panel page's HTML: the softphone skeleton the browser script drives.
 * @public
 */
export function panelHtml(config: PanelPageConfig): string {
  const keys = KEYPAD.map(
    (digit) =>
      `<button type="button" data-digit="${digit}" data-testid="keypad-${digit}">${digit}</button>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contact Control Panel (emulator)</title>
<style>
body{font:14px system-ui,sans-serif;margin:0;background:#f4f6f8;color:#16191f}
main{padding:12px;display:flex;flex-direction:column;gap:10px;max-width:340px}
header{display:flex;justify-content:space-between;align-items:center;gap:8px}
section,form{background:#fff;border-radius:8px;padding:10px;display:flex;flex-wrap:wrap;gap:6px;align-items:center}
section p{width:100%;margin:0 0 4px}
button{padding:6px 10px;border-radius:6px;border:1px solid #8d99a8;background:#fff;cursor:pointer}
button[data-testid=accept-call]{background:#1d8102;color:#fff;border-color:#1d8102}
button[data-testid=reject-call],button[data-testid=hang-up]{background:#d13212;color:#fff;border-color:#d13212}
button.accept{background:#1d8102;color:#fff;border-color:#1d8102}
button.reject{background:#d13212;color:#fff;border-color:#d13212}
button:disabled{opacity:.5;cursor:default}
[data-testid=contact-list]{list-style:none;margin:0;padding:0;width:100%;display:flex;flex-direction:column;gap:8px}
[data-testid=contact-card]{border:1px solid #d5dbdb;border-radius:6px;padding:8px;display:flex;flex-direction:column;gap:6px}
[data-testid=contact-card] p{margin:0;overflow-wrap:anywhere}
[data-testid=contact-card][data-state=ringing]{border-color:#1d8102}
[data-testid=contact-card] [role=group]{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
[data-testid=contact-transfer-target]{max-width:100%}
[data-testid=contact-transcript]{list-style:none;margin:0;padding:6px;max-height:180px;overflow-y:auto;background:#f4f6f8;border-radius:4px;overflow-wrap:anywhere}
[data-testid=contact-message][data-role=AGENT]{text-align:right}
[data-testid=contact-typing]{color:#545b64;font-style:italic}
[data-testid=contact-reply-form]{display:flex;gap:6px;padding:0}
[data-testid=contact-reply]{flex:1;min-width:0}
[data-testid=keypad]{display:grid;grid-template-columns:repeat(3,40px);gap:4px;width:100%}
[data-testid=softphone-error]{color:#d13212}
[hidden]{display:none!important}
</style>
<script id="${PANEL_CONFIG_ELEMENT_ID}" type="application/json">${scriptSafeJson(config)}</script>
</head>
<body>
<main id="ccp" data-testid="ccp" data-state="loading">
<header><strong data-testid="agent-name"></strong>
<select data-testid="agent-status" aria-label="Agent status"></select></header>
<p data-testid="panel-message" role="status"></p>
<p data-testid="softphone-error" role="alert" hidden></p>
<section data-testid="incoming-call" aria-label="Incoming call" hidden>
<p>Incoming call <span data-testid="incoming-number"></span></p>
<button type="button" data-testid="accept-call">Accept</button>
<button type="button" data-testid="reject-call">Reject</button>
</section>
<section data-testid="on-call" aria-label="On call" hidden>
<p><span data-testid="call-number"></span> <small data-testid="call-state"></small></p>
<button type="button" data-testid="hold-call">Hold</button>
<button type="button" data-testid="mute-call" aria-pressed="false">Mute</button>
<button type="button" data-testid="hang-up">Hang up</button>
<div data-testid="keypad" role="group" aria-label="Keypad">${keys}</div>
</section>
<section data-testid="after-call" aria-label="After call work" hidden>
<p>Call ended</p>
<button type="button" data-testid="close-contact">Close contact</button>
</section>
<section data-testid="contacts" aria-label="${PANEL_TEXT.contactsLabel}" hidden>
<ul data-testid="contact-list"></ul>
</section>
<section data-testid="settings" aria-label="Settings" hidden>
<label data-testid="audio-device-settings" hidden>Speaker <select data-testid="speaker-device"></select></label>
<label data-testid="ringer-device-settings" hidden>Ringer <select data-testid="ringer-device"></select></label>
<fieldset data-testid="phone-type-settings" hidden><legend>Phone type</legend>
<label><input type="radio" name="phone-type" value="softphone" data-testid="phone-type-softphone"> Softphone</label>
<label><input type="radio" name="phone-type" value="deskphone" data-testid="phone-type-deskphone"> Desk phone</label>
</fieldset>
</section>
<form data-testid="quick-dial" aria-label="Quick dial" hidden>
<input data-testid="dial-number" type="tel" aria-label="Phone number" placeholder="+15555550123">
<button type="submit" data-testid="dial-call">Call</button>
</form>
</main>
<script src="panel.js"></script>
</body>
</html>
`;
}

let ringtone: Buffer | undefined;

/**
 * The panel's default ringtone: one second of a 440/480 Hz ring (the North American ringback
 * pair), 8 kHz mono 16-bit PCM WAV, generated once.
 * @public
 */
export function ringtoneWav(): Buffer {
  if (ringtone) return ringtone;
  const rate = 8_000;
  const samples = new Int16Array(rate);
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    const on = t < 0.8 ? 1 : 0;
    const value = on * 0.25 * (Math.sin(2 * Math.PI * 440 * t) + Math.sin(2 * Math.PI * 480 * t));
    samples[i] = Math.round(value * 32_767);
  }
  ringtone = encodeWav([samples], rate);
  return ringtone;
}

/** Where this module lives, in ESM (source or dist) and CJS builds alike. */
function moduleDir(): string {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    return typeof __dirname === 'string' ? __dirname : process.cwd();
  }
}

/** Finds the browser sources: beside this file in source form, under `../src/panel` from `dist`. */
function browserSourceDir(): string {
  const here = moduleDir();
  const candidates = [
    join(here, 'browser'),
    join(here, '..', 'src', 'panel', 'browser'),
    join(here, 'panel', 'browser'),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'panel-app.ts')));
  if (!found) throw new Error(`panel browser sources not found near ${here}`);
  return found;
}

/** The browser scripts bundled so far, by source file (each bundled once, on first use). */
const bundled = new Map<string, Promise<string>>();

/** Bundles one browser script of `browser/` with esbuild (an IIFE for the page), once. */
function bundleBrowserScript(file: string): Promise<string> {
  let bundle = bundled.get(file);
  if (!bundle) {
    bundle = (async () => {
      const esbuild = await import('esbuild');
      const result = await esbuild.build({
        entryPoints: [join(browserSourceDir(), file)],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        conditions: ['source'],
        minify: true,
        legalComments: 'none',
        logLevel: 'silent',
      });
      return result.outputFiles[0]?.text ?? '';
    })();
    bundled.set(file, bundle);
    bundle.catch(() => bundled.delete(file));
  }
  return bundle;
}

/**
 * Bundles the panel's browser script and SharedWorker script with esbuild (once, on first use).
 * @public
 */
export async function buildPanelBundles(): Promise<{
  readonly app: string;
  readonly worker: string;
}> {
  const [app, worker] = await Promise.all([
    bundleBrowserScript('panel-app.ts'),
    bundleBrowserScript('panel-worker.ts'),
  ]);
  return { app, worker };
}

/** Bundles the customer phone page's phone script (once, on first use). */
export function buildCustomerPhoneBundle(): Promise<string> {
  return bundleBrowserScript('customer-phone.ts');
}

/** The CSP `frame-ancestors` list for a set of allowed origins. */
export function frameAncestors(origins: readonly string[]): string {
  if (origins.includes('*')) return '*';
  const valid = origins.filter((origin) => /^https?:\/\/[^\s;,'"]+$/.test(origin));
  return ["'self'", ...valid].join(' ');
}

/** The panel's own files under each prefix (the page, its scripts, the ringtone). */
const PANEL_FILES = ['', 'index.html', 'ringtone.wav', 'panel.js', 'worker.js'] as const;

/** Whether a path is one the panel routes serve. */
function isPanelPath(path: string): boolean {
  return (
    path.endsWith(REQUEST_STORAGE_ACCESS_PATH) ||
    path === '/connect/ccp-v2' ||
    path === '/ccp-v2' ||
    PANEL_PATH_PREFIXES.some((prefix) => PANEL_FILES.some((file) => path === `${prefix}${file}`))
  );
}

/**
 * The panel page, its scripts and ringtone, and the storage-access request page, as Hono routes
 * (`GET`, and `HEAD` through Hono), with CSP `frame-ancestors` limited to the allowed origins.
 * `optionsFor` picks the options per request (e.g. the region the request is for).
 */
export function panelRoutes<E extends Env = Env>(
  optionsFor: (c: Context<E>) => PanelRouteOptions,
): Hono<E> {
  const app = new Hono<E>();
  const security = (options: PanelRouteOptions) => ({
    'Content-Security-Policy': `frame-ancestors ${frameAncestors(options.allowedOrigins())}`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  // The storage-access request page: at the instance root, under `/connect`, and (for a
  // localhost panel, where the host appends the path to the panel URL) under the panel path.
  app.get('*', async (c, next) => {
    if (!c.req.path.endsWith(REQUEST_STORAGE_ACCESS_PATH)) return next();
    const options = optionsFor(c);
    return c.html(storageAccessPageHtml(options.storageAccessDecision ?? 'browser'), 200, {
      ...security(options),
    });
  });
  for (const path of ['/connect/ccp-v2', '/ccp-v2'])
    app.get(path, (c) => c.redirect(`${path}/`, 301));
  for (const prefix of PANEL_PATH_PREFIXES) {
    const page = (c: Context<E>) => {
      const options = optionsFor(c);
      const html = panelHtml({
        region: options.region,
        ctiEndpoint: options.ctiEndpoint ?? '/api',
        authorizeEndpoint: options.authorizeEndpoint ?? '/auth/authorize',
        whitelistedOriginsEndpoint: options.whitelistedOriginsEndpoint ?? '/whitelisted-origins',
        agentAppEndpoint: options.agentAppEndpoint ?? null,
        authCookieName: options.authCookieName ?? 'lily-auth-emulated',
        loginUrl: options.loginUrl ?? '/login',
        anyOrigin: options.anyOrigin?.() ?? options.allowedOrigins().includes('*'),
        sharedWorkerUrl: `${options.basePath ?? ''}${prefix}worker.js`,
        globalResiliency: options.regionStatusEndpoint
          ? {
              statusEndpoint: options.regionStatusEndpoint,
              pollIntervalMs: options.regionPollIntervalMs ?? 250,
              heartbeatIntervalMs: options.heartbeatIntervalMs ?? 5_000,
            }
          : null,
        metricsFlushIntervalMs: options.metricsFlushIntervalMs ?? 30_000,
        statsIntervalMs: options.statsIntervalMs ?? 1_000,
        ringtoneUrl: `${options.basePath ?? ''}${prefix}ringtone.wav`,
      });
      return c.html(html, 200, security(options));
    };
    app.get(prefix, page);
    app.get(`${prefix}index.html`, page);
    app.get(`${prefix}ringtone.wav`, (c) => {
      const wav = ringtoneWav();
      return c.body(new Uint8Array(wav), 200, {
        'Content-Type': 'audio/wav',
        'Content-Length': String(wav.length),
        ...security(optionsFor(c)),
      });
    });
    for (const file of ['panel.js', 'worker.js'] as const)
      app.get(`${prefix}${file}`, async (c) => {
        const { app: panelScript, worker } = await buildPanelBundles();
        return c.body(file === 'panel.js' ? panelScript : worker, 200, {
          'Content-Type': 'text/javascript; charset=utf-8',
          ...security(optionsFor(c)),
        });
      });
  }
  return app;
}

/**
 * A request handler for the panel page and its scripts (`panelRoutes` for a Node server).
 * It answers `GET` on `/connect/ccp-v2/` and `/ccp-v2/` (page, `panel.js`, `worker.js`) with CSP
 * `frame-ancestors` limited to the allowed origins, and returns `false` for every other request.
 *
 * @example
 * ```ts
 * const panel = createPanelRequestHandler({ allowedOrigins: () => ['http://localhost:3000'], region: 'us-east-1' });
 * http.createServer(async (req, res) => { if (!(await panel(req, res))) res.end('404'); });
 * ```
 * @public
 */
export function createPanelRequestHandler(
  options: PanelRouteOptions,
): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const listener = getRequestListener(panelRoutes(() => options).fetch, { hostname: 'localhost' });
  return async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const raw = request.url ?? '/';
    const path = URL.canParse(`http://panel.invalid${raw.startsWith('/') ? raw : '/'}`)
      ? new URL(`http://panel.invalid${raw.startsWith('/') ? raw : '/'}`).pathname
      : '/';
    if (!isPanelPath(path)) return false;
    await listener(request, response);
    return true;
  };
}
