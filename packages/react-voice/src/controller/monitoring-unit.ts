/**
 * The monitoring unit: joining a live call, the Listener (silent
 * monitor) and Participant (barge) modes, and leaving with the 'Leave call?' confirmation.
 */
import type { Contact } from '@x/connect-streams';
import { voiceError } from './errors';
import { voiceMessage } from './messages';
import type { MonitoringState } from './types';
import { agentConnectionOf } from './unit-context';
import type { UnitContext } from './unit-context';

/** The monitoring slice when not monitoring. */
export const INITIAL_MONITORING_STATE: MonitoringState = {
  isMonitoring: false,
  isSilentMonitor: false,
  isSilentMonitorEnabled: false,
  isBarge: false,
  isBargeEnabled: false,
  idCommunication: null,
  originalIdCommunication: null,
  mode: null,
  leaveConfirmation: null,
  joining: null,
};

/** Whether the agent's leg of a contact is a monitoring leg. */
export function isMonitoringContact(contact: Contact): boolean {
  return agentConnectionOf(contact)?.getType() === 'monitoring';
}

/** The monitoring unit. @internal */
export class MonitoringUnit {
  constructor(
    private readonly ctx: UnitContext,
    private readonly links: { muteAgent(): void; isOnCall(): boolean },
  ) {}

  private get state(): MonitoringState {
    return this.ctx.store.getState().monitoring;
  }

  private set(patch: Partial<MonitoringState>): void {
    this.ctx.store.update('monitoring', patch);
  }

  /** The monitored (original) communication of a monitoring contact. */
  originalOf(contact: Contact): string {
    return (
      this.state.originalIdCommunication ??
      this.state.joining ??
      contact.getInitialContactId() ??
      contact.contactId
    );
  }

  /** Follows the current contact after a panel update. */
  sync(contact: Contact | undefined): void {
    const own = agentConnectionOf(contact);
    if (!contact || !own || own.getType() !== 'monitoring') {
      if (this.state.isMonitoring || this.state.leaveConfirmation)
        this.set({ ...INITIAL_MONITORING_STATE, joining: this.state.joining });
      return;
    }
    const capabilities = own.getMonitorCapabilities();
    const isSilentMonitor = own.isSilentMonitor();
    const isBarge = own.isBarge();
    const original =
      this.state.idCommunication === contact.contactId && this.state.originalIdCommunication
        ? this.state.originalIdCommunication
        : (this.state.joining ?? contact.getInitialContactId() ?? contact.contactId);
    this.set({
      isMonitoring: true,
      isSilentMonitor,
      isSilentMonitorEnabled: capabilities.includes('SILENT_MONITOR'),
      isBarge,
      isBargeEnabled: capabilities.includes('BARGE'),
      idCommunication: contact.contactId,
      originalIdCommunication: original,
      mode: isBarge ? 'participant' : isSilentMonitor ? 'listener' : this.state.mode,
      joining: null,
    });
  }

  /**
   * Joins a live call as a monitor (`POST /addons/voice/live-call`); blocked while the user is on
   * a call.
   */
  async join(idCommunication: string): Promise<void> {
    if (this.links.isOnCall()) throw voiceError('agentCallNotAvailable');
    this.set({ joining: idCommunication });
    try {
      await this.ctx.api.joinLiveCall(idCommunication);
    } catch (error) {
      this.set({ joining: null });
      throw error;
    }
  }

  /** Listener mode (silent monitor); only when the softphone reports it enabled. */
  async listen(): Promise<void> {
    const contact = this.monitoringContact('listen');
    if (!this.state.isSilentMonitorEnabled)
      throw voiceError('noActiveConnectionTo', { action: 'listen' });
    await contact.updateMonitorParticipantState('SILENT_MONITOR');
  }

  /** Participant mode (barge): also mutes the agent. */
  async participate(): Promise<void> {
    const contact = this.monitoringContact('participate');
    if (!this.state.isBargeEnabled)
      throw voiceError('noActiveConnectionTo', { action: 'participate' });
    await contact.updateMonitorParticipantState('BARGE');
    this.links.muteAgent();
  }

  /** Asks 'Leave call?' before leaving monitoring. */
  requestLeave(): void {
    if (!this.state.isMonitoring) return;
    this.set({
      leaveConfirmation: {
        title: voiceMessage('leaveCallTitle'),
        text: voiceMessage('leaveCallText'),
      },
    });
  }

  cancelLeave(): void {
    this.set({ leaveConfirmation: null });
  }

  /** Leaves the call: the monitoring leg hangs up; the other participants go on. */
  async confirmLeave(): Promise<void> {
    this.set({ leaveConfirmation: null });
    const contact = this.monitoringContact('leave');
    const own = agentConnectionOf(contact);
    if (!own) throw voiceError('noActiveConnectionTo', { action: 'leave' });
    await own.destroy();
  }

  private monitoringContact(action: string): Contact {
    const contact = this.ctx.contact();
    if (!contact || !isMonitoringContact(contact)) throw voiceError('noContactTo', { action });
    return contact;
  }
}
