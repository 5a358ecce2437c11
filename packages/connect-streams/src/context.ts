import type { RequestChannel } from './client/upstream-client';
import type { WireEventName } from '@x/connect-streams/protocol';
import type { Logger } from './log/logger';
import type { ClientMetric } from './metrics/metrics';
import type { AgentUpdate, ConnectionData, ContactData } from './wire';

/**
 * What agent, contact and connection objects need from their {@link Ccp}: the request channel,
 * broadcasts, the current agent data and the log.
 * @public
 */
export interface CcpContext {
  /** The request channel to the panel (`api_request` / `api_response`). */
  readonly channel: RequestChannel;
  /** The log. */
  readonly log: Logger;
  /** Sends an envelope to the panel. */
  send(event: WireEventName, data?: unknown): void;
  /** Asks the panel to re-send `{event, data}` to every tab (`broadcast`). */
  broadcast(event: WireEventName, data: unknown): void;
  /** Publishes a client metric. */
  publishMetric(metric: ClientMetric): void;
  /** The current agent data; throws 'No agent data is available yet!' before the first update. */
  getData(): AgentUpdate;
  /** Whether agent data has arrived. */
  hasData(): boolean;
  /** The current data of a contact; throws 'Contact %s no longer exists.' when gone. */
  getContactData(contactId: string): ContactData;
  /** The current data of a connection; throws when gone. */
  getConnectionData(contactId: string, connectionId: string): ConnectionData;
  /** Clock (ms). */
  now(): number;
}
