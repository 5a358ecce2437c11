// The public survey page (`/survey/{token}`): plain server-rendered HTML, no script, one form
// whose score buttons each submit (one tap); fits 375 px; labelled for screen readers. The app's
// security headers apply (CSP without script, no referrer: the token never leaves in a Referer).
import { CSAT_MESSAGES as M } from './messages';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 0; background: Canvas; color: CanvasText; }
main { max-width: 34rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
p { line-height: 1.5; }
.question { font-size: 1.125rem; font-weight: 600; }
.scores { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0 .25rem; padding: 0; border: 0; }
.scores legend { padding: 0; margin-bottom: .5rem; }
.scores button { min-width: 2.75rem; min-height: 2.75rem; font: inherit; font-weight: 600;
  border-radius: .5rem; border: 2px solid #4f46e5; background: transparent; color: inherit; cursor: pointer; }
.scores button[aria-pressed="true"], .scores button:hover { background: #4f46e5; color: #fff; }
.scores button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.ends { display: flex; justify-content: space-between; font-size: .875rem; opacity: .8; max-width: 100%; }
.done { padding: .75rem 1rem; border-radius: .5rem; background: #dcfce7; color: #14532d; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The survey: the question and one submit button per score (the chosen one pressed). */
export function surveyPage(input: {
  readonly workspace: string;
  readonly question: string;
  readonly scale: number;
  readonly score: number | null;
  readonly preselected: number | null;
  readonly action: string;
  readonly thanks: boolean;
}): string {
  const pressed = input.score ?? input.preselected;
  const buttons = Array.from({ length: input.scale }, (_, i) => {
    const n = i + 1;
    return `<button type="submit" name="score" value="${n}" aria-pressed="${pressed === n}" aria-label="${escapeHtml(M.pageScoreLabel(n, input.scale))}" data-testid="survey-score-${n}">${n}</button>`;
  }).join('\n');
  const done =
    input.score === null
      ? ''
      : `<p class="done" role="status" data-testid="survey-answered">${input.thanks ? `${escapeHtml(M.pageThanks)} ` : ''}${escapeHtml(M.pageYourAnswer(input.score, input.scale))} ${escapeHtml(M.pageChange)}</p>`;
  return layout(
    M.pageTitle,
    `<h1>${escapeHtml(M.pageTitle)}</h1>
<p>${escapeHtml(M.pageIntro(input.workspace))}</p>
${done}
<form method="post" action="${escapeHtml(input.action)}">
<fieldset class="scores">
<legend class="question" id="question">${escapeHtml(input.question)}</legend>
${buttons}
</fieldset>
<div class="ends" aria-hidden="true"><span>1 · ${escapeHtml(M.pageLowest)}</span><span>${input.scale} · ${escapeHtml(M.pageHighest)}</span></div>
</form>`,
  );
}

/** The page of an unknown (404) or expired (410) survey. */
export function surveyErrorPage(status: 404 | 410): string {
  const title = status === 410 ? M.pageExpiredTitle : M.pageNotFoundTitle;
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p data-testid="survey-error">${escapeHtml(status === 410 ? M.expired : M.notFound)}</p>`,
  );
}
