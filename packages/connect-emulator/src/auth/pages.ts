import type { AgentRecord } from '../domain/contact-centre';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The emulator login page: pick a seeded agent. `selected` preselects one (a sign-in link the
 * emulator would not follow on its own, see auth-routes.ts), `notice` says why.
 */
export function loginPage(
  agents: readonly AgentRecord[],
  redirect: string,
  options: { readonly selected?: string; readonly notice?: string } = {},
): string {
  const list = agents
    .map(
      (a) =>
        `<option value="${escape(a.username)}"${a.username === options.selected ? ' selected' : ''}>${escape(a.name)} (${escape(a.username)})</option>`,
    )
    .join('');
  const notice = options.notice
    ? `<p role="status" data-testid="sign-in-notice">${escape(options.notice)}</p>\n`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in · connect-emulator</title></head>
<body style="font:14px system-ui,sans-serif;margin:2rem">
<h1>Sign in to the emulated contact centre</h1>
${notice}<form method="post" action="login">
<input type="hidden" name="redirect" value="${escape(redirect)}">
<label>Agent <select name="username" data-testid="agent">${list}</select></label>
<button type="submit" data-testid="sign-in">Sign in</button>
</form></body></html>`;
}

/** The page shown after login when no redirect was asked for. */
export function loggedInPage(agent: AgentRecord): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title></head>
<body style="font:14px system-ui,sans-serif;margin:2rem"><p data-testid="signed-in">Signed in as ${escape(agent.name)}. You can close this window.</p>
<script>if (window.opener) setTimeout(() => window.close(), 500);</script></body></html>`;
}
