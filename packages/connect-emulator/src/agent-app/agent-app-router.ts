import { controlServiceRouter } from '../control/control-app';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { EmulatorEnv } from '../http/node-env';
import type { OperationPolicy } from '../auth/authorization';
import {
  awsErrorBody,
  HttpError,
  readBody,
  readJson,
  safeDecode,
  type RouteHandler,
} from '../lib/http';
import { VoiceIdServiceError } from './voice-id-model';
import type { VoiceIdSimulator } from './voice-id-simulator';
import { agentAppOperations, parse } from './agent-app-operations';
import { AGENT_APP_PATHS, TASK_TEMPLATES_PREFIXES, TASK_TEMPLATES_CSRF } from '../constants';

/** A task template of the simulated instance. */
export interface TaskTemplate {
  id: string;
  name: string;
  description?: string;
  status: 'ACTIVE' | 'INACTIVE';
  contactFlowId?: string;
  fields: readonly { Id: { Name: string }; Type: string; Description?: string }[];
  /** Snapshot versions; the last one is current. */
  versions?: readonly number[];
  createdMs: number;
  lastModifiedMs: number;
}

/** A quick response (canned text) for `qrSearchQuickResponses`. */
export interface QuickResponse {
  id: string;
  name: string;
  content: string;
  shortcutKey?: string;
  channels: readonly string[];
}

/** What the agent-app services need from the emulated instance. */
export interface AgentAppBackend {
  readonly instanceId: string;
  readonly region: string;
  readonly accountId: string;
  /** True when the token is a live access token (the `X-Amz-Bearer` value). */
  validateToken(token: string): boolean;
  /**
   * The authorisation of one call: throws a {@link VoiceIdServiceError} (404 for a contact that
   * is not the caller's, 403 for a listener that acts) when the token's agent may not run an
   * operation with this policy on this body. Default: every call is allowed.
   */
  authorize?(token: string, policy: OperationPolicy, body: unknown): void;
  /** As {@link AgentAppBackend.authorize}, for the agent of the session cookie (task templates). */
  authorizeCookie?(cookieHeader: string | undefined, policy: OperationPolicy, body: unknown): void;
  /**
   * True when the request's cookies carry a live session (the task-templates proxy is called
   * with `credentials: 'include'`). Default: any `lily-auth*` cookie holding a valid token.
   */
  validateSessionCookie?(cookieHeader: string | undefined): boolean;
  taskTemplates(): readonly TaskTemplate[];
  /** Creates a task from a template; returns its contact id. */
  createTemplatedTask(params: Record<string, unknown>): { contactId: string };
  /** Updates a task contact (name, description, references). */
  updateContact(params: Record<string, unknown>): void;
  quickResponses(): readonly QuickResponse[];
  /**
   * Starts screen sharing for an agent on a connected contact (the panel's `startScreenSharing`
   * proxy call, `{InstanceId, ContactId, ParticipantId}`); throws a {@link VoiceIdServiceError}-like
   * status error when the contact or participant is unknown or not connected. Default: answers `{}`.
   */
  startScreenSharing?(params: {
    readonly ContactId: string;
    readonly ParticipantId: string;
  }): Record<string, unknown>;
}

/**
 * The agent-app operations and the authorisation rule of each (see `authorizeOperation`): the
 * ones that name a contact (or a Voice ID session, which is a contact's) need the caller on it.
 * @public
 */
export const AGENT_APP_OPERATION_POLICIES = {
  'AgentAppService.VoiceId.describeSpeaker': { kind: 'instance' },
  'AgentAppService.VoiceId.optOutSpeaker': { kind: 'instance' },
  'AgentAppService.VoiceId.deleteSpeaker': { kind: 'instance' },
  'AgentAppService.VoiceId.evaluateSession': {
    kind: 'contact',
    field: 'SessionNameOrId',
    access: 'listen',
  },
  'AgentAppService.VoiceId.describeSession': {
    kind: 'contact',
    field: 'SessionNameOrId',
    access: 'listen',
  },
  'AgentAppService.VoiceId.enrollBySession': {
    kind: 'contact',
    field: 'SessionNameOrId',
    access: 'act',
  },
  'AgentAppService.VoiceId.updateSession': {
    kind: 'contact',
    field: 'SessionNameOrId',
    access: 'act',
  },
  'AgentAppService.Nasa.startVoiceIdSession': {
    kind: 'contact',
    field: 'contactId',
    access: 'act',
  },
  'AgentAppService.Lcms.getContact': { kind: 'contact', field: 'contactId', access: 'listen' },
  'AgentAppService.Lcms.updateVoiceIdData': {
    kind: 'contact',
    field: 'ContactId',
    access: 'act',
  },
  'AgentAppService.Acs.listIntegrationAssociations': { kind: 'instance' },
  startScreenSharing: { kind: 'contact', field: 'ContactId', access: 'act' },
  qrIntegrationExists: { kind: 'instance' },
  qrSearchQuickResponses: { kind: 'instance' },
} as const satisfies Record<string, OperationPolicy>;

/** An agent-app operation name (`X-Amz-Target`). @public */
export type AgentAppOperation = keyof typeof AGENT_APP_OPERATION_POLICIES;

const isAgentAppOperation = (name: string | undefined): name is AgentAppOperation =>
  name !== undefined && Object.hasOwn(AGENT_APP_OPERATION_POLICIES, name);

/** The task-templates proxy operations and their authorisation rules. @public */
export const TASK_TEMPLATE_OPERATION_POLICIES = {
  listTaskTemplates: { kind: 'instance' },
  getTaskTemplate: { kind: 'instance' },
  createTemplatedTask: { kind: 'new-contact' },
  // The proxy edits a task of the instance (the real CCP's task editor); not limited to the
  // agent's own tasks.
  updateContact: { kind: 'instance' },
} as const satisfies Record<string, OperationPolicy>;

/** Reads the session token from `X-Amz-Bearer: {"<authCookieName>": "<token>"}`. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed !== null && typeof parsed === 'object') {
      const first = Object.values(parsed as Record<string, unknown>).find(
        (v) => typeof v === 'string',
      );
      return first;
    }
    return typeof parsed === 'string' ? parsed : undefined;
  } catch {
    return value;
  }
}

function cookieTokens(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(';')
    .map((part) => part.trim().split('='))
    .filter(([name]) => name !== undefined && name.startsWith('lily-auth'))
    .map(([, ...rest]) => safeDecode(rest.join('=')))
    .filter((t): t is string => t !== undefined);
}

/**
 * The agent-app endpoint (`POST`, `X-Amz-target: AgentAppService.*`, `X-Amz-Bearer`) serving
 * Voice ID, Nasa, Lcms and Acs operations, plus the task-templates proxy and quick responses.
 */
/** The task-template list's query. */
const templateListQuery = z.object({
  status: z.string().max(64).optional(),
  name: z.string().max(1024).optional(),
});
/** One task template's query. */
const templateQuery = z.object({ snapshotVersion: z.string().max(32).optional() });

/**
 * The agent-app surface on Hono: the agent-app endpoint (`POST /agent-app/api`, Voice ID, contact
 * lookups, quick responses, screen sharing) and the task-templates proxy.
 */
export function agentAppRoutes(
  backend: AgentAppBackend,
  voiceId: VoiceIdSimulator,
): Hono<EmulatorEnv> {
  const operations = agentAppOperations(backend, voiceId);
  const app = new Hono<EmulatorEnv>();
  // A failure of an operation: AWS-shaped (anything else is a bug, for the app's error boundary).
  app.onError((error, c) => {
    if (error instanceof VoiceIdServiceError || error instanceof HttpError)
      return c.json(awsErrorBody(error.type, error.message), error.status as ContentfulStatusCode, {
        'x-amzn-ErrorType': error.type,
      });
    throw error;
  });

  // The agent-app endpoint: one route, dispatched on `X-Amz-Target`, each operation's body read
  // with its zod schema after the bearer token and the operation name are checked.
  for (const path of AGENT_APP_PATHS) {
    app.post(path, async (c) => {
      const req = c.env.incoming;
      const method = c.req.header('x-amz-target');
      const token = bearerToken(req.headers['x-amz-bearer']);
      if (token === undefined || !backend.validateToken(token)) {
        await readBody(req);
        throw new VoiceIdServiceError(401, 'UnauthorizedException', 'Unauthorized');
      }
      if (!isAgentAppOperation(method)) {
        await readBody(req);
        throw new VoiceIdServiceError(
          400,
          'UnknownOperationException',
          `Unknown operation: ${String(method ?? '').slice(0, 200)}`,
        );
      }
      const body = await readJson(req);
      backend.authorize?.(token, AGENT_APP_OPERATION_POLICIES[method], body);
      return c.json(operations[method](body) as object, 200);
    });
    app.all(path, (c) =>
      c.json(awsErrorBody('MethodNotAllowedException', 'Method not allowed'), 405, {
        'x-amzn-ErrorType': 'MethodNotAllowedException',
        allow: 'POST',
      }),
    );
  }

  registerTaskTemplateRoutes(app, backend);
  return app;
}

/**
 * The task-templates proxy (list and read templates, create a templated task, update a task),
 * under each of its prefixes: the session cookie (or a token cookie) and the CSRF header first.
 */
function registerTaskTemplateRoutes(app: Hono<EmulatorEnv>, backend: AgentAppBackend): void {
  const arn = (id: string) =>
    `arn:aws:connect:${backend.region}:${backend.accountId}:instance/${backend.instanceId}/task-template/${id}`;
  const notFound = (message: string) => {
    throw new HttpError(404, 'ResourceNotFoundException', message);
  };
  for (const prefix of TASK_TEMPLATES_PREFIXES) {
    app.use(`${prefix}/*`, async (c, next) => {
      const cookie = c.req.header('cookie');
      const authorized =
        backend.validateSessionCookie?.(cookie) ??
        cookieTokens(cookie).some((t) => backend.validateToken(t));
      if (!authorized) throw new HttpError(401, 'UnauthorizedException', 'Unauthorized');
      if (c.req.header('x-csrf-token') !== TASK_TEMPLATES_CSRF)
        throw new HttpError(403, 'AccessDeniedException', 'Missing or invalid CSRF token');
      await next();
    });
    app.get(`${prefix}/proxy/instance/:instanceId/task/template`, (c) => {
      const instanceId = c.req.param('instanceId');
      if (instanceId !== backend.instanceId) notFound(`Instance not found: ${instanceId}`);
      const query = parse(templateListQuery, c.req.query());
      const list = backend
        .taskTemplates()
        .filter(
          (t) =>
            (query.status === undefined || t.status === query.status) &&
            (query.name === undefined || t.name.includes(query.name)),
        );
      return c.json(
        {
          TaskTemplates: list.map((t) => ({
            Id: t.id,
            Arn: arn(t.id),
            Name: t.name,
            Description: t.description,
            Status: t.status,
            CreatedTime: t.createdMs / 1000,
            LastModifiedTime: t.lastModifiedMs / 1000,
          })),
        },
        200,
      );
    });
    app.get(`${prefix}/proxy/instance/:instanceId/task/template/:templateId`, (c) => {
      const instanceId = c.req.param('instanceId');
      if (instanceId !== backend.instanceId) notFound(`Instance not found: ${instanceId}`);
      const templateId = c.req.param('templateId');
      const template = backend.taskTemplates().find((t) => t.id === templateId);
      if (template === undefined) return notFound(`Task template not found: ${templateId}`);
      const version = parse(templateQuery, c.req.query()).snapshotVersion;
      const versions = template.versions ?? [1];
      if (version !== undefined && !versions.includes(Number(version)))
        notFound(`Task template version not found: ${version}`);
      return c.json(
        {
          InstanceId: backend.instanceId,
          Id: template.id,
          Arn: arn(template.id),
          Name: template.name,
          Description: template.description,
          ContactFlowId: template.contactFlowId,
          Fields: template.fields,
          Status: template.status,
          SnapshotVersion: version === undefined ? versions.at(-1) : Number(version),
          CreatedTime: template.createdMs / 1000,
          LastModifiedTime: template.lastModifiedMs / 1000,
        },
        200,
      );
    });
    app.put(`${prefix}/createTemplatedTask`, async (c) => {
      const body = parse(z.record(z.string(), z.unknown()), await readJson(c.env.incoming));
      const { contactId } = backend.createTemplatedTask(body);
      return c.json({ ContactId: contactId }, 200);
    });
    app.post(`${prefix}/updateContact`, async (c) => {
      const body = parse(z.record(z.string(), z.unknown()), await readJson(c.env.incoming));
      backend.authorizeCookie?.(
        c.req.header('cookie'),
        TASK_TEMPLATE_OPERATION_POLICIES.updateContact,
        body,
      );
      backend.updateContact(body);
      return c.json({}, 200);
    });
    app.all(`${prefix}/*`, () => {
      throw new HttpError(404, 'NotFoundException', 'Not found');
    });
  }
}

/** Whether a path is one of the agent-app endpoint's or the task-templates proxy's. */
function isAgentAppPath(path: string): boolean {
  return (
    (AGENT_APP_PATHS as readonly string[]).includes(path) ||
    TASK_TEMPLATES_PREFIXES.some((prefix) => path.startsWith(`${prefix}/`))
  );
}

/**
 * The agent-app routes ({@link agentAppRoutes}) as a Node-style route handler (for a server
 * that is not the emulator's Hono app).
 */
export function createAgentAppRouter(
  backend: AgentAppBackend,
  voiceId: VoiceIdSimulator,
): RouteHandler {
  const listener = getRequestListener(agentAppRoutes(backend, voiceId).fetch, {
    hostname: 'localhost',
  });
  return async (req, res, url) => {
    if (!isAgentAppPath(url.pathname)) return false;
    await listener(req, res);
    return true;
  };
}

/**
 * The control API's Voice ID routes (`/control/voice-id…`, see `registerServiceRoutes`) as a
 * Node-style route handler.
 */
export function createVoiceIdControlRouter(voiceId: VoiceIdSimulator): RouteHandler {
  return controlServiceRouter({ voiceId }, '/control/voice-id');
}
