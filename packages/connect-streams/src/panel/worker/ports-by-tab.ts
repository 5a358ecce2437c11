// Which ports each browser tab holds (from the pages' `tab_id`), and the `update_connected_ccps`
// data the worker sends when a tab gains or loses a port.

/** The ports of each tab, by tab id. */
export class PortsByTab {
  private readonly portsByTab = new Map<string, string[]>();

  /**
   * Records a port's tab; returns the `update_connected_ccps` data to send, or `undefined` when
   * the port was already known in that tab. `portCount` is the number of connected ports.
   */
  add(tabId: string, portId: string, portCount: number): Record<string, unknown> | undefined {
    const tabsWithPorts = [...this.portsByTab.values()].filter((ids) => ids.length > 0).length;
    const inTab = this.portsByTab.get(tabId);
    if (inTab && inTab.length > 0) {
      if (inTab.includes(portId)) return undefined;
      inTab.push(portId);
      return {
        length: portCount,
        tabId,
        streamsTabsAcrossBrowser: tabsWithPorts,
        [tabId]: { length: inTab.length },
      };
    }
    this.portsByTab.set(tabId, [portId]);
    return {
      length: portCount,
      tabId,
      streamsTabsAcrossBrowser: tabsWithPorts + 1,
      [tabId]: { length: 1 },
    };
  }

  /**
   * Drops a closed port from its tab; returns the `update_connected_ccps` data to send.
   * `portCount` is the number of ports still connected.
   */
  remove(portId: string, portCount: number): Record<string, unknown> {
    const update: Record<string, unknown> = { length: portCount };
    for (const [tabId, ids] of this.portsByTab) {
      const index = ids.indexOf(portId);
      if (index >= 0) {
        ids.splice(index, 1);
        update[tabId] = { length: ids.length };
        update['tabId'] = tabId;
      }
    }
    update['streamsTabsAcrossBrowser'] = [...this.portsByTab.values()].filter(
      (ids) => ids.length > 0,
    ).length;
    return update;
  }
}
