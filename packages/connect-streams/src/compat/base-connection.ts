// `connect.BaseConnection`: what every compat connection reads and does, over the core connection
// found live by contact and connection id.
import type {
  Connection as CoreConnection,
  MediaConnection as CoreMediaConnection,
  VoiceConnection as CoreVoiceConnection,
} from '../contact/connection';
import { format, MESSAGES } from '../messages';
import { asDeclared, attempt } from './callbacks';
import { Endpoint } from './endpoint';
import type { CompatRuntime } from './runtime';

/** Whether a connection's wire capabilities give `key` the value `value`. */
export const capability = (
  c: { _data(): Readonly<Record<string, unknown>> } | null,
  key: string,
  value: string,
): boolean => (c?._data()['capabilities'] as Record<string, unknown> | undefined)?.[key] === value;

/** Whether a connection's monitor capabilities include `mode`. */
export const monitorCapable = (c: { getMonitorCapabilities(): unknown }, mode: string): boolean => {
  const caps = c.getMonitorCapabilities();
  return Array.isArray(caps) && caps.includes(mode);
};

/** Builds `connect.BaseConnection` bound to one runtime. */
export function defineBaseConnection(rt: CompatRuntime) {
  return class BaseConnection implements connect.BaseConnection {
    constructor(
      readonly contactId: string,
      readonly connectionId: string,
    ) {}

    /** @internal */
    _core(): CoreConnection {
      const contact = rt.ccp().contacts.get(this.contactId);
      const conn = contact?.getConnections().find((c) => c.getConnectionId() === this.connectionId);
      if (!conn)
        throw new Error(format(MESSAGES.connectionGone, this.connectionId, this.contactId));
      return conn;
    }

    /** @internal The connection's wire data. */
    _data(): Readonly<Record<string, unknown>> {
      return this._core().getData();
    }

    getContactId(): string {
      return this.contactId;
    }
    getConnectionId(): string {
      return this.connectionId;
    }
    getEndpoint(): Endpoint {
      return new Endpoint(this._core().getEndpoint());
    }
    getAddress(): Endpoint {
      return this.getEndpoint();
    }
    getState(): connect.ConnectionState {
      return asDeclared<connect.ConnectionState>(this._core().getState());
    }
    getStatus(): connect.ConnectionState {
      return this.getState();
    }
    getStateDuration(): number {
      return this._core().getStateDuration();
    }
    getStatusDuration(): number {
      return this.getStateDuration();
    }
    getType(): connect.ConnectionType {
      return this._core().getType() as connect.ConnectionType;
    }
    isInitialConnection(): boolean {
      return this._core().isInitialConnection();
    }
    isActive(): boolean {
      return this._core().isActive();
    }
    isConnected(): boolean {
      return this._core().isConnected();
    }
    isConnecting(): boolean {
      return this._core().isConnecting();
    }
    isOnHold(): boolean {
      return this._core().isOnHold();
    }
    getMonitorInfo(): connect.MonitorInfo | null {
      return asDeclared<connect.MonitorInfo | null>(this._core().getMonitorInfo());
    }
    getSoftphoneMediaInfo() {
      return this._core().getSoftphoneMediaInfo();
    }
    getMediaInfo(): unknown {
      const core = this._core() as Partial<CoreMediaConnection>;
      return core.getMediaInfo ? core.getMediaInfo() : this._core().getSoftphoneMediaInfo();
    }
    destroy(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().destroy(), callbacks);
    }
    hold(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().hold(), callbacks);
    }
    resume(callbacks?: connect.SuccessFailOptions): void {
      attempt(() => this._core().resume(), callbacks);
    }
    sendDigits(digits: string, callbacks?: connect.SuccessFailOptions): void {
      attempt(() => (this._core() as CoreVoiceConnection).sendDigits(digits), callbacks);
    }
    toSnapshot() {
      return this._core().getData();
    }
  };
}

/** The `connect.BaseConnection` class of one runtime. */
export type BaseConnectionClass = ReturnType<typeof defineBaseConnection>;
/** A compat connection of any media type. */
export type CompatConnection = InstanceType<BaseConnectionClass>;
