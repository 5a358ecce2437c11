/**
 * Which port is master of which topic (`connect::softphone`, `connect::ringtone`, …), as the
 * real worker's `MasterTopicCoordinator` keeps it.
 * @public
 */
export class MasterTopicCoordinator {
  private readonly masters = new Map<string, string>();

  /** The master port of a topic, or `null`. */
  getMaster(topic: string): string | null {
    return this.masters.get(topic) ?? null;
  }

  /** Makes a port master of a topic. */
  setMaster(topic: string, portId: string): void {
    this.masters.set(topic, portId);
  }

  /** Drops a port from every topic it is master of (when its tab closes). */
  removeMaster(portId: string): void {
    for (const [topic, id] of this.masters) if (id === portId) this.masters.delete(topic);
  }
}
