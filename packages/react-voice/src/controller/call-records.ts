/**
 * The conversation records of the current call: the product API's conversation, connection,
 * answered and monitoring records (each written by one tab only, through the cross-tab lock), the
 * contact looked up by the caller's number, and what the other tabs share of them.
 */
import type { Contact } from '@x/connect-streams';
import type { CallStart, ConnectionRecord } from '../api/contract';
import { voiceError } from './errors';
import type { CallInfo, CallState } from './types';
import type { UnitContext } from './unit-context';

/** The conversation records of the call unit's current call. */
export class CallRecords {
  private offShared: (() => void) | undefined;

  constructor(
    private readonly ctx: UnitContext,
    /** Whether `idCommunication` is still the call unit's current call. */
    private readonly isCurrent: (idCommunication: string) => boolean,
    /** The communication being monitored, for `monitorCall`. */
    private readonly originalOf: (contact: Contact) => string,
  ) {}

  private get state(): CallState {
    return this.ctx.store.getState().call;
  }

  private set(patch: Partial<CallState>): void {
    this.ctx.store.update('call', patch);
  }

  private callStart(info: CallInfo): CallStart {
    if (!info.phoneNumber) throw voiceError('contactInfoNotAvailable');
    return {
      contactPhoneNumber: info.phoneNumber,
      idCommunication: info.idCommunication,
      communicationType: info.communicationType,
    };
  }

  /** An outbound call starts a conversation (one tab only; the others learn it from storage). */
  async startConversation(info: CallInfo): Promise<void> {
    const call = this.callStart(info);
    const result = await this.ctx
      .crossTab()
      .once('startConversation', info.idCommunication, () => this.ctx.api.startConversation(call));
    if (!result.performed || !this.isCurrent(info.idCommunication)) return;
    const { id, contact } = result.value;
    this.set({ conversationId: id, conversationContact: contact });
    this.ctx.crossTab().share(info.idCommunication, { idConversation: id, contact });
  }

  /**
   * Refreshes the connection record of `idCommunication` (one tab only); a monitor-type connection
   * is resolved to its previous communication to find the real conversation and contact.
   */
  async refreshConnection(idCommunication: string, info: CallInfo, stage: string): Promise<void> {
    const result = await this.ctx
      .crossTab()
      .once(
        'updateConnection',
        idCommunication,
        () => this.resolveConnection(idCommunication),
        stage,
      );
    if (!result.performed || !this.isCurrent(info.idCommunication)) return;
    const connection = result.value;
    this.set({ conversationId: connection.idConversation ?? this.state.conversationId });
    this.ctx.crossTab().share(info.idCommunication, {
      idConversation: connection.idConversation,
      contact: this.state.conversationContact,
    });
    const phone = connection.contactPhoneNumber ?? info.phoneNumber;
    if (phone && !this.state.conversationContact)
      await this.lookUpContact({ ...info, phoneNumber: phone });
  }

  private async resolveConnection(idCommunication: string): Promise<ConnectionRecord> {
    const connection = await this.ctx.api.getConnection(idCommunication);
    if (connection.communicationType === 'monitor' && connection.previousIdCommunication) {
      return this.ctx.api.getConnection(connection.previousIdCommunication);
    }
    return connection;
  }

  /** The call is accepted and marked answered (one tab only). */
  async markAnswered(info: CallInfo): Promise<void> {
    this.set({ accepted: true });
    const call = this.callStart(info);
    const result = await this.ctx
      .crossTab()
      .once('answered', info.idCommunication, () => this.ctx.api.acceptCall(call));
    if (!this.isCurrent(info.idCommunication)) return;
    this.set({ answered: true });
    if (result.performed && result.value.idConversation) {
      this.set({ conversationId: result.value.idConversation });
      this.ctx.crossTab().share(info.idCommunication, {
        idConversation: result.value.idConversation,
        contact: this.state.conversationContact,
      });
    }
  }

  /** Monitoring is recorded (one tab only). */
  async recordMonitoring(info: CallInfo, contact: Contact): Promise<void> {
    const previousIdCommunication = this.originalOf(contact);
    await this.ctx.crossTab().once('monitored', info.idCommunication, () =>
      this.ctx.api.monitorCall({
        idCommunication: info.idCommunication,
        previousIdCommunication,
      }),
    );
  }

  /** The phone number of the current call is used to look up a contact (every tab). */
  async lookUpContact(info: CallInfo): Promise<void> {
    if (!info.phoneNumber) return;
    const found = await this.ctx.api.getContactByPhone(info.phoneNumber);
    if (found && this.isCurrent(info.idCommunication)) this.set({ conversationContact: found });
  }

  /** Follows what the other tabs share of `idCommunication` (and applies what they already did). */
  watchShared(idCommunication: string): void {
    this.offShared?.();
    const apply = (data: {
      idConversation: string | null;
      contact?: CallState['conversationContact'];
    }) => {
      if (!this.isCurrent(idCommunication)) return;
      this.set({
        ...(data.idConversation ? { conversationId: data.idConversation } : {}),
        ...(data.contact && !this.state.conversationContact
          ? { conversationContact: data.contact }
          : {}),
      });
    };
    const lock = this.ctx.crossTab();
    this.offShared = lock.onShared(idCommunication, apply);
    const already = lock.shared(idCommunication);
    if (already) apply(already);
  }

  /** Stops following what the other tabs share. */
  unwatchShared(): void {
    this.offShared?.();
    this.offShared = undefined;
  }
}
