import { UpstreamClient } from '../client/upstream-client';
import type { Conduit } from '../conduit/conduit';
import type { MasterTopics } from '@x/connect-streams/protocol';

/** Master topics. @public */
export const MASTER_TOPICS = Object.freeze({
  loginPopup: 'connect::loginPopup',
  sendLogs: 'connect::sendLogs',
  softphone: 'connect::softphone',
  ringtone: 'connect::ringtone',
  metrics: 'connect::metrics',
  failover: 'connect::failover',
} as const satisfies Record<string, MasterTopics>);

/** Answer of checkMaster / becomeMaster. @public */
export interface MasterStatus {
  readonly masterId?: string;
  readonly isMaster?: boolean;
  readonly takeOver?: boolean;
  readonly topic?: string;
}

/**
 * The master-tab client (`master_request` / `master_response` through the panel): only the master
 * tab of a topic runs that topic's duties (ringtone, softphone, metrics, log pushing, login popup).
 * @public
 */
export class MasterClient {
  private readonly client: UpstreamClient;
  private readonly known = new Map<string, boolean>();

  constructor(conduit: Conduit) {
    this.client = new UpstreamClient(conduit, 'master_request', 'master_response');
  }

  /** Asks whether this tab is master of `topic` (becoming master when there is none, unless told not to). */
  async checkMaster(topic: string, shouldNotBecomeMasterIfNone = false): Promise<MasterStatus> {
    const status = await this.client.request<MasterStatus>('checkMaster', {
      topic,
      ...(shouldNotBecomeMasterIfNone ? { shouldNotBecomeMasterIfNone } : {}),
    });
    this.known.set(topic, status.isMaster === true);
    return status;
  }

  /** Makes this tab master of `topic`. */
  async becomeMaster(topic: string): Promise<MasterStatus> {
    const status = await this.client.request<MasterStatus>('becomeMaster', { topic });
    this.known.set(topic, true);
    return status;
  }

  /** Runs `ifMaster` when this tab is master of `topic`, else `otherwise`. */
  async ifMaster(topic: string, ifMaster: () => void, otherwise?: () => void): Promise<void> {
    const status = await this.checkMaster(topic);
    if (status.isMaster) ifMaster();
    else otherwise?.();
  }

  /** The last known master status of `topic` (false when never checked). */
  isKnownMaster(topic: string): boolean {
    return this.known.get(topic) === true;
  }

  dispose(): void {
    this.client.dispose();
    this.known.clear();
  }
}
