// The customer page: a person writes to the workspace as a customer on SMS, WhatsApp or email
// and sees the agent's replies and their receipts live (server-sent events from the control API).
import { CONTROL_TOKEN_HEADER } from './constants';
import type { GatewayInfo } from './gateway';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's HTML (self-contained: inline style and script, no build). */
export function customerPage(info: GatewayInfo, widgetDemoUrl?: string): string {
  const config = {
    token: info.controlToken,
    tokenHeader: CONTROL_TOKEN_HEADER,
    smsNumbers: info.twilio.numbers,
    whatsappNumbers: info.whatsapp.phoneNumbers.map((n) => n.display),
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Write as a customer · channel gateway</title>
<script type="application/json" id="config">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>
<style>
:root{--bg:#f6f7f9;--panel:#fff;--ink:#1b1f24;--muted:#5b6470;--line:#d8dde3;--brand:#2f5bd3;--brand-ink:#fff;
--in:#e9eef9;--out:#fff;--ok:#17794a;--bad:#b42318;--focus:#1d4ed8;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
*{box-sizing:border-box}body{margin:0}[hidden]{display:none!important}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
header{background:var(--panel);border-bottom:1px solid var(--line);padding:14px 20px}
header h1{font-size:18px;margin:0}header p{margin:4px 0 0;color:var(--muted);font-size:14px}
main{max-width:860px;margin:0 auto;padding:16px}
.tabs{display:flex;gap:4px;border-bottom:1px solid var(--line);margin-bottom:12px}
.tabs button{flex:0 0 auto;min-height:44px;padding:8px 16px;border:0;border-bottom:3px solid transparent;background:none;font:inherit;color:var(--muted);cursor:pointer}
.tabs button[aria-selected=true]{color:var(--ink);border-bottom-color:var(--brand);font-weight:600}
.card{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:14px}
.who{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:10px;margin-bottom:12px}
label{display:flex;flex-direction:column;gap:4px;font-size:13px;color:var(--muted);font-weight:500}
input,select,textarea{font:inherit;color:var(--ink);border:1px solid #b9c1cb;border-radius:8px;padding:9px 10px;min-height:44px;background:#fff;width:100%}
textarea{resize:vertical;min-height:64px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.check{flex-direction:row;align-items:center;gap:8px;color:var(--ink)}.check input{width:20px;min-height:20px}
#thread{list-style:none;margin:0;padding:6px 0;min-height:220px;max-height:55vh;overflow-y:auto;display:flex;flex-direction:column;gap:10px}
#thread .empty{color:var(--muted);text-align:center;padding:40px 8px}
.msg{max-width:78%;border:1px solid var(--line);border-radius:12px;padding:8px 12px;background:var(--out);overflow-wrap:anywhere}
.msg.mine{align-self:flex-end;background:var(--in);border-color:#c8d3ef}
.msg .meta{display:flex;flex-wrap:wrap;gap:6px 10px;font-size:12px;color:var(--muted);margin-top:4px}
.msg .subject{font-weight:600;margin-bottom:2px}
.msg .body{white-space:pre-wrap}
.badge{display:inline-block;font-size:11px;font-weight:600;border-radius:99px;padding:1px 8px;background:#eef0f3;color:#3a424c}
.badge.failed{background:#fde8e7;color:var(--bad)}.badge.read{background:#e3f4ea;color:var(--ok)}
.msg .err{color:var(--bad);font-size:13px;margin-top:4px}
.msg button{font:inherit;font-size:13px;margin-top:6px;min-height:36px;border:1px solid var(--line);background:#fff;border-radius:6px;padding:4px 10px;cursor:pointer}
form.compose{display:flex;flex-direction:column;gap:8px;margin-top:12px;border-top:1px solid var(--line);padding-top:12px}
.row{display:flex;gap:8px;align-items:flex-end}.row>label{flex:1}
.attach{margin-bottom:8px}
.send{min-height:44px;min-width:88px;border:0;border-radius:8px;background:var(--brand);color:var(--brand-ink);font:inherit;font-weight:600;padding:0 18px;cursor:pointer}
.send:disabled{opacity:.6;cursor:progress}
.replying{display:flex;gap:8px;align-items:center;font-size:13px;color:var(--muted)}
.replying button{font:inherit;font-size:13px;border:0;background:none;color:var(--brand);text-decoration:underline;cursor:pointer;min-height:32px}
#status{min-height:22px;font-size:14px;margin:8px 0 0}#status.bad{color:var(--bad)}
footer{max-width:860px;margin:0 auto;padding:0 16px 24px;color:var(--muted);font-size:13px}
footer a{color:var(--brand)}
.hint{font-size:13px;color:var(--muted);margin:0 0 10px}
@media (max-width:480px){main{padding:10px}.msg{max-width:92%}.tabs button{padding:8px 10px;flex:1}.row{flex-direction:column;align-items:stretch}}
</style></head><body>
<a class="skip" href="#compose-text">Skip to the message box</a>
<header><h1>Write as a customer</h1>
<p>Messages you send here reach the workspace over the same wire formats as Twilio SMS, the WhatsApp Cloud API and email. The agent's replies and their receipts appear below as they happen.</p></header>
<main>
<div class="tabs" role="tablist" aria-label="Channel">
<button role="tab" id="tab-sms" aria-controls="panel" aria-selected="true" data-channel="sms" data-testid="channel-sms">SMS</button>
<button role="tab" id="tab-whatsapp" aria-controls="panel" aria-selected="false" tabindex="-1" data-channel="whatsapp" data-testid="channel-whatsapp">WhatsApp</button>
<button role="tab" id="tab-email" aria-controls="panel" aria-selected="false" tabindex="-1" data-channel="email" data-testid="channel-email">Email</button>
</div>
<section id="panel" role="tabpanel" aria-labelledby="tab-sms" class="card">
<div class="who">
<label id="me-phone-label">Your number<input id="me-phone" data-testid="me-phone" autocomplete="tel" inputmode="tel" value="+447700900123"></label>
<label id="me-email-label" hidden>Your email address<input id="me-email" data-testid="me-email" type="email" autocomplete="email" value="customer@example.com"></label>
<label id="me-name-label" hidden>Your name (WhatsApp profile)<input id="me-name" data-testid="me-name" autocomplete="name" value="Alex Customer"></label>
<label id="to-phone-label">To the workspace's number<select id="to-phone" data-testid="to-phone"></select></label>
<label id="to-email-label" hidden>To the workspace's address<input id="to-email" data-testid="to-email" type="email" value="support@acme.test"></label>
</div>
<p class="hint" id="hint"></p>
<label class="check" id="receipts-label" hidden><input type="checkbox" id="receipts" data-testid="read-receipts" checked> Send read receipts (the agent sees when you have read a reply)</label>
<ol id="thread" role="log" aria-live="polite" aria-label="Conversation" data-testid="thread"></ol>
<form class="compose" id="compose" data-testid="compose">
<div class="replying" id="replying" hidden><span id="replying-text"></span><button type="button" id="cancel-reply">Write a new mail instead</button></div>
<label id="subject-label" hidden>Subject<input id="subject" data-testid="subject"></label>
<label class="attach">Attach a file (optional, up to 5 MB)<input type="file" id="attach" data-testid="attach"></label>
<div class="row"><label>Message<textarea id="compose-text" data-testid="compose-text" rows="2"></textarea></label>
<button class="send" id="send" data-testid="send">Send</button></div>
</form>
<p id="status" role="status" data-testid="status"></p>
</section>
</main>
<footer>${
    widgetDemoUrl
      ? `Web chat needs no gateway: try it on the <a href="${escape(widgetDemoUrl)}">web-chat demo page</a>. `
      : ''
  }You can also write from any mail client to the workspace's inbound SMTP listener (its address is printed by <code>npm start</code>).</footer>
<script type="module">
const config = JSON.parse(document.getElementById('config').textContent);
const $ = (id) => document.getElementById(id);
const state = { channel: localStorage.getItem('gw.channel') || 'sms', messages: new Map(), replyTo: null, readSent: new Set() };
for (const [id, key] of [['me-phone','gw.phone'],['me-email','gw.email'],['me-name','gw.name'],['to-email','gw.to']]) {
  const v = localStorage.getItem(key); if (v) $(id).value = v;
  $(id).addEventListener('change', () => { localStorage.setItem(key, $(id).value.trim()); load(); });
}
const MINE = { received: 'Sent', sending: 'Sending', sent: 'Sent', read: 'Seen by the workspace', failed: 'Failed' };
const STATUS = { accepted: 'Accepted', queued: 'Queued', sending: 'Sending', sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed', undelivered: 'Undelivered', received: 'Received', canceled: 'Canceled' };
function base64(file) { return new Promise((resolve, reject) => { const r = new FileReader(); r.onload = () => resolve(String(r.result).split(',')[1] || ''); r.onerror = () => reject(new Error('The file could not be read.')); r.readAsDataURL(file); }); }
function say(text, bad) { $('status').textContent = text; $('status').className = bad ? 'bad' : ''; }
async function call(method, path, body) {
  const res = await fetch(path, { method, headers: { 'content-type': 'application/json', [config.tokenHeader]: config.token }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.message || ('HTTP ' + res.status));
  return json;
}
function address() { return state.channel === 'email' ? $('me-email').value.trim().toLowerCase() : $('me-phone').value.trim().replace(/[\\s()-]/g, ''); }
function fillNumbers() {
  const list = state.channel === 'whatsapp' ? config.whatsappNumbers : config.smsNumbers;
  const sel = $('to-phone'); const keep = sel.value; sel.replaceChildren();
  for (const n of list) { const o = document.createElement('option'); o.value = n; o.textContent = n; sel.append(o); }
  if (list.includes(keep)) sel.value = keep;
}
function setChannel(channel) {
  state.channel = channel; localStorage.setItem('gw.channel', channel); state.replyTo = null; say('');
  for (const b of document.querySelectorAll('[role=tab]')) { const on = b.dataset.channel === channel; b.setAttribute('aria-selected', String(on)); b.tabIndex = on ? 0 : -1; if (on) $('panel').setAttribute('aria-labelledby', b.id); }
  const email = channel === 'email';
  for (const id of ['me-email-label','to-email-label','subject-label']) $(id).hidden = !email;
  for (const id of ['me-phone-label','to-phone-label']) $(id).hidden = email;
  $('me-name-label').hidden = channel !== 'whatsapp'; $('receipts-label').hidden = channel !== 'whatsapp';
  $('hint').textContent = channel === 'sms' ? 'Send STOP to opt out of this number (the workspace can no longer text you), START to opt in again, HELP for help.'
    : channel === 'whatsapp' ? 'The workspace may answer freely for 24 hours after your last message; after that only with an approved template.'
    : 'Reply to a mail below to keep the thread (In-Reply-To and References are set as a mail client does).';
  fillNumbers(); renderReply(); load();
}
function renderReply() {
  const m = state.replyTo; $('replying').hidden = !m;
  if (m) $('replying-text').textContent = 'Replying to “' + (m.subject || '(no subject)') + '”';
  $('subject').required = false;
}
async function load() {
  try { const { messages } = await call('GET', '/control/messages?channel=' + state.channel + '&address=' + encodeURIComponent(address()));
    state.messages = new Map(messages.map((m) => [m.id, m])); render(); } catch (e) { say(e.message, true); }
}
function time(iso) { return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }); }
// Links in a message (a survey's score links in an email) are clickable, as in a mail client.
function withLinks(el, text) {
  const parts = text.split(/(https?:\\/\\/[^\\s<>"]+)/g);
  parts.forEach((part, i) => {
    if (i % 2 === 0) { if (part) el.append(document.createTextNode(part)); return; }
    const a = document.createElement('a'); a.href = part; a.target = '_blank'; a.rel = 'noopener'; a.textContent = part; el.append(a);
  });
}
function render() {
  const ol = $('thread'); const atEnd = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40; ol.replaceChildren();
  const list = [...state.messages.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (list.length === 0) { const li = document.createElement('li'); li.className = 'empty'; li.textContent = 'No messages yet. Write the first one below.'; ol.append(li); }
  for (const m of list) {
    const mine = m.direction === 'inbound';
    const li = document.createElement('li'); li.className = 'msg' + (mine ? ' mine' : ''); li.dataset.testid = 'message'; li.dataset.direction = mine ? 'from-customer' : 'from-workspace'; li.dataset.status = m.status;
    li.setAttribute('data-testid', 'message');
    if (m.subject) { const s = document.createElement('div'); s.className = 'subject'; s.textContent = m.subject; li.append(s); }
    const b = document.createElement('div'); b.className = 'body'; withLinks(b, m.text || (m.media.length ? '' : '(no text)')); li.append(b);
    for (const a of m.media) { const link = document.createElement('a'); link.href = a.url; link.target = '_blank'; link.rel = 'noopener'; link.textContent = '📎 ' + (a.filename || a.contentType); li.append(document.createElement('br'), link); }
    const meta = document.createElement('div'); meta.className = 'meta';
    const who = document.createElement('span'); who.textContent = (mine ? 'You' : (m.channel === 'email' ? m.business : 'Workspace')) + ' · ' + time(m.createdAt); meta.append(who);
    if (m.template) { const t = document.createElement('span'); t.className = 'badge'; t.textContent = 'Template ' + m.template; meta.append(t); }
    const st = document.createElement('span'); st.className = 'badge ' + m.status; st.textContent = (mine ? MINE[m.status] : STATUS[m.status]) || m.status; st.dataset.testid = 'receipt'; st.setAttribute('data-testid', 'receipt'); meta.append(st);
    if (mine && m.webhookStatus !== undefined && m.channel !== 'email') { const w = document.createElement('span'); w.textContent = typeof m.webhookStatus === 'number' ? 'webhook answered ' + m.webhookStatus : 'webhook: ' + m.webhookStatus; meta.append(w); }
    li.append(meta);
    if (m.error) { const e = document.createElement('div'); e.className = 'err'; e.textContent = m.error.message + (m.error.code ? ' (' + m.error.code + ')' : ''); li.append(e); }
    if (m.channel === 'email' && !mine) { const r = document.createElement('button'); r.type = 'button'; r.textContent = 'Reply'; r.setAttribute('data-testid', 'reply'); r.onclick = () => { state.replyTo = m; renderReply(); $('compose-text').focus(); }; li.append(r); }
    ol.append(li);
    if (m.channel === 'whatsapp' && !mine && $('receipts').checked && (m.status === 'sent' || m.status === 'delivered') && !state.readSent.has(m.id) && document.visibilityState === 'visible') {
      state.readSent.add(m.id); call('POST', '/control/read', { channel: 'whatsapp', id: m.id }).catch(() => state.readSent.delete(m.id));
    }
  }
  if (atEnd) ol.scrollTop = ol.scrollHeight;
}
$('cancel-reply').onclick = () => { state.replyTo = null; renderReply(); };
$('compose').onsubmit = async (e) => {
  e.preventDefault(); const text = $('compose-text').value; const file = $('attach').files[0];
  if (!text.trim() && !file) { say('Write a message or attach a file.', true); return; }
  $('send').disabled = true; say('Sending…');
  try {
    const f = file ? { contentType: file.type || 'application/octet-stream', filename: file.name, contentBase64: await base64(file) } : null;
    let r;
    if (state.channel === 'sms') r = await call('POST', '/control/sms', { from: address(), to: $('to-phone').value, body: text, ...(f ? { media: [f] } : {}) });
    else if (state.channel === 'whatsapp') r = await call('POST', '/control/whatsapp', { from: address(), to: $('to-phone').value, text, ...($('me-name').value.trim() ? { name: $('me-name').value.trim() } : {}), ...(f ? { media: f } : {}) });
    else r = await call('POST', '/control/email', { from: address(), to: $('to-email').value.trim(), text, ...(state.replyTo ? { inReplyTo: state.replyTo.id } : { subject: $('subject').value || '(no subject)' }), ...(f ? { attachments: [f] } : {}) });
    $('compose-text').value = ''; $('attach').value = ''; if (state.channel === 'email') { $('subject').value = ''; state.replyTo = null; renderReply(); }
    const ws = r.webhookStatus ?? r.status;
    const good = ws === 'sent' || (typeof ws === 'number' && ws < 300);
    say(good ? 'Sent. ' + (state.channel === 'email' ? 'The workspace took the mail (' + r.response + ').' : 'The workspace answered ' + ws + '.') : 'Not delivered to the workspace: ' + (r.response || ws), !good);
    await load();
  } catch (err) { say(err.message, true); } finally { $('send').disabled = false; }
};
$('compose-text').addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) $('compose').requestSubmit(); });
document.querySelector('[role=tablist]').addEventListener('keydown', (e) => {
  const tabs = [...document.querySelectorAll('[role=tab]')]; const i = tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true');
  const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i + tabs.length - 1) % tabs.length : -1;
  if (next >= 0) { e.preventDefault(); tabs[next].focus(); setChannel(tabs[next].dataset.channel); }
});
for (const b of document.querySelectorAll('[role=tab]')) b.onclick = () => setChannel(b.dataset.channel);
$('to-phone').addEventListener('change', load);
const events = new EventSource('/control/events?token=' + encodeURIComponent(config.token));
events.addEventListener('message', (e) => { const m = JSON.parse(e.data); if (m.channel === state.channel && m.customer === address()) { state.messages.set(m.id, m); render(); } });
events.addEventListener('ready', () => load());
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') render(); });
setChannel(state.channel);
</script></body></html>`;
}
