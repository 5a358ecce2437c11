import { EventEmitter } from 'eventemitter3';
import { Ccp } from '../ccp/ccp';
import { CcpIframe } from '../ccp/frame';
import type { InitCcpParams } from '@x/connect-streams';
import { validateInitParams } from '../ccp/params';
import { IframeConduit } from '../conduit/iframe-conduit';
import { CCP_IFRAME_STYLE } from '../constants';
import { DR_EVENTS as DR } from './events';
import { setPanelOffline, suppressPanelContacts } from './host';

/**
 * The stand-by region of a disaster-recovery setup.
 * @public
 */
export interface StandByRegion {
  /** The region's panel URL. */
  readonly ccpUrl: string;
  /** The region, e.g. `us-west-2`. */
  readonly region: string;
  /** The region's instance ARN. */
  readonly instanceArn?: string;
}

/**
 * Parameters of {@link initDisasterRecoveryCCP}: the `initCCP` parameters of the primary region
 * (with its `region`), the stand-by region, and which region is active first.
 * @public
 */
export type DisasterRecoveryCcpParams = InitCcpParams & {
  readonly region: string;
  readonly standByRegion: StandByRegion;
  /** The region active first (default `region`). */
  readonly primaryRegion?: string;
};

/**
 * Events of {@link DisasterRecoveryCcp}; every `on` returns an unsubscribe function.
 * @public
 */
export interface DisasterRecoveryCcpEvents {
  /** A region's panel initialised (once per region). */
  init: [data: { readonly region: string; readonly ccp: Ccp }];
  /** A soft failover waits for a voice contact (fired once per failover). */
  failoverPending: [data: { readonly nextActiveArn: string | undefined }];
  /** The displayed region changed; agents take contacts in the new region. */
  failoverComplete: [data: { readonly activeRegion: string; readonly activeCcpUrl: string }];
}

interface RegionEntry {
  readonly region: string;
  readonly ccpUrl: string;
  readonly instanceArn: string | undefined;
  readonly ccp: Ccp;
  setVisible(visible: boolean): void;
}

/**
 * Two regions' panels for disaster recovery (the original's `globalConnect.core`): the active
 * region's panel is shown, the stand-by's hidden. `failover(soft)` deactivates the active region
 * (its worker suppresses contacts and its panel forces the agent offline, softly or hard); when
 * that panel reports the failover (`disasterRecovery::failover`), the stand-by region becomes
 * active (its suppression lifted) and `failoverComplete` fires. `failoverPending` fires once while a
 * soft failover waits for a voice contact.
 * @public
 */
export class DisasterRecoveryCcp {
  private readonly events = new EventEmitter<DisasterRecoveryCcpEvents>();
  private readonly entries: RegionEntry[];
  private active: RegionEntry;
  private pending = false;
  private readonly unsubscribes: (() => void)[] = [];

  /** @internal */
  constructor(entries: RegionEntry[], activeRegion: string) {
    this.entries = entries;
    this.active = entries.find((e) => e.region === activeRegion) ?? entries[0]!;
    for (const entry of entries) {
      entry.setVisible(entry === this.active);
      this.unsubscribes.push(
        entry.ccp.on('initialized', () =>
          this.events.emit('init', { region: entry.region, ccp: entry.ccp }),
        ),
        entry.ccp.onMessage(DR.FAILOVER, (data) => this.onFailover(entry, data)),
        entry.ccp.onMessage(DR.FAILOVER_PENDING, (data) => {
          if (this.pending) return;
          this.pending = true;
          const next = (data as { nextActiveArn?: unknown } | null)?.nextActiveArn;
          this.events.emit('failoverPending', {
            nextActiveArn: typeof next === 'string' ? next : undefined,
          });
        }),
      );
    }
  }

  /** The active region. */
  get activeRegion(): string {
    return this.active.region;
  }

  /** The regions, the active one first. */
  get regions(): readonly string[] {
    return [
      this.active.region,
      ...this.entries.filter((e) => e !== this.active).map((e) => e.region),
    ];
  }

  /** The `Ccp` of a region (default the active one). */
  ccp(region: string = this.active.region): Ccp | undefined {
    return this.entries.find((e) => e.region === region)?.ccp;
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof DisasterRecoveryCcpEvents>(
    event: K,
    handler: (...args: DisasterRecoveryCcpEvents[K]) => void,
  ): () => void {
    this.events.on(event, handler);
    return () => void this.events.off(event, handler);
  }

  /** Fails over to the stand-by region (soft: voice contacts are waited for). */
  failover(softFailover = false): void {
    const other = this.entries.find((e) => e !== this.active);
    if (other) this.failoverTo(other.region, softFailover);
  }

  /**
   * Fails over to `region`: the active region's worker suppresses contacts and its panel forces
   * the agent offline. A request for the region already active is ignored.
   */
  failoverTo(region: string, softFailover = false): void {
    if (!this.entries.some((e) => e.region === region)) throw new Error(`Unknown region ${region}`);
    if (region === this.active.region) return;
    suppressPanelContacts(this.active.ccp, true);
    setPanelOffline(this.active.ccp, { softFailover });
  }

  /** Terminates both panels. */
  terminate(): void {
    for (const off of this.unsubscribes.splice(0)) off();
    for (const e of this.entries) e.ccp.terminate();
    this.events.removeAllListeners();
  }

  private onFailover(from: RegionEntry, data: unknown): void {
    const d = (data ?? {}) as { nextActiveArn?: unknown; isPrimary?: unknown };
    const byArn =
      typeof d.nextActiveArn === 'string'
        ? this.entries.find((e) => e.instanceArn === d.nextActiveArn)
        : undefined;
    let next: RegionEntry | undefined;
    if (byArn && byArn !== this.active) next = byArn;
    else if (d.isPrimary === false && from === this.active)
      next = this.entries.find((e) => e !== this.active);
    if (!next) return;
    this.active = next;
    for (const e of this.entries) e.setVisible(e === next);
    suppressPanelContacts(next.ccp, false);
    this.pending = false;
    this.events.emit('failoverComplete', { activeRegion: next.region, activeCcpUrl: next.ccpUrl });
  }
}

/**
 * Embeds the panels of two regions for disaster recovery: each with `disasterRecoveryOn` (so each
 * panel gets `disasterRecovery::init_disaster_recovery` with its region and whether it is the
 * primary, and the 10000 ms disaster-recovery load timeout applies), the stand-by's login popup
 * off and its iframe hidden.
 *
 * @example
 * ```ts
 * const dr = initDisasterRecoveryCCP(container, {
 *   ccpUrl: 'https://east.my.connect.aws/ccp-v2/', region: 'us-east-1',
 *   standByRegion: { ccpUrl: 'https://west.my.connect.aws/ccp-v2/', region: 'us-west-2' },
 * });
 * dr.on('failoverComplete', ({ activeRegion }) => console.log(activeRegion));
 * dr.failover(true); // soft failover
 * ```
 * @public
 */
export function initDisasterRecoveryCCP(
  container: HTMLElement,
  params: DisasterRecoveryCcpParams,
): DisasterRecoveryCcp {
  const { standByRegion, primaryRegion, ...rest } = params;
  const activeRegion = primaryRegion ?? params.region;
  if (activeRegion !== params.region && activeRegion !== standByRegion.region)
    throw new Error(`Region provided ${activeRegion} is not found!`);
  const view = container.ownerDocument.defaultView;
  if (!view) throw new Error('The container has no window');
  const regionParams: InitCcpParams[] = [
    { ...rest, disasterRecoveryOn: true, isPrimary: params.region === activeRegion },
    {
      ...rest,
      ccpUrl: standByRegion.ccpUrl,
      region: standByRegion.region,
      instanceArn: standByRegion.instanceArn,
      otherArn: params.instanceArn,
      loginPopup: false,
      disasterRecoveryOn: true,
      isPrimary: standByRegion.region === activeRegion,
    },
  ];
  const entries = regionParams.map((input): RegionEntry => {
    const validated = validateInitParams(container, input);
    const p = validated.params;
    const style = p.style ?? CCP_IFRAME_STYLE;
    const frame = new CcpIframe(container, { ccpUrl: p.ccpUrl, style, iframeTitle: p.iframeTitle });
    frame.element?.setAttribute('data-identifier', p.region ?? '');
    const origin = new URL(p.ccpUrl, container.ownerDocument.baseURI).origin;
    const conduit = new IframeConduit(view, origin, () => frame.window());
    const ccp = new Ccp(
      p,
      { conduit, frame, popupHost: p.loginPopup === false ? undefined : view },
      { configureErrors: validated.configureErrors, ringtone: validated.ringtone },
    );
    return {
      region: p.region ?? '',
      ccpUrl: p.ccpUrl,
      instanceArn: p.instanceArn,
      ccp,
      setVisible: (visible) =>
        frame.element?.setAttribute('style', visible ? style : `${style} display: none;`),
    };
  });
  return new DisasterRecoveryCcp(entries, activeRegion);
}
