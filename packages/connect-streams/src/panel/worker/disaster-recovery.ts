import { ContactStateType, DisasterRecoveryEvents as DR } from '../../protocol';

type JsonRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

  constructor(private readonly broadcast: (event: string, data?: unknown) => void) {}

  /** Whether contacts are suppressed. */
  get suppressed(): boolean {
    return this.suppress;
  }

  /** Whether force-offline is flagged (to be asked again). */
  get forceOfflineFlagged(): boolean {
    return this.forceOffline;
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
    if (event === DR.FORCE_OFFLINE) {
      if (!this.forceOffline)
        this.broadcast(DR.FAILOVER, { isPrimary: false, nextActiveArn: d['nextActiveArn'] });
      this.forceOffline = d['offline'] === true;
      return true;
    }
    return false;
  }

  /** The snapshot to send: while suppressed, only connected and ended contacts are kept. */
  filter(snapshot: JsonRecord): JsonRecord {
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
}
