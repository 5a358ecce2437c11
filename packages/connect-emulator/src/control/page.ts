import {
  CHAT_EVENTS,
  CHAT_TOPIC,
  CONTROL_TOKEN_HEADER,
  CUSTOMER_CHAT_HEARTBEAT_MS,
  CHAT_TYPING_EVERY_MS,
  CHAT_TYPING_SHOWN_MS,
} from '../constants';
import { CUSTOMER_CHAT_TEXT as T } from '../messages';

/** Escapes JSON for embedding inside a `<script>` element. */
const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * The chat customer of the page, in plain browser JavaScript: it starts a chat
 * (`POST /control/chats`, StartChatContact's backend), connects as the customer participant
 * (CreateParticipantConnection), subscribes to `aws/chat` on the chat web socket, reads the
 * transcript (GetTranscript), sends messages (SendMessage) and typing (SendEvent), and leaves
 * (DisconnectParticipant), as a chat widget does against the Participant Service.
 */
function chatScript(): string {
  const config = scriptSafeJson({
    topic: CHAT_TOPIC,
    events: CHAT_EVENTS,
    text: T,
    typingEveryMs: CHAT_TYPING_EVERY_MS,
    typingShownMs: CHAT_TYPING_SHOWN_MS,
    heartbeatMs: CUSTOMER_CHAT_HEARTBEAT_MS,
  });
  return `
const CHAT = ${config};
const chat = { me: null, token: null, ws: null, items: new Map(), lastTyping: 0, typingTimer: 0, heartbeat: 0, ended: true };
const chatSay = (t) => { $('#chat-status').textContent = t; };
async function participant(path, bearer, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-amz-bearer': bearer }, body: JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.Message || json.message || res.statusText);
  return json;
}
function showTyping(name) {
  const el = $('#chat-typing'); el.textContent = name + CHAT.text.typing; el.hidden = false;
  clearTimeout(chat.typingTimer); chat.typingTimer = setTimeout(() => { el.hidden = true; }, CHAT.typingShownMs);
}
function addLine(item, testId, text, name) {
  if (chat.items.has(item.Id)) return;
  chat.items.set(item.Id, item);
  const li = document.createElement('li'); li.dataset.testid = testId; li.dataset.role = item.ParticipantRole || 'SYSTEM'; li.dataset.time = item.AbsoluteTime;
  if (name) { const b = document.createElement('strong'); b.textContent = name + ': '; li.append(b); }
  li.append(text);
  const log = $('#chat-log');
  const after = [...log.children].find((x) => x.dataset.time > item.AbsoluteTime);
  log.insertBefore(li, after || null);
  li.scrollIntoView({ block: 'nearest' });
}
function showItem(item) {
  const name = item.DisplayName || item.ParticipantRole || '';
  if (item.Type === 'MESSAGE') {
    if (item.ParticipantRole !== 'CUSTOMER') $('#chat-typing').hidden = true;
    addLine(item, 'chat-message', item.Content || '', name);
  } else if (item.Type === 'ATTACHMENT') {
    addLine(item, 'chat-message', (item.Attachments || []).map((a) => a.AttachmentName).join(', '), name);
  } else if (item.Type === 'EVENT') {
    if (item.ContentType === CHAT.events.typing) { if (item.ParticipantId !== chat.me) showTyping(name); return; }
    if (item.ContentType === CHAT.events.participantJoined) {
      addLine(item, 'chat-event', name + CHAT.text.joined);
      if (item.ParticipantRole === 'AGENT') chatSay(CHAT.text.connected + name);
    } else if (item.ContentType === CHAT.events.participantLeft) addLine(item, 'chat-event', name + CHAT.text.left);
    else if (item.ContentType === CHAT.events.chatEnded) { addLine(item, 'chat-event', CHAT.text.ended); endChat(CHAT.text.ended); }
  }
}
function endChat(why) {
  if (chat.ended) return;
  chat.ended = true; clearInterval(chat.heartbeat); clearTimeout(chat.typingTimer);
  if (chat.ws) chat.ws.close();
  $('#chat-typing').hidden = true; $('#chat-compose').hidden = true; $('#chat-start').hidden = false;
  $('#chat').dataset.state = 'ended'; chatSay(why);
}
async function loadTranscript() {
  const page = await participant('/participant/transcript', chat.token, { MaxResults: 100, ScanDirection: 'BACKWARD', SortOrder: 'ASCENDING' });
  for (const item of page.Transcript || []) showItem(item);
}
$('#chat-start').onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(e.target); const message = String(f.get('message') || '').trim();
  const started = await call('POST', '/control/chats', { displayName: String(f.get('name') || ''), ...(message ? { message } : {}) });
  if (!started.ParticipantToken) return;
  try {
    const connection = await participant('/participant/connection', started.ParticipantToken, { Type: ['WEBSOCKET', 'CONNECTION_CREDENTIALS'] });
    chat.me = started.ParticipantId; chat.token = connection.ConnectionCredentials.ConnectionToken; chat.ended = false;
    chat.items.clear(); $('#chat-log').replaceChildren();
    $('#chat').hidden = false; $('#chat').dataset.state = 'waiting'; $('#chat').dataset.contactId = started.ContactId;
    $('#chat-start').hidden = true; $('#chat-compose').hidden = false; chatSay(CHAT.text.waiting);
    const ws = new WebSocket(connection.Websocket.Url); chat.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ topic: 'aws/subscribe', content: { topics: [CHAT.topic] } }));
      chat.heartbeat = setInterval(() => ws.send(JSON.stringify({ topic: 'aws/heartbeat' })), CHAT.heartbeatMs);
    };
    ws.onmessage = (event) => {
      let frame; try { frame = JSON.parse(event.data); } catch { return; }
      if (frame.topic === 'aws/subscribe' && frame.content && frame.content.status === 'success') {
        $('#chat').dataset.state = 'connected';
        loadTranscript().catch((error) => chatSay(error.message));
      } else if (frame.topic === CHAT.topic && typeof frame.content === 'string') showItem(JSON.parse(frame.content));
    };
    ws.onclose = () => { if (chat.ws === ws) endChat(chat.ended ? $('#chat-status').textContent : CHAT.text.closed); };
    e.target.reset();
  } catch (error) { chatSay(error.message); }
};
$('#chat-compose').onsubmit = async (e) => {
  e.preventDefault();
  const input = $('#chat-input'); const content = input.value.trim();
  if (!content || chat.ended) return;
  try { await participant('/participant/message', chat.token, { ContentType: 'text/plain', Content: content }); input.value = ''; }
  catch (error) { chatSay(error.message); }
};
$('#chat-input').oninput = () => {
  if (chat.ended || Date.now() - chat.lastTyping < CHAT.typingEveryMs) return;
  chat.lastTyping = Date.now();
  participant('/participant/event', chat.token, { ContentType: CHAT.events.typing }).catch(() => undefined);
};
$('#chat-end').onclick = async () => {
  if (chat.ended) return;
  try { await participant('/participant/disconnect', chat.token, {}); endChat(CHAT.text.ended); }
  catch (error) { chatSay(error.message); }
};
`;
}

/** The "customer phone" control page: dial in, answer/reject outbound calls, hang up, press digits, start a chat. */
export function customerPhonePage(controlToken: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Customer phone · connect-emulator</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="connect-emulator-token" content="${controlToken.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}">
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:56rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}button{margin:.1rem}
.scroll{overflow-x:auto}form{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}input,textarea{max-width:100%;box-sizing:border-box}
#chat{border:1px solid #ccc;border-radius:6px;padding:.5rem;margin-top:.5rem}#chat-log{list-style:none;margin:0 0 .5rem;padding:0;max-height:20rem;overflow-y:auto;overflow-wrap:anywhere}
#chat-log li{padding:.2rem 0}#chat-log li[data-role=CUSTOMER]{text-align:right}#chat-log li[data-testid=chat-event]{color:#555;font-style:italic;text-align:center}#chat-input{flex:1 1 12rem}
[hidden]{display:none!important}@media (max-width:30rem){body{margin:.75rem}}</style>
</head><body>
<h1>Customer phone</h1>
<form id="dial"><label>Dial <input name="to" value="+15555550001" required></label>
<label>from <input name="from" value="+15555550123"></label> <button data-testid="dial">Call</button></form>
<p id="status" role="status"></p>
<h2>${T.heading}</h2>
<form id="chat-start" data-testid="chat-start-form"><label>${T.name} <input name="name" data-testid="chat-name" required maxlength="256" value="Customer"></label>
<label>${T.firstMessage} <input name="message" data-testid="chat-first-message" maxlength="1024"></label> <button data-testid="chat-start">${T.start}</button></form>
<section id="chat" data-testid="chat" aria-label="Chat" hidden>
<p id="chat-status" data-testid="chat-status" role="status"></p>
<ul id="chat-log" data-testid="chat-log" aria-live="polite"></ul>
<p id="chat-typing" data-testid="chat-typing" hidden></p>
<form id="chat-compose" data-testid="chat-compose"><input id="chat-input" data-testid="chat-input" aria-label="${T.message}" maxlength="1024" autocomplete="off">
<button data-testid="chat-send">${T.send}</button> <button type="button" id="chat-end" data-testid="chat-end">${T.end}</button></form>
</section>
<h2>Contacts</h2><div class="scroll"><table><thead><tr><th>Contact</th><th>Direction</th><th>State</th><th>Legs</th><th>Digits</th><th>Actions</th></tr></thead><tbody id="contacts"></tbody></table></div>
<h2>Agents</h2><div class="scroll"><table><thead><tr><th>Agent</th><th>State</th><th>Next</th></tr></thead><tbody id="agents"></tbody></table></div>
<script type="module">
const $ = (s) => document.querySelector(s);
const say = (t) => { $('#status').textContent = t; };
async function call(method, path, body) {
  const token = document.querySelector('meta[name="connect-emulator-token"]').content;
  const res = await fetch(path, { method, headers: { 'content-type': 'application/json', '${CONTROL_TOKEN_HEADER}': token }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (!res.ok) say(json.message); return json;
}
function cell(text) { const td = document.createElement('td'); td.textContent = text; return td; }
async function refresh() {
  const { contacts } = await call('GET', '/control/contacts');
  const tbody = $('#contacts'); tbody.replaceChildren();
  for (const c of contacts) {
    const tr = document.createElement('tr');
    tr.append(cell(c.contactId.slice(0, 8)), cell(c.initiationMethod), cell(c.state),
      cell(c.connections.map((x) => x.type + ':' + x.state).join(', ')), cell(c.digits.map((d) => d.from + ' ' + d.digits).join(', ')));
    const actions = document.createElement('td');
    for (const a of ['answer', 'reject', 'no-answer', 'hangup']) {
      const b = document.createElement('button'); b.textContent = a; b.onclick = () => call('POST', '/control/contacts/' + c.contactId + '/' + a).then(refresh); actions.append(b);
    }
    const d = document.createElement('button'); d.textContent = 'digits…';
    d.onclick = () => { const digits = prompt('Digits'); if (digits) call('POST', '/control/contacts/' + c.contactId + '/digits', { digits }).then(refresh); };
    actions.append(d); tr.append(actions); tbody.append(tr);
  }
  const { agents } = await call('GET', '/control/agents');
  const ab = $('#agents'); ab.replaceChildren();
  for (const a of agents) { const tr = document.createElement('tr'); tr.append(cell(a.name + ' (' + a.username + ')'), cell(a.state.name), cell(a.nextState ?? '')); ab.append(tr); }
}
$('#dial').onsubmit = async (e) => { e.preventDefault(); const f = new FormData(e.target);
  const r = await call('POST', '/control/calls', { to: f.get('to'), ...(f.get('from') ? { from: f.get('from') } : {}) });
  if (r.contactId) say('Calling… contact ' + r.contactId); refresh(); };
${chatScript()}
refresh(); setInterval(refresh, 1000);
</script></body></html>`;
}
