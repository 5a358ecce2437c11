// The live-update channel: changes to conversations and calls, per workspace, for the app's
// event stream (GET /ws/{slug}/events). Within a process an emitter fans them out; on
// PostgreSQL, NOTIFY carries them to every server process (see ./notify.ts).
import { EventEmitter } from 'node:events';

/** One change the app should refetch for. */
export interface LiveEvent {
  readonly type: 'conversation.updated' | 'message.created' | 'message.updated' | 'call.updated';
  readonly workspaceId: string;
  readonly id: string;
  /** The conversation it concerns, when there is one. */
  readonly conversationId?: string | null;
  /**
   * The conversation's assignee when the change was made, when the publisher knows it (else the
   * event stream looks it up when it delivers the event).
   */
  readonly assigneeId?: string | null;
  /** The conversation's assignee before this change, when the change assigned it to another. */
  readonly previousAssigneeId?: string | null;
}

/** Publishes live events and lets event streams subscribe per workspace. */
export class LiveBus {
  private readonly emitter = new EventEmitter();
  private relay: ((event: LiveEvent) => void) | undefined;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Sends events to other processes too (set when running on PostgreSQL). */
  setRelay(relay: ((event: LiveEvent) => void) | undefined): void {
    this.relay = relay;
  }

  /** Publishes an event (to this process's subscribers and, with a relay, to the others). */
  publish(event: LiveEvent): void {
    if (this.relay) this.relay(event);
    else this.deliver(event);
  }

  /** Delivers an event to this process's subscribers. */
  deliver(event: LiveEvent): void {
    this.emitter.emit(event.workspaceId, event);
  }

  /** Subscribes to a workspace's events; returns the unsubscribe function. */
  subscribe(workspaceId: string, handler: (event: LiveEvent) => void): () => void {
    this.emitter.on(workspaceId, handler);
    return () => this.emitter.off(workspaceId, handler);
  }
}
