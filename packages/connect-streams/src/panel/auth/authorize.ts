import {
  authorizeResponseSchema,
  whitelistedOriginsResponseSchema,
  type AuthorizeResponse,
} from '../../protocol';
import {
  AUTHORIZE_ENDPOINT,
  AUTHORIZE_MAX_ATTEMPTS,
  AUTHORIZE_RETRY_INTERVAL_MS,
  AUTHORIZE_TIMEOUT_MS,
  LEGACY_AUTHORIZE_ENDPOINT,
  LEGACY_WHITELISTED_ORIGINS_ENDPOINT,
  WHITELISTED_ORIGINS_ENDPOINT,
} from '../constants';
import { fetchWithRetry, type FetchFunction } from '../http/fetch-with-retry';

/**
 * Whether a page URL is on a legacy hosted domain (`*.awsapps.com`).
 * @public
 */
export function isLegacyDomain(url: string): boolean {
  return url.includes('.awsapps.com');
}

/**
 * The authorize path for a page: `/auth/authorize`, or `/connect/auth/authorize` on legacy domains.
 * @public
 */
export function defaultAuthorizeEndpoint(pageUrl: string): string {
  return isLegacyDomain(pageUrl) ? LEGACY_AUTHORIZE_ENDPOINT : AUTHORIZE_ENDPOINT;
}

/**
 * The whitelisted-origins path for a page.
 * @public
 */
export function defaultWhitelistedOriginsEndpoint(pageUrl: string): string {
  return isLegacyDomain(pageUrl)
    ? LEGACY_WHITELISTED_ORIGINS_ENDPOINT
    : WHITELISTED_ORIGINS_ENDPOINT;
}

/**
 * Fetches a fresh CTI token: a credentialed GET of the authorize endpoint, 2000 ms timeout per
 * attempt, retried on 5xx and 429 every 2000 ms, 5 attempts in all.
 * Rejects with `HttpStatusError` (e.g. status 401) or a zod error for a malformed answer.
 * @public
 */
export async function authorize(
  endpoint: string,
  fetch?: FetchFunction,
): Promise<AuthorizeResponse> {
  const json = await fetchWithRetry(
    endpoint,
    { method: 'GET', credentials: 'include' },
    {
      maxAttempts: AUTHORIZE_MAX_ATTEMPTS,
      intervalMs: AUTHORIZE_RETRY_INTERVAL_MS,
      timeoutMs: AUTHORIZE_TIMEOUT_MS,
      ...(fetch ? { fetch } : {}),
    },
  );
  return authorizeResponseSchema.parse(json);
}

/** Reduces a URL or origin to `scheme://host[:port]` for comparison (the real `sanitizeDomain`). */
function sanitizeOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether the embedding page (given by its referrer) is an allowed origin: a GET of the
 * whitelisted-origins endpoint with the `X-Amz-Bearer` header, 2000 ms timeout, 5 attempts
 *. An empty referrer (not framed) is allowed.
 * @public
 */
export async function isEmbeddingOriginAllowed(options: {
  readonly endpoint: string;
  readonly authToken: string;
  readonly referrer: string;
  readonly fetch?: FetchFunction;
}): Promise<boolean> {
  if (options.referrer === '') return true;
  const json = await fetchWithRetry(
    options.endpoint,
    { method: 'GET', headers: { 'X-Amz-Bearer': options.authToken } },
    {
      maxAttempts: AUTHORIZE_MAX_ATTEMPTS,
      intervalMs: AUTHORIZE_RETRY_INTERVAL_MS,
      timeoutMs: AUTHORIZE_TIMEOUT_MS,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
  );
  const { whitelistedOrigins } = whitelistedOriginsResponseSchema.parse(json);
  const top = sanitizeOrigin(options.referrer);
  return top !== undefined && whitelistedOrigins.some((origin) => sanitizeOrigin(origin) === top);
}
