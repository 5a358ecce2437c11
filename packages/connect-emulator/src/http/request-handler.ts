// The Node request handler in front of the emulator's Hono app: a request the URL parser refuses
// answers an AWS-shaped 400, and a request under the secondary region's prefix is marked and
// has the prefix taken off before routing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { awsErrorBody, requestUrl } from '../lib/http';
import { MESSAGES } from '../messages';
import { SECONDARY_REGION_PREFIX, type RegionController } from '../regions/regions';
import type { ServedAddress } from './origin-policy';

/** What the request handler needs. */
export interface RequestHandlerOptions {
  /** The Hono app's `fetch`. */
  readonly fetch: Parameters<typeof getRequestListener>[0];
  /** The interface the server binds (the host of a request without a Host header). */
  readonly host: string;
  readonly address: ServedAddress;
  /** The two regions, when running two. */
  readonly regions: RegionController | undefined;
  /** Where the requests under the secondary region's prefix are recorded. */
  readonly secondaryRequests: WeakSet<IncomingMessage>;
  readonly log: (line: string) => void;
}

/** The handler of the emulator's Node server. */
export function requestHandler(
  options: RequestHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { address, regions, secondaryRequests, log } = options;
  const listener = getRequestListener(options.fetch, {
    // A request without a Host header (HTTP/1.0) is for this emulator.
    hostname: options.host,
    // A request line or Host header the URL parser refuses: an AWS-shaped 400.
    errorHandler: () =>
      new Response(JSON.stringify(awsErrorBody('InvalidRequestException', MESSAGES.badPath)), {
        status: 400,
        headers: {
          'content-type': 'application/json',
          'x-amzn-ErrorType': 'InvalidRequestException',
        },
      }),
  });
  // The secondary region: its own panel, CTI endpoint and status under one prefix, which is
  // taken off before routing (and before the protections, which see the path they protect).
  return (req, res) => {
    req.on('error', () => res.destroy());
    res.on('error', () => undefined);
    if (regions) {
      const url = requestUrl(req.url, address.base);
      if (url?.pathname.startsWith(`${SECONDARY_REGION_PREFIX}/`)) {
        secondaryRequests.add(req);
        req.url = `${url.pathname.slice(SECONDARY_REGION_PREFIX.length)}${url.search}`;
      }
    }
    listener(req, res).catch((error: unknown) => {
      log(`request failed: ${(error as Error)?.stack ?? String(error)}`);
      res.destroy();
    });
  };
}
