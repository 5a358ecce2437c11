// Agent presence: an agent whose last tab of the app is gone is set Offline in the contact centre,
// so that the next call goes to the queue instead of ringing into nothing. The server knows which
// tabs of a member are open from their event streams (`GET /ws/{slug}/events`, each tab sends its
// id in the `x-workspace-tab` header). Three ways lead to Offline:
// - the tab's `pagehide` beacon (`POST /api/presence/leave`): when, PRESENCE_LEAVE_CHECK_MS later,
//   no page of the member has a stream open (a reload's new page has opened its own by then);
// - the member's last stream ending without a new one within PRESENCE_GRACE_MS (a crash, a lost
//   network, a tab killed before its beacon left): after the grace period;
// - sign-out (of every workspace whose streams this process knows for the user): at once.
// An agent on a contact (ringing, on a call, in after call work) is left alone. The open streams
// are counted per server process: with several processes behind a load balancer, a member's tabs
// on two processes are not seen together (see the README's scale-out note).
import type { Logger } from 'pino';
import type { ContactCentre, InstanceRef } from '../../integrations/contact-centre';
import type { Services, WorkspaceAccess } from '../../lib/context';
import type { LiveBus } from './bus';

/**
 * How long the server waits, after a member's last event stream ends, for a new one before it sets
 * the agent Offline: a reload, or the stream's own reconnection (1 s, then 2 s, 4 s, …), comes back
 * well within it; a closed or crashed tab does not.
 */
export const PRESENCE_GRACE_MS = 15_000;

/**
 * How long after a tab's `pagehide` beacon the server looks whether any page of the member still
 * has a stream open: the leaving page's own streams have ended by then, and a reloaded page has
 * opened its new ones (pagehide cannot tell a reload from a close).
 */
export const PRESENCE_LEAVE_CHECK_MS = 3_000;

/**
 * A status change the contact centre tells of up to this long before the server saw the last
 * stream end still counts as made after it: the event and the stream's end race (the agent event
 * can arrive first). A status the agent picked in the tab this close to closing it is kept too.
 */
export const PRESENCE_STATUS_RACE_MS = 1_000;

/** A tab id as the app sends it (`x-workspace-tab`): a UUID, or any short token. */
export const TAB_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** What presence decided for an agent (for logs and tests). */
export type PresenceOutcome =
  'set-offline' | 'on-contact' | 'offline' | 'still-open' | 'status-changed' | 'failed';

interface Member {
  readonly workspaceId: string;
  /** The member's agent (the id `agent.updated` names). */
  readonly agentId: string;
  readonly ref: InstanceRef;
  readonly connectUserId: string;
  /** Open streams by tab id. */
  readonly tabs: Map<string, number>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** When the contact centre last told of a status change of the agent (epoch ms). */
  statusChangedAt: number;
}

/** The open event streams of each member who is an agent, and what happens when the last closes. */
export class Presence {
  private readonly members = new Map<string, Member>();
  private readonly outcomes = new Set<(key: string, outcome: PresenceOutcome) => void>();
  private closed = false;

  constructor(
    private readonly contactCentre: ContactCentre,
    private readonly log: Logger,
    /** Where the change is announced (`agent.updated`), so that agent lists refetch at once. */
    private readonly bus: LiveBus | undefined,
    private readonly graceMs: number = PRESENCE_GRACE_MS,
    private readonly leaveCheckMs: number = Math.min(PRESENCE_LEAVE_CHECK_MS, graceMs),
  ) {}

  /** The key of a member's agent, or undefined for a member who takes no calls here. */
  private static memberOf(access: WorkspaceAccess) {
    const w = access.workspace;
    const userId = access.agent?.connect_user_id;
    if (
      !userId ||
      !access.agent ||
      w.connect_instance_status !== 'CREATED' ||
      !w.connect_instance_id
    )
      return undefined;
    return {
      key: `${w.id}/${access.membership.user_id}`,
      workspaceId: w.id,
      agentId: access.agent.id,
      ref: { instanceId: w.connect_instance_id, region: w.connect_region },
      connectUserId: userId,
    };
  }

  private member(access: WorkspaceAccess): [string, Member] | undefined {
    const found = Presence.memberOf(access);
    if (!found) return undefined;
    let member = this.members.get(found.key);
    if (!member) {
      member = {
        workspaceId: found.workspaceId,
        agentId: found.agentId,
        ref: found.ref,
        connectUserId: found.connectUserId,
        tabs: new Map(),
        timer: undefined,
        statusChangedAt: 0,
      };
      this.members.set(found.key, member);
    }
    return [found.key, member];
  }

  /** Tabs of the member with a stream open (but `except`). */
  private static openTabs(member: Member, except?: string): number {
    let n = 0;
    for (const tab of member.tabs.keys()) if (tab !== except) n++;
    return n;
  }

  /** Calls `handler` with each decision (for tests); returns the unsubscribe function. */
  onOutcome(handler: (key: string, outcome: PresenceOutcome) => void): () => void {
    this.outcomes.add(handler);
    return () => this.outcomes.delete(handler);
  }

  /**
   * An event stream of the member opened (from the tab `tab`, else a tab of its own); answers the
   * function to call when it ends.
   */
  streamOpened(access: WorkspaceAccess, tab: string): () => void {
    const found = this.member(access);
    if (!found) return () => undefined;
    const [key, member] = found;
    member.tabs.set(tab, (member.tabs.get(tab) ?? 0) + 1);
    if (member.timer) clearTimeout(member.timer);
    member.timer = undefined;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (member.tabs.get(tab) ?? 1) - 1;
      if (left > 0) member.tabs.set(tab, left);
      else member.tabs.delete(tab);
      if (Presence.openTabs(member) > 0 || member.timer || this.closed) return;
      const since = Date.now();
      member.timer = setTimeout(() => {
        member.timer = undefined;
        if (Presence.openTabs(member) === 0) void this.decide(key, member, since);
      }, this.graceMs);
      member.timer.unref?.();
    };
  }

  /**
   * The tab `tab` of the member is going away (its `pagehide` beacon). With another tab open
   * nothing changes; otherwise, {@link PRESENCE_LEAVE_CHECK_MS} later, the agent is set Offline
   * if no page of the member has a stream open (a reload has opened a new one by then).
   */
  async tabLeaving(access: WorkspaceAccess, tab: string): Promise<PresenceOutcome> {
    const found = this.member(access);
    if (!found) return 'offline';
    const [key, member] = found;
    if (Presence.openTabs(member, tab) > 0) return this.report(key, 'still-open');
    const since = Date.now();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.leaveCheckMs);
      timer.unref?.();
    });
    if (Presence.openTabs(member) > 0) return this.report(key, 'still-open');
    return this.decide(key, member, since);
  }

  /**
   * The contact centre told of a status change of a workspace agent (its agent event stream): a
   * status set after the member's last tab went (from another app, a supervisor, the contact
   * centre's own panel) is theirs to keep, so a pending Offline is dropped. `at` is when the
   * change happened (the event's own time), not when its record arrived: a record of a change made
   * while the tab was still open, delivered late, keeps nothing.
   */
  statusChanged(workspaceId: string, agentId: string, at = Date.now()): void {
    for (const member of this.members.values())
      if (member.workspaceId === workspaceId && member.agentId === agentId)
        member.statusChangedAt = Math.max(member.statusChangedAt, at);
  }

  /** Sets the agent Offline unless their status changed since `since` (see statusChanged). */
  private decide(key: string, member: Member, since: number): Promise<PresenceOutcome> {
    if (member.statusChangedAt > since - PRESENCE_STATUS_RACE_MS) {
      // Decided: a grace timer still pending (the beacon decided first) has nothing left to do.
      if (member.timer) clearTimeout(member.timer);
      member.timer = undefined;
      if (member.tabs.size === 0) this.members.delete(key);
      return Promise.resolve(this.report(key, 'status-changed'));
    }
    return this.setOffline(key, member);
  }

  /** The user signed out: each of their agents this process knows of is set Offline at once. */
  async signedOut(userId: string): Promise<PresenceOutcome[]> {
    const mine = [...this.members].filter(([key]) => key.endsWith(`/${userId}`));
    return Promise.all(mine.map(([key, member]) => this.setOffline(key, member, false)));
  }

  private report(key: string, outcome: PresenceOutcome): PresenceOutcome {
    for (const handler of this.outcomes) handler(key, outcome);
    return outcome;
  }

  /**
   * Sets the member's agent Offline unless they are busy; when `unlessBack`, not if a page of
   * theirs opened a stream while their live data was read (sign-out sets Offline regardless).
   */
  private async setOffline(
    key: string,
    member: Member,
    unlessBack = true,
  ): Promise<PresenceOutcome> {
    if (member.timer) clearTimeout(member.timer);
    member.timer = undefined;
    if (this.closed) return 'failed';
    try {
      const outcome = await this.contactCentre.setOfflineUnlessBusy(
        member.ref,
        member.connectUserId,
        () => !unlessBack || Presence.openTabs(member) === 0,
      );
      if (outcome === 'set-offline') {
        this.log.info({ member: key }, 'presence: the last tab is gone, agent set Offline');
        this.bus?.publish({
          type: 'agent.updated',
          workspaceId: member.workspaceId,
          id: member.agentId,
        });
      }
      return this.report(key, outcome);
    } catch (error) {
      this.log.warn({ member: key, err: error }, 'presence: could not set the agent Offline');
      return this.report(key, 'failed');
    } finally {
      if (member.tabs.size === 0 && !member.timer) this.members.delete(key);
    }
  }

  /** Stops every grace timer (the server is closing). */
  close(): void {
    this.closed = true;
    for (const member of this.members.values()) if (member.timer) clearTimeout(member.timer);
    this.members.clear();
  }
}

const presences = new WeakMap<Services, Presence>();

/** The presence of a server's services (one per process). */
export function presenceOf(services: Services): Presence {
  let presence = presences.get(services);
  if (!presence) {
    presence = new Presence(
      services.contactCentre,
      services.log,
      services.bus,
      services.config.presenceGraceMs ?? PRESENCE_GRACE_MS,
    );
    presences.set(services, presence);
  }
  return presence;
}
