/**
 * The instance's storage-access request page (`/request-storage-access`): the page a
 * host's `initCCP({storageAccess: {canRequest: true}})` loads in the panel frame first. On the
 * host's `storageAccess::request` (its params plus `landat`) it answers `storageAccess::init`
 * with `hasAccess`, then `storageAccess::granted` (and goes on to the landing path) or, while the
 * agent has not allowed access, shows the request and answers `storageAccess::denied` when the
 * agent declines.
 */

/**
 * How the request page decides whether the frame has storage access: `browser` asks the browser
 * (`document.hasStorageAccess()` / `requestStorageAccess()`); `granted` simulates a frame that
 * already has it; `prompt` simulates one that must ask the agent (Allow grants, Not now denies).
 * @public
 */
export type StorageAccessDecision = 'browser' | 'granted' | 'prompt';

/** The path the request page is served at, under any prefix. @public */
export const REQUEST_STORAGE_ACCESS_PATH = '/request-storage-access';

/** The request page's HTML for a decision mode. @public */
export function storageAccessPageHtml(decision: StorageAccessDecision): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Allow storage access</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5rem}button{margin-right:.5rem;padding:.4rem .9rem}</style></head>
<body><main><h1>Amazon Connect needs storage access</h1>
<p id="status" role="status">Waiting for the page that embeds the contact control panel…</p>
<div id="ask" hidden><p>Allow the contact control panel to use its cookies in this page?</p>
<button type="button" id="allow">Allow</button><button type="button" id="deny">Not now</button></div></main>
<script>
(function () {
  var decision = ${JSON.stringify(decision)};
  var params = null;
  var status = document.getElementById('status');
  var ask = document.getElementById('ask');
  function post(event, data) { window.parent.postMessage({ event: event, data: data }, '*'); }
  function hasAccess() {
    if (decision === 'granted') return Promise.resolve(true);
    if (decision === 'prompt') return Promise.resolve(false);
    if (!document.hasStorageAccess) return Promise.resolve(true);
    return document.hasStorageAccess().catch(function () { return false; });
  }
  function grant() {
    status.textContent = 'Access allowed; opening the panel…';
    ask.hidden = true;
    post('storageAccess::granted', { hasAccess: true });
    var landat = params && typeof params.landat === 'string' && params.landat.charAt(0) === '/' ? params.landat : '/connect/ccp-v2';
    window.location.assign(landat);
  }
  function deny() {
    status.textContent = 'Access not allowed.';
    post('storageAccess::denied', { hasAccess: false });
  }
  document.getElementById('allow').addEventListener('click', function () {
    if (decision === 'browser' && document.requestStorageAccess) {
      document.requestStorageAccess().then(grant, deny);
    } else {
      grant();
    }
  });
  document.getElementById('deny').addEventListener('click', deny);
  window.addEventListener('message', function (evt) {
    if (evt.source !== window.parent || !evt.data || evt.data.event !== 'storageAccess::request') return;
    if (params) return;
    params = evt.data.data || {};
    hasAccess().then(function (access) {
      post('storageAccess::init', { hasAccess: access });
      if (access) return grant();
      status.textContent = 'The panel needs your permission to use its cookies.';
      ask.hidden = false;
    });
  });
})();
</script></body></html>`;
}
