import { withTranscriptQuery } from '../../app/paths';

/**
 * The app path a voice screen's link opens. The voice screens build their links with
 * `voiceRoutes` (routes under `/ws/{slug}/`); a call part's transcript link (`transcript=1`)
 * is merged with the query of the page the user is on, which it keeps.
 */
export function voiceHref(href: string, currentSearch: string): string {
  const url = new URL(href, 'http://app.invalid');
  if (!/\/conversations\/[^/]+\/part\/[^/]+$/.test(url.pathname)) return href;
  if (url.searchParams.get('transcript') !== '1') return href;
  const merged = new URLSearchParams(currentSearch);
  url.searchParams.forEach((value, key) => merged.set(key, value));
  return `${url.pathname}${withTranscriptQuery(merged.toString())}`;
}
