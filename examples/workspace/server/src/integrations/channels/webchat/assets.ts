// The widget's script and its demo host page, served by the workspace server:
//   GET /widget.js              the widget, bundled from examples/workspace/src/widget with esbuild
//                               on first request (its own build; the app's bundle never holds it)
//   GET /widget/demo/{slug}     a plain page with the one script tag, to try web chat in seconds
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';

const entry = fileURLToPath(new URL('../../../../../src/widget/widget.ts', import.meta.url));

let bundle: Promise<string> | undefined;

/** The widget's bundle (built once per process). */
export function widgetScript(): Promise<string> {
  bundle ??= (async () => {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2020',
      write: false,
      legalComments: 'none',
    });
    return result.outputFiles[0]!.text;
  })();
  bundle.catch(() => {
    bundle = undefined;
  });
  return bundle;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The demo host page of a workspace's widget. */
export function demoPage(slug: string, awayAfter: string | undefined): string {
  const s = escapeHtml(slug);
  const away = awayAfter && /^\d{1,4}$/.test(awayAfter) ? ` data-away-after="${awayAfter}"` : '';
  const tag = `<script src="/widget.js" data-workspace="${s}"${away} async></script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web chat demo · ${s}</title>
<style>
  body { margin: 0; font-family: Georgia, "Times New Roman", serif; color: #1f2937; background: #fdfcf9; }
  main { max-width: 720px; margin: 0 auto; padding: 48px 24px 120px; }
  h1 { font-size: 2rem; margin: 0 0 8px; }
  .tag { font-family: ui-monospace, monospace; font-size: 13px; background: #f3f4f6; padding: 12px; border-radius: 8px; overflow-x: auto; white-space: pre; }
  .note { font-family: system-ui, sans-serif; font-size: 14px; color: #4b5563; }
</style>
</head>
<body>
<main>
  <p class="note">A demo website for the <strong>${s}</strong> workspace.</p>
  <h1>Welcome to our store</h1>
  <p>This page stands for any website. The chat bubble in the corner is the workspace's web-chat
  widget: write a message as a visitor, and answer it from the workspace's inbox.</p>
  <p class="note">The whole integration is one script tag:</p>
  <pre class="tag">${escapeHtml(tag.replace('src="/', 'src="https://<your workspace server>/'))}</pre>
</main>
${tag}
</body>
</html>`;
}

/** Mounts the widget's script and demo page on the app (outside /api). */
export function mountWidgetAssets(app: Hono<AppEnv>): void {
  app.get('/widget.js', async (c) => {
    const script = await widgetScript();
    c.header('Content-Type', 'application/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    c.header('X-Content-Type-Options', 'nosniff');
    // Websites of any origin load it.
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Access-Control-Allow-Origin', '*');
    return c.body(script, 200);
  });
  app.get('/widget/demo/:slug', (c) => {
    const slug = c.req.param('slug');
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(slug)) return c.notFound();
    c.header(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
    );
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(demoPage(slug, c.req.query('awayAfter')));
  });
}
