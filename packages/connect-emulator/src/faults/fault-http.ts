import { controlServiceRouter } from '../control/control-app';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { adminOperation } from '../admin/admin-router';
import { sendJson, type RouteHandler } from '../lib/http';
import type { FaultEngine } from './fault-engine';
import {
  AGENT_APP_PATHS,
  AUTH_PATHS,
  CTI_PATHS,
  FAULT_ERROR_TYPES,
  TASK_TEMPLATES_PREFIXES,
} from '../constants';

/** The service and operation a request is for. */
export interface FaultTarget {
  service: string;
  operation: string;
}

/** Finds the service and operation of a request (undefined: not subject to faults). */
export type FaultTargetResolver = (req: IncomingMessage, url: URL) => FaultTarget | undefined;

const CTI_TARGET_PREFIX = 'AmazonConnectCTIService.';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The default resolver: CTI operations by `X-Amz-Target`, agent-app methods by `X-Amz-target`,
 * admin operations by method and path, `authorize`, and the task-templates methods.
 */
export const defaultFaultTarget: FaultTargetResolver = (req, url) => {
  const path = url.pathname;
  if ((CTI_PATHS as readonly string[]).includes(path)) {
    const target = header(req, 'x-amz-target') ?? '';
    return {
      service: 'cti',
      operation: target.startsWith(CTI_TARGET_PREFIX)
        ? target.slice(CTI_TARGET_PREFIX.length)
        : target,
    };
  }
  if ((AGENT_APP_PATHS as readonly string[]).includes(path)) {
    return { service: 'agent-app', operation: header(req, 'x-amz-target') ?? '' };
  }
  if ((AUTH_PATHS as readonly string[]).includes(path))
    return { service: 'auth', operation: 'authorize' };
  for (const prefix of TASK_TEMPLATES_PREFIXES) {
    if (path.startsWith(`${prefix}/`)) {
      const rest = path.slice(prefix.length);
      const operation =
        rest === '/createTemplatedTask'
          ? 'createTemplatedTask'
          : rest === '/updateContact'
            ? 'updateContact'
            : /\/task\/template\/[^/]+$/.test(rest)
              ? 'getTaskTemplate'
              : 'listTaskTemplates';
      return { service: 'task-templates', operation };
    }
  }
  const admin = adminOperation(req.method ?? 'GET', path);
  return admin === undefined ? undefined : { service: 'admin', operation: admin };
};

/** Options of {@link withFaults}. */
export interface WithFaultsOptions {
  resolve?: FaultTargetResolver;
  /** Waits for added latency (setTimeout by default; tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

/** A route handler wrapped with fault injection, and a way to release dropped requests. */
export interface FaultingHandler extends RouteHandler {
  /** Destroys the sockets of dropped requests (call on shutdown). */
  releaseDropped(): void;
}

/**
 * Wraps a route handler (usually the whole emulator's) so that fault rules apply to every
 * request they match: added latency first, then the terminal fault or the real handler.
 */
export function withFaults(
  engine: FaultEngine,
  handler: RouteHandler,
  options: WithFaultsOptions = {},
): FaultingHandler {
  const resolve = options.resolve ?? defaultFaultTarget;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const dropped = new Set<ServerResponse>();

  const wrapped = (async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<boolean> => {
    if (!engine.active) return handler(req, res, url);
    const target = resolve(req, url);
    if (target === undefined) return handler(req, res, url);
    const decision = engine.decide(target.service, target.operation);
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    const terminal = decision.terminal;
    if (
      terminal === undefined ||
      terminal.type === 'close-socket' ||
      terminal.type === 'miss-heartbeat'
    ) {
      return handler(req, res, url);
    }
    req.resume();
    if (terminal.type === 'drop') {
      dropped.add(res);
      res.on('close', () => dropped.delete(res));
      return true;
    }
    const types = FAULT_ERROR_TYPES[target.service] ?? FAULT_ERROR_TYPES.default!;
    const type = terminal.errorType ?? types[terminal.status] ?? 'Unknown';
    const message =
      terminal.message ??
      `Injected fault: ${terminal.status} on ${target.service} ${target.operation}`;
    sendJson(
      res,
      terminal.status,
      { __type: type, message, Message: message },
      { 'x-amzn-ErrorType': type, 'x-amzn-RequestId': `fault-${decision.ruleIds.join('-')}` },
    );
    return true;
  }) as FaultingHandler;
  wrapped.releaseDropped = () => {
    for (const res of dropped) res.socket?.destroy();
    dropped.clear();
  };
  return wrapped;
}

/**
 * The control API's fault-rule routes (`/control/faults…`, see `registerServiceRoutes`) as a
 * Node-style route handler.
 */
export function createFaultControlRouter(engine: FaultEngine): RouteHandler {
  return controlServiceRouter({ faults: engine }, '/control/faults');
}
