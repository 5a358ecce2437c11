import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readBody, readJson, sendJson, type RouteHandler } from '../lib/http';
import {
  voiceIdCustomerSchema,
  voiceIdSettingsSchema,
  VoiceIdServiceError,
  type VoiceIdSimulator,
} from './voice-id-simulator';
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

const voiceIdParams = z.object({ SpeakerId: z.string().min(1), DomainId: z.string().min(1) });
const sessionParams = z.object({
  SessionNameOrId: z.string().min(1),
  DomainId: z.string().min(1),
  SpeakerId: z.string().optional(),
});
const startSessionParams = z.object({
  contactId: z.string().min(1),
  instanceId: z.string().optional(),
  customerAccountId: z.string().optional(),
  clientToken: z.string().optional(),
  domainId: z.string().min(1),
});
const getContactParams = z.object({
  contactId: z.string().min(1),
  instanceId: z.string().optional(),
  awsAccountId: z.string().optional(),
});
const integrationParams = z.object({
  InstanceId: z.string().min(1),
  IntegrationType: z.string().optional(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new VoiceIdServiceError(
      400,
      'ValidationException',
      `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  }
  return result.data;
}

function sendError(res: ServerResponse, error: unknown): void {
  if (error instanceof VoiceIdServiceError) {
    sendJson(
      res,
      error.status,
      { message: error.message, __type: error.type },
      { 'x-amzn-ErrorType': error.type },
    );
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  sendJson(
    res,
    500,
    { message, __type: 'InternalServerException' },
    { 'x-amzn-ErrorType': 'InternalServerException' },
  );
}

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
    .map(([, ...rest]) => decodeURIComponent(rest.join('=')));
}

/**
 * The agent-app endpoint (`POST`, `X-Amz-target: AgentAppService.*`, `X-Amz-Bearer`) serving
 * Voice ID, Nasa, Lcms and Acs operations, plus the task-templates proxy and quick responses.
 */
export function createAgentAppRouter(
  backend: AgentAppBackend,
  voiceId: VoiceIdSimulator,
): RouteHandler {
  const operations: Record<string, (body: unknown) => unknown> = {
    'AgentAppService.VoiceId.describeSpeaker': (b) => {
      const p = parse(voiceIdParams, b);
      return voiceId.describeSpeaker(p.SpeakerId, p.DomainId);
    },
    'AgentAppService.VoiceId.optOutSpeaker': (b) => {
      const p = parse(voiceIdParams, b);
      return voiceId.optOutSpeaker(p.SpeakerId, p.DomainId);
    },
    'AgentAppService.VoiceId.deleteSpeaker': (b) => {
      const p = parse(voiceIdParams, b);
      return voiceId.deleteSpeaker(p.SpeakerId, p.DomainId);
    },
    'AgentAppService.VoiceId.evaluateSession': (b) => {
      const p = parse(sessionParams, b);
      return voiceId.evaluateSession(p.SessionNameOrId, p.DomainId);
    },
    'AgentAppService.VoiceId.describeSession': (b) => {
      const p = parse(sessionParams, b);
      return voiceId.describeSession(p.SessionNameOrId, p.DomainId);
    },
    'AgentAppService.VoiceId.enrollBySession': (b) => {
      const p = parse(sessionParams, b);
      return voiceId.enrollBySession(p.SessionNameOrId, p.DomainId);
    },
    'AgentAppService.VoiceId.updateSession': (b) => {
      const p = parse(sessionParams.extend({ SpeakerId: z.string().min(1) }), b);
      return voiceId.updateSession(p.SessionNameOrId, p.SpeakerId, p.DomainId);
    },
    'AgentAppService.Nasa.startVoiceIdSession': (b) => {
      const p = parse(startSessionParams, b);
      return voiceId.startSession(p.contactId, p.domainId);
    },
    'AgentAppService.Lcms.getContact': (b) =>
      voiceId.getContact(parse(getContactParams, b).contactId),
    'AgentAppService.Lcms.updateVoiceIdData': (b) =>
      voiceId.updateVoiceIdData(parse(z.record(z.string(), z.unknown()), b)),
    'AgentAppService.Acs.listIntegrationAssociations': (b) => {
      const p = parse(integrationParams, b);
      if (p.InstanceId !== backend.instanceId) {
        throw new VoiceIdServiceError(
          404,
          'ResourceNotFoundException',
          `Instance not found: ${p.InstanceId}`,
        );
      }
      return voiceId.listIntegrationAssociations(p.InstanceId);
    },
    startScreenSharing: (b) => {
      const p = parse(
        z.object({
          InstanceId: z.string().min(1),
          ContactId: z.string().min(1),
          ParticipantId: z.string().min(1),
        }),
        b,
      );
      if (p.InstanceId !== backend.instanceId) {
        throw new VoiceIdServiceError(
          404,
          'ResourceNotFoundException',
          `Instance not found: ${p.InstanceId}`,
        );
      }
      return backend.startScreenSharing?.(p) ?? {};
    },
    qrIntegrationExists: () => ({ exists: backend.quickResponses().length > 0 }),
    qrSearchQuickResponses: (b) => {
      const p = parse(
        z
          .object({
            query: z.string().optional(),
            channel: z.string().optional(),
            maxResults: z.number().optional(),
          })
          .passthrough(),
        b,
      );
      const q = (p.query ?? '').toLowerCase();
      const hits = backend
        .quickResponses()
        .filter(
          (r) =>
            (p.channel === undefined || r.channels.includes(p.channel.toUpperCase())) &&
            (q === '' ||
              r.name.toLowerCase().includes(q) ||
              r.content.toLowerCase().includes(q) ||
              r.shortcutKey?.toLowerCase() === q),
        )
        .slice(0, p.maxResults ?? 25);
      return {
        results: hits.map((r) => ({
          quickResponseId: r.id,
          name: r.name,
          contents: { plainText: { content: r.content } },
          shortcutKey: r.shortcutKey,
          channels: [...r.channels],
        })),
      };
    },
  };

  const handleAgentApp = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = req.headers['x-amz-target'];
    const method = Array.isArray(target) ? target[0] : target;
    const token = bearerToken(req.headers['x-amz-bearer']);
    if (token === undefined || !backend.validateToken(token)) {
      await readBody(req).catch(() => '');
      sendJson(res, 401, { message: 'Unauthorized', __type: 'UnauthorizedException' });
      return;
    }
    const op = method === undefined ? undefined : operations[method];
    if (op === undefined) {
      await readBody(req).catch(() => '');
      sendJson(res, 400, {
        message: `Unknown operation: ${method ?? ''}`,
        __type: 'UnknownOperationException',
      });
      return;
    }
    try {
      let body: unknown;
      try {
        body = await readJson(req);
      } catch {
        throw new VoiceIdServiceError(
          400,
          'SerializationException',
          'The request body is not valid JSON',
        );
      }
      sendJson(res, 200, op(body));
    } catch (error) {
      sendError(res, error);
    }
  };

  const handleTaskTemplates = async (
    req: IncomingMessage,
    res: ServerResponse,
    rest: string,
    url: URL,
  ): Promise<void> => {
    const authorized =
      backend.validateSessionCookie?.(req.headers.cookie) ??
      cookieTokens(req.headers.cookie).some((t) => backend.validateToken(t));
    if (!authorized) {
      sendJson(res, 401, { message: 'Unauthorized' });
      return;
    }
    if (req.headers['x-csrf-token'] !== TASK_TEMPLATES_CSRF) {
      sendJson(res, 403, { message: 'Missing or invalid CSRF token' });
      return;
    }
    const parts = rest
      .split('/')
      .filter((s) => s !== '')
      .map(decodeURIComponent);
    try {
      if (
        req.method === 'GET' &&
        parts[0] === 'proxy' &&
        parts[1] === 'instance' &&
        parts[3] === 'task' &&
        parts[4] === 'template'
      ) {
        if (parts[2] !== backend.instanceId) {
          sendJson(res, 404, { message: `Instance not found: ${parts[2] ?? ''}` });
          return;
        }
        const templates = backend.taskTemplates();
        if (parts.length === 5) {
          const status = url.searchParams.get('status');
          const name = url.searchParams.get('name');
          const list = templates.filter(
            (t) =>
              (status === null || t.status === status) && (name === null || t.name.includes(name)),
          );
          sendJson(res, 200, {
            TaskTemplates: list.map((t) => ({
              Id: t.id,
              Arn: `arn:aws:connect:${backend.region}:${backend.accountId}:instance/${backend.instanceId}/task-template/${t.id}`,
              Name: t.name,
              Description: t.description,
              Status: t.status,
              CreatedTime: t.createdMs / 1000,
              LastModifiedTime: t.lastModifiedMs / 1000,
            })),
          });
          return;
        }
        const template = templates.find((t) => t.id === parts[5]);
        if (template === undefined) {
          sendJson(res, 404, { message: `Task template not found: ${parts[5] ?? ''}` });
          return;
        }
        const version = url.searchParams.get('snapshotVersion');
        const versions = template.versions ?? [1];
        if (version !== null && !versions.includes(Number(version))) {
          sendJson(res, 404, { message: `Task template version not found: ${version}` });
          return;
        }
        sendJson(res, 200, {
          InstanceId: backend.instanceId,
          Id: template.id,
          Arn: `arn:aws:connect:${backend.region}:${backend.accountId}:instance/${backend.instanceId}/task-template/${template.id}`,
          Name: template.name,
          Description: template.description,
          ContactFlowId: template.contactFlowId,
          Fields: template.fields,
          Status: template.status,
          SnapshotVersion: version === null ? versions.at(-1) : Number(version),
          CreatedTime: template.createdMs / 1000,
          LastModifiedTime: template.lastModifiedMs / 1000,
        });
        return;
      }
      if (req.method === 'PUT' && parts.length === 1 && parts[0] === 'createTemplatedTask') {
        const body = parse(z.record(z.string(), z.unknown()), await readJson(req));
        const { contactId } = backend.createTemplatedTask(body);
        sendJson(res, 200, { ContactId: contactId });
        return;
      }
      if (req.method === 'POST' && parts.length === 1 && parts[0] === 'updateContact') {
        const body = parse(z.record(z.string(), z.unknown()), await readJson(req));
        backend.updateContact(body);
        sendJson(res, 200, {});
        return;
      }
      sendJson(res, 404, { message: 'Not found' });
    } catch (error) {
      if (error instanceof VoiceIdServiceError)
        sendJson(res, error.status, { message: error.message });
      else sendJson(res, 500, { message: error instanceof Error ? error.message : String(error) });
    }
  };

  return async (req, res, url) => {
    if ((AGENT_APP_PATHS as readonly string[]).includes(url.pathname)) {
      if (req.method !== 'POST') {
        sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'POST' });
        return true;
      }
      await handleAgentApp(req, res);
      return true;
    }
    for (const prefix of TASK_TEMPLATES_PREFIXES) {
      if (url.pathname.startsWith(`${prefix}/`)) {
        await handleTaskTemplates(req, res, url.pathname.slice(prefix.length), url);
        return true;
      }
    }
    return false;
  };
}

/**
 * Control API for the simulated Voice ID domain, under `/control/voice-id`:
 * - `GET|PATCH /control/voice-id/settings`
 * - `GET|PUT /control/voice-id/customers/{customerId}` (decisions, speaker status, holdSpeech)
 * - `GET /control/voice-id/sessions`
 * - `POST /control/voice-id/sessions/{contactId}/speech` `{addMs?, hold?}`
 * - `GET /control/voice-id/lcms-updates`, `POST /control/voice-id/reset`
 */
export function createVoiceIdControlRouter(
  voiceId: VoiceIdSimulator,
  prefix = '/control/voice-id',
): RouteHandler {
  return async (req, res, url) => {
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return false;
    const parts = url.pathname
      .slice(prefix.length)
      .split('/')
      .filter((s) => s !== '')
      .map(decodeURIComponent);
    const method = req.method ?? 'GET';
    const ok = (body: unknown): true => {
      sendJson(res, 200, body);
      return true;
    };
    try {
      const body = method === 'GET' ? {} : await readJson(req);
      if (parts[0] === 'settings' && parts.length === 1) {
        if (method === 'GET') return ok(voiceId.getSettings());
        if (method === 'PATCH' || method === 'PUT') {
          const patch = voiceIdSettingsSchema.partial().strict().parse(body);
          return ok(voiceId.updateSettings(patch));
        }
      }
      if (parts[0] === 'customers' && parts.length === 2) {
        const id = parts[1]!;
        if (method === 'GET') return ok(voiceId.customer(id));
        if (method === 'PUT' || method === 'PATCH') {
          const patch = voiceIdCustomerSchema.strict().parse(body);
          return ok(voiceId.configureCustomer(id, patch));
        }
      }
      if (parts[0] === 'sessions' && parts.length === 1 && method === 'GET') {
        return ok({ sessions: voiceId.listSessions() });
      }
      if (
        parts[0] === 'sessions' &&
        parts.length === 3 &&
        parts[2] === 'speech' &&
        method === 'POST'
      ) {
        const p = z
          .object({ addMs: z.number().int().min(0).optional(), hold: z.boolean().optional() })
          .strict()
          .parse(body);
        if (p.hold !== undefined) voiceId.holdSpeech(parts[1]!, p.hold);
        return ok(voiceId.addSpeech(parts[1]!, p.addMs ?? 0));
      }
      if (parts[0] === 'lcms-updates' && method === 'GET') {
        return ok({ updates: voiceId.lcmsUpdates });
      }
      if (parts[0] === 'reset' && method === 'POST') {
        voiceId.reset();
        return ok({});
      }
      sendJson(res, 404, { message: 'Not found' });
    } catch (error) {
      if (error instanceof z.ZodError)
        sendJson(res, 400, { message: 'Invalid request', issues: error.issues });
      else if (error instanceof VoiceIdServiceError)
        sendJson(res, error.status, { message: error.message });
      else if (error instanceof SyntaxError)
        sendJson(res, 400, { message: 'The request body is not valid JSON' });
      else sendJson(res, 500, { message: error instanceof Error ? error.message : String(error) });
    }
    return true;
  };
}
