// The CCP panel's options per region: the primary region's panel at the root, and with two
// regions the secondary region's under its prefix (its own CTI and agent-app endpoints).
import { AGENT_APP_PATHS } from '../constants';
import type { EmulatorEnv } from '../http/node-env';
import type { OriginPolicy } from '../http/origin-policy';
import type { PanelRouteOptions } from '../panel';
import type { Context } from 'hono';
import { REGION_STATUS_PATH, SECONDARY_REGION_PREFIX, type RegionController } from './regions';

/** The panel timings and endpoints the emulator's options may set. */
export type PanelOverrides = Pick<
  PanelRouteOptions,
  | 'metricsFlushIntervalMs'
  | 'statsIntervalMs'
  | 'agentAppEndpoint'
  | 'regionPollIntervalMs'
  | 'heartbeatIntervalMs'
  | 'storageAccessDecision'
>;

/**
 * The panel options of a request: the secondary region's for a request under its prefix, else
 * the primary region's. The panel is framed only by the allowed origins (loopback pages when
 * none are set; the browser enforces it through CSP frame-ancestors).
 */
export function regionPanels(
  origins: OriginPolicy,
  regions: RegionController | undefined,
  centreRegion: string,
  overrides: PanelOverrides | undefined,
): (c: Context<EmulatorEnv>) => PanelRouteOptions {
  const panelOptions = {
    allowedOrigins: () => origins.frameOrigins(),
    anyOrigin: () => origins.anyOrigin(),
  };
  const primaryPanel: PanelRouteOptions = {
    ...panelOptions,
    region: regions?.primary ?? centreRegion,
    // Voice ID and other agent-app calls go from the panel's worker to this emulator's endpoint.
    agentAppEndpoint: AGENT_APP_PATHS[0],
    ...overrides,
    ...(regions ? { regionStatusEndpoint: REGION_STATUS_PATH } : {}),
  };
  const secondaryPanel: PanelRouteOptions | undefined = regions
    ? {
        ...panelOptions,
        region: regions.secondary,
        agentAppEndpoint: `${SECONDARY_REGION_PREFIX}${AGENT_APP_PATHS[0]}`,
        ...overrides,
        ctiEndpoint: `${SECONDARY_REGION_PREFIX}/api`,
        basePath: SECONDARY_REGION_PREFIX,
        regionStatusEndpoint: `${SECONDARY_REGION_PREFIX}${REGION_STATUS_PATH}`,
      }
    : undefined;
  return (c) =>
    secondaryPanel && c.get('region') === regions?.secondary ? secondaryPanel : primaryPanel;
}
