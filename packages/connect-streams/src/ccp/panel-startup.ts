// The start-up of a panel frame until its first acknowledgement: the load timeout (counted again
// from the frame's load), the reachability probe, the login popup, the frame refreshes (at most
// 10) and the start-up state that says where it is.
import type { EventEmitter } from 'eventemitter3';
import {
  CCP_IFRAME_REFRESH_LIMIT,
  HOST_TIMEOUTS,
  IFRAME_STYLE_REPORT_DELAY_MS,
  PANEL_PROBE_TIMEOUT_MS,
} from '../constants';
import type { Logger } from '../log/logger';
import type { ClientMetric } from '../metrics/metrics';
import { createMetric } from '../metrics/metrics';
import type { WireEventName } from '@x/connect-streams/protocol';
import type { CcpEnvironment, CcpEvents, CcpStartState } from './ccp-types';
import type { LoginPopup } from './login-popup';
import type { InitCcpParams } from './params';

/** What the start-up needs of its {@link Ccp}. */
export interface PanelStartupHost {
  readonly params: InitCcpParams;
  readonly env: CcpEnvironment;
  readonly logger: Logger;
  readonly popup: LoginPopup | undefined;
  readonly emitter: EventEmitter<CcpEvents>;
  /** Whether the panel has acknowledged. */
  isInitialized(): boolean;
  /** Whether the Ccp was terminated. */
  isTerminated(): boolean;
  /** A timer the Ccp clears on terminate. */
  after(ms: number, fn: () => void): ReturnType<typeof setTimeout>;
  /** Clears a timer made with `after`. */
  cancel(t: ReturnType<typeof setTimeout> | undefined): void;
  /** Sends an envelope to the panel. */
  send(event: WireEventName, data?: unknown): void;
  /** Publishes a client metric. */
  publishMetric(metric: ClientMetric): void;
}

/** One panel's start-up: its timers, refresh count and state. */
export class PanelStartup {
  private readonly host: PanelStartupHost;
  private state: CcpStartState = { status: 'starting' };
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshAttempts = 0;
  private loadWaits = 0;
  private frameLoaded = false;
  private offFrameLoad: (() => void) | undefined;

  /** The start-up of the host's panel (begun with {@link PanelStartup.begin}). */
  constructor(host: PanelStartupHost) {
    this.host = host;
  }

  /** Where the start-up is. */
  get startState(): CcpStartState {
    return this.state;
  }

  /** The panel set-up after the iframe is in place (and storage access granted, when requested). */
  begin(): void {
    this.offFrameLoad = this.host.env.frame?.onLoad?.(() => this.frameDidLoad());
    this.armLoadTimer();
    this.scheduleStyleReport();
  }

  /** Starts again after a failed start-up: a new frame and a fresh count of refresh attempts. */
  retry(): void {
    this.host.cancel(this.refreshTimer);
    this.refreshTimer = undefined;
    this.refreshAttempts = 0;
    this.loadWaits = 0;
    this.setStartState({ status: 'starting' });
    this.host.env.frame?.refresh();
    this.armLoadTimer();
    this.scheduleStyleReport();
  }

  /** An acknowledgement arrived: the refreshes stop (and the login popup closes when asked to). */
  acknowledged(): void {
    if (this.refreshTimer !== undefined || this.refreshAttempts > 0) {
      this.host.cancel(this.refreshTimer);
      this.refreshTimer = undefined;
      this.refreshAttempts = 0;
      if (this.host.params.loginPopupAutoClose || this.host.params.loginOptions?.autoClose)
        this.host.popup?.close();
    }
  }

  /** The first acknowledgement arrived: no more load timeout. */
  stopLoadTimer(): void {
    this.host.cancel(this.loadTimer);
    this.loadTimer = undefined;
  }

  /** Stops listening to the frame's loads (the Ccp clears the timers). */
  dispose(): void {
    this.offFrameLoad?.();
  }

  /**
   * The load timeout of the current frame. With a frame that reports its loads it is counted again
   * from the load: the panel's own start (sign-in check, worker, first snapshot) gets the whole
   * timeout however long the page took to arrive.
   */
  private armLoadTimer(): void {
    this.frameLoaded = this.host.env.frame?.onLoad === undefined;
    this.host.cancel(this.loadTimer);
    this.loadTimer = this.host.after(this.loadTimeout(), () => {
      this.loadTimer = undefined;
      if (!this.host.isInitialized()) this.loadTimedOut();
    });
  }

  private frameDidLoad(): void {
    if (this.host.isTerminated() || this.host.isInitialized()) return;
    this.frameLoaded = true;
    if (this.loadTimer !== undefined) {
      this.host.cancel(this.loadTimer);
      this.loadTimer = this.host.after(this.loadTimeout(), () => {
        this.loadTimer = undefined;
        if (!this.host.isInitialized()) this.loadTimedOut();
      });
    }
    if (this.refreshTimer !== undefined) {
      this.host.cancel(this.refreshTimer);
      this.scheduleRefresh();
    }
  }

  /**
   * No acknowledgement within the load timeout: says why when it can (nothing answers at the
   * panel URL: `unreachable`; the panel loaded: `signInNeeded`, unless the panel said more), then
   * the original's ack-timeout duties (login popup, refresh). A frame still loading from a URL
   * that answers is given another load timeout (counted as a refresh attempt).
   */
  private loadTimedOut(): void {
    const url = this.host.params.ccpUrl;
    if (!this.host.env.probe) {
      this.afterLoadTimeout(url, true);
      return;
    }
    void this.isReachable(this.host.env.probe, url).then((reachable) =>
      this.afterLoadTimeout(url, reachable),
    );
  }

  private afterLoadTimeout(url: string, reachable: boolean): void {
    if (this.host.isTerminated() || this.host.isInitialized()) return;
    if (!reachable) {
      this.setStartState({ status: 'unreachable', url });
    } else if (!this.frameLoaded && this.loadWaits < CCP_IFRAME_REFRESH_LIMIT) {
      this.loadWaits++;
      this.host.logger.info('The panel is still loading');
      this.loadTimer = this.host.after(this.loadTimeout(), () => {
        this.loadTimer = undefined;
        if (!this.host.isInitialized()) this.loadTimedOut();
      });
      return;
    } else if (this.state.status === 'starting' || this.state.status === 'unreachable') {
      this.setStartState({ status: 'signInNeeded', loginUrl: this.loginUrl(), reason: 'timeout' });
    }
    this.ackTimedOut();
  }

  private async isReachable(
    probe: (url: string) => Promise<boolean>,
    url: string,
  ): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = this.host.after(PANEL_PROBE_TIMEOUT_MS, () => resolve(false));
    });
    try {
      return await Promise.race([probe(url).catch(() => false), timeout]);
    } finally {
      this.host.cancel(timer);
    }
  }

  /** Where the agent signs in: `loginUrl`, else `ccpUrl`. */
  loginUrl(): string {
    return this.host.params.loginUrl ?? this.host.params.ccpUrl;
  }

  /** Moves to a start-up state; fires `startState` when it changed. */
  setStartState(next: CcpStartState): void {
    const current = this.state;
    if (JSON.stringify(current) === JSON.stringify(next)) return;
    this.state = next;
    this.host.emitter.emit('startState', next);
  }

  private loadTimeout(): number {
    return (
      this.host.params.ccpLoadTimeout ??
      (this.host.params.disasterRecoveryOn
        ? HOST_TIMEOUTS.ccpLoadTimeoutDisasterRecovery
        : HOST_TIMEOUTS.ccpLoadTimeout)
    );
  }

  private scheduleStyleReport(): void {
    const frame = this.host.env.frame;
    if (!frame) return;
    this.host.after(IFRAME_STYLE_REPORT_DELAY_MS, () => {
      const report = frame.styleReport();
      if (report) this.host.send('iframe_style', report);
    });
  }

  /**
   * No acknowledgement in time (at start-up, or from the keepalive): `ackTimeout`, the login popup
   * (unless `loginPopup` is false) and the frame refreshes.
   */
  ackTimedOut(): void {
    if (this.host.isTerminated()) return;
    this.host.emitter.emit('ackTimeout');
    if (this.host.params.loginPopup !== false && this.host.popup) {
      try {
        this.host.popup.open(this.loginUrl(), this.host.params.loginOptions ?? {});
      } catch (e) {
        this.host.logger.error('Login popup failed', e);
      }
    }
    if (this.refreshTimer === undefined && this.refreshAttempts === 0) this.scheduleRefresh();
  }

  private scheduleRefresh(): void {
    this.refreshTimer = this.host.after(this.loadTimeout(), () => {
      this.refreshAttempts++;
      if (this.refreshAttempts <= CCP_IFRAME_REFRESH_LIMIT) {
        this.host.env.frame?.refresh();
        this.frameLoaded = this.host.env.frame?.onLoad === undefined;
        this.scheduleStyleReport();
        this.scheduleRefresh();
      } else {
        this.refreshTimer = undefined;
        this.host.logger.info('Iframe initialization failed');
        this.host.publishMetric(
          createMetric('IframeRefreshAttempts', { count: this.refreshAttempts - 1 }),
        );
        this.host.publishMetric(createMetric('IframeInitializationSuccess', { count: 0 }));
        if (this.host.params.disasterRecoveryOn) {
          this.host.publishMetric(
            createMetric('IframeRefreshAttemptsDr', { count: this.refreshAttempts - 1 }),
          );
          this.host.publishMetric(createMetric('IframeInitializationSuccessDr', { count: 0 }));
        }
        this.setStartState({ status: 'retriesExhausted', url: this.host.params.ccpUrl });
        this.host.emitter.emit('iframeRetriesExhausted');
      }
    });
  }
}
