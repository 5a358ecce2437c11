// The clients a panel worker engine calls through, as the real WorkerClient picks them: agent-app
// methods to the agent-app client, task-template methods to the task-templates client, everything
// else to the CTI client.
import { TASK_TEMPLATES_METHODS } from '../../constants';
import {
  ServiceCallError,
  TaskTemplatesClient,
  toServiceCallError,
} from '../../task-templates/task-templates-client';
import { CtiClient, defaultCtiEndpoint } from '../cti/cti-client';
import { AgentAppClient } from './agent-app-client';
import type { CtiCaller, PanelWorkerEngineOptions, WorkerConfiguration } from './worker-options';

/** The engine's three clients, built from its configuration. */
export class WorkerClients {
  private readonly options: PanelWorkerEngineOptions;
  private client: CtiCaller | undefined;
  private agentAppClient: CtiCaller | undefined;
  private taskTemplatesClient: CtiCaller | undefined;

  /** Clients made with the engine's options (factories, fetch, base URL). */
  constructor(options: PanelWorkerEngineOptions) {
    this.options = options;
  }

  /** Whether the CTI client exists (the engine is configured). */
  get hasCtiClient(): boolean {
    return this.client !== undefined;
  }

  /** (Re)builds the clients for a configuration (a first `configure`, a new token). */
  init(configuration: WorkerConfiguration): void {
    this.client = this.options.createClient
      ? this.options.createClient(configuration)
      : new CtiClient({
          authToken: configuration.authToken,
          region: configuration.region,
          endpoint:
            configuration.endpoint ??
            defaultCtiEndpoint(this.options.baseUrl ?? globalThis.location.href),
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
        });
    if (this.options.createAgentAppClient) {
      this.agentAppClient = this.options.createAgentAppClient(configuration);
    } else if (configuration.agentAppEndpoint && configuration.authCookieName) {
      this.agentAppClient = new AgentAppClient({
        authCookieName: configuration.authCookieName,
        authToken: configuration.authToken,
        endpoint: configuration.agentAppEndpoint,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      });
    }
    this.taskTemplatesClient = this.options.createTaskTemplatesClient
      ? this.options.createTaskTemplatesClient(configuration)
      : this.defaultTaskTemplatesClient(configuration);
  }

  /** The client a method goes to, or `undefined` before the engine is configured. */
  clientFor(method: string): CtiCaller | undefined {
    return method.startsWith('AgentAppService.')
      ? this.agentAppClient
      : (TASK_TEMPLATES_METHODS as readonly string[]).includes(method)
        ? this.taskTemplatesClient
        : this.client;
  }

  /** Forgets every client (the engine was disposed). */
  reset(): void {
    this.client = undefined;
    this.agentAppClient = undefined;
    this.taskTemplatesClient = undefined;
  }

  /** The real worker's `TaskTemplatesClient(taskTemplatesEndpoint || endpoint)`, as a {@link CtiCaller}. */
  private defaultTaskTemplatesClient(configuration: WorkerConfiguration): CtiCaller | undefined {
    const endpoint =
      configuration.taskTemplatesEndpoint ||
      configuration.endpoint ||
      defaultCtiEndpoint(this.options.baseUrl ?? globalThis.location.href);
    let client: TaskTemplatesClient;
    try {
      client = new TaskTemplatesClient({
        taskTemplatesEndpoint: endpoint,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      });
    } catch {
      return undefined;
    }
    return {
      call: async (method, params = {}) => {
        try {
          return { kind: 'success', data: await client.call(method, params) };
        } catch (cause) {
          const failure =
            cause instanceof ServiceCallError ? cause : await toServiceCallError(cause);
          return {
            kind: 'failure',
            error: {
              type: typeof failure.body['type'] === 'string' ? failure.body['type'] : failure.name,
              message: failure.message,
              stack: [],
              retryStatus: 'none',
              ...(failure.status ? { statusCode: failure.status } : {}),
            },
            data: failure.body,
          };
        }
      },
    };
  }
}
