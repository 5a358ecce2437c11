/**
 * The emulator's CCP panel page UI: the agent's state, the current call's controls and the
 * contact list, drawn from the agent data the panel session delivers.
 */
import type { HostConfigure, PanelSession, SoftphoneManager } from '@x/connect-streams/panel';
import {
  ContactList,
  type ChatItem,
  type PanelContact,
  type TransferEndpoint,
} from './contact-list';

interface StateDef {
  readonly agentStateARN?: string | null;
  readonly type: string;
  readonly name: string;
}
interface Connection {
  readonly connectionId: string;
  readonly type: string;
  readonly state: { readonly type: string };
  readonly endpoint?: { readonly phoneNumber?: string; readonly name?: string };
}
interface Contact extends PanelContact {
  readonly connections: readonly Connection[];
}
/** The agent data the panel session delivers (snapshot and configuration). */
export interface AgentData {
  readonly snapshot: { readonly state: StateDef; readonly contacts: readonly Contact[] };
  readonly configuration: {
    readonly name?: string;
    readonly softphoneEnabled?: boolean;
    readonly softphoneAutoAccept?: boolean;
    readonly extension?: string;
    readonly agentPreferences?: unknown;
    readonly agentStates?: readonly StateDef[];
    readonly routingProfile?: {
      readonly name?: string;
      readonly routingProfileARN?: string;
      readonly defaultOutboundQueue?: { readonly queueARN?: string; readonly name?: string };
    };
  };
}

/** The page element with this `data-testid`. */
export const $ = <T extends HTMLElement>(testId: string): T => {
  const element = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`missing element ${testId}`);
  return element;
};

const ENDED_STATES: ReadonlySet<string> = new Set(['ended', 'missed', 'error', 'rejected']);

function show(testId: string, visible: boolean): void {
  $(testId).hidden = !visible;
}

/** Shows a notice on the panel. */
export function setMessage(text: string): void {
  $('panel-message').textContent = text;
}

function customerOf(contact: Contact): Connection | undefined {
  return contact.connections.find((c) => c.type === 'inbound' || c.type === 'outbound');
}

function agentOf(contact: Contact): Connection | undefined {
  return contact.connections.find((c) => c.type === 'agent');
}

function numberOf(contact: Contact): string {
  const endpoint = customerOf(contact)?.endpoint;
  return endpoint?.phoneNumber ?? endpoint?.name ?? '';
}

/** The panel's small softphone UI: agent state, the current call's controls, the contact list. */
export class PanelUi {
  private agent: AgentData | undefined;
  private busy = false;
  private readonly contactList: ContactList;
  private endpoints: Promise<readonly TransferEndpoint[]> | undefined;

  constructor(
    private readonly session: PanelSession,
    private readonly softphone: SoftphoneManager,
  ) {
    this.contactList = new ContactList($('contacts'), $('contact-list'), {
      run: (action) => this.run(action),
      call: (method, params) => this.session.call(method, params),
      destinations: () => (this.endpoints ??= this.loadEndpoints()),
      participant: async (path, connectionToken, body) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-amz-bearer': connectionToken },
          body: JSON.stringify(body),
        });
        const json = (await res.json().catch(() => ({}))) as { Message?: string };
        if (!res.ok) throw new Error(json.Message ?? res.statusText);
        return json;
      },
    });
  }

  /** A frame of the agent's web socket: chat items go to their chat's card. */
  webSocketMessage(data: unknown): void {
    const frame = data as { topic?: unknown; content?: unknown } | null;
    if (frame?.topic !== 'aws/chat' || typeof frame.content !== 'string') return;
    try {
      this.contactList.chatItem(JSON.parse(frame.content) as ChatItem);
    } catch {
      // Not an item: ignored, as chatjs ignores it.
    }
  }

  /**
   * The quick connects of the agent's default outbound queue (GetEndpoints, every page), as the
   * real CCP lists transfer destinations; asked once, again after a failure.
   */
  private async loadEndpoints(): Promise<readonly TransferEndpoint[]> {
    const queueARN = this.agent?.configuration.routingProfile?.defaultOutboundQueue?.queueARN;
    const endpoints: TransferEndpoint[] = [];
    try {
      let nextToken: string | undefined;
      do {
        const page = (await this.session.call('getEndpoints', {
          queueARNs: queueARN ? [queueARN] : [],
          maxResults: 100,
          ...(nextToken ? { nextToken } : {}),
        })) as { endpoints?: TransferEndpoint[]; nextToken?: string | null };
        endpoints.push(...(page.endpoints ?? []));
        nextToken = page.nextToken ?? undefined;
      } while (nextToken && endpoints.length < 1000);
    } catch (error) {
      this.endpoints = undefined;
      throw error;
    }
    return endpoints;
  }

  private current(): Contact | undefined {
    const contacts = this.agent?.snapshot.contacts ?? [];
    return contacts.find(
      (c) => c.type === undefined || c.type === 'voice' || c.type === 'queue_callback',
    );
  }

  private async run(action: () => Promise<unknown>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await action();
      setMessage('');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      this.busy = false;
    }
  }

  bind(): void {
    $<HTMLSelectElement>('agent-status').addEventListener('change', (event) => {
      const name = (event.target as HTMLSelectElement).value;
      const state = this.agent?.configuration.agentStates?.find((s) => s.name === name);
      if (state)
        void this.run(() => this.session.call('putAgentState', { state, enqueueNextState: false }));
    });
    $('accept-call').addEventListener('click', () => {
      const contact = this.current();
      if (contact)
        void this.run(() => this.session.call('acceptContact', { contactId: contact.contactId }));
    });
    $('reject-call').addEventListener('click', () => {
      const contact = this.current();
      if (contact)
        void this.run(() => this.session.call('rejectContact', { contactId: contact.contactId }));
    });
    $('hold-call').addEventListener('click', () => {
      const contact = this.current();
      const customer = contact && customerOf(contact);
      if (!contact || !customer) return;
      const method = customer.state.type === 'hold' ? 'resumeConnection' : 'holdConnection';
      void this.run(() =>
        this.session.call(method, {
          contactId: contact.contactId,
          connectionId: customer.connectionId,
        }),
      );
    });
    $('mute-call').addEventListener('click', () => {
      this.softphone.setMuted(!this.softphone.isMuted);
      this.render();
    });
    $('hang-up').addEventListener('click', () => {
      const contact = this.current();
      const agent = contact && agentOf(contact);
      if (contact && agent) {
        void this.run(() =>
          this.session.call('destroyConnection', {
            contactId: contact.contactId,
            connectionId: agent.connectionId,
          }),
        );
      }
    });
    $('close-contact').addEventListener('click', () => {
      const contact = this.current();
      if (contact)
        void this.run(() => this.session.call('clearContact', { contactId: contact.contactId }));
    });
    for (const button of $('keypad').querySelectorAll<HTMLButtonElement>('button[data-digit]')) {
      button.addEventListener('click', () => {
        const contact = this.current();
        const agent = contact && agentOf(contact);
        const digits = button.dataset['digit'] ?? '';
        if (contact && agent) {
          void this.run(() =>
            this.session.call('sendDigits', {
              contactId: contact.contactId,
              connectionId: agent.connectionId,
              digits,
            }),
          );
        }
      });
    }
    $('quick-dial').addEventListener('submit', (event) => {
      event.preventDefault();
      const phoneNumber = $<HTMLInputElement>('dial-number').value.trim();
      const queueARN = this.agent?.configuration.routingProfile?.defaultOutboundQueue?.queueARN;
      if (phoneNumber === '') return;
      void this.run(() =>
        this.session.call('createOutboundContact', {
          endpoint: { type: 'phone_number', phoneNumber },
          queueARN,
        }),
      );
    });
    this.softphone.on('muteToggle', () => this.render());
    this.softphone.on('error', (error) => {
      $('softphone-error').textContent = error.errorMessage;
      $('softphone-error').dataset['errorType'] = error.errorType;
      show('softphone-error', true);
    });
    this.session.on('agent::update', (data) => {
      this.agent = data as AgentData;
      this.render();
    });
    const device = (testId: string, event: string) =>
      $<HTMLSelectElement>(testId).addEventListener('change', (e) => {
        const deviceId = (e.target as HTMLSelectElement).value;
        this.session.broadcast(event, { deviceId });
      });
    device('speaker-device', 'configuration::set_speaker_device');
    device('ringer-device', 'configuration::set_ringer_device');
    for (const type of ['softphone', 'deskphone'] as const) {
      $<HTMLInputElement>(`phone-type-${type}`).addEventListener('change', () => {
        const configuration = this.agent?.configuration;
        if (!configuration) return;
        // The real CCP sends the updatable part of the configuration (`configure` envelope).
        void this.run(() =>
          this.session.call('updateAgentConfiguration', {
            configuration: {
              name: configuration.name,
              softphoneEnabled: type === 'softphone',
              softphoneAutoAccept: configuration.softphoneAutoAccept,
              extension: configuration.extension,
              routingProfile: configuration.routingProfile,
              agentPreferences: configuration.agentPreferences,
            },
          }),
        );
      });
    }
  }

  /**
   * Page options from the host's configure (the real defaults: audio device settings hidden,
   * phone type settings shown).
   */
  applyPageOptions(options: HostConfigure['pageOptions']): void {
    const audio = options?.enableAudioDeviceSettings === true;
    const phoneType = options?.enablePhoneTypeSettings !== false;
    show('audio-device-settings', audio);
    show('ringer-device-settings', audio);
    show('phone-type-settings', phoneType);
    show('settings', audio || phoneType);
    if (audio) void this.fillDevices();
  }

  private async fillDevices(): Promise<void> {
    const devices = await navigator.mediaDevices?.enumerateDevices().catch(() => []);
    const outputs = (devices ?? []).filter((d) => d.kind === 'audiooutput');
    for (const testId of ['speaker-device', 'ringer-device']) {
      $<HTMLSelectElement>(testId).replaceChildren(
        ...outputs.map((d, i) => {
          const option = document.createElement('option');
          option.value = d.deviceId;
          option.textContent = d.label || `Speaker ${i + 1}`;
          return option;
        }),
      );
    }
  }

  render(): void {
    const agent = this.agent;
    const root = $('ccp');
    if (!agent) {
      root.dataset['state'] = 'loading';
      return;
    }
    $('agent-name').textContent = agent.configuration.name ?? '';
    const select = $<HTMLSelectElement>('agent-status');
    const states = agent.configuration.agentStates ?? [];
    const current = agent.snapshot.state;
    const names = states.map((s) => s.name);
    if (!names.includes(current.name)) names.unshift(current.name);
    if (
      select.options.length !== names.length ||
      [...select.options].some((o, i) => o.value !== names[i])
    ) {
      select.replaceChildren(
        ...names.map((name) => {
          const option = document.createElement('option');
          option.value = name;
          option.textContent = name;
          option.disabled = !states.some((s) => s.name === name);
          return option;
        }),
      );
    }
    select.value = current.name;
    select.dataset['stateType'] = current.type;
    const softphoneEnabled = agent.configuration.softphoneEnabled === true;
    $<HTMLInputElement>('phone-type-softphone').checked = softphoneEnabled;
    $<HTMLInputElement>('phone-type-deskphone').checked = !softphoneEnabled;

    const contact = this.current();
    const agentConnection = contact && agentOf(contact);
    const contactState = contact?.state.type;
    const outbound = contact?.initiationMethod === 'outbound';
    const ringing =
      contact !== undefined &&
      !outbound &&
      (contactState === 'incoming' || contactState === 'connecting') &&
      agentConnection?.state.type !== 'connected';
    const ended =
      contact !== undefined && contactState !== undefined && ENDED_STATES.has(contactState);
    const onCall = contact !== undefined && !ringing && !ended;
    root.dataset['state'] = ringing
      ? 'ringing'
      : onCall
        ? 'on-call'
        : ended
          ? 'after-call'
          : 'idle';
    show('incoming-call', ringing);
    show('on-call', onCall);
    show('after-call', ended);
    show('quick-dial', contact === undefined);
    if (contact) {
      $('incoming-number').textContent = numberOf(contact);
      $('call-number').textContent = numberOf(contact);
      const customer = customerOf(contact);
      $('call-state').textContent = customer?.state.type ?? contactState ?? '';
      $('hold-call').textContent = customer?.state.type === 'hold' ? 'Resume' : 'Hold';
    }
    this.contactList.render(agent.snapshot.contacts);
    const mute = $('mute-call');
    mute.textContent = this.softphone.isMuted ? 'Unmute' : 'Mute';
    mute.setAttribute('aria-pressed', String(this.softphone.isMuted));
  }
}
