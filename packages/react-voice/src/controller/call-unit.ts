/**
 * The call unit: follows the current voice contact through the call-state machine
 * (`call-machine.ts`), performs each transition's duties, and the call actions (accept,
 * decline, end, hold, mute, keypad, finish, outbound call).
 */
import type { Connection, Contact, VoiceConnection } from '@x/connect-streams';
import {
  callInfoOf,
  callStatusOf,
  dialNumberOf,
  endReasonOf,
  legFactsOf,
  viewOf,
} from './call-facts';
import { callTransitionDuties, isCallTransition } from './call-machine';
import type { CallDuty } from './call-machine';
import { CallRecords } from './call-records';
import { KEYPAD_KEYS, OUTBOUND_BLOCKING_STATES } from './constants';
import { messageOf, voiceError, VoiceError } from './errors';
import { outboundFailure } from './outbound-failure';
import type { CallInfo, CallState, CallStatus } from './types';
import { agentConnectionOf, timeOf } from './unit-context';
import type { UnitContext } from './unit-context';

/** The call slice before any call. */
export const INITIAL_CALL_STATE: CallState = {
  status: 'idle',
  view: 'none',
  info: null,
  endReason: null,
  accepted: false,
  answered: false,
  startedAt: null,
  menuActive: false,
  menuExpanded: false,
  conversationId: null,
  conversationContact: null,
  onHold: false,
  muted: false,
  multiparty: false,
  controlsBlocked: false,
  keypadVisible: false,
  digits: '',
  afterCallWork: false,
  notificationSoundEnabled: true,
};

/** Hooks the call unit needs from its siblings. */
export interface CallUnitLinks {
  /** The contact is a monitoring leg (connected while monitoring). */
  isMonitoring(contact: Contact): boolean;
  /** The communication being monitored, for `monitorCall` and the original connection. */
  originalOf(contact: Contact): string;
  /** Finish resets the transferring flag. */
  resetTransfer(): void;
  /** Notification sound changed. */
  notificationSound(enabled: boolean): void;
}

/** The call unit. @internal */
export class CallUnit {
  private contactId: string | null = null;
  private softphoneMuted = false;
  private declined = false;
  /** A finished contact that may linger in the snapshot until the panel drops it. */
  private finished: string | null = null;
  /** The keypad's digits still being sent, in the order they were pressed. */
  private digitsSent: Promise<void> = Promise.resolve();
  private readonly records: CallRecords;

  constructor(
    private readonly ctx: UnitContext,
    private readonly links: CallUnitLinks,
  ) {
    this.records = new CallRecords(
      ctx,
      (id) => this.isCurrent(id),
      (contact) => links.originalOf(contact),
    );
  }

  private get state(): CallState {
    return this.ctx.store.getState().call;
  }

  private set(patch: Partial<CallState>): void {
    this.ctx.store.update('call', patch);
  }

  /** The contact the call follows: a voice contact that is not a finished one. */
  pick(contacts: readonly Contact[]): Contact | undefined {
    const voice = contacts.filter(
      (c) =>
        (c.getType() === 'voice' || c.getType() === 'queue_callback') &&
        c.contactId !== this.finished,
    );
    return voice.find((c) => c.isActive()) ?? voice[0];
  }

  /** Follows the contact after a panel update. */
  sync(contact: Contact | undefined): void {
    if (this.finished && !this.ctx.ccp()?.contacts.get(this.finished)) this.finished = null;
    const id = contact?.contactId ?? null;
    if (this.contactId !== null && id !== this.contactId) this.enter('idle', undefined);
    if (!contact) return;
    if (id !== this.contactId) {
      this.contactId = id;
      this.declined = false;
      this.softphoneMuted = false;
      this.records.watchShared(contact.contactId);
    }
    const info = callInfoOf(contact);
    const legs = legFactsOf(contact);
    const status = callStatusOf(contact);
    this.set({
      info,
      multiparty: legs.multiparty,
      controlsBlocked: legs.multiparty && legs.anyConnecting,
      onHold: legs.multiparty ? legs.agentOnHold : legs.customerOnHold,
      muted: this.softphoneMuted || legs.agentMuted,
      startedAt: timeOf(contact.getState().timestamp),
      endReason:
        status === 'connecting' || status === 'connected'
          ? null
          : endReasonOf(contact, this.declined),
      view: viewOf(status, info, this.state.accepted),
    });
    if (status !== this.state.status) this.enter(status, contact);
  }

  /** The softphone reported its mute state (`agent::mute_toggle`). */
  softphoneMute(muted: boolean): void {
    this.softphoneMuted = muted;
    this.set({ muted: muted || this.ownLegMuted() });
  }

  /** The contact was accepted in some tab (`contact::accepted`). */
  acceptedElsewhere(contactId: string): void {
    if (contactId === this.contactId) {
      this.set({ accepted: true, view: viewOf(this.state.status, this.state.info, true) });
    }
  }

  /** Performs the duties of entering `to` (the transition from the current status). */
  private enter(to: CallStatus, contact: Contact | undefined): void {
    const from = this.state.status;
    if (from === to) return;
    if (!isCallTransition(from, to)) {
      // Not a transition of the machine (e.g. a new contact while the last one ended): go through idle.
      if (from !== 'idle') this.enter('idle', undefined);
      if (to === 'idle') return;
      return this.enter(to, contact);
    }
    const info = to === 'idle' ? null : this.state.info;
    const monitoring = contact ? this.links.isMonitoring(contact) : false;
    const duties = callTransitionDuties(from, to, {
      monitoring,
      outbound: info?.isOutbound ?? false,
      hasContactInfo: this.state.conversationContact !== null,
    });
    this.set({
      status: to,
      view: viewOf(to, info, this.state.accepted),
      keypadVisible: to === 'connected',
    });
    for (const duty of duties) this.perform(duty, contact, info);
  }

  private perform(duty: CallDuty, contact: Contact | undefined, info: CallInfo | null): void {
    switch (duty) {
      case 'activateMenu':
        return this.set({ menuActive: true });
      case 'deactivateMenu':
        return this.set({ menuActive: false, menuExpanded: false });
      case 'clearConversation':
        this.records.unwatchShared();
        this.contactId = null;
        this.softphoneMuted = false;
        this.declined = false;
        return this.set({
          ...INITIAL_CALL_STATE,
          notificationSoundEnabled: this.state.notificationSoundEnabled,
        });
      case 'expandMenu':
        return this.set({ menuExpanded: true });
      case 'afterCallWork':
        return this.set({ afterCallWork: true });
      case 'muteNotifications':
        return this.notificationSound(false);
      case 'unmuteNotifications':
        return this.notificationSound(true);
      default:
        break;
    }
    if (!info) return;
    switch (duty) {
      case 'startConversation':
        return this.background('start conversation', this.records.startConversation(info));
      case 'refreshConnection':
        return this.background(
          'refresh connection',
          this.records.refreshConnection(info.idCommunication, info, this.state.status),
        );
      case 'acceptAndMarkAnswered':
        return this.background('mark answered', this.records.markAnswered(info));
      case 'recordMonitoring':
        if (contact)
          this.background('record monitoring', this.records.recordMonitoring(info, contact));
        return;
      case 'refreshOriginalConnection':
        if (contact)
          this.background(
            'refresh original connection',
            this.records.refreshConnection(this.links.originalOf(contact), info, 'monitored'),
          );
        return;
      case 'lookUpContact':
        return this.background('look up contact', this.records.lookUpContact(info));
      default:
        return;
    }
  }

  private notificationSound(enabled: boolean): void {
    if (this.state.notificationSoundEnabled === enabled) return;
    this.set({ notificationSoundEnabled: enabled });
    this.links.notificationSound(enabled);
  }

  private background(what: string, work: Promise<unknown>): void {
    work.catch((error: unknown) => this.ctx.report(what, error));
  }

  private isCurrent(idCommunication: string): boolean {
    return this.contactId === idCommunication;
  }

  private ownLegMuted(): boolean {
    return agentConnectionOf(this.ctx.contact())?.isMute() ?? false;
  }

  private requireContact(action: string): Contact {
    const contact = this.ctx.contact();
    if (!contact) throw voiceError('noContactTo', { action });
    return contact;
  }

  private requireOwnLeg(contact: Contact, action: string): Connection {
    const own = agentConnectionOf(contact);
    if (!own || !own.isActive()) throw voiceError('noActiveConnectionTo', { action });
    return own;
  }

  // ── actions ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Places an outbound call: an agent must exist ('No agent to perform a call. Please, refresh
   * the app.'), the number must start with + and be an E.164 number once the separators people
   * write are left out ('Phone number is not valid.'), and the agent must not
   * be Busy, PendingBusy or CallingCustomer ('Agent call is not available at this time.'). A
   * failure gives the server's message, else 'There was an error calling the contact, check the
   * phone number.'.
   */
  async call(phoneNumber: string): Promise<void> {
    const agent = this.ctx.ccp()?.agent;
    if (!agent?.isInitialized()) throw voiceError('noAgentToPerformCall');
    const number = dialNumberOf(phoneNumber);
    if (!number) throw voiceError('phoneNumberNotValid');
    if (OUTBOUND_BLOCKING_STATES.has(agent.getState().name) || this.state.status !== 'idle')
      throw voiceError('agentCallNotAvailable');
    try {
      await agent.connect({ type: 'phone_number', phoneNumber: number });
    } catch (error) {
      throw outboundFailure(error);
    }
  }

  /** Accepts the ringing call ('Contact info is not available' without call info). */
  async accept(): Promise<void> {
    const contact = this.requireContact('accept');
    if (!this.state.info?.phoneNumber) throw voiceError('contactInfoNotAvailable');
    this.set({ accepted: true, view: viewOf(this.state.status, this.state.info, true) });
    try {
      await contact.accept();
    } catch (error) {
      this.set({ accepted: false, view: viewOf(this.state.status, this.state.info, false) });
      throw new VoiceError(messageOf(error), { cause: error });
    }
  }

  /** Declines the ringing call. */
  async decline(): Promise<void> {
    const contact = this.requireContact('decline');
    this.declined = true;
    await contact.reject();
  }

  /** Ends the call: the agent's own leg hangs up (in a multiparty call the others go on). */
  async end(): Promise<void> {
    const contact = this.requireContact('end');
    await this.requireOwnLeg(contact, 'end').destroy();
  }

  /**
   * Toggles hold: the customer in a two-party call; the agent's own leg in a multiparty call, where
   * it is blocked while a participant is still connecting. Returns false when blocked.
   */
  async toggleHold(): Promise<boolean> {
    const contact = this.requireContact('hold');
    const legs = legFactsOf(contact);
    if (legs.multiparty) {
      if (legs.anyConnecting) return false;
      const own = this.requireOwnLeg(contact, 'hold');
      await (legs.agentOnHold ? own.resume() : own.hold());
      return true;
    }
    const customer =
      contact.getActiveInitialConnection() ?? contact.getSingleActiveThirdPartyConnection();
    if (!customer) throw voiceError('noActiveConnectionTo', { action: 'hold' });
    await (customer.isOnHold() ? customer.resume() : customer.hold());
    return true;
  }

  /**
   * Toggles mute: the softphone in a two-party call; the agent's own leg in a multiparty call,
   * blocked while a participant is still connecting. Returns false when blocked.
   */
  async toggleMute(): Promise<boolean> {
    const contact = this.requireContact('mute');
    const legs = legFactsOf(contact);
    if (legs.multiparty && legs.anyConnecting) return false;
    const agent = this.ctx.ccp()?.agent;
    if (!agent) throw voiceError('noAgentTo', { action: 'mute' });
    if (this.state.muted) {
      // unmute whatever muted the agent: its leg (a participant mute) and the softphone
      if (legs.agentMuted)
        await (this.requireOwnLeg(contact, 'unmute') as VoiceConnection).unmuteParticipant();
      if (this.softphoneMuted) agent.unmute();
    } else if (legs.multiparty) {
      await (this.requireOwnLeg(contact, 'mute') as VoiceConnection).muteParticipant();
    } else agent.mute();
    return true;
  }

  /** Mutes the agent's softphone (Participant monitoring mode also mutes). */
  muteAgent(): void {
    if (!this.state.muted) this.ctx.ccp()?.agent.mute();
  }

  /**
   * A keypad key: only 0-9, *, # and Backspace; other keys are blocked (false). Digits are
   * sent to the call as typed, while connected; Backspace edits the shown digits only.
   */
  pressKey(key: string): boolean {
    if (!(KEYPAD_KEYS as readonly string[]).includes(key)) return false;
    if (this.state.status !== 'connected') return false;
    if (key === 'Backspace') {
      this.set({ digits: this.state.digits.slice(0, -1) });
      return true;
    }
    const contact = this.ctx.contact();
    const own = agentConnectionOf(contact) as VoiceConnection | undefined;
    if (!contact || !own) return false;
    this.set({ digits: this.state.digits + key });
    // One request per key, each after the one before has been answered: sent at once, two
    // requests could overtake each other and the far end would hear "93*" for "9*3".
    this.digitsSent = this.digitsSent.then(() =>
      own.sendDigits(key).then(
        () => undefined,
        (error: unknown) => this.ctx.report('send digits', error),
      ),
    );
    return true;
  }

  /** Finish (after-call work): clears the call and resets the transferring flag. */
  async finish(): Promise<void> {
    const contact = this.ctx.contact();
    const id = this.contactId;
    this.links.resetTransfer();
    try {
      if (contact) await contact.clear();
    } finally {
      if (id !== null && this.contactId === id) {
        this.finished = id;
        this.enter('idle', undefined);
      }
    }
  }

  setMenuExpanded(expanded: boolean): void {
    this.set({ menuExpanded: expanded });
  }

  toggleMenu(): void {
    this.set({ menuExpanded: !this.state.menuExpanded });
  }

  /** A call-state report of the current call (for errors of background duties). */
  get current(): string | null {
    return this.contactId;
  }
}
