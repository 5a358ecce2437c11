/** The ids of new contacts and connections: stable for a seed, a counter and the time. */
import type { ConnectionStateType, ConnectionType, Endpoint } from '@x/connect-streams/protocol';
import type { Clock } from './clock';
import { stableId } from './ids';
import type { ConnectionRecord } from './records';

/** Numbers the contacts and connections of one instance. */
export class ContactIds {
  private contactCounter = 0;
  private connectionCounter = 0;

  constructor(
    private readonly instanceId: string,
    private readonly clock: Clock,
  ) {}

  /** A new contact id (stable for a seed, counter and time). */
  newContactId(): string {
    return stableId(
      this.instanceId,
      'contact',
      String(++this.contactCounter),
      String(this.clock.now()),
    );
  }

  /** A new connection (leg) record of a contact. */
  newConnection(
    contactId: string,
    type: ConnectionType,
    initial: boolean,
    state: ConnectionStateType,
    endpoint: Endpoint,
    agentId?: string,
  ): ConnectionRecord {
    const seq = ++this.connectionCounter;
    const id = stableId(contactId, 'connection', String(seq));
    return {
      id,
      seq,
      type,
      initial,
      state,
      since: this.clock.now(),
      endpoint,
      ...(agentId ? { agentId } : {}),
      mute: false,
    };
  }
}
