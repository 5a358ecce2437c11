// The worker's agent polling: the `getAgentSnapshot` long poll, and the agent configuration with
// its four paged lists (permissions, states, dialable countries, routing-profile queues), polled
// again every 30 s. The engine posts `agent::update` when either changes.
import {
  AGENT_POLL_FAILURE_DELAY_MS,
  AGENT_POLL_SUCCESS_DELAY_MS,
  AGENT_POLL_TIMEOUT_MS,
  CONFIG_LIST_PAGE_SIZE,
  CONFIG_POLL_INTERVAL_MS,
} from '../constants';
import type { CtiOutcome } from '../cti/cti-client';
import { stampSnapshot } from './agent-update';
import { isRecord } from '../../util';

/** What the polling needs of the engine. */
export interface AgentPollingHost {
  /** Calls a method through the engine's clients (with its metric). */
  callApi(method: string, params: Record<string, unknown>): Promise<CtiOutcome>;
  /** Sends an event to every port. */
  broadcast(event: string, data?: unknown): void;
  /** Runs `run` after `delayMs`, unless the engine is disposed first. */
  later(delayMs: number, run: () => void): void;
  /** The engine's generation: an answer from an earlier one is dropped. */
  generation(): number;
  /** The engine's clock, in ms. */
  now(): number;
  /** A new snapshot or a complete configuration arrived. */
  updateAgent(): void;
}

/** The agent's snapshot and configuration, as the polls last brought them. */
export class AgentPolling {
  private readonly host: AgentPollingHost;
  private agentSnapshot: Record<string, unknown> | undefined;
  private completeConfiguration: Record<string, unknown> | undefined;
  private nextToken: string | null = null;

  /** Polls through the engine `host`. */
  constructor(host: AgentPollingHost) {
    this.host = host;
  }

  /** The last snapshot, or `undefined` before the first one. */
  get snapshot(): Record<string, unknown> | undefined {
    return this.agentSnapshot;
  }

  /** The last complete configuration (with its four lists), or `undefined` before it. */
  get configuration(): Record<string, unknown> | undefined {
    return this.completeConfiguration;
  }

  /** Forgets the snapshot, the configuration and the poll token (the engine was disposed). */
  reset(): void {
    this.agentSnapshot = undefined;
    this.completeConfiguration = undefined;
    this.nextToken = null;
  }

  /** Long-polls `getAgentSnapshot` (again after each answer, until a generation ends). */
  async pollForAgent(): Promise<void> {
    const generation = this.host.generation();
    const outcome = await this.host.callApi('getAgentSnapshot', {
      nextToken: this.nextToken,
      timeout: AGENT_POLL_TIMEOUT_MS,
    });
    if (generation !== this.host.generation()) return;
    switch (outcome.kind) {
      case 'success': {
        const data = isRecord(outcome.data) ? outcome.data : {};
        if (isRecord(data['snapshot'])) {
          this.agentSnapshot = stampSnapshot(
            data['snapshot'],
            this.host.now(),
            outcome.contentLength,
          );
          this.nextToken = typeof data['nextToken'] === 'string' ? data['nextToken'] : null;
          this.host.updateAgent();
        }
        this.host.later(AGENT_POLL_SUCCESS_DELAY_MS, () => void this.pollForAgent());
        break;
      }
      case 'failure':
        this.host.later(AGENT_POLL_FAILURE_DELAY_MS, () => void this.pollForAgent());
        break;
      case 'authFailure':
        this.host.broadcast('cti_authorize_retries_exhausted');
        break;
      case 'accessDenied':
        this.host.broadcast('access_denied');
        break;
    }
  }

  /** Fetches the agent configuration and its lists (every 30 s with `repeatForever`). */
  pollForAgentConfiguration(repeatForever: boolean): void {
    const generation = this.host.generation();
    void this.host.callApi('getAgentConfiguration', {}).then((outcome) => {
      if (generation !== this.host.generation()) return;
      if (outcome.kind === 'success') {
        const data = isRecord(outcome.data) ? outcome.data : {};
        const configuration = isRecord(data['configuration']) ? { ...data['configuration'] } : {};
        if (isRecord(configuration['routingProfile'])) {
          configuration['routingProfile'] = { ...configuration['routingProfile'] };
        } else {
          configuration['routingProfile'] = {};
        }
        this.pollConfigurationLists(configuration);
      } else if (outcome.kind === 'authFailure') {
        this.host.broadcast('cti_authorize_retries_exhausted');
      } else if (outcome.kind === 'accessDenied') {
        this.host.broadcast('access_denied');
      }
      if (repeatForever && (outcome.kind === 'success' || outcome.kind === 'failure')) {
        this.host.later(CONFIG_POLL_INTERVAL_MS, () => this.pollForAgentConfiguration(true));
      }
    });
  }

  /** The four paged lists, merged into the configuration; the update goes out when all have arrived. */
  private pollConfigurationLists(configuration: Record<string, unknown>): void {
    const profile = configuration['routingProfile'] as Record<string, unknown>;
    const lists: readonly {
      method: string;
      member: string;
      extra: Record<string, unknown>;
      store: (items: unknown[]) => void;
    }[] = [
      {
        method: 'getAgentPermissions',
        member: 'permissions',
        extra: {},
        store: (i) => (configuration['permissions'] = i),
      },
      {
        method: 'getAgentStates',
        member: 'states',
        extra: {},
        store: (i) => (configuration['agentStates'] = i),
      },
      {
        method: 'getDialableCountryCodes',
        member: 'countryCodes',
        extra: {},
        store: (i) => (configuration['dialableCountries'] = i),
      },
      {
        method: 'getRoutingProfileQueues',
        member: 'queues',
        extra: { routingProfileARN: profile['routingProfileARN'] },
        store: (i) => (profile['queues'] = i),
      },
    ];
    for (const list of lists) void this.pollList(list, configuration, [], null);
  }

  private async pollList(
    list: {
      method: string;
      member: string;
      extra: Record<string, unknown>;
      store: (items: unknown[]) => void;
    },
    configuration: Record<string, unknown>,
    collected: unknown[],
    nextToken: string | null,
  ): Promise<void> {
    const generation = this.host.generation();
    const outcome = await this.host.callApi(list.method, {
      ...list.extra,
      nextToken,
      maxResults: CONFIG_LIST_PAGE_SIZE,
    });
    if (generation !== this.host.generation()) return;
    if (outcome.kind === 'authFailure') {
      this.host.broadcast('cti_authorize_retries_exhausted');
      return;
    }
    if (outcome.kind === 'accessDenied') {
      this.host.broadcast('access_denied');
      return;
    }
    if (outcome.kind !== 'success') return;
    const data = isRecord(outcome.data) ? outcome.data : {};
    const items = Array.isArray(data[list.member]) ? (data[list.member] as unknown[]) : [];
    const all = collected.concat(items);
    if (typeof data['nextToken'] === 'string' && data['nextToken'] !== '') {
      await this.pollList(list, configuration, all, data['nextToken']);
      return;
    }
    list.store(all);
    this.updateAgentConfiguration(configuration);
  }

  private updateAgentConfiguration(configuration: Record<string, unknown>): void {
    const profile = configuration['routingProfile'];
    if (
      configuration['permissions'] &&
      configuration['dialableCountries'] &&
      configuration['agentStates'] &&
      isRecord(profile) &&
      profile['queues']
    ) {
      this.completeConfiguration = configuration;
      this.host.updateAgent();
    }
  }
}
