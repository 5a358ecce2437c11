import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { ContactCentre } from '../domain/contact-centre';
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
 * Two regions (global resiliency, issue 7 §8): their names and which is active first.
 * @public
 */
export const regionsOptionsSchema = z.strictObject({
  /** The primary region, served at the usual paths (default the seed's instance region). */
  primary: z.string().min(1).optional(),
  /** The secondary region (served under {@link SECONDARY_REGION_PREFIX}). */
  secondary: z.string().min(1),
  /** The region active at start (default the primary). */
  active: z.string().min(1).optional(),
});

/** @public */
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
}

/**
 * The two regions over one shared instance state: the active region, pending failovers and
 * failovers. The stand-by region's CTI endpoint suppresses contacts and shows the agent offline;
 * a failover forces every agent offline (the agent chooses a state again in the new region).
 * @public
 */
export class RegionController {
  /** The primary region's name. */
  readonly primary: string;
  /** The secondary region's name. */
  readonly secondary: string;
  private active: string;
  private pending: string | null = null;
  private failovers = 0;

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
  }

  /** The active region. */
  get activeRegion(): string {
    return this.active;
  }

  /** The region that is not active. */
  get standbyRegion(): string {
    return this.active === this.primary ? this.secondary : this.primary;
  }

  /** The status a region's panel reads. */
  status(region: string): RegionStatus {
    return {
      instanceRegion: region,
      instanceState: region === this.active ? 'active' : 'inactive',
      activeRegion: this.active,
      pendingRegion: this.pending,
      failovers: this.failovers,
    };
  }

  /** Announces a failover to the stand-by region (the panels send failover-pending). */
  announceFailover(): void {
    this.pending = this.standbyRegion;
  }

  /**
   * Fails over to the stand-by region: it becomes active and every agent is forced offline.
   */
  failover(): void {
    this.active = this.standbyRegion;
    this.pending = null;
    this.failovers++;
    const centre = this.centre();
    for (const agent of centre.agents.values()) {
      try {
        centre.putAgentState(agent, { name: 'Offline' });
      } catch {
        // An agent the domain cannot set offline now keeps its state (the stand-by hides it).
      }
    }
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
   * The region routes: `GET /region` and `GET /secondary/region` (a region's status), and the
   * control API `GET /control/regions`, `POST /control/regions/failover-pending`,
   * `POST /control/regions/failover`. Returns whether it answered.
   */
  handle(req: IncomingMessage, res: ServerResponse, path: string, region: string): boolean {
    const method = req.method ?? 'GET';
    if (path === REGION_STATUS_PATH && method === 'GET') {
      sendJson(res, 200, this.status(region));
      return true;
    }
    if (path === '/control/regions' && method === 'GET') {
      sendJson(res, 200, {
        primary: this.primary,
        secondary: this.secondary,
        ...this.status(this.active),
      });
      return true;
    }
    if (path === '/control/regions/failover-pending' && method === 'POST') {
      this.announceFailover();
      sendJson(res, 200, this.status(this.active));
      return true;
    }
    if (path === '/control/regions/failover' && method === 'POST') {
      this.failover();
      sendJson(res, 200, this.status(this.active));
      return true;
    }
    return false;
  }
}
