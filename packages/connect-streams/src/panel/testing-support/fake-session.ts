import { EventEmitter } from 'eventemitter3';

/**
 * An in-memory stand-in for a panel session: `emitUpstream` plays a worker event, `emitDownstream`
 * an embedding-page event; what the page sends is recorded; the master answer is scriptable.
 */
export class FakeSession {
  readonly sentUpstream: { event: string; data?: unknown }[] = [];
  readonly broadcasts: { event: string; data?: unknown }[] = [];
  readonly sentDownstream: { event: string; data?: unknown }[] = [];
  readonly masterChecks: string[] = [];
  isMaster = true;
  private readonly upstream = new EventEmitter();
  private readonly downstream = new EventEmitter();
  private resolveReady: (id: string) => void = () => undefined;
  readonly ready = new Promise<string>((resolve) => (this.resolveReady = resolve));

  on(event: string, handler: (data: unknown) => void): () => void {
    this.upstream.on(event, handler);
    return () => this.upstream.off(event, handler);
  }

  onDownstream(event: string, handler: (data: unknown) => void): () => void {
    this.downstream.on(event, handler);
    return () => this.downstream.off(event, handler);
  }

  checkMaster(topic: string): Promise<{ isMaster: boolean; masterId: string | null }> {
    this.masterChecks.push(topic);
    return Promise.resolve({ isMaster: this.isMaster, masterId: this.isMaster ? 'me' : 'other' });
  }

  broadcast(event: string, data?: unknown): void {
    this.broadcasts.push({ event, data });
  }

  sendDownstream(event: string, data?: unknown): void {
    this.sentDownstream.push({ event, data });
  }

  sendUpstream(event: string, data?: unknown): void {
    this.sentUpstream.push({ event, data });
  }

  /** The worker's first acknowledge. */
  acknowledge(id = 'port-1'): void {
    this.resolveReady(id);
    this.upstream.emit('acknowledge', { id });
  }

  emitUpstream(event: string, data?: unknown): void {
    this.upstream.emit(event, data);
  }

  emitDownstream(event: string, data?: unknown): void {
    this.downstream.emit(event, data);
  }
}
