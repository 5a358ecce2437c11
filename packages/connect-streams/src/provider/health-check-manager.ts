import { EventEmitter } from 'eventemitter3';
import { HEALTH_CHECK_MIN_INTERVAL_MS, HEALTH_CHECK_UNHEALTHY_AFTER_INTERVALS } from '../constants';
import type { HealthCheckMessage, HealthCheckResponseMessage } from './messages';
import type { ProviderLogger } from './provider-logger';

/**
 * Health of the message-port link: `unknown` until the first response.
 * @public
 */
export type HealthCheckStatus = 'unknown' | 'healthy' | 'unhealthy';

/**
 * Emitted only when the health-check status changes.
 * @public
 */
export interface HealthCheckStatusChanged {
  /** The status now. */
  status: HealthCheckStatus;
  /** The status before. */
  previousStatus: HealthCheckStatus;
  /** When the last check answered (ms), or null. */
  lastCheckTime: number | null;
  /** The counter of the last check, or null. */
  lastCheckCounter: number | null;
}

/**
 * Sends `healthCheck` at once and every interval after `acknowledge`; unhealthy after
 * 3 intervals without a response; interval ≤ 0 disables, 1..999 is refused.
 */
export class HealthCheckManager {
  private readonly events = new EventEmitter<{ statusChanged: [HealthCheckStatusChanged] }>();
  private interval: ReturnType<typeof setInterval> | null = null;
  private timeout: ReturnType<typeof setTimeout> | null = null;
  private intervalMs = 0;
  private _status: HealthCheckStatus = 'unknown';
  private last: { time: number; counter: number } | null = null;

  constructor(
    private readonly send: (msg: HealthCheckMessage) => void,
    private readonly origin: () => HealthCheckMessage['messageOrigin'],
    private readonly logger: ProviderLogger,
  ) {}

  get status(): HealthCheckStatus {
    return this._status;
  }

  get isRunning(): boolean {
    return this.interval !== null;
  }

  get lastCheckCounter(): number | null {
    return this.last?.counter ?? null;
  }

  get lastCheckTime(): number | null {
    return this.last?.time ?? null;
  }

  start(healthCheckInterval: number): void {
    this.stop();
    this.intervalMs = healthCheckInterval;
    if (healthCheckInterval <= 0) {
      this.logger.debug('Health check disabled');
      return;
    }
    if (healthCheckInterval < HEALTH_CHECK_MIN_INTERVAL_MS) {
      this.logger.error('Health check interval is less than 1 second. Not running', {
        interval: healthCheckInterval,
      });
      return;
    }
    this.sendCheck();
    this.interval = setInterval(() => this.sendCheck(), healthCheckInterval);
    this.armTimeout();
  }

  stop(): void {
    if (this.interval) clearInterval(this.interval);
    if (this.timeout) clearTimeout(this.timeout);
    this.interval = null;
    this.timeout = null;
  }

  handleResponse(msg: HealthCheckResponseMessage): void {
    this.last = { time: msg.time, counter: msg.counter };
    this.setStatus('healthy');
    if (this.isRunning) this.armTimeout();
  }

  onStatusChanged(handler: (evt: HealthCheckStatusChanged) => void): () => void {
    this.events.on('statusChanged', handler);
    return () => this.offStatusChanged(handler);
  }

  offStatusChanged(handler: (evt: HealthCheckStatusChanged) => void): void {
    this.events.off('statusChanged', handler);
  }

  private sendCheck(): void {
    this.send({ type: 'healthCheck', messageOrigin: this.origin() });
  }

  private armTimeout(): void {
    if (this.timeout) clearTimeout(this.timeout);
    this.timeout = setTimeout(
      () => this.setStatus('unhealthy'),
      this.intervalMs * HEALTH_CHECK_UNHEALTHY_AFTER_INTERVALS,
    );
  }

  private setStatus(status: HealthCheckStatus): void {
    if (status === this._status) return;
    const previousStatus = this._status;
    this._status = status;
    this.logger.info(`Connection ${status}`, { previousStatus });
    const evt: HealthCheckStatusChanged = {
      status,
      previousStatus,
      lastCheckTime: this.lastCheckTime,
      lastCheckCounter: this.lastCheckCounter,
    };
    for (const listener of this.events.listeners('statusChanged')) {
      try {
        listener(evt);
      } catch (error) {
        this.logger.error('Health check status handler failed', { error: String(error) });
      }
    }
  }
}
