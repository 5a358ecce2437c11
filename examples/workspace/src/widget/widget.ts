// The web-chat widget: one script tag on any website,
//   <script src="https://<workspace server>/widget.js" data-workspace="acme" async></script>
// No framework, nothing the host page must have; its own build (the server bundles this file
// with esbuild). It renders in a shadow root, talks to /api/widget/{slug}/… on the server the
// script came from, keeps the visitor's token in localStorage (the conversation survives a
// reload) and follows the visitor's conversation live over server-sent events.
import {
  ATTACH_CSS,
  attachControl,
  formatSize,
  renderFiles,
  uploadError,
  uploadFile,
  type WidgetAttachment,
} from './attachments';
import { ATTACH_TEXT, WIDGET_TEXT as T } from './messages';
import { WIDGET_CSS } from './styles';
import { renderSurveyCard, SURVEY_CARD_CSS, type WidgetSurvey } from './survey-card';

interface WidgetMessage {
  readonly id: string;
  readonly direction: 'inbound' | 'outbound';
  readonly body: string;
  readonly author: string | null;
  readonly createdAt: string;
  readonly status: string | null;
  /** The satisfaction survey the message carries (shown as a card). */
  readonly survey?: WidgetSurvey | null;
  /** The message's files (download links). */
  readonly attachments?: readonly WidgetAttachment[];
}

interface Options {
  readonly base: string;
  readonly slug: string;
  /** Seconds without an answer after which the visitor is offered to leave an email. */
  readonly awayAfterSeconds: number;
}

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

class Widget {
  private readonly api: string;
  private readonly tokenKey: string;
  private readonly openKey: string;
  private token: string | null;
  private email: string | null = null;
  private messages: WidgetMessage[] = [];
  private events: EventSource | null = null;
  private awayTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly root: ShadowRoot;
  private readonly launcher: HTMLButtonElement;
  private readonly panel: HTMLElement;
  private readonly log: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly error: HTMLElement;
  private readonly status: HTMLElement;
  private readonly attachButton: HTMLButtonElement;

  constructor(
    private readonly options: Options,
    workspaceName: string,
  ) {
    this.api = `${options.base}/api/widget/${encodeURIComponent(options.slug)}`;
    this.tokenKey = `x-webchat:${options.slug}:token`;
    this.openKey = `x-webchat:${options.slug}:open`;
    this.token = this.storage()?.getItem(this.tokenKey) ?? null;

    const host = el('div', { 'data-x-webchat': options.slug });
    document.body.append(host);
    this.root = host.attachShadow({ mode: 'open' });
    this.root.append(el('style', {}, WIDGET_CSS + SURVEY_CARD_CSS + ATTACH_CSS));

    this.launcher = el('button', {
      type: 'button',
      class: 'launcher',
      'aria-label': T.open,
      'aria-expanded': 'false',
      'aria-controls': 'x-webchat-panel',
      'data-testid': 'webchat-launcher',
    });
    this.launcher.innerHTML = CHAT_ICON; // a constant icon, never visitor or agent text
    this.launcher.addEventListener('click', () => this.toggle());

    this.panel = el('section', {
      id: 'x-webchat-panel',
      class: 'panel',
      role: 'dialog',
      'aria-label': T.title(workspaceName),
      'data-testid': 'webchat-panel',
    });
    this.panel.hidden = true;
    const header = el('header');
    const titles = el('div', { style: 'flex:1' });
    titles.append(el('h2', {}, workspaceName), el('p', {}, T.intro));
    const close = el('button', { type: 'button', class: 'close', 'aria-label': T.close }, '×');
    close.addEventListener('click', () => this.toggle(false));
    header.append(titles, close);

    this.log = el('div', {
      class: 'log',
      role: 'log',
      'aria-live': 'polite',
      'data-testid': 'webchat-log',
    });
    this.error = el('p', { class: 'error', role: 'alert', 'data-testid': 'webchat-error' });
    const form = el('form', { class: 'compose' });
    this.input = el('textarea', {
      'aria-label': T.message,
      placeholder: T.placeholder,
      maxlength: '4000',
      'data-testid': 'webchat-input',
    });
    this.sendButton = el(
      'button',
      { type: 'submit', class: 'btn', 'data-testid': 'webchat-send' },
      T.send,
    );
    const attach = attachControl((file) => void this.sendFile(file));
    this.attachButton = attach.button;
    this.status = el('p', { class: 'status', role: 'status', 'data-testid': 'webchat-status' });
    form.append(attach.input, attach.button, this.input, this.sendButton);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.send();
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        void this.send();
      }
    });
    this.panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.toggle(false);
    });
    this.panel.append(header, this.log, this.status, this.error, form);
    this.root.append(this.panel, this.launcher);
    document.addEventListener('visibilitychange', () => this.markRead());

    if (this.storage()?.getItem(this.openKey) === '1') this.toggle(true, false);
    if (this.token) {
      void this.refresh();
      this.follow();
    } else this.render();
  }

  private storage(): Storage | null {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  }

  private toggle(open = this.panel.hidden, focus = true): void {
    this.panel.hidden = !open;
    this.launcher.setAttribute('aria-expanded', String(open));
    this.launcher.setAttribute('aria-label', open ? T.close : T.open);
    try {
      this.storage()?.setItem(this.openKey, open ? '1' : '0');
    } catch {
      /* storage full or blocked: the panel just starts closed next time */
    }
    if (open) {
      if (focus) this.input.focus();
      this.log.scrollTop = this.log.scrollHeight;
      this.markRead();
    } else if (focus) this.launcher.focus();
  }

  private headers(json = false): Record<string, string> {
    return {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(this.token ? { 'x-widget-token': this.token } : {}),
    };
  }

  private async send(): Promise<void> {
    const body = this.input.value.trim();
    if (!body || this.sendButton.disabled) return;
    this.sendButton.disabled = true;
    this.sendButton.textContent = T.sending;
    this.error.textContent = '';
    const clientId = randomId();
    try {
      const res = await fetch(`${this.api}/messages`, {
        method: 'POST',
        headers: this.headers(true),
        body: JSON.stringify({ body, clientId }),
      });
      if (res.status === 401) return this.expire();
      if (!res.ok) throw new Error(String(res.status));
      const answer = (await res.json()) as { token: string | null };
      if (answer.token) {
        this.token = answer.token;
        try {
          this.storage()?.setItem(this.tokenKey, answer.token);
        } catch {
          /* without storage the chat lasts as long as the page */
        }
        this.follow();
      }
      this.input.value = '';
      await this.refresh();
    } catch {
      this.error.textContent = T.notSent;
    } finally {
      this.sendButton.disabled = false;
      this.sendButton.textContent = T.send;
    }
  }

  /** Sends a file (with the text typed so far) as the visitor's message. */
  private async sendFile(file: File): Promise<void> {
    if (this.attachButton.disabled) return;
    this.attachButton.disabled = true;
    this.error.textContent = '';
    this.status.textContent = ATTACH_TEXT.uploading(file.name, formatSize(file.size));
    try {
      const res = await uploadFile(
        this.api,
        this.headers(),
        file,
        this.input.value.trim(),
        randomId(),
      ).catch(() => null);
      if (res?.status === 401) return this.expire();
      if (!res?.ok) {
        this.error.textContent = await uploadError(res);
        return;
      }
      this.adopt(((await res.json()) as { token: string | null }).token);
      this.input.value = '';
      await this.refresh();
    } finally {
      this.status.textContent = '';
      this.attachButton.disabled = false;
    }
  }

  /** Keeps a token the server issued for a new visitor and starts following the chat. */
  private adopt(token: string | null): void {
    if (!token) return;
    this.token = token;
    try {
      this.storage()?.setItem(this.tokenKey, token);
    } catch {
      /* without storage the chat lasts as long as the page */
    }
    this.follow();
  }

  private expire(): void {
    this.token = null;
    this.storage()?.removeItem(this.tokenKey);
    this.events?.close();
    this.events = null;
    this.messages = [];
    this.render();
    this.error.textContent = T.expired;
  }

  private follow(): void {
    if (this.events || !this.token || typeof EventSource === 'undefined') return;
    this.events = new EventSource(`${this.api}/events?token=${encodeURIComponent(this.token)}`);
    this.events.addEventListener('message', () => void this.refresh());
    // After a reconnection, whatever came in meanwhile is loaded.
    this.events.addEventListener('ready', () => void this.refresh());
  }

  private async refresh(): Promise<void> {
    if (!this.token) return;
    try {
      const res = await fetch(`${this.api}/messages`, { headers: this.headers() });
      if (res.status === 401) return this.expire();
      if (!res.ok) return;
      const answer = (await res.json()) as { messages: WidgetMessage[]; email: string | null };
      this.messages = answer.messages;
      this.email = answer.email;
      this.render();
      this.markRead();
    } catch {
      /* offline: the stream's reconnection loads again */
    }
  }

  /** Posts the visitor's score on a survey card; answers the survey as recorded. */
  private async answerSurvey(survey: WidgetSurvey, score: number): Promise<WidgetSurvey> {
    const res = await fetch(`${this.api}/survey`, {
      method: 'POST',
      headers: this.headers(true),
      body: JSON.stringify({ surveyId: survey.id, score }),
    });
    if (!res.ok) throw new Error(String(res.status));
    return (await res.json()) as WidgetSurvey;
  }

  private markRead(): void {
    if (this.panel.hidden || document.visibilityState === 'hidden' || !this.token) return;
    if (!this.messages.some((m) => m.direction === 'outbound' && m.status !== 'read')) return;
    void fetch(`${this.api}/read`, { method: 'POST', headers: this.headers() }).catch(() => {});
  }

  private render(): void {
    this.log.replaceChildren();
    if (this.messages.length === 0) this.log.append(el('p', { class: 'intro' }, T.intro));
    for (const m of this.messages) {
      if (m.survey) {
        this.log.append(renderSurveyCard(m.survey, (score) => this.answerSurvey(m.survey!, score)));
        continue;
      }
      // A file sent without text has no bubble, only its file.
      if (m.body || !m.attachments?.length)
        this.log.append(
          el(
            'div',
            { class: 'msg', 'data-direction': m.direction, 'data-testid': 'webchat-message' },
            m.body,
          ),
        );
      if (m.attachments?.length)
        this.log.append(renderFiles(m.attachments, m.direction, this.options.base, this.token));
      const who = m.direction === 'inbound' ? T.you : (m.author ?? T.team);
      const time = new Date(m.createdAt).toLocaleTimeString([], {
        hour: '2-digit',
        minute: '2-digit',
      });
      this.log.append(el('div', { class: 'meta' }, `${who} · ${time}`));
    }
    this.renderAway();
    this.log.scrollTop = this.log.scrollHeight;
  }

  /** After the visitor's last message waited long enough unanswered, offer to leave an email. */
  private renderAway(): void {
    clearTimeout(this.awayTimer);
    const last = this.messages.at(-1);
    if (!last || last.direction !== 'inbound') return;
    const waited = Date.now() - new Date(last.createdAt).getTime();
    const due = this.options.awayAfterSeconds * 1000 - waited;
    if (due > 0) {
      this.awayTimer = setTimeout(() => this.render(), due);
      return;
    }
    const box = el('div', { class: 'away', 'data-testid': 'webchat-away' });
    if (this.email) {
      box.append(el('p', { 'data-testid': 'webchat-email-saved' }, T.emailSaved(this.email)));
    } else {
      const form = el('form', { class: 'row' });
      const input = el('input', {
        type: 'email',
        required: '',
        autocomplete: 'email',
        'aria-label': T.email,
        placeholder: T.email,
        'data-testid': 'webchat-email',
      });
      const save = el(
        'button',
        { type: 'submit', class: 'btn', 'data-testid': 'webchat-email-save' },
        T.emailSave,
      );
      form.append(input, save);
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        void this.leaveEmail(input.value);
      });
      box.append(el('strong', {}, T.awayTitle), el('p', {}, T.awayBody), form);
    }
    this.log.append(box);
  }

  private async leaveEmail(email: string): Promise<void> {
    this.error.textContent = '';
    const res = await fetch(`${this.api}/email`, {
      method: 'POST',
      headers: this.headers(true),
      body: JSON.stringify({ email }),
    }).catch(() => null);
    if (!res || !res.ok) {
      this.error.textContent = res?.status === 400 ? T.emailInvalid : T.notSent;
      return;
    }
    await this.refresh();
  }
}

async function start(script: HTMLScriptElement | null): Promise<void> {
  const slug = script?.dataset.workspace;
  if (!script || !slug) {
    console.warn('[webchat] the script tag needs data-workspace="<workspace slug>"');
    return;
  }
  const base = new URL(script.src, location.href).origin;
  const away = Number(script.dataset.awayAfter ?? '60');
  const res = await fetch(`${base}/api/widget/${encodeURIComponent(slug)}/config`).catch(
    () => null,
  );
  if (!res?.ok) return;
  const config = (await res.json()) as { enabled: boolean; workspace: { name: string } };
  if (!config.enabled) return; // web chat is off for this workspace: nothing to show
  new Widget(
    { base, slug, awayAfterSeconds: Number.isFinite(away) && away >= 0 ? away : 60 },
    config.workspace.name,
  );
}

const current = document.currentScript as HTMLScriptElement | null;
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', () => void start(current));
else void start(current);
