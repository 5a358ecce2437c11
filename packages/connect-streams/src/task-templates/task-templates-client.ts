import * as z from 'zod/mini';
import { TASK_TEMPLATES_BASE_PATH, TASK_TEMPLATES_METHODS } from '../constants';
import {
  MSG_TASK_TEMPLATES_ENDPOINT_REQUIRED,
  MSG_TEMPLATE_ID_REQUIRED,
  noSuchMethodOnClientMessage,
} from '../messages';
import {
  fetchWithRetry,
  HttpStatusError,
  type FetchFunction,
} from '../panel/http/fetch-with-retry';

/**
 * A failed service call: the answer's JSON body with its HTTP `status` added.
 * @public
 */
export class ServiceCallError extends Error {
  /** The HTTP status (0 for a network failure). */
  readonly status: number;
  /** The JSON error body with `status` added, as the original library hands it to failure callbacks. */
  readonly body: Record<string, unknown>;
  /** The error for a task-templates response with `status` and `body`. */
  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body['message'] === 'string' ? body['message'] : `HTTP ${status}`);
    this.name = 'ServiceCallError';
    this.status = status;
    this.body = { ...body, status };
  }
}

/** Turns a rejected `fetchWithRetry` into a {@link ServiceCallError}. */
export async function toServiceCallError(cause: unknown): Promise<ServiceCallError> {
  if (cause instanceof HttpStatusError) {
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = await cause.response.json();
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      // not JSON: keep the status only
    }
    return new ServiceCallError(cause.status, body);
  }
  return new ServiceCallError(0, {
    message: cause instanceof Error ? cause.message : String(cause),
  });
}

/**
 * A task-templates method name.
 * @public
 */
export type TaskTemplatesMethod = (typeof TASK_TEMPLATES_METHODS)[number];

/** Parameters of `listTaskTemplates`. @public */
export interface ListTaskTemplatesParams {
  /** The instance's id. */
  instanceId: string;
  /** Query parameters, e.g. `{status: 'active', maxResults: '100'}`. */
  queryParams?: Record<string, string>;
}

/** Parameters of `getTaskTemplate`. @public */
export interface GetTaskTemplateParams {
  /** The instance's id. */
  instanceId: string;
  /** The template's id and, optionally, its version. */
  templateParams: { id: string; version?: string | number };
}

const getTemplateSchema = z.object({
  instanceId: z.string(),
  templateParams: z.object({
    id: z.string().check(z.minLength(1)),
    version: z.optional(z.union([z.string(), z.number()])),
  }),
});

function withProtocol(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  const protocol =
    (globalThis as { location?: { protocol?: string } }).location?.protocol ?? 'https:';
  return `${protocol}//${url}`;
}

/**
 * The task-templates base URL for an endpoint: an endpoint that already names
 * `/task-templates` is used as is; otherwise `{host}[/connect]/task-templates/api/ccp`, with
 * `/connect` on legacy `.awsapps.com` domains.
 * @public
 */
export function taskTemplatesBaseUrl(endpoint: string): string {
  if (endpoint.includes('/task-templates')) return withProtocol(endpoint);
  const host = new URL(withProtocol(endpoint)).host;
  const prefix = endpoint.includes('.awsapps.com') ? '/connect' : '';
  return withProtocol(`${host}${prefix}${TASK_TEMPLATES_BASE_PATH}`);
}

/**
 * Client of the task-templates service: list and get templates (with `snapshotVersion`), create a
 * templated task, update a contact. Requests include credentials and a CSRF header; 5xx and 429
 * are retried (5 attempts, 1000 ms apart); failures reject with {@link ServiceCallError}.
 * @public
 */
export class TaskTemplatesClient {
  /** The resolved base URL. */
  readonly baseUrl: string;
  private readonly fetch: FetchFunction | undefined;

  /** A client for the task-templates endpoint. */
  constructor(options: {
    taskTemplatesEndpoint?: string | null;
    endpoint?: string | null;
    fetch?: FetchFunction;
  }) {
    const endpoint = options.taskTemplatesEndpoint || options.endpoint;
    if (!endpoint) throw new TypeError(MSG_TASK_TEMPLATES_ENDPOINT_REQUIRED);
    this.baseUrl = taskTemplatesBaseUrl(endpoint);
    this.fetch = options.fetch;
  }

  /** `GET {base}/proxy/instance/{instanceId}/task/template[?query]`. */
  listTaskTemplates(params: ListTaskTemplatesParams): Promise<unknown> {
    return this.call('listTaskTemplates', params as unknown as Record<string, unknown>);
  }

  /** `GET {base}/proxy/instance/{instanceId}/task/template/{id}[?snapshotVersion=v]`. */
  getTaskTemplate(params: GetTaskTemplateParams): Promise<unknown> {
    return this.call('getTaskTemplate', params as unknown as Record<string, unknown>);
  }

  /** `PUT {base}/createTemplatedTask` with the params as JSON. */
  createTemplatedTask(params: Record<string, unknown>): Promise<unknown> {
    return this.call('createTemplatedTask', params);
  }

  /** `POST {base}/updateContact` with the params as JSON. */
  updateContact(params: Record<string, unknown>): Promise<unknown> {
    return this.call('updateContact', params);
  }

  /**
   * Calls a method by name; an unknown name rejects with
   * `No such method exists on AWS client: {method}`.
   */
  async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (!(TASK_TEMPLATES_METHODS as readonly string[]).includes(method)) {
      throw new Error(noSuchMethodOnClientMessage(method));
    }
    const body = { ...params };
    // Only relatedContactId or previousContactId can exist.
    if (body['relatedContactId'] && body['previousContactId']) delete body['previousContactId'];
    const init: RequestInit & { headers: Record<string, string> } = {
      credentials: 'include',
      method: 'GET',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'x-csrf-token': 'csrf',
      },
    };
    let url = this.baseUrl;
    const instanceId = typeof body['instanceId'] === 'string' ? body['instanceId'] : '';
    switch (method as TaskTemplatesMethod) {
      case 'listTaskTemplates': {
        url += `/proxy/instance/${instanceId}/task/template`;
        const query = new URLSearchParams(
          (body['queryParams'] as Record<string, string> | undefined) ?? {},
        ).toString();
        if (query) url += `?${query}`;
        break;
      }
      case 'getTaskTemplate': {
        const parsed = getTemplateSchema.safeParse(body);
        if (!parsed.success) throw new TypeError(MSG_TEMPLATE_ID_REQUIRED);
        const { id, version } = parsed.data.templateParams;
        url += `/proxy/instance/${instanceId}/task/template/${id}`;
        if (version !== undefined && version !== '') url += `?snapshotVersion=${version}`;
        break;
      }
      case 'createTemplatedTask':
        url += `/${method}`;
        init.method = 'PUT';
        init.body = JSON.stringify(body);
        break;
      case 'updateContact':
        url += `/${method}`;
        init.method = 'POST';
        init.body = JSON.stringify(body);
        break;
    }
    try {
      return await fetchWithRetry(url, init, this.fetch ? { fetch: this.fetch } : {});
    } catch (cause) {
      throw await toServiceCallError(cause);
    }
  }
}
