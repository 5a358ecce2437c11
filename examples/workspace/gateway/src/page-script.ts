// The customer page's script (inline in the page: the gateway has no build step). It reads the
// page's config, keeps the thread of the chosen channel and address in step with the control
// API (a load, then the event stream), sends as the customer on SMS, WhatsApp or email (with an
// attachment), sends WhatsApp read receipts when asked, and keeps the tabs keyboard-operable.

/** The page's module script. */
export const PAGE_SCRIPT = `const config = JSON.parse(document.getElementById('config').textContent);
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
`;
