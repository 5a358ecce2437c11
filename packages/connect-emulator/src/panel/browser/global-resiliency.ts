/**
 * The panel page's side of global resiliency (two regions): reads the region status and sends the
 * `globalResiliency::*` messages to the embedding page: init with instanceRegion,
 * instanceState and activeRegion; failover pending (from the active region, once per failover);
 * failover initiated (from the new active region); heartbeat syn (active region) and ack (answer
 * to a relayed syn). It answers `agent::fetch_agent_data_from_ccp` with the latest agent data.
 */
import type { PanelSession } from '@x/connect-streams/panel';

const GR = {
  INIT: 'globalResiliency::init',
  CONFIGURE_CCP_CONDUIT: 'globalResiliency::configure_ccp_conduit',
  FAILOVER_PENDING: 'globalResiliency::failover_pending',
  FAILOVER_INITIATED: 'globalResiliency::failover_initiated',
  HEARTBEAT_SYN: 'globalResiliency::heartbeat_syn',
  HEARTBEAT_ACK: 'globalResiliency::heartbeat_ack',
} as const;
const FETCH_AGENT_DATA = 'agent::fetch_agent_data_from_ccp';

interface RegionStatus {
  readonly instanceRegion: string;
  readonly instanceState: 'active' | 'inactive';
  readonly activeRegion: string;
  readonly pendingRegion: string | null;
  readonly failovers: number;
}

export interface GlobalResiliencyOptions {
  readonly statusEndpoint: string;
  readonly pollIntervalMs: number;
  readonly heartbeatIntervalMs: number;
}

/** Starts the region status polling and the global-resiliency messages; returns a stop function. */
export function startGlobalResiliency(
  session: PanelSession,
  options: GlobalResiliencyOptions,
  onState: (instanceState: string) => void,
): () => void {
  let last: RegionStatus | undefined;
  let pendingSentFor = -1;
  let agentData: unknown;
  let stopped = false;
  const offAgent = session.on('agent::update', (data) => (agentData = data));

  const apply = (status: RegionStatus): void => {
    const active = status.instanceState === 'active';
    if (!last) {
      session.sendDownstream(GR.INIT, {
        instanceRegion: status.instanceRegion,
        instanceState: status.instanceState,
        activeRegion: status.activeRegion,
      });
    } else if (status.activeRegion !== last.activeRegion) {
      if (active) {
        session.sendDownstream(GR.FAILOVER_INITIATED, { activeRegion: status.activeRegion });
        // A fresh agent update follows the switch (the host completes the failover on it).
        session.sendUpstream('reload_agent_configuration');
      }
    } else if (
      active &&
      status.pendingRegion !== null &&
      status.pendingRegion !== status.activeRegion &&
      pendingSentFor !== status.failovers
    ) {
      pendingSentFor = status.failovers;
      session.sendDownstream(GR.FAILOVER_PENDING, { activeRegion: status.pendingRegion });
    }
    if (last?.instanceState !== status.instanceState) onState(status.instanceState);
    last = status;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async (): Promise<void> => {
    try {
      const response = await fetch(options.statusEndpoint, { cache: 'no-store' });
      if (response.ok && !stopped) apply((await response.json()) as RegionStatus);
    } catch {
      // The emulator is away: try again at the next tick.
    }
    if (!stopped) timer = setTimeout(() => void poll(), options.pollIntervalMs);
  };
  void poll();

  const heartbeat = setInterval(() => {
    if (last?.instanceState === 'active') session.sendDownstream(GR.HEARTBEAT_SYN);
  }, options.heartbeatIntervalMs);

  const onMessage = (event: MessageEvent): void => {
    if (event.source !== window.parent || window.parent === window) return;
    const message = event.data as { event?: unknown; data?: unknown } | null;
    if (!message || typeof message.event !== 'string') return;
    if (message.event === GR.HEARTBEAT_SYN) session.sendDownstream(GR.HEARTBEAT_ACK);
    else if (message.event === FETCH_AGENT_DATA && message.data === undefined && agentData)
      session.sendDownstream(FETCH_AGENT_DATA, agentData);
    else if (message.event === GR.CONFIGURE_CCP_CONDUIT) {
      const state = (message.data as { instanceState?: unknown } | undefined)?.instanceState;
      if (typeof state === 'string') onState(state);
    }
  };
  window.addEventListener('message', onMessage);

  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
    offAgent();
    window.removeEventListener('message', onMessage);
  };
}
