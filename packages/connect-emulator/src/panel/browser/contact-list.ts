/**
 * The panel's chats and tasks: one card per chat or task contact of the agent's snapshot (beside
 * the softphone's voice contact), with its channel, customer (or task name) and state, and the
 * actions the real CCP offers: accept or reject an offer, transfer to a quick connect (a queue or
 * an agent) or end it while connected, close it in after-contact work. A chat's card also shows
 * its conversation (the transcript, then the items of the agent's `aws/chat` topic), the customer
 * typing, and a reply box (the agent's connection token from CreateTransport `chat_token`, then
 * the Participant Service's SendMessage and SendEvent).
 */
import { CHAT_EVENTS, CHAT_TYPING_EVERY_MS, CHAT_TYPING_SHOWN_MS } from '../../constants';
import { PANEL_TEXT } from '../../messages';

/** A connection of the snapshot, as the panel reads it. */
export interface PanelConnection {
  readonly connectionId: string;
  readonly type: string;
  readonly state: { readonly type: string };
  readonly endpoint?: { readonly phoneNumber?: string | null; readonly name?: string | null };
  readonly chatMediaInfo?: { readonly customerName?: string | null };
}

/** A contact of the snapshot, as the panel reads it. */
export interface PanelContact {
  readonly contactId: string;
  readonly initialContactId?: string;
  readonly type?: string;
  readonly initiationMethod?: string;
  /** A task's name. */
  readonly name?: string;
  readonly state: { readonly type: string };
  readonly connections: readonly PanelConnection[];
}

/** A quick connect (GetEndpoints), passed back as it came to CreateAdditionalConnection. */
export interface TransferEndpoint {
  readonly endpointARN: string;
  readonly type: string;
  readonly name?: string;
}

/** A chat item (the Participant Service's `Item`), as the panel shows it. */
export interface ChatItem {
  readonly Id: string;
  readonly Type: string;
  readonly AbsoluteTime: string;
  readonly ContentType?: string;
  readonly Content?: string;
  readonly DisplayName?: string;
  readonly ParticipantRole?: string;
  readonly ParticipantId?: string;
  readonly ContactId: string;
  readonly InitialContactId: string;
  readonly Attachments?: readonly { readonly AttachmentName: string }[];
}

/** What a card needs from the panel: CTI calls (serialised, errors shown) and quick connects. */
export interface ContactListActions {
  run(action: () => Promise<unknown>): Promise<void>;
  call(method: string, params: Record<string, unknown>): Promise<unknown>;
  /** The quick connects a chat or task can go to (queues and agents). */
  destinations(): Promise<readonly TransferEndpoint[]>;
  /** A Participant Service operation (`POST /participant/…`) with a connection token. */
  participant(path: string, connectionToken: string, body: unknown): Promise<unknown>;
}

/** Contact states after which only closing is left (after-contact work). */
const ENDED_STATES: ReadonlySet<string> = new Set(['ended', 'missed', 'error', 'rejected']);

/** The channels this list shows (voice and queued callbacks are the softphone's). */
export const LISTED_CHANNELS: ReadonlySet<string> = new Set(['chat', 'task']);

/** A card's state: offered, connected, or in after-contact work. */
export type CardState = 'ringing' | 'connected' | 'after-contact-work';

/** The agent's own leg of a contact. */
export function agentLeg(contact: PanelContact): PanelConnection | undefined {
  return contact.connections.find((c) => c.type === 'agent');
}

/** Where a contact is for the agent: offered, connected, or in after-contact work. */
export function cardState(contact: PanelContact): CardState {
  if (ENDED_STATES.has(contact.state.type)) return 'after-contact-work';
  const own = agentLeg(contact);
  if (
    (contact.state.type === 'incoming' || contact.state.type === 'connecting') &&
    own?.state.type !== 'connected'
  )
    return 'ringing';
  return 'connected';
}

/** Who a card names: a chat's customer, a task's name. */
export function contactTitle(contact: PanelContact): string {
  if (contact.type === 'task') return contact.name ?? '';
  const named = contact.connections.find((c) => c.chatMediaInfo?.customerName);
  const customer = contact.connections.find((c) => c.type === 'inbound');
  return (
    named?.chatMediaInfo?.customerName ??
    customer?.endpoint?.name ??
    customer?.endpoint?.phoneNumber ??
    PANEL_TEXT.customer
  );
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One contact's card; kept across renders so a chosen transfer destination stays chosen. */
class ContactCard {
  readonly root: HTMLLIElement;
  private readonly title = element('span', { 'data-testid': 'contact-name' });
  private readonly state = element('small', { 'data-testid': 'contact-state' });
  private readonly ringing = element('div', { 'data-testid': 'contact-offer', role: 'group' });
  private readonly connected = element('div', { 'data-testid': 'contact-active', role: 'group' });
  private readonly afterWork = element('div', { 'data-testid': 'contact-acw', role: 'group' });
  private readonly target = element('select', { 'data-testid': 'contact-transfer-target' });
  private readonly transfer = element(
    'button',
    { type: 'button', 'data-testid': 'contact-transfer', disabled: '' },
    PANEL_TEXT.transfer,
  );
  private readonly end = element('button', { type: 'button', 'data-testid': 'contact-end' });
  private endpoints: readonly TransferEndpoint[] = [];
  private contact: PanelContact;
  private readonly transcript = element('ol', { 'data-testid': 'contact-transcript' });
  private readonly typing = element('p', { 'data-testid': 'contact-typing', hidden: '' });
  private readonly replyForm = element('form', { 'data-testid': 'contact-reply-form' });
  private readonly reply = element('input', {
    'data-testid': 'contact-reply',
    'aria-label': PANEL_TEXT.reply,
    maxlength: '1024',
    autocomplete: 'off',
  });
  private readonly items = new Map<string, ChatItem>();
  private token: Promise<string> | undefined;
  private lastTyping = 0;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    contact: PanelContact,
    private readonly actions: ContactListActions,
  ) {
    this.contact = contact;
    const channel = contact.type ?? 'chat';
    this.root = element('li', {
      'data-testid': 'contact-card',
      'data-contact-id': contact.contactId,
      'data-channel': channel,
    });
    const heading = element('p');
    heading.append(
      element(
        'strong',
        { 'data-testid': 'contact-channel' },
        PANEL_TEXT.channel[channel] ?? channel,
      ),
      ' ',
      this.title,
      ' ',
      this.state,
    );
    const accept = element(
      'button',
      { type: 'button', 'data-testid': 'contact-accept', class: 'accept' },
      PANEL_TEXT.accept,
    );
    const reject = element(
      'button',
      { type: 'button', 'data-testid': 'contact-reject', class: 'reject' },
      PANEL_TEXT.reject,
    );
    this.ringing.setAttribute('aria-label', PANEL_TEXT.state['ringing'] ?? '');
    this.ringing.append(accept, reject);
    const label = element('label', {}, `${PANEL_TEXT.transferTo} `);
    label.append(this.target);
    this.end.textContent = PANEL_TEXT.end[channel] ?? PANEL_TEXT.end['chat'] ?? '';
    this.end.className = 'reject';
    this.connected.append(label, this.transfer, this.end);
    const close = element(
      'button',
      { type: 'button', 'data-testid': 'contact-clear' },
      PANEL_TEXT.close,
    );
    this.afterWork.append(close);
    this.root.append(heading, this.ringing, this.connected, this.afterWork);
    if (channel === 'chat') {
      this.transcript.setAttribute('aria-label', PANEL_TEXT.conversation);
      this.transcript.hidden = true;
      this.replyForm.hidden = true;
      this.replyForm.append(
        this.reply,
        element('button', { 'data-testid': 'contact-send' }, PANEL_TEXT.send),
      );
      this.root.insertBefore(this.transcript, this.ringing);
      this.root.insertBefore(this.typing, this.ringing);
      this.root.insertBefore(this.replyForm, this.ringing);
      this.replyForm.addEventListener('submit', (event) => {
        event.preventDefault();
        const content = this.reply.value.trim();
        if (content === '') return;
        void actions.run(async () => {
          await actions.participant('/participant/message', await this.connectionToken(), {
            ContentType: 'text/plain',
            Content: content,
          });
          this.reply.value = '';
        });
      });
      this.reply.addEventListener('input', () => {
        if (Date.now() - this.lastTyping < CHAT_TYPING_EVERY_MS) return;
        this.lastTyping = Date.now();
        void this.connectionToken()
          .then((token) =>
            actions.participant('/participant/event', token, { ContentType: CHAT_EVENTS.typing }),
          )
          .catch(() => undefined);
      });
    }

    const id = () => this.contact.contactId;
    accept.addEventListener('click', () => {
      void actions.run(() => actions.call('acceptContact', { contactId: id() }));
    });
    reject.addEventListener('click', () => {
      void actions.run(() => actions.call('rejectContact', { contactId: id() }));
    });
    this.end.addEventListener('click', () => {
      const own = agentLeg(this.contact);
      if (own)
        void actions.run(() =>
          actions.call('destroyConnection', { contactId: id(), connectionId: own.connectionId }),
        );
    });
    // A chat or task transfer is cold, as the real CCP's: the quick connect is added, then the
    // agent leaves (the contact goes to after-contact work; the new party is offered it).
    this.transfer.addEventListener('click', () => {
      const endpoint = this.endpoints[Number(this.target.value)];
      const own = agentLeg(this.contact);
      if (!endpoint || !own) return;
      void actions.run(async () => {
        await actions.call('createAdditionalConnection', { contactId: id(), endpoint });
        await actions.call('destroyConnection', {
          contactId: id(),
          connectionId: own.connectionId,
        });
      });
    });
    close.addEventListener('click', () => {
      void actions.run(() => actions.call('clearContact', { contactId: id() }));
    });
  }

  update(contact: PanelContact): void {
    this.contact = contact;
    const state = cardState(contact);
    this.root.dataset['state'] = state;
    this.title.textContent = contactTitle(contact);
    this.state.textContent = PANEL_TEXT.state[state] ?? state;
    this.ringing.hidden = state !== 'ringing';
    this.connected.hidden = state !== 'connected';
    this.afterWork.hidden = state !== 'after-contact-work';
    if (state === 'connected' && this.endpoints.length === 0) void this.loadDestinations();
    if (contact.type === 'chat') {
      this.replyForm.hidden = state !== 'connected';
      this.transcript.hidden = state === 'ringing';
      if (state === 'connected' && !this.token) void this.loadTranscript();
      if (state !== 'connected') this.typing.hidden = true;
    }
  }

  /** Whether a chat item is this card's chat. */
  owns(item: ChatItem): boolean {
    return (
      item.ContactId === this.contact.contactId ||
      (this.contact.initialContactId !== undefined &&
        item.InitialContactId === this.contact.initialContactId)
    );
  }

  /** Where the card is (offered, connected, after-contact work). */
  get where(): CardState {
    return cardState(this.contact);
  }

  /** The agent's connection token for this chat (CreateTransport `chat_token`), asked once. */
  private connectionToken(): Promise<string> {
    const own = agentLeg(this.contact);
    this.token ??= this.actions
      .call('createTransport', {
        transportType: 'chat_token',
        contactId: this.contact.contactId,
        participantId: own?.connectionId,
      })
      .then(
        (answer) =>
          (answer as { chatTokenTransport: { participantToken: string } }).chatTokenTransport
            .participantToken,
      );
    this.token.catch(() => (this.token = undefined));
    return this.token;
  }

  private async loadTranscript(): Promise<void> {
    try {
      const page = (await this.actions.participant(
        '/participant/transcript',
        await this.connectionToken(),
        { MaxResults: 100, ScanDirection: 'BACKWARD', SortOrder: 'ASCENDING' },
      )) as { Transcript?: ChatItem[] };
      for (const item of page.Transcript ?? []) this.add(item);
    } catch {
      // The live items still come; the panel's message line shows failed actions.
    }
  }

  /** Shows a chat item: a message in the conversation, or the customer typing. */
  add(item: ChatItem): void {
    const own = agentLeg(this.contact);
    if (item.Type === 'EVENT' && item.ContentType === CHAT_EVENTS.typing) {
      if (item.ParticipantId === own?.connectionId || this.where !== 'connected') return;
      this.typing.textContent = PANEL_TEXT.typing(item.DisplayName ?? PANEL_TEXT.customer);
      this.typing.hidden = false;
      clearTimeout(this.typingTimer);
      this.typingTimer = setTimeout(() => (this.typing.hidden = true), CHAT_TYPING_SHOWN_MS);
      return;
    }
    if (item.Type !== 'MESSAGE' && item.Type !== 'ATTACHMENT') return;
    if (this.items.has(item.Id)) return;
    this.items.set(item.Id, item);
    if (item.ParticipantId !== own?.connectionId) this.typing.hidden = true;
    const line = element('li', {
      'data-testid': 'contact-message',
      'data-role': item.ParticipantRole ?? '',
      'data-time': item.AbsoluteTime,
    });
    line.append(
      element('strong', {}, `${item.DisplayName ?? item.ParticipantRole ?? ''}: `),
      item.Type === 'ATTACHMENT'
        ? (item.Attachments ?? []).map((a) => a.AttachmentName).join(', ')
        : (item.Content ?? ''),
    );
    const later = [...this.transcript.children].find(
      (x) => ((x as HTMLElement).dataset['time'] ?? '') > item.AbsoluteTime,
    );
    this.transcript.insertBefore(line, later ?? null);
    this.transcript.scrollTop = this.transcript.scrollHeight;
  }

  private loading = false;

  private async loadDestinations(): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    try {
      this.endpoints = (await this.actions.destinations()).filter(
        (e) => e.type === 'queue' || e.type === 'agent',
      );
    } catch {
      this.endpoints = [];
    } finally {
      this.loading = false;
    }
    this.target.replaceChildren(
      ...(this.endpoints.length === 0
        ? [element('option', { value: '' }, PANEL_TEXT.noDestinations)]
        : this.endpoints.map((e, i) => element('option', { value: String(i) }, e.name ?? e.type))),
    );
    this.transfer.disabled = this.endpoints.length === 0;
  }
}

/** The list of chat and task cards, updated in place from each agent snapshot. */
export class ContactList {
  private readonly cards = new Map<string, ContactCard>();

  constructor(
    private readonly section: HTMLElement,
    private readonly list: HTMLElement,
    private readonly actions: ContactListActions,
  ) {}

  render(contacts: readonly PanelContact[]): void {
    const shown = contacts.filter((c) => LISTED_CHANNELS.has(c.type ?? ''));
    const ids = new Set(shown.map((c) => c.contactId));
    for (const [id, card] of this.cards)
      if (!ids.has(id)) {
        card.root.remove();
        this.cards.delete(id);
      }
    for (const contact of shown) {
      let card = this.cards.get(contact.contactId);
      if (!card) {
        card = new ContactCard(contact, this.actions);
        this.cards.set(contact.contactId, card);
        // In the order they came (a card does not move when its state changes).
        this.list.append(card.root);
      }
      card.update(contact);
    }
    this.section.hidden = shown.length === 0;
  }

  /** A chat item from the agent's `aws/chat` topic, to the card of its chat. */
  chatItem(item: ChatItem): void {
    const cards = [...this.cards.values()].filter((card) => card.owns(item));
    const card = cards.find((c) => c.where !== 'after-contact-work') ?? cards[0];
    card?.add(item);
  }
}
