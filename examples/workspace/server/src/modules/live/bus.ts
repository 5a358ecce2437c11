// The live-update channel: changes to conversations and calls, per workspace, for the app's
// event stream (GET /ws/{slug}/events). Within a process an emitter fans them out; on
// PostgreSQL, NOTIFY carries them to every server process (see ./notify.ts).
import { EventEmitter } from 'node:events';

/** One change the app should refetch for. */
export interface LiveEvent {
  readonly type:
    | 'conversation.updated'
    | 'message.created'
    | 'message.updated'
    | 'call.updated'
    | 'agent.updated'
    | 'notification.created';
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
  /** The one member (agent id) a `notification.created` is for: nobody else hears of it. */
  readonly recipientId?: string;
}

/** A bearer token was revoked (sign-out): streams opened with it end. */
export interface RevokedEvent {
  readonly type: 'session.revoked';
  readonly tokenHash: string;
}

/** The emitter key of token revocations (no workspace id takes this form). */
const REVOKED = ':session.revoked';
/** The emitter key every workspace's events are also given to (no workspace id takes this form). */
const EVERY = ':every';

/** Publishes live events and lets event streams subscribe per workspace. */
export class LiveBus {
  private readonly emitter = new EventEmitter();
  private relay: ((event: LiveEvent | RevokedEvent) => void) | undefined;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Sends events to other processes too (set when running on PostgreSQL). */
  setRelay(relay: ((event: LiveEvent | RevokedEvent) => void) | undefined): void {
    this.relay = relay;
  }

  /** Publishes an event (to this process's subscribers and, with a relay, to the others). */
  publish(event: LiveEvent): void {
    if (this.relay) this.relay(event);
    else this.deliver(event);
  }

  /** Delivers an event to this process's subscribers. */
  deliver(event: LiveEvent | RevokedEvent): void {
    if (event.type === 'session.revoked') this.emitter.emit(REVOKED, event.tokenHash);
    else {
      // Caches are dropped before any stream is told, so a refetch the event causes reads anew.
      this.emitter.emit(EVERY, event);
      this.emitter.emit(event.workspaceId, event);
    }
  }

  /** Tells every process that a token is revoked (its event streams end at once). */
  revoke(tokenHash: string): void {
    const event: RevokedEvent = { type: 'session.revoked', tokenHash };
    if (this.relay) this.relay(event);
    else this.deliver(event);
  }

  /** Calls `handler` when the token is revoked; returns the unsubscribe function. */
  onRevoked(tokenHash: string, handler: () => void): () => void {
    const listener = (hash: string) => {
      if (hash === tokenHash) handler();
    };
    this.emitter.on(REVOKED, listener);
    return () => this.emitter.off(REVOKED, listener);
  }

  /** Subscribes to a workspace's events; returns the unsubscribe function. */
  subscribe(workspaceId: string, handler: (event: LiveEvent) => void): () => void {
    this.emitter.on(workspaceId, handler);
    return () => this.emitter.off(workspaceId, handler);
  }

  /**
   * Subscribes to every workspace's events as this process delivers them (e.g. to drop caches
   * the change makes stale); returns the unsubscribe function.
   */
  subscribeAll(handler: (event: LiveEvent) => void): () => void {
    this.emitter.on(EVERY, handler);
    return () => this.emitter.off(EVERY, handler);
  }
}
