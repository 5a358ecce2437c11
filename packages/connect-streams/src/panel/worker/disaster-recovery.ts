import { DISASTER_RECOVERY_POLL } from '../../constants';
import { ContactStateType, DisasterRecoveryEvents as DR } from '../../protocol';
import { isRecord } from '../../util';

/**
 * The worker's disaster-recovery state (the original `ClientEngine`'s `suppress` and
 * `forceOffline` flags): `disasterRecovery::suppress {suppress, shouldSendFailoverDownstream}` sets
 * the suppressor (lifting it clears the force-offline flag; the failover signal goes to every
 * port unless `shouldSendFailoverDownstream` is false); `disasterRecovery::force_offline
 * {offline, nextActiveArn}` signals the failover to every port (unless it is a retry) and sets
 * the flag. While suppressed, agent updates keep only connected and ended contacts, and while
 * force-offline is flagged every agent update asks the ports to force the agent offline again.
 * @internal
 */
export class WorkerDisasterRecovery {
  private suppress = false;
  private forceOffline = false;
  private pendingFailover = false;
  private pollingUrl: string | undefined;
  private thisArn: string | undefined;
  private otherArn: string | undefined;

  constructor(
    private readonly broadcast: (event: string, data?: unknown) => void,
    private readonly polling: WorkerDisasterRecoveryPolling = {},
  ) {}

  /** Whether contacts are suppressed. */
  get suppressed(): boolean {
    return this.suppress;
  }

  /** Whether force-offline is flagged (to be asked again). */
  get forceOfflineFlagged(): boolean {
    return this.forceOffline;
  }

  /** Forgets every flag and the polling set-up (the engine was disposed). */
  reset(): void {
    this.suppress = false;
    this.forceOffline = false;
    this.pendingFailover = false;
    this.pollingUrl = undefined;
    this.thisArn = undefined;
    this.otherArn = undefined;
  }

  /** Handles a disaster-recovery message from a port; returns whether it was one. */
  handle(event: string, data: unknown): boolean {
    const d = isRecord(data) ? data : {};
    if (event === DR.SUPPRESS) {
      this.suppress = d['suppress'] === true;
      if (!this.suppress) this.forceOffline = false;
      if (d['shouldSendFailoverDownstream'] !== false)
        this.broadcast(DR.FAILOVER, { isPrimary: !this.suppress });
      return true;
    }
    if (event === DR.INIT_DR_POLLING) {
      void this.initPolling(d);
      return true;
    }
    if (event === DR.FORCE_OFFLINE) {
      if (!this.forceOffline) {
        this.pendingFailover = false;
        this.broadcast(DR.FAILOVER, { isPrimary: false, nextActiveArn: d['nextActiveArn'] });
      }
      this.forceOffline = d['offline'] === true;
      return true;
    }
    return false;
  }

  /** The snapshot to send: while suppressed, only connected and ended contacts are kept. */
  filter(snapshot: Record<string, unknown>): Record<string, unknown> {
    if (!this.suppress || !Array.isArray(snapshot['contacts'])) return snapshot;
    const contacts = (snapshot['contacts'] as unknown[]).filter((c) => {
      const type = isRecord(c) && isRecord(c['state']) ? c['state']['type'] : undefined;
      return type === ContactStateType.CONNECTED || type === ContactStateType.ENDED;
    });
    return { ...snapshot, contacts };
  }

  /** After an agent update: asks the ports to force the agent offline again while flagged. */
  afterUpdate(): void {
    if (this.suppress && this.forceOffline) this.broadcast(DR.FORCE_OFFLINE);
  }

  /**
   * `disasterRecovery::init_dr_polling {instanceArn, otherArn}`: the first panel starts the poll
   * (a discovery URL from `createTransport {transportType: 'agent_discovery'}`, polled now and then
   * every 60 s, each poll with a 10 s timeout); a later panel triggers one extra poll. Without a
   * discovery URL the worker suppresses contacts.
   */
  private async initPolling(d: Record<string, unknown>): Promise<void> {
    if (this.pollingUrl) {
      await this.poll(true, false);
      return;
    }
    this.thisArn = typeof d['instanceArn'] === 'string' ? d['instanceArn'] : undefined;
    this.otherArn = typeof d['otherArn'] === 'string' ? d['otherArn'] : undefined;
    try {
      this.pollingUrl = await this.discoveryUrl();
    } catch {
      // It cannot tell whether it must be suppressed, so it is.
      this.suppress = true;
      return;
    }
    await this.poll(true, true);
  }

  private async discoveryUrl(): Promise<string> {
    const url = await this.polling.discoveryUrl?.();
    if (typeof url !== 'string' || url === '') throw new Error('no discovery URL');
    return url;
  }

  private async fetchActiveRegion(): Promise<unknown> {
    const fetchFn = this.polling.fetch ?? globalThis.fetch;
    const attempt = async (): Promise<Response> => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), DISASTER_RECOVERY_POLL.timeoutMs);
      try {
        return await fetchFn(this.pollingUrl!, { signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    };
    let response = await attempt();
    if (response.status === 401 || response.status === 403) {
      // The presigned URL expired: get a new one and try again.
      this.pollingUrl = await this.discoveryUrl();
      response = await attempt();
    }
    if (!response.ok) throw new Error(`active region poll failed with ${response.status}`);
    return (await response.json()) as unknown;
  }

  /** One active-region poll (the original `pollForActiveRegion`). */
  private async poll(firstForPanel: boolean, firstForWorker: boolean): Promise<void> {
    try {
      const answer = await this.fetchActiveRegion();
      const a = isRecord(answer) ? answer : {};
      const terminate = a['TerminateActiveContacts'];
      const active = a['InstanceArn'];
      if (typeof terminate !== 'boolean' || typeof active !== 'string' || active === '') return;
      const soft = !terminate;
      if (active === this.thisArn && !this.suppress && firstForPanel) {
        this.broadcast(DR.FAILOVER, { nextActiveArn: active });
      } else if (active === this.otherArn) {
        if (soft && !firstForWorker && firstForPanel && (!this.suppress || this.pendingFailover))
          this.broadcast(DR.FAILOVER, { nextActiveArn: this.thisArn });
        if (!this.suppress) {
          this.suppress = true;
          const willSoftFailover = soft && !firstForWorker;
          this.pendingFailover = willSoftFailover;
          this.broadcast(DR.FORCE_OFFLINE, {
            softFailover: willSoftFailover,
            nextActiveArn: active,
          });
        }
      }
    } catch {
      // A failed poll changes nothing; the schedule goes on.
    } finally {
      if (firstForWorker || !firstForPanel)
        this.polling.schedule?.(
          DISASTER_RECOVERY_POLL.intervalMs,
          () => void this.poll(false, false),
        );
    }
  }
}

/**
 * What the worker's active-region polling needs: the discovery URL (`createTransport
 * agent_discovery`), fetch and a timer that stops with the engine.
 * @internal
 */
export interface WorkerDisasterRecoveryPolling {
  readonly discoveryUrl?: () => Promise<string | undefined>;
  readonly fetch?: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  readonly schedule?: (delayMs: number, run: () => void) => void;
}
