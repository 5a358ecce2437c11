import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { CtiErrorType } from '@x/connect-streams/protocol';
import { CtiError } from '../cti/errors';
import type { CtiResult } from '../cti/service';
import type { ContactCentre, ContactRecord } from '../domain/contact-centre';
import { sendJson } from '../lib/http';

/**
 * The path prefix under which the secondary region is served: its panel at
 * `/secondary/ccp-v2/`, its CTI endpoint at `/secondary/api`, its status at `/secondary/region`.
 * @public
 */
export const SECONDARY_REGION_PREFIX = '/secondary';

/**
 * The path of a region's status (`GET`), relative to the region's prefix.
 * @public
 */
export const REGION_STATUS_PATH = '/region';

/**
 * The path of a region's agent-discovery answer (`GET`, relative to the region's prefix): the
 * active instance and whether its failover terminates active contacts, as the disaster-recovery
 * poll of the panel's worker reads it (`createTransport agent_discovery` gives its URL).
 * @public
 */
export const REGION_DISCOVERY_PATH = '/region/discovery';

/**
 * The longest a failover triggered without a prior announcement waits in the pending step for the
 * active region's panel to see it.
 * @public
 */
export const FAILOVER_PENDING_WINDOW_MS = 2000;

/**
 * How a failover treats the agents' contacts: `hard` destroys each agent connection
 * and then sets the agent offline at once; `soft` ends the other contacts but waits for voice and
 * callback contacts to end before switching.
 * @public
 */
export type FailoverMode = 'soft' | 'hard';

/**
 * The body of a failover request of the control API: `{ mode? }` (soft by default).
 * @public
 */
export const failoverRequestSchema = z.strictObject({
  mode: z.enum(['soft', 'hard']).optional(),
});

/**
 * Two regions (global resiliency): their names and which is active first.
 * @public
 */
export const regionsOptionsSchema = z.strictObject({
  /** The primary region, served at the usual paths (default the seed's instance region). */
  primary: z.string().min(1).optional(),
  /** The secondary region (served under {@link SECONDARY_REGION_PREFIX}). */
  secondary: z.string().min(1),
  /** The region active at start (default the primary). */
  active: z.string().min(1).optional(),
  /**
   * A failover triggered without a prior announcement first announces it (the pending step) and
   * switches once the active region's panel has read the pending status twice, or after this many
   * milliseconds when no panel reads it (default {@link FAILOVER_PENDING_WINDOW_MS}).
   */
  pendingWindowMs: z.number().int().nonnegative().optional(),
});

/**
 * The regions option of the emulator, as given (see {@link regionsOptionsSchema}).
 * @public
 */
export type RegionsOptions = z.input<typeof regionsOptionsSchema>;

/**
 * What a region's panel reads from its status endpoint.
 * @public
 */
export interface RegionStatus {
  /** The region this endpoint belongs to. */
  readonly instanceRegion: string;
  /** `active` or `inactive`. */
  readonly instanceState: 'active' | 'inactive';
  /** The active region. */
  readonly activeRegion: string;
  /** The region a pending failover goes to, or null. */
  readonly pendingRegion: string | null;
  /** How many failovers happened (each pending notice belongs to the next one). */
  readonly failovers: number;
  /** The mode of the failover under way (`null` when none is requested yet). */
  readonly failoverMode: FailoverMode | null;
}

/**
 * The two regions over one shared instance state: the active region, pending failovers and
 * failovers. The stand-by region suppresses contacts and forces the agent offline on every CTI
 * path: its GetAgentSnapshot shows the agent offline with no contacts, PutAgentState is answered
 * without changing the shared agent, and contact operations fail as for an unknown contact. A
 * failover always goes through the pending step (pending, then initiated, then complete); a hard
 * failover destroys each agent connection and then sets the agent offline, a soft failover waits
 * for voice and callback contacts to end.
 * @public
 */
export class RegionController {
  /** The primary region's name. */
  readonly primary: string;
  /** The secondary region's name. */
  readonly secondary: string;
  private active: string;
  private pending: string | null = null;
  private mode: FailoverMode | null = null;
  private failovers = 0;
  private lastMode: FailoverMode = 'hard';
  private pendingReads = 0;
  private readonly pendingWindowMs: number;
  private waiting: { timer?: ReturnType<typeof setTimeout>; off?: () => void } | undefined;
  private readonly switched = new Set<() => void>();

  constructor(
    options: RegionsOptions,
    private readonly centre: () => ContactCentre,
  ) {
    const parsed = regionsOptionsSchema.parse(options);
    this.primary = parsed.primary ?? centre().region;
    this.secondary = parsed.secondary;
    if (this.primary === this.secondary)
      throw new Error('The primary and secondary regions must differ.');
    this.active = parsed.active ?? this.primary;
    if (this.active !== this.primary && this.active !== this.secondary)
      throw new Error(`The active region must be ${this.primary} or ${this.secondary}.`);
    this.pendingWindowMs = parsed.pendingWindowMs ?? FAILOVER_PENDING_WINDOW_MS;
  }

  /** The active region. */
  get activeRegion(): string {
    return this.active;
  }

  /** The region that is not active. */
  get standbyRegion(): string {
    return this.active === this.primary ? this.secondary : this.primary;
  }

  /** Whether `region` is the stand-by region. */
  isStandby(region: string): boolean {
    return region !== this.active;
  }

  /** The status a region's panel reads. */
  status(region: string): RegionStatus {
    return {
      instanceRegion: region,
      instanceState: region === this.active ? 'active' : 'inactive',
      activeRegion: this.active,
      pendingRegion: this.pending,
      failovers: this.failovers,
      failoverMode: this.mode,
    };
  }

  /** Announces a failover to the stand-by region (the panels send failover-pending). */
  announceFailover(): void {
    if (this.pending === null) this.pendingReads = 0;
    this.pending = this.standbyRegion;
  }

  /**
   * Fails over to the stand-by region. Without a prior announcement it first announces it and
   * waits (see {@link RegionsOptions}); a hard failover then forces every agent offline (each
   * agent connection destroyed, then offline) and switches; a soft failover ends the other
   * contacts, waits for the voice and callback contacts to end, then does the same. Resolves once
   * the active region has switched.
   */
  failover(mode: FailoverMode = 'hard'): Promise<void> {
    const done = new Promise<void>((resolve) => this.switched.add(resolve));
    if (this.waiting) {
      // Already under way: a hard request hurries a soft one.
      if (mode === 'hard' && this.mode === 'soft') this.mode = 'hard';
      this.proceed();
      return done;
    }
    const announced = this.pending !== null;
    this.announceFailover();
    this.mode = mode;
    this.lastMode = mode;
    this.waiting = {};
    if (announced || this.pendingWindowMs === 0) this.proceed();
    else this.waiting.timer = setTimeout(() => this.proceed(true), this.pendingWindowMs);
    return done;
  }

  /** Stops waiting (the emulator closes). */
  dispose(): void {
    clearTimeout(this.waiting?.timer);
    this.waiting?.off?.();
    this.waiting = undefined;
  }

  private proceed(windowOver = false): void {
    const waiting = this.waiting;
    if (!waiting) return;
    if (!windowOver && waiting.timer !== undefined && this.pendingReads < 2) return;
    clearTimeout(waiting.timer);
    waiting.timer = undefined;
    const centre = this.centre();
    const keep =
      this.mode === 'soft'
        ? (c: ContactRecord) =>
            (c.type === 'voice' || c.type === 'queue_callback') && c.state !== 'ended'
        : undefined;
    let kept = 0;
    for (const agent of centre.agents.values())
      kept += centre.forceAgentOffline(agent, keep).length;
    if (kept > 0) {
      // Soft failover: wait for the voice and callback contacts to end.
      waiting.off ??= centre.onContactChange(() => queueMicrotask(() => this.proceed()));
      return;
    }
    waiting.off?.();
    this.waiting = undefined;
    this.active = this.standbyRegion;
    this.pending = null;
    this.mode = null;
    this.failovers++;
    for (const resolve of [...this.switched]) resolve();
    this.switched.clear();
  }

  /** Counts the active region's reads of a pending status (the pending step). */
  private read(region: string): RegionStatus {
    if (region === this.active && this.pending !== null) {
      this.pendingReads++;
      if (this.pendingReads >= 2) queueMicrotask(() => this.proceed());
    }
    return this.status(region);
  }

  /** The instance ARN a region's panel sees (the instance's, in that region). */
  instanceArn(region: string): string {
    return this.centre().arns.instance.replace(
      /^arn:([^:]+):connect:[^:]*:/,
      `arn:$1:connect:${region}:`,
    );
  }

  /** The agent-discovery answer: the active instance and whether its failover is hard. */
  discovery(): { InstanceArn: string; TerminateActiveContacts: boolean } {
    return {
      InstanceArn: this.instanceArn(this.active),
      TerminateActiveContacts: this.lastMode === 'hard',
    };
  }

  /**
   * CTI answers of the two regions that do not reach the shared instance:
   * `createTransport {transportType: 'agent_discovery'}` gives the region's discovery URL
   * (`base` is the emulator's URL), and the stand-by region's answers (see {@link RegionController.standbyCti}).
   */
  interceptCti(
    region: string,
    target: string | undefined,
    body: string,
    base: string,
  ): CtiResult | undefined {
    if (target?.endsWith('.CreateTransport')) {
      let transportType: unknown;
      try {
        transportType = (JSON.parse(body) as { transportType?: unknown }).transportType;
      } catch {
        transportType = undefined;
      }
      if (transportType === 'agent_discovery') {
        const prefix = region === this.primary ? '' : SECONDARY_REGION_PREFIX;
        return {
          status: 200,
          body: {
            agentDiscoveryTransport: {
              presignedUrl: `${base}${prefix}${REGION_DISCOVERY_PATH}`,
            },
          },
        };
      }
    }
    return this.standbyCti(region, target);
  }

  /**
   * What the stand-by region's CTI endpoint answers without reaching the shared instance:
   * PutAgentState is accepted without effect (the agent is forced offline there) and contact
   * operations fail as for an unknown contact (contacts are suppressed). Undefined otherwise.
   */
  standbyCti(region: string, target: string | undefined): CtiResult | undefined {
    if (!this.isStandby(region)) return undefined;
    const operation = target?.slice(target.lastIndexOf('.') + 1) ?? '';
    if (operation === 'PutAgentState') return { status: 200, body: {} };
    if (!SUPPRESSED_OPERATIONS.has(operation)) return undefined;
    const error = new CtiError(
      CtiErrorType.RESOURCE_NOT_FOUND_EXCEPTION,
      `Contacts are suppressed in the stand-by region ${region}.`,
    );
    return { status: error.status, body: error.toBody(), errorType: error.type };
  }

  /**
   * What a stand-by region's CTI endpoint answers instead: GetAgentSnapshot shows the agent
   * offline with no contacts. Other answers pass unchanged.
   */
  filterCtiAnswer(region: string, target: string | undefined, body: unknown): unknown {
    if (region === this.active || !target?.endsWith('.GetAgentSnapshot')) return body;
    const answer = body as { snapshot?: { state?: unknown; contacts?: unknown } } | null;
    if (!answer?.snapshot) return body;
    const state = answer.snapshot.state as { startTimestamp?: unknown } | undefined;
    return {
      ...answer,
      snapshot: {
        ...answer.snapshot,
        state: {
          agentStateARN: null,
          type: 'offline',
          name: 'Offline',
          ...(state?.startTimestamp === undefined ? {} : { startTimestamp: state.startTimestamp }),
        },
        contacts: [],
      },
    };
  }

  /**
   * The region routes: `GET /region` and `GET /secondary/region` (a region's status) and the
   * discovery document. Returns whether it answered. (The control API's region routes are
   * `registerServiceRoutes`'.)
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    region: string,
  ): Promise<boolean> {
    const method = req.method ?? 'GET';
    if (path === REGION_DISCOVERY_PATH && method === 'GET') {
      sendJson(res, 200, this.discovery());
      return Promise.resolve(true);
    }
    if (path === REGION_STATUS_PATH && method === 'GET') {
      sendJson(res, 200, this.read(region));
      return Promise.resolve(true);
    }
    return Promise.resolve(false);
  }
}

/** CTI operations on contacts, refused by the stand-by region (its contacts are suppressed). */
const SUPPRESSED_OPERATIONS: ReadonlySet<string> = new Set([
  'AcceptContact',
  'RejectContact',
  'ClearContact',
  'CompleteContact',
  'DestroyConnection',
  'HoldConnection',
  'ResumeConnection',
  'SendDigits',
  'CreateAdditionalConnection',
  'ToggleActiveConnections',
  'ConferenceConnections',
  'MuteParticipant',
  'UnmuteParticipant',
  'PauseContact',
  'ResumeContact',
  'UpdateMonitorParticipantState',
  'CreateOutboundContact',
  'CreateTaskContact',
]);
