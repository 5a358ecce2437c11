/**
 * The voice controller: the voice module's rules over one `Ccp`, as one store of
 * immutable slices (`getState`/`subscribe`, ready for `useSyncExternalStore`). Framework-free.
 */
import type { Ccp, CcpStartState, Contact } from '@x/connect-streams';
import type { VoiceApi } from '../api/client';
import type { VoiceConfig } from '../api/contract';
import { agentFactsOf } from './agent-facts';
import { AgentUnit } from './agent-unit';
import { crossTabLockOf, navigatorMediaDevices, storageOf } from './browser-defaults';
import { CallUnit } from './call-unit';
import { CALL_PANEL_ID_MAX_DIGITS } from './constants';
import { cleanVoiceCommunicationKeys } from './cross-tab';
import type { CrossTabLock } from './cross-tab';
import { DevicesUnit } from './devices-unit';
import { messageOf } from './errors';
import { isMonitoringContact, MonitoringUnit } from './monitoring-unit';
import { followPanelEvents } from './panel-events';
import { ParticipantsUnit } from './participants-unit';
import { initialState, startBlockOf } from './session';
import { VoiceStore } from './store';
import type { VoiceStoreListener } from './store';
import { TransferUnit } from './transfer-unit';
import type { AudioDeviceRole, TransferTarget, VoiceSessionState, VoiceState } from './types';
import type { UnitContext } from './unit-context';
import type { VoiceControllerOptions } from './voice-controller-options';

export type { VoiceControllerOptions } from './voice-controller-options';

/**
 * The voice module's controller. `start()` reads the voice configuration (planVoice gating,
 * 'Voice instance is not created'), cleans the `fg_voice_communication_` keys and connects the
 * softphone panel; from then on every panel update flows through the state units (agent status,
 * call, participants, monitoring, transfer, devices) into one store.
 *
 * @example
 * ```ts
 * const controller = new VoiceController({ api, connect: (config) => initCCP(el, { ccpUrl: config.ccpUrl }) });
 * controller.subscribe(() => console.log(controller.getState().call.status));
 * await controller.start();
 * await controller.setStatus('Available');
 * ```
 * @public
 */
export class VoiceController {
  private readonly store: VoiceStore;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly agentUnit: AgentUnit;
  private readonly callUnit: CallUnit;
  private readonly participantsUnit: ParticipantsUnit;
  private readonly monitoringUnit: MonitoringUnit;
  private readonly transferUnit: TransferUnit;
  private readonly devicesUnit: DevicesUnit;
  private attached: Ccp | null = null;
  private owned = false;
  private current: Contact | undefined;
  private lock: CrossTabLock | null = null;
  private generation = 0;
  private subscriptions: (() => void)[] = [];
  private readonly errorListeners = new Set<(what: string, error: unknown) => void>();

  constructor(private readonly options: VoiceControllerOptions) {
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    const panelId = String(Math.floor(this.random() * 10 ** CALL_PANEL_ID_MAX_DIGITS));
    this.store = new VoiceStore(initialState(panelId));
    const ctx: UnitContext = {
      store: this.store,
      api: options.api,
      ccp: () => this.attached,
      contact: () => this.current,
      crossTab: () => this.crossTab(),
      now: this.now,
      report: (what, error) => this.report(what, error),
    };
    this.transferUnit = new TransferUnit(ctx);
    this.callUnit = new CallUnit(ctx, {
      isMonitoring: (contact) => isMonitoringContact(contact),
      originalOf: (contact) => this.monitoringUnit.originalOf(contact),
      resetTransfer: () => this.transferUnit.reset(),
      notificationSound: (enabled) => options.onNotificationSoundChange?.(enabled),
    });
    this.monitoringUnit = new MonitoringUnit(ctx, {
      muteAgent: () => this.callUnit.muteAgent(),
      isOnCall: () => this.store.getState().call.status !== 'idle',
    });
    this.participantsUnit = new ParticipantsUnit(ctx);
    this.agentUnit = new AgentUnit(ctx);
    this.devicesUnit = new DevicesUnit(ctx, () => options.mediaDevices ?? navigatorMediaDevices());
  }

  // ── store ─────────────────────────────────────────────────────────────────────────────────────

  /** The current state (immutable; unchanged slices keep their identity). */
  readonly getState = (): VoiceState => this.store.getState();

  /** Calls `listener` after every change; returns the unsubscribe function. */
  readonly subscribe = (listener: VoiceStoreListener): (() => void) =>
    this.store.subscribe(listener);

  /** Calls `listener` when a background duty fails; returns the unsubscribe function. */
  onError(listener: (what: string, error: unknown) => void): () => void {
    this.errorListeners.add(listener);
    return () => {
      this.errorListeners.delete(listener);
    };
  }

  /** The attached panel, if any. */
  get ccp(): Ccp | null {
    return this.attached;
  }

  /** The product voice API the controller uses (the hooks read server data through it). */
  get api(): VoiceApi {
    return this.options.api;
  }

  /** The signed-in user's agent id in the product, if given. */
  get idAgent(): string | null {
    return this.options.idAgent ?? null;
  }

  // ── lifecycle ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Starts the voice module: reads the configuration; without planVoice, or for a member who is
   * no agent of the contact centre (`agentUsername` null), it stays `disabled`; an
   * instance whose status is not CREATED fails with 'Voice instance is not created'; otherwise the
   * `fg_voice_communication_` keys are cleaned and the panel is connected (`connect`, here or in
   * the options). Safe to call again after {@link VoiceController.dispose}.
   */
  async start(
    options: { readonly connect?: VoiceControllerOptions['connect'] } = {},
  ): Promise<void> {
    const connect = options.connect ?? this.options.connect;
    const generation = ++this.generation;
    this.setSession({ phase: 'loading', error: null });
    let config: VoiceConfig;
    try {
      config = await this.options.api.getConfig();
    } catch (error) {
      if (generation === this.generation)
        this.setSession({ phase: 'error', error: messageOf(error) });
      return;
    }
    if (generation !== this.generation) return;
    this.setSession({ config, voiceModuleEnabled: config.isVoiceModuleEnabled });
    const block = startBlockOf(config);
    if (block) {
      this.setSession(block);
      return;
    }
    cleanVoiceCommunicationKeys(storageOf(this.options));
    this.setSession({ phase: 'connecting' });
    if (!connect) return;
    let ccp: Ccp;
    try {
      ccp = await connect(config);
    } catch (error) {
      if (generation === this.generation)
        this.setSession({ phase: 'error', error: messageOf(error) });
      return;
    }
    if (generation !== this.generation) {
      ccp.terminate();
      return;
    }
    this.attach(ccp, true);
  }

  /**
   * Follows a panel created elsewhere (or by `connect`). With `owned`, {@link VoiceController.dispose}
   * terminates it.
   */
  attach(ccp: Ccp, owned = false): void {
    this.detach();
    this.attached = ccp;
    this.owned = owned;
    if (this.store.getState().session.phase === 'idle') this.setSession({ phase: 'connecting' });
    this.subscriptions = followPanelEvents(ccp, {
      refresh: () => this.refresh(),
      muteToggle: (muted) => this.callUnit.softphoneMute(muted),
      softphoneError: (data) =>
        this.setSession({ softphoneError: this.agentUnit.softphoneError(data) }),
      deviceChanged: (kind, deviceId) => this.devicesUnit.selected(kind, deviceId),
      accepted: (contact) => this.callUnit.acceptedElsewhere(contact.contactId),
      startState: (state) => this.startStateChanged(state),
    });
    this.startStateChanged(ccp.startState);
    this.refresh();
  }

  /**
   * The sign-in action of a start-up that needs one: opens the panel's login popup (call it from
   * a click). Does nothing without a panel.
   */
  signIn(): void {
    this.attached?.openLoginPopup();
  }

  /** Starts the panel again after a failed start-up (a new frame, fresh refresh attempts). */
  retryStart(): void {
    this.attached?.retry();
  }

  private startStateChanged(state: CcpStartState): void {
    const problem = state.status === 'starting' || state.status === 'ready' ? null : state;
    this.setSession({ startProblem: problem });
  }

  /** Stops following the panel (terminating it when owned), cancels pending work; `start` works again. */
  dispose(): void {
    this.generation++;
    this.detach();
    this.lock?.dispose();
    this.lock = null;
    this.devicesUnit.dispose();
    this.setSession({ phase: 'idle', ready: false, startProblem: null });
  }

  private detach(): void {
    for (const off of this.subscriptions) off();
    this.subscriptions = [];
    const ccp = this.attached;
    this.attached = null;
    this.current = undefined;
    if (ccp && this.owned) ccp.terminate();
    this.owned = false;
    this.store.batch(() => this.sync());
  }

  /** Re-reads the panel's agent and contacts into the state units (one store notification). */
  refresh(): void {
    this.store.batch(() => this.sync());
  }

  /** Recomputes the participants (their state durations); the hooks call it every second. */
  refreshParticipants(): void {
    this.participantsUnit.sync(this.current);
  }

  private sync(): void {
    const ccp = this.attached;
    const contacts = ccp && ccp.agent.isInitialized() ? ccp.contacts.list() : [];
    const contact = this.callUnit.pick(contacts);
    this.current = contact;
    this.monitoringUnit.sync(contact);
    this.callUnit.sync(contact);
    this.participantsUnit.sync(contact);
    const { call } = this.store.getState();
    this.agentUnit.sync(agentFactsOf(this.store.getState(), contact));
    this.devicesUnit.sync(call.status === 'connecting' || call.status === 'connected');
    this.updateReadiness();
  }

  private updateReadiness(): void {
    const session = this.store.getState().session;
    if (session.phase !== 'connecting' && session.phase !== 'ready') return;
    const ccp = this.attached;
    const ready =
      ccp !== null &&
      ccp.isInitialized &&
      ccp.agent.isInitialized() &&
      this.agentUnit.elapsedKnown();
    this.setSession({ phase: ready ? 'ready' : 'connecting' });
    if (ready && session.phase !== 'ready') {
      void this.transferUnit.checkAvailability();
    }
  }

  private setSession(patch: Partial<VoiceSessionState>): void {
    const phase = patch.phase;
    this.store.update('session', phase ? { ...patch, ready: phase === 'ready' } : patch);
  }

  private crossTab(): CrossTabLock {
    this.lock ??= crossTabLockOf(this.options, this.random, this.now);
    return this.lock;
  }

  private report(what: string, error: unknown): void {
    this.attached?.getLog().warn(`voice: ${what} failed`, error);
    this.options.onError?.(what, error);
    for (const listener of [...this.errorListeners]) listener(what, error);
  }

  // ── agent ─────────────────────────────────────────────────────────────────────────────────────

  /** Sets the agent status by name; resolves after at most 2 s. */
  setStatus(name: string): Promise<void> {
    return this.agentUnit.setStatus(name);
  }

  /** Ends an active call (connecting, connected or paused) and sets the agent Offline. */
  logout(): Promise<void> {
    return this.agentUnit.logout();
  }

  // ── call ──────────────────────────────────────────────────────────────────────────────────────

  /** Places an outbound call after checking the number and the agent state. */
  call(phoneNumber: string): Promise<void> {
    return this.callUnit.call(phoneNumber);
  }

  /** Accepts the ringing call. */
  accept(): Promise<void> {
    return this.callUnit.accept();
  }

  /** Declines the ringing call. */
  decline(): Promise<void> {
    return this.callUnit.decline();
  }

  /** Hangs up (the agent's own leg). */
  end(): Promise<void> {
    return this.callUnit.end();
  }

  /** Toggles hold; resolves false when blocked (a participant is still connecting). */
  toggleHold(): Promise<boolean> {
    return this.callUnit.toggleHold();
  }

  /** Toggles mute; resolves false when blocked (a participant is still connecting). */
  toggleMute(): Promise<boolean> {
    return this.callUnit.toggleMute();
  }

  /** A keypad key: 0-9, *, # (sent at once) and Backspace; false when blocked. */
  pressKey(key: string): boolean {
    return this.callUnit.pressKey(key);
  }

  /** Finish: ends after-call work, clears the call and resets the transferring flag. */
  finish(): Promise<void> {
    return this.callUnit.finish();
  }

  /** Expands or collapses the call menu. */
  setMenuExpanded(expanded: boolean): void {
    this.callUnit.setMenuExpanded(expanded);
  }

  /** Toggles the call menu. */
  toggleMenu(): void {
    this.callUnit.toggleMenu();
  }

  // ── participants ──────────────────────────────────────────────────────────────────────────────

  /** Puts a participant on hold ('No participant to hold' unless it exists and is active). */
  holdParticipant(participantId: string): Promise<void> {
    return this.participantsUnit.hold(participantId);
  }

  /** Resumes a participant. */
  resumeParticipant(participantId: string): Promise<void> {
    return this.participantsUnit.resume(participantId);
  }

  /** Mutes a participant. */
  muteParticipant(participantId: string): Promise<void> {
    return this.participantsUnit.mute(participantId);
  }

  /** Unmutes a participant. */
  unmuteParticipant(participantId: string): Promise<void> {
    return this.participantsUnit.unmute(participantId);
  }

  /** Removes a participant from the call. */
  removeParticipant(participantId: string): Promise<void> {
    return this.participantsUnit.remove(participantId);
  }

  // ── monitoring ────────────────────────────────────────────────────────────────────────────────

  /** Joins a live call as a monitor; blocked while on a call. */
  joinLiveCall(idCommunication: string): Promise<void> {
    return this.monitoringUnit.join(idCommunication);
  }

  /** Monitoring mode: Listener (silent monitor) or Participant (barge, also mutes). */
  setMonitoringMode(mode: 'listener' | 'participant'): Promise<void> {
    return mode === 'listener' ? this.monitoringUnit.listen() : this.monitoringUnit.participate();
  }

  /** Opens the 'Leave call?' confirmation. */
  requestLeaveMonitoring(): void {
    this.monitoringUnit.requestLeave();
  }

  /** Closes the 'Leave call?' confirmation without leaving. */
  cancelLeaveMonitoring(): void {
    this.monitoringUnit.cancelLeave();
  }

  /** Leaves the monitored call; the other participants go on. */
  confirmLeaveMonitoring(): Promise<void> {
    return this.monitoringUnit.confirmLeave();
  }

  // ── transfer ──────────────────────────────────────────────────────────────────────────────────

  /** Transfers the call to an agent or team ('Endpoint to transfer call not found' unless a quick connect). */
  transfer(target: TransferTarget): Promise<void> {
    return this.transferUnit.transfer(target);
  }

  /**
   * Adds an external number to the connected call, to transfer to it (the agent then leaves) or
   * to talk with both: the number as people write it, read as E.164 ('Phone number is not
   * valid.' otherwise).
   */
  transferToNumber(phoneNumber: string, name?: string): Promise<void> {
    return this.transferUnit.transferToNumber(phoneNumber, name);
  }

  /** Checks again whether connections are available for transferring a call. */
  checkTransferAvailability(): Promise<boolean> {
    return this.transferUnit.checkAvailability();
  }

  // ── devices ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Lists audio devices (2000 ms time-out); calls at the same time share one listing. From the
   * first listing on, a device plugged in or out (`devicechange`) lists them again.
   */
  refreshDevices(): Promise<void> {
    return this.devicesUnit.refresh();
  }

  /** Selects the speaker, microphone (only during a call) or ringer device. */
  selectDevice(role: AudioDeviceRole, deviceId: string): void {
    this.devicesUnit.select(role, deviceId);
  }

  /** Downloads the softphone logs. */
  downloadLogs(): void {
    this.devicesUnit.downloadLogs();
  }
}
