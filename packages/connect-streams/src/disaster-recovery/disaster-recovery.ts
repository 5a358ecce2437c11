import { EventEmitter } from 'eventemitter3';
import * as z from 'zod/mini';
import { DR_EVENTS as DR } from './events';

/**
 * The parameters of `disasterRecovery::init_disaster_recovery` (the host's init parameters of a
 * disaster-recovery panel): the panel's region, whether it is the primary, and for active-region
 * polling the two instance ARNs.
 * @public
 */
export const disasterRecoveryParamsSchema = z.looseObject({
  region: z.optional(z.string()),
  isPrimary: z.optional(z.boolean()),
  pollForFailover: z.optional(z.boolean()),
  instanceArn: z.optional(z.string()),
  otherArn: z.optional(z.string()),
  authToken: z.optional(z.string()),
});

/** Disaster-recovery parameters (`isPrimary`, `pollForFailover`, the two instance ARNs). @public */
export type DisasterRecoveryParams = z.infer<typeof disasterRecoveryParamsSchema>;

/**
 * A contact as the disaster-recovery duties see it.
 * @public
 */
export interface DisasterRecoveryContact {
  /** The contact id. */
  readonly contactId: string;
  /** The contact type (`voice`, `queue_callback`, `chat`, `task`, ...). */
  readonly type: string;
  /** Hangs up the agent's connection of the contact. */
  destroyAgentConnection(): Promise<unknown>;
}

/**
 * What the disaster-recovery duties need from a panel: the agent's contacts, setting the agent
 * offline, the messages to and from the panel's worker, and the master-tab check.
 * @public
 */
export interface DisasterRecoveryAgentApi {
  /** Resolves once the agent data is known (`connect.agent(cb)`). */
  whenAgent(): Promise<void>;
  /** The agent's current contacts. */
  contacts(): readonly DisasterRecoveryContact[];
  /** Sets the agent to its offline state. */
  setOffline(): Promise<unknown>;
  /** Calls `handler` when a contact has vanished (destroyed). Returns the unsubscribe function. */
  onContactDestroyed(handler: (contactId: string) => void): () => void;
  /** Sends an event up to the worker (`sendUpstream`). */
  sendUpstream(event: string, data?: unknown): void;
  /** Listens to an event from the worker (`onUpstream`). Returns the unsubscribe function. */
  onUpstream(event: string, handler: (data: unknown) => void): () => void;
  /** Reports an event to the embedding side (`sendDownstream`; a host emits it locally). */
  sendDownstream(event: string, data?: unknown): void;
  /** Whether this tab is the master of the failover topic (`connect::failover`). */
  isFailoverMaster(): Promise<boolean>;
}

/**
 * Options of a force-offline run.
 * @public
 */
export interface ForceOfflineOptions {
  /** Soft failover: voice and callback contacts are waited for instead of hung up. */
  readonly softFailover?: boolean;
  /** The instance that becomes active. */
  readonly nextActiveArn?: string;
}

/**
 * Events of {@link DisasterRecoveryDuties}; every `on` returns an unsubscribe function.
 * @public
 */
export interface DisasterRecoveryDutiesEvents {
  /** A soft failover waits for a voice or callback contact to be destroyed. */
  failoverPending: [
    data: { readonly nextActiveArn: string | undefined; readonly contactId: string },
  ];
  /** Every agent connection was destroyed and the agent was set offline. */
  offline: [data: { readonly nextActiveArn: string | undefined }];
  /** Destroying an agent connection failed; force-offline is flagged again in the worker. */
  forceOfflineFailed: [
    data: { readonly nextActiveArn: string | undefined; readonly error: unknown },
  ];
}

const isVoiceLike = (type: string): boolean => type === 'voice' || type === 'queue_callback';

const record = (data: unknown): Record<string, unknown> =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};

/**
 * The disaster-recovery duties of a panel: the primary suppresses nothing; a stand-by suppresses
 * contacts and is forced offline. Force-offline: soft failover waits for voice or callback
 * contacts to be destroyed; otherwise (and for the other contacts) each agent connection is
 * destroyed, then the agent is set offline; if destroying fails, force-offline is flagged again
 * in the worker, which asks again on its next agent update. Failover is a master-tab duty: the
 * force-offline requests from the worker (`disasterRecovery::force_offline`) and from the
 * embedding page (`disasterRecovery::set_offline`) run only in the master of `connect::failover`.
 * @public
 */
export class DisasterRecoveryDuties {
  private readonly events = new EventEmitter<DisasterRecoveryDutiesEvents>();
  private readonly unsubscribes: (() => void)[] = [];
  private waitingFor = new Set<string>();
  private offWait: (() => void) | undefined;
  private disposed = false;

  /** Duties acting through the agent `api`. */
  constructor(private readonly api: DisasterRecoveryAgentApi) {}

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof DisasterRecoveryDutiesEvents>(
    event: K,
    handler: (...args: DisasterRecoveryDutiesEvents[K]) => void,
  ): () => void {
    this.events.on(event, handler);
    return () => void this.events.off(event, handler);
  }

  /**
   * Starts the duties for a panel: listens to the force-offline requests (master tab only), then
   * a stand-by (not primary) suppresses contacts and forces the agent offline, a primary
   * suppresses nothing; with `pollForFailover` the worker polls for the active region instead.
   */
  init(input: DisasterRecoveryParams): void {
    const params = disasterRecoveryParamsSchema.parse(input);
    const whenMaster = (run: () => void): void =>
      void this.api.isFailoverMaster().then(
        (master) => {
          if (master && !this.disposed) run();
        },
        () => undefined,
      );
    this.unsubscribes.push(
      this.api.onUpstream(DR.SET_OFFLINE, (data) =>
        whenMaster(
          () => void this.forceOffline({ softFailover: record(data)['softFailover'] === true }),
        ),
      ),
      this.api.onUpstream(DR.FORCE_OFFLINE, (data) => {
        const d = record(data);
        whenMaster(
          () =>
            void this.forceOffline({
              softFailover: d['softFailover'] === true,
              nextActiveArn:
                typeof d['nextActiveArn'] === 'string' ? d['nextActiveArn'] : undefined,
            }),
        );
      }),
    );
    if (params.pollForFailover) {
      this.api.sendUpstream(DR.INIT_DR_POLLING, {
        instanceArn: params.instanceArn,
        otherArn: params.otherArn,
        authToken: params.authToken,
      });
    } else if (!params.isPrimary) {
      this.suppressContacts(true);
      void this.forceOffline();
    } else {
      this.suppressContacts(false);
    }
  }

  /** Tells the worker to suppress (or stop suppressing) contacts (`disasterRecovery::suppress`). */
  suppressContacts(suppress: boolean): void {
    this.api.sendUpstream(DR.SUPPRESS, { suppress, shouldSendFailoverDownstream: false });
  }

  /**
   * Forces the agent offline (see the class). Resolves when this run is over: the agent is
   * offline, a soft failover waits for a voice contact, or destroying failed.
   */
  async forceOffline(options: ForceOfflineOptions = {}): Promise<void> {
    const { softFailover = false, nextActiveArn } = options;
    await this.api.whenAgent();
    if (this.disposed) return;
    const contacts = this.api.contacts();
    const waiting: DisasterRecoveryContact[] = [];
    for (const contact of contacts) {
      if (softFailover && isVoiceLike(contact.type)) {
        waiting.push(contact);
        continue;
      }
      try {
        await contact.destroyAgentConnection();
      } catch (error) {
        // Ask the worker to run force-offline again once the region answers again.
        this.setForceOfflineUpstream(true, nextActiveArn);
        this.events.emit('forceOfflineFailed', { nextActiveArn, error });
        return;
      }
    }
    if (waiting.length > 0) {
      this.waitForDestroyed(waiting, nextActiveArn);
      return;
    }
    this.setForceOfflineUpstream(false, nextActiveArn);
    try {
      await this.api.setOffline();
    } catch {
      // Contacts are suppressed already: an agent that cannot be set offline gets none.
    }
    this.events.emit('offline', { nextActiveArn });
  }

  /** Stops listening; a waiting soft failover is dropped. */
  dispose(): void {
    this.disposed = true;
    for (const off of this.unsubscribes.splice(0)) off();
    this.offWait?.();
    this.offWait = undefined;
    this.waitingFor.clear();
    this.events.removeAllListeners();
  }

  private setForceOfflineUpstream(offline: boolean, nextActiveArn: string | undefined): void {
    this.api.sendUpstream(DR.FORCE_OFFLINE, { offline, nextActiveArn });
  }

  private waitForDestroyed(contacts: DisasterRecoveryContact[], nextActiveArn: string | undefined) {
    for (const contact of contacts) {
      if (this.waitingFor.has(contact.contactId)) continue;
      this.waitingFor.add(contact.contactId);
      this.api.sendDownstream(DR.FAILOVER_PENDING, { nextActiveArn });
      this.events.emit('failoverPending', { nextActiveArn, contactId: contact.contactId });
    }
    this.offWait ??= this.api.onContactDestroyed((contactId) => {
      if (!this.waitingFor.delete(contactId)) return;
      if (this.waitingFor.size > 0) return;
      this.offWait?.();
      this.offWait = undefined;
      void this.forceOffline({ softFailover: true, nextActiveArn });
    });
  }
}
