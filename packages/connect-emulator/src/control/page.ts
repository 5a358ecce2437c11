import { CONTROL_TOKEN_HEADER } from '../constants';

/** The "customer phone" control page: dial in, answer/reject outbound calls, hang up, press digits. */
export function customerPhonePage(controlToken: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Customer phone · connect-emulator</title>
<meta name="connect-emulator-token" content="${controlToken.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}">
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:56rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}button{margin:.1rem}</style>
</head><body>
<h1>Customer phone</h1>
<form id="dial"><label>Dial <input name="to" value="+15555550001" required></label>
<label>from <input name="from" value="+15555550123"></label> <button data-testid="dial">Call</button></form>
<p id="status" role="status"></p>
<h2>Contacts</h2><table><thead><tr><th>Contact</th><th>Direction</th><th>State</th><th>Legs</th><th>Digits</th><th>Actions</th></tr></thead><tbody id="contacts"></tbody></table>
<h2>Agents</h2><table><thead><tr><th>Agent</th><th>State</th><th>Next</th></tr></thead><tbody id="agents"></tbody></table>
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
refresh(); setInterval(refresh, 1000);
</script></body></html>`;
}
