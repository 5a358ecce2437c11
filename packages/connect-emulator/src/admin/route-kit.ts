/**
 * What every admin route shares: the route shape, the instance scope (ARNs, instance check,
 * not-found errors), paging tokens, and query and body parsing with AWS-shaped errors.
 */
import { z } from 'zod';
import { ADMIN_DEFAULT_PAGE_SIZE } from '../constants';
import { idFromArn, resourceArn, type ArnKind } from './arn';
import { AdminApiError } from './errors';
import type { AdminBackend, AdminChannel, AdminContact, AdminInstanceInfo } from './types';

export const CHANNELS = [
  'VOICE',
  'CHAT',
  'TASK',
  'EMAIL',
] as const satisfies readonly AdminChannel[];

/** Query-string enums of the list operations. */
const QUERY_ENUMS: Readonly<Record<string, readonly string[]>> = {
  queueTypes: ['STANDARD', 'AGENT'],
  QuickConnectTypes: ['USER', 'QUEUE', 'PHONE_NUMBER', 'FLOW'],
  AgentStatusTypes: ['ROUTABLE', 'CUSTOM', 'OFFLINE'],
};

/** The values of a repeated enum query parameter; an unknown value is InvalidParameterException. */
export function queryEnum(query: URLSearchParams, name: string): string[] {
  const values = query.getAll(name);
  const allowed = QUERY_ENUMS[name] ?? [];
  for (const v of values)
    if (!allowed.includes(v))
      throw new AdminApiError(
        'InvalidParameterException',
        `${name} must be one of ${allowed.join(', ')}`,
      );
  return values;
}

export type Json = Record<string, unknown>;
/** One admin operation: the path parameters, query and JSON body in, the reply body out. */
export type Route = (ctx: RouteContext) => unknown;

export interface RouteContext {
  params: string[];
  query: URLSearchParams;
  body: unknown;
}

/** Drops `undefined` members so the reply carries only what is set. */
export function compact<T extends Json>(obj: T): T {
  for (const key of Object.keys(obj)) if (obj[key] === undefined) delete obj[key];
  return obj;
}

function encodeToken(offset: number): string {
  return Buffer.from(`o:${offset}`, 'utf8').toString('base64');
}

function decodeToken(token: string | undefined | null): number {
  if (token === undefined || token === null || token === '') return 0;
  const text = Buffer.from(token, 'base64').toString('utf8');
  const match = /^o:(\d+)$/.exec(text);
  if (!match) throw new AdminApiError('InvalidParameterException', 'Invalid NextToken');
  return Number(match[1]);
}

export function pageOf<T>(
  items: readonly T[],
  token: string | undefined | null,
  max: number | undefined,
  limit = ADMIN_DEFAULT_PAGE_SIZE,
): { page: T[]; NextToken?: string } {
  const size = max ?? limit;
  if (!Number.isInteger(size) || size < 1 || size > 1000) {
    throw new AdminApiError('InvalidParameterException', 'MaxResults is out of range');
  }
  const start = decodeToken(token);
  const page = items.slice(start, start + size);
  const next = start + size < items.length ? encodeToken(start + size) : undefined;
  return next === undefined ? { page } : { page, NextToken: next };
}

export function queryInt(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n))
    throw new AdminApiError('InvalidParameterException', `${name} must be an integer`);
  return n;
}

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new AdminApiError(
      'InvalidParameterException',
      `Invalid request: ${where ? `${where}: ` : ''}${issue?.message ?? 'bad input'}`,
    );
  }
  return result.data;
}

export const idList = (max: number) => z.array(z.string().min(1)).max(max);

/** The instance an admin route answers for, with the lookups and errors every route uses. */
export interface AdminScope {
  readonly backend: AdminBackend;
  readonly info: AdminInstanceInfo;
  /** The ARN of a resource of the instance. */
  readonly arn: (kind: string, id: string) => string;
  /** `{ Id, Arn }` of a resource of the instance. */
  readonly ref: (kind: string, id: string) => { Id: string; Arn: string };
  /** The id in an id-or-ARN value. */
  readonly idOf: (value: string, kind: ArnKind) => string;
  /** Throws ResourceNotFoundException unless the value names this instance. */
  readonly checkInstance: (value: string | undefined) => void;
  readonly notFound: (what: string, id: string) => never;
  readonly requireContact: (id: string) => AdminContact;
}

/** The {@link AdminScope} of a backend's instance. */
export function adminScope(backend: AdminBackend): AdminScope {
  const info = backend.info;
  const arn = (kind: string, id: string) => resourceArn(info, kind, id);
  const ref = (kind: string, id: string) => ({ Id: id, Arn: arn(kind, id) });

  const idOf = (value: string, kind: ArnKind): string => idFromArn(info, value, kind);
  const checkInstance = (value: string | undefined): void => {
    if (value === undefined || idOf(value, 'instance') !== info.instanceId) {
      throw new AdminApiError('ResourceNotFoundException', `Instance not found: ${value ?? ''}`);
    }
  };
  const notFound = (what: string, id: string): never => {
    throw new AdminApiError('ResourceNotFoundException', `${what} not found: ${id}`);
  };
  const requireContact = (id: string): AdminContact =>
    backend.contact(idOf(id, 'contact')) ?? notFound('Contact', id);

  return { backend, info, arn, ref, idOf, checkInstance, notFound, requireContact };
}
