import { EventEmitter } from 'eventemitter3';
import * as z from 'zod/mini';
import { Keepalive } from '../ccp/keepalive';
import type { Conduit } from '../conduit/conduit';
import { HOST_TIMEOUTS } from '../constants';
import type { ConduitMessage, WireEventName } from '@x/connect-streams/protocol';
import { GlobalResiliencyEvents as GR_EVENT_NAMES } from '../protocol/names';

/**
 * Global-resiliency events on the wire: the protocol's
 * zod-free `GlobalResiliencyEvents` names.
 * @public
 */
export const GR_EVENTS = GR_EVENT_NAMES;

/** Events relayed from one region's panel to the other's. */
const RELAYED: readonly WireEventName[] = [
  GR_EVENTS.FAILOVER_PENDING,
  GR_EVENTS.FAILOVER_INITIATED,
  GR_EVENTS.FAILOVER_COMPLETE,
  GR_EVENTS.HEARTBEAT_SYN,
  GR_EVENTS.HEARTBEAT_ACK,
];

/** Host messages replayed to a region that acknowledges after they were sent. */
const REPLAYED: readonly WireEventName[] = ['configure', 'outer_context_info'];

const FETCH_AGENT_DATA: WireEventName = 'agent::fetch_agent_data_from_ccp';

/**
 * The global-resiliency init notice; it must carry instanceRegion, instanceState and activeRegion.
 * @public
 */
export const grInitSchema = z.object({
  instanceRegion: z.string().check(z.minLength(1)),
  instanceState: z.string().check(z.minLength(1)),
  activeRegion: z.string().check(z.minLength(1)),
});
/** The global-resiliency init message: the instance's region and state, and the active region. @public */
export type GlobalResiliencyInit = z.infer<typeof grInitSchema>;

/**
 * The failover-initiated notice; it must carry activeRegion.
 * @public
 */
export const grFailoverInitiatedSchema = z.object({
  activeRegion: z.string().check(z.minLength(1)),
});

/**
 * Events of the global-resiliency controller; every `on` returns an unsubscribe function.
 * @public
 */
export interface GlobalResiliencyEvents {
  /** The first valid init notice: the initial active region is chosen. */
  init: [init: GlobalResiliencyInit];
  /** A failover is pending (fired once until the failover happens). */
  failoverPending: [data: { nextActiveRegion: string | undefined }];
  /** The active region switched (a failover; the initial choice at init is not a switch). */
  regionSwitched: [data: { activeRegion: string; previousRegion: string | undefined }];
  /** The first agent update from the new active region after a switch. */
  failoverComplete: [data: { activeRegion: string }];
  /** Something the controller had to ignore (invalid notice, timeout of the inactive region). */
  warning: [message: string];
  /**
   * The inactive region's panel missed an acknowledge of its keepalive; the timeout is suppressed
   * (no login popup, no refresh).
   */
  ackTimeoutSuppressed: [data: { readonly panel: string; readonly region: string | undefined }];
}

/**
 * Keepalive timings of the inactive region's panel (the `initCCP` ccpSynTimeout and ccpAckTimeout).
 * @public
 */
export interface GlobalResiliencyKeepaliveOptions {
  /** Milliseconds between handshake attempts. */
  readonly synTimeout?: number;
  /** Milliseconds to wait for an acknowledgement. */
  readonly ackTimeout?: number;
}

/**
 * One region's panel: its conduit and how to show or hide its iframe.
 * @public
 */
export interface RegionPanel {
  /** A name for the region's panel (the panel URL's origin). */
  readonly name: string;
  /** The conduit to this region's panel. */
  readonly conduit: Conduit;
  /** Shows or hides this region's iframe. */
  setVisible(visible: boolean): void;
}

interface RegionState {
  readonly panel: RegionPanel;
  region: string | undefined;
  firstAck: unknown;
  acknowledged: boolean;
  unsubscribe: () => void;
  keepalive: Keepalive | undefined;
}

/**
 * Multiplexes the two regions' panels into the one conduit a `Ccp` uses: only the active
 * region's messages reach the client, and only it receives the client's messages (configure and
 * outer context go to both). It runs the global-resiliency rules: the client initialises on the first
 * valid init notice (which picks the active region); a pending failover from the active region is
 * reported once; failover-initiated switches the active region (showing its iframe, hiding the
 * other, telling each panel its state and fetching agent data); failover-complete follows the next
 * agent update; failover and heartbeat notices are relayed between the panels.
 * @public
 */
export class GlobalResiliencyConduit implements Conduit {
  private readonly regions: RegionState[];
  private readonly handlers = new Set<(message: ConduitMessage) => void>();
  private readonly events = new EventEmitter<GlobalResiliencyEvents>();
  private readonly replay = new Map<WireEventName, unknown>();
  private active: RegionState;
  private initialized = false;
  private pendingSent = false;
  private awaitingCompleteFor: string | undefined;
  private disposed = false;

  /** A conduit over the two region panels. */
  constructor(
    primary: RegionPanel,
    secondary: RegionPanel,
    private readonly keepaliveOptions: GlobalResiliencyKeepaliveOptions = {},
  ) {
    this.regions = [primary, secondary].map((panel) => {
      const state: RegionState = {
        panel,
        region: undefined,
        firstAck: undefined,
        acknowledged: false,
        unsubscribe: () => undefined,
        keepalive: undefined,
      };
      state.unsubscribe = panel.conduit.onMessage((m) => this.receive(state, m));
      return state;
    });
    this.active = this.regions[0]!;
    this.applyVisibility();
  }

  /** The active region's name (from the init notices), or null before it is known. */
  get activeRegion(): string | null {
    return this.active.region ?? null;
  }

  /** The active panel's name. */
  get activePanelName(): string {
    return this.active.panel.name;
  }

  /** Which panel is active: 0 for the primary, 1 for the secondary. */
  get activeIndex(): 0 | 1 {
    return this.active === this.regions[0] ? 0 : 1;
  }

  /** Whether the first valid init notice arrived. */
  get isInitialized(): boolean {
    return this.initialized;
  }

  /** Subscribes to a controller event; returns the unsubscribe function. */
  on<K extends keyof GlobalResiliencyEvents>(
    event: K,
    handler: (...args: GlobalResiliencyEvents[K]) => void,
  ): () => void {
    this.events.on(event, handler);
    return () => void this.events.off(event, handler);
  }

  /** Sends an envelope to the active region's panel. */
  send(event: WireEventName, data?: unknown): void {
    if (this.disposed) return;
    if (REPLAYED.includes(event)) {
      this.replay.set(event, data);
      for (const r of this.regions)
        if (r.acknowledged || r === this.active)
          r.panel.conduit.send(event, this.forRegion(r, event, data));
      return;
    }
    this.active.panel.conduit.send(event, data);
  }

  /** Sends to both regions' panels. */
  sendAll(event: WireEventName, data?: unknown): void {
    for (const r of this.regions) r.panel.conduit.send(event, data);
  }

  /** Calls `handler` for every envelope from the active region; returns the unsubscribe function. */
  onMessage(handler: (message: ConduitMessage) => void): () => void {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  /** Stops both regions' conduits. */
  dispose(): void {
    this.disposed = true;
    for (const r of this.regions) {
      r.keepalive?.dispose();
      r.keepalive = undefined;
      r.unsubscribe();
      r.panel.conduit.dispose();
    }
    this.handlers.clear();
    this.events.removeAllListeners();
  }

  /**
   * What one region's panel gets: `configure` in global-resiliency mode carries
   * enableGlobalResiliency and the panel's instanceState, and no disasterRecoveryOn.
   */
  private forRegion(r: RegionState, event: WireEventName, data: unknown): unknown {
    if (event !== 'configure' || typeof data !== 'object' || data === null) return data;
    const { disasterRecoveryOn: _ignored, ...rest } = data as Record<string, unknown>;
    return {
      ...rest,
      enableGlobalResiliency: true,
      instanceState: r === this.active ? 'active' : 'inactive',
    };
  }

  private forward(message: ConduitMessage): void {
    for (const h of [...this.handlers]) h(message);
  }

  private other(state: RegionState): RegionState {
    return this.regions.find((r) => r !== state)!;
  }

  private receive(state: RegionState, m: ConduitMessage): void {
    if (this.disposed) return;
    const isActive = state === this.active;
    const relayed = RELAYED.find((e) => e === m.event);
    if (relayed) this.other(state).panel.conduit.send(relayed, m.data);
    switch (m.event) {
      case 'acknowledge':
        this.acknowledged(state, m);
        return;
      case GR_EVENTS.INIT:
        this.handleInit(state, m.data);
        return;
      case GR_EVENTS.FAILOVER_PENDING:
        if (!isActive || this.pendingSent) return;
        this.pendingSent = true;
        this.events.emit('failoverPending', {
          nextActiveRegion: (m.data as { activeRegion?: string } | null)?.activeRegion,
        });
        return;
      case GR_EVENTS.FAILOVER_INITIATED:
        this.handleFailoverInitiated(m.data);
        return;
      case FETCH_AGENT_DATA:
        if (isActive && m.data) this.forward({ event: 'agent::update', data: m.data });
        return;
      default:
        break;
    }
    if (!isActive) return;
    if (m.event === 'agent::update' && this.awaitingCompleteFor) {
      this.forward(m);
      const activeRegion = this.awaitingCompleteFor;
      this.awaitingCompleteFor = undefined;
      this.sendAll(GR_EVENTS.FAILOVER_COMPLETE);
      this.events.emit('failoverComplete', { activeRegion });
      return;
    }
    this.forward(m);
  }

  private acknowledged(state: RegionState, m: ConduitMessage): void {
    const first =
      !state.acknowledged && typeof (m.data as { id?: unknown } | null)?.id === 'string';
    if (first) {
      state.acknowledged = true;
      state.firstAck = m.data;
      for (const [event, data] of this.replay)
        state.panel.conduit.send(event, this.forRegion(state, event, data));
      this.updateKeepalives();
    }
    // The client initialises only once the init notice has chosen the active region.
    if (state !== this.active || !this.initialized) return;
    this.forward(m);
  }

  private handleInit(state: RegionState, data: unknown): void {
    const parsed = grInitSchema.safeParse(data);
    if (!parsed.success) {
      this.events.emit(
        'warning',
        'Expected GlobalResiliencyEvents.INIT to have instance region, state, and current active region',
      );
      return;
    }
    const init = parsed.data;
    const initial = init.instanceRegion === init.activeRegion ? state : this.other(state);
    if (!state.region || !initial.region) {
      state.region = init.instanceRegion;
      initial.region = init.activeRegion;
    }
    state.panel.conduit.send(GR_EVENTS.CONFIGURE_CCP_CONDUIT, {
      instanceState: init.instanceState,
    });
    if (this.initialized) return;
    this.initialized = true;
    this.switchTo(initial, false);
    this.events.emit('init', init);
    if (this.active.acknowledged)
      this.forward({ event: 'acknowledge', data: this.active.firstAck });
  }

  private handleFailoverInitiated(data: unknown): void {
    const parsed = grFailoverInitiatedSchema.safeParse(data);
    if (!parsed.success) {
      this.events.emit(
        'warning',
        'Expected GlobalResiliencyEvents.FAILOVER_INITIATED to have new active region',
      );
      return;
    }
    const { activeRegion } = parsed.data;
    let target = this.regions.find((r) => r.region === activeRegion);
    if (!target) {
      target = this.regions.find((r) => r.region === undefined);
      if (target) target.region = activeRegion;
    }
    if (!target || (target === this.active && this.active.region === activeRegion)) return;
    this.switchTo(target, true);
    this.pendingSent = false;
    this.awaitingCompleteFor = activeRegion;
  }

  private switchTo(target: RegionState, fetchAgentData: boolean): void {
    const previousRegion = this.active.region;
    this.active = target;
    if (fetchAgentData) target.panel.conduit.send(FETCH_AGENT_DATA);
    target.panel.conduit.send(GR_EVENTS.CONFIGURE_CCP_CONDUIT, { instanceState: 'active' });
    this.other(target).panel.conduit.send(GR_EVENTS.CONFIGURE_CCP_CONDUIT, {
      instanceState: 'inactive',
    });
    this.applyVisibility();
    this.updateKeepalives();
    if (fetchAgentData && target.region) {
      this.events.emit('regionSwitched', { activeRegion: target.region, previousRegion });
    }
  }

  /**
   * The inactive region keeps its own synchronize/acknowledge keepalive (so that it is ready on
   * failover); its acknowledge timeouts are suppressed. The active region's keepalive is the
   * client's.
   */
  private updateKeepalives(): void {
    for (const r of this.regions) {
      const wanted = this.initialized && r !== this.active && r.acknowledged && !this.disposed;
      if (!wanted) {
        r.keepalive?.dispose();
        r.keepalive = undefined;
        continue;
      }
      if (r.keepalive) continue;
      r.keepalive = new Keepalive(
        r.panel.conduit,
        this.keepaliveOptions.synTimeout ?? HOST_TIMEOUTS.ccpSynTimeout,
        this.keepaliveOptions.ackTimeout ?? HOST_TIMEOUTS.ccpAckTimeout,
        () => {
          this.events.emit('ackTimeoutSuppressed', { panel: r.panel.name, region: r.region });
        },
      );
      r.keepalive.start();
    }
  }

  private applyVisibility(): void {
    for (const r of this.regions) r.panel.setVisible(r === this.active);
  }
}
