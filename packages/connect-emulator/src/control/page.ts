import {
  CHAT_EVENTS,
  CHAT_TOPIC,
  CONTROL_TOKEN_HEADER,
  CUSTOMER_CHAT_HEARTBEAT_MS,
  CHAT_TYPING_EVERY_MS,
  CHAT_TYPING_SHOWN_MS,
} from '../constants';
import { CUSTOMER_CHAT_TEXT as T, CUSTOMER_PHONE_TEXT as P } from '../messages';

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

/** The keys of the phone's keypad, with the letters under them. */
const KEYPAD = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
] as const;

/** The phone: its screen, numbers, keypad and call buttons (driven by `/control/phone.js`). */
function phoneMarkup(): string {
  const keys = KEYPAD.map(
    ([key, letters]) =>
      `<button type="button" data-key="${key}" aria-label="${key}">${key}<small aria-hidden="true">${letters}</small></button>`,
  ).join('');
  return `<section id="phone" class="phone" data-testid="phone" data-state="idle" aria-label="${P.heading}">
<div class="screen"><p id="phone-status" data-testid="phone-status" role="status" aria-live="polite">${P.idle}</p>
<p id="phone-detail" data-testid="phone-detail" class="detail"></p></div>
<label>${P.number} <input id="phone-number" name="to" data-testid="phone-number" value="+15555550001" inputmode="tel" autocomplete="off" required></label>
<label>${P.from} <input id="phone-from" name="from" data-testid="phone-from" value="+15555550123" inputmode="tel" autocomplete="off"></label>
<div class="keypad" role="group" aria-label="${P.keypad}">${keys}</div>
<div class="actions"><button type="button" id="phone-call" data-testid="dial" class="go">${P.call}</button>
<button type="button" id="phone-answer" data-testid="phone-answer" class="go" hidden>${P.answer}</button>
<button type="button" id="phone-decline" data-testid="phone-decline" class="stop" hidden>${P.decline}</button>
<button type="button" id="phone-mute" data-testid="phone-mute" aria-pressed="false" hidden>${P.mute}</button>
<button type="button" id="phone-hangup" data-testid="phone-hangup" class="stop" hidden>${P.hangUp}</button></div>
<audio id="phone-audio" data-testid="phone-audio" autoplay></audio>
</section>`;
}

/** The phone's styles: a card that fits a 375 px screen, large keys, clear call buttons. */
const PHONE_STYLE = `.phone{max-width:20rem;border:1px solid #c8ccd2;border-radius:1rem;padding:1rem;display:grid;gap:.6rem;background:#f8f9fb}
.phone .screen{background:#1f2933;color:#fff;border-radius:.6rem;padding:.6rem .8rem;min-height:3.2rem}.phone .screen p{margin:0}
.phone #phone-status{font-size:1.1rem;font-weight:600}.phone .detail{font-size:.85rem;color:#cbd2d9;overflow-wrap:anywhere}
.phone label{display:grid;gap:.2rem;font-size:.85rem}.phone input{font-size:1.1rem;padding:.4rem .5rem;border:1px solid #9aa5b1;border-radius:.4rem}
.keypad{display:grid;grid-template-columns:repeat(3,1fr);gap:.4rem}.keypad button{font-size:1.3rem;padding:.5rem 0;border-radius:.6rem;border:1px solid #c8ccd2;background:#fff;display:grid;line-height:1.1}
.keypad small{font-size:.6rem;color:#52606d;min-height:.7rem}.actions{display:flex;gap:.4rem;flex-wrap:wrap}.actions button{flex:1 1 6rem;font-size:1rem;padding:.6rem;border-radius:2rem;border:1px solid #9aa5b1;background:#fff}
.actions .go{background:#0b7a3b;border-color:#0b7a3b;color:#fff}.actions .stop{background:#b3261e;border-color:#b3261e;color:#fff}.actions [aria-pressed=true]{background:#323f4b;color:#fff}
.phone button:focus-visible,.phone input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`;

/** The "customer phone" control page: a phone that talks through the emulator's media (dial, answer an agent's call, mute, keypad, hang up), the simulated customers' controls for every contact, and a chat. */
export function customerPhonePage(controlToken: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Customer phone · connect-emulator</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="connect-emulator-token" content="${controlToken.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}">
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:56rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}button{margin:.1rem}
.scroll{overflow-x:auto}form{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}input,textarea{max-width:100%;box-sizing:border-box}
#chat{border:1px solid #ccc;border-radius:6px;padding:.5rem;margin-top:.5rem}#chat-log{list-style:none;margin:0 0 .5rem;padding:0;max-height:20rem;overflow-y:auto;overflow-wrap:anywhere}
#chat-log li{padding:.2rem 0}#chat-log li[data-role=CUSTOMER]{text-align:right}#chat-log li[data-testid=chat-event]{color:#555;font-style:italic;text-align:center}#chat-input{flex:1 1 12rem}
[hidden]{display:none!important}@media (max-width:30rem){body{margin:.75rem}}
${PHONE_STYLE}</style>
<script src="/control/phone.js" defer></script>
</head><body>
<h1>${P.heading}</h1>
${phoneMarkup()}
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
${chatScript()}
refresh(); setInterval(refresh, 1000);
</script></body></html>`;
}
