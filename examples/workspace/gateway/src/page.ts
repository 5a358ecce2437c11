// The customer page: a person writes to the workspace as a customer on SMS, WhatsApp or email
// and sees the agent's replies and their receipts live (server-sent events from the control API).
import { CONTROL_TOKEN_HEADER } from './constants';
import type { GatewayInfo } from './gateway';
import { PAGE_SCRIPT } from './page-script';
import { PAGE_STYLE } from './page-style';

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
${PAGE_STYLE}</style></head><body>
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
${PAGE_SCRIPT}</script></body></html>`;
}
