// The Hono environment of the emulator's HTTP surfaces on Node: every handler has the Node
// request and response (`c.env.incoming`, `c.env.outgoing`) beside Hono's, and the request's
// defensively parsed URL and region (set by the first middleware).
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** The variables the emulator's first middleware sets for every request. */
export interface EmulatorVariables {
  /** The request URL (parsed by `requestUrl`, under the secondary-region prefix stripped). */
  url: URL;
  /** The region the request is for (the secondary one under `/secondary`), when running two. */
  region: string | undefined;
  /** The request body, when the protections read it (to check an admin request's signature). */
  body?: Buffer;
}

/** The Hono environment of the emulator's app. */
export interface EmulatorEnv {
  Bindings: HttpBindings;
  Variables: EmulatorVariables;
}

/** The answer of a handler that wrote the Node response itself. */
export const ALREADY_SENT = RESPONSE_ALREADY_SENT;

/** A Node-style route step: answers the request and returns `true`, or returns `false`. */
export type NodeStep = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => boolean | Promise<boolean>;

/** Runs Node-style route steps in order as Hono middleware; the first that answers ends the request. */
export function nodeSteps(...steps: NodeStep[]): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    for (const step of steps)
      if (await step(c.env.incoming, c.env.outgoing, c.get('url'))) return ALREADY_SENT;
    await next();
  };
}
