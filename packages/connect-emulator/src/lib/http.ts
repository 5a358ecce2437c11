import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../constants';

/**
 * A route handler that answers the request and returns `true`, or returns `false` when the
 * request is not for it (so the next handler can try).
 */
export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => Promise<boolean>;

/**
 * A request failure answered as an AWS-shaped error: the HTTP status, `x-amzn-ErrorType` and a
 * body with `__type` and `message` (JSON 1.0) and `Message` (REST-JSON), which every AWS SDK reads.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Thrown by {@link readBody} when the body is larger than the limit. */
export class BodyTooLargeError extends HttpError {
  constructor(limit: number) {
    super(413, 'RequestEntityTooLargeException', `The request body is larger than ${limit} bytes.`);
  }
}

/** Thrown by {@link readJson} on a body that is not JSON or is nested too deeply. */
export class MalformedJsonError extends HttpError {
  constructor(message = 'The request body is not valid JSON.') {
    super(400, 'SerializationException', message);
  }
}

/**
 * Reads the whole request body as text, at most `limit` bytes ({@link MAX_BODY_BYTES} by
 * default). Throws {@link BodyTooLargeError} beyond it (the rest of the body is drained).
 */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return (await readBodyBytes(req, limit)).toString('utf8');
}

/** Reads the whole request body as bytes, at most `limit`; the rule of {@link readBody}. */
export async function readBodyBytes(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new BodyTooLargeError(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** How deeply a JSON text nests objects and arrays (strings are skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth++;
      if (depth > max) max = depth;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

/**
 * Parses a JSON text; an empty text reads as `{}`. Throws {@link MalformedJsonError} on bad JSON
 * or nesting deeper than {@link MAX_JSON_DEPTH}.
 */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new MalformedJsonError(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MalformedJsonError();
  }
}

/** Reads the request body as JSON ({@link parseJson}). */
export async function readJson(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  return parseJson(await readBody(req, limit));
}

/** Sends a JSON reply with the given status and extra headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The body of an AWS-shaped error (both the JSON 1.0 and the REST-JSON member names). */
export function awsErrorBody(
  type: string,
  message: string,
): { __type: string; message: string; Message: string } {
  return { __type: type, message, Message: message };
}

/** Sends an AWS-shaped error: status, `x-amzn-ErrorType` and {@link awsErrorBody}. */
export function sendAwsError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, awsErrorBody(type, message), { 'x-amzn-ErrorType': type, ...headers });
}

/** Sends an {@link HttpError} (any other error as a 500 `InternalServiceException`). */
export function sendHttpError(res: ServerResponse, error: unknown): void {
  if (error instanceof HttpError) sendAwsError(res, error.status, error.type, error.message);
  else
    sendAwsError(
      res,
      500,
      'InternalServiceException',
      error instanceof Error ? error.message : String(error),
    );
}

/** `decodeURIComponent` that answers `undefined` for a malformed `%` escape instead of throwing. */
export function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Splits a URL path into percent-decoded segments (empty segments dropped). Throws a 400
 * {@link HttpError} on a malformed `%` escape.
 */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      const decoded = safeDecode(s);
      if (decoded === undefined)
        throw new HttpError(400, 'InvalidRequestException', 'The path has a malformed % escape.');
      return decoded;
    });
}

/**
 * The URL of a request, parsed defensively: `req.url` is taken as a path (`//`, `/a//b` and
 * absolute forms included) under a fixed origin; `undefined` when it cannot be parsed.
 */
export function requestUrl(
  raw: string | undefined,
  base = 'http://emulator.invalid',
): URL | undefined {
  const path = raw ?? '/';
  if (!path.startsWith('/')) {
    // The absolute form (`GET http://host/path`): keep its path and query.
    if (!URL.canParse(path)) return undefined;
    const absolute = new URL(path);
    return requestUrl(`${absolute.pathname}${absolute.search}`, base);
  }
  try {
    return new URL(`${originOf(base)}${path}`);
  } catch {
    return undefined;
  }
}

const origins = new Map<string, string>();
/** The origin of a base URL (cached: every request parses against the same base). */
function originOf(base: string): string {
  let origin = origins.get(base);
  if (origin === undefined) {
    origin = new URL(base).origin;
    if (origins.size < 16) origins.set(base, origin);
  }
  return origin;
}

/** One value of a request header (the first when repeated). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The value of one cookie of a `Cookie` header; a malformed escape reads as absent. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (typeof cookieHeader !== 'string') return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    return safeDecode(part.slice(eq + 1).trim());
  }
  return undefined;
}
