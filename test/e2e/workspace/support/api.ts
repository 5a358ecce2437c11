// Talks to the workspace server the way the app does (through the web origin's /api proxy), to
// seed data and to check what the server recorded.
import type { APIRequestContext } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Demo users of `npm start` (product contract). */
export const USERS = {
  /** acme admin (every permit), emulator agent jane */
  jane: 'jane@acme.test',
  /** acme agent with the shared-inbox permit only, emulator agent john */
  john: 'john@acme.test',
  /** acme supervisor (shared inbox, views, saved replies, live calls), emulator agent ana */
  ana: 'ana@acme.test',
  /** member of acme (no permits, no softphone) and of globex */
  sam: 'sam@both.test',
} as const;

export interface SignedIn {
  readonly token: string;
  readonly expiresAt: string;
}

/** Signs in through the API and returns the token. */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<SignedIn> {
  const response = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  if (!response.ok())
    throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as SignedIn;
  return { token: body.token, expiresAt: body.expiresAt };
}

/** Calls the workspace API with a token; returns the parsed JSON (throws on non-2xx). */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  if (!response.ok())
    throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? (undefined as T) : ((await response.json()) as T);
}
