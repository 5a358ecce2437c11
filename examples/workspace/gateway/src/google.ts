// The Google stand-in: the OAuth 2.0 token endpoint for service accounts (JWT bearer grant with
// domain-wide delegation) and the Calendar API's events.insert with a Meet conference
// (conferenceDataVersion=1, createRequest of type hangoutsMeet), in Google's wire format.
import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { hex } from './store';

/** The JWT bearer grant of "Using OAuth 2.0 for Server to Server Applications". */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google's own token URL: an assertion may name it as `aud` as well as the stand-in's URL. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** A JWT assertion lives at most this long (Google: "a maximum of 1 hour after the issued time"). */
const MAX_ASSERTION_SECONDS = 3600;
/** Clock skew the token endpoint tolerates on iat/exp. */
const SKEW_SECONDS = 300;
/** How long an access token lives (Google answers 3599). */
const ACCESS_TOKEN_SECONDS = 3599;
const CALENDAR_SCOPES = [
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
];

/** The demo service account the stand-in knows, with its PEM private key. */
export interface GoogleServiceAccount {
  readonly clientEmail: string;
  readonly privateKeyPem: string;
  /** The users the service account may act as at start (domain-wide delegation). */
  readonly delegatedUsers: readonly string[];
}

/** An event created through events.insert, as stored (and listed by the control API). */
export interface GoogleEvent {
  readonly id: string;
  readonly calendarId: string;
  /** The user the access token acted for (the JWT's `sub`). */
  readonly actingUser: string;
  /** The query of the insert (e.g. `{conferenceDataVersion: "1"}`). */
  readonly query: Record<string, string>;
  /** The request body as received. */
  readonly request: Record<string, unknown>;
  /** The event as answered. */
  readonly event: Record<string, unknown>;
}

const eventTime = z.looseObject({ dateTime: z.string().max(64).optional() });
/** The part of an event resource the stand-in reads (the rest is kept as sent). */
const eventInsertSchema = z.looseObject({
  summary: z.string().max(1024).optional(),
  description: z.string().max(8192).optional(),
  start: eventTime.optional(),
  end: eventTime.optional(),
  conferenceData: z
    .looseObject({
      createRequest: z
        .looseObject({
          requestId: z.string().max(1024).optional(),
          conferenceSolutionKey: z.looseObject({ type: z.string().max(64).optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
});

type Fault = { status: 401 | 403 | 429 | 500; count: number };

interface AccessToken {
  readonly sub: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
}

const b64urlJson = (part: string): unknown =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** Google's JSON error body of its REST APIs. */
function apiError(
  c: Context,
  code: 400 | 401 | 403 | 404 | 429 | 500,
  reason: string,
  message: string,
) {
  const status = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
  }[code];
  return c.json(
    { error: { code, message, errors: [{ domain: 'global', reason, message }], status } },
    code,
  );
}

/** The token endpoint's error body (RFC 6749 shape, as Google answers it). */
const oauthError = (
  c: Context,
  status: 400 | 401,
  error: 'invalid_grant' | 'unauthorized_client' | 'invalid_request' | 'unsupported_grant_type',
  description: string,
) => c.json({ error, error_description: description }, status);

/** A Meet code like Google's: xxx-xxxx-xxx, lower-case letters. */
function meetCode(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const pick = (n: number) =>
    Array.from(randomBytes(n), (b) => letters[b % letters.length]).join('');
  return `${pick(3)}-${pick(4)}-${pick(3)}`;
}

/** The Google stand-in: a service account, its tokens and the calendars' events. */
export class GoogleService {
  readonly account: GoogleServiceAccount;
  private readonly publicKey: KeyObject;
  private readonly tokens = new Map<string, AccessToken>();
  private readonly events: GoogleEvent[] = [];
  private readonly delegated: Set<string>;
  private fault: Fault | undefined;
  /** The stand-in's own token URL (set once the gateway listens). */
  tokenUrl = '';

  constructor(options: { clientEmail?: string; delegatedUsers?: readonly string[] } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = publicKey;
    this.delegated = new Set((options.delegatedUsers ?? []).map((u) => u.toLowerCase()));
    this.account = {
      clientEmail: options.clientEmail ?? 'meet-demo@workspace-demo.iam.gserviceaccount.com',
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      delegatedUsers: [...this.delegated],
    };
  }

  /** Grants or revokes domain-wide delegation for `user`. */
  setDelegation(user: string, granted: boolean): void {
    if (granted) this.delegated.add(user.toLowerCase());
    else this.delegated.delete(user.toLowerCase());
  }

  /** The next `count` Calendar API calls answer `status` (0 disarms). */
  armFault(status: Fault['status'], count: number): void {
    this.fault = count > 0 ? { status, count } : undefined;
  }

  /** The events created so far, oldest first. */
  list(): readonly GoogleEvent[] {
    return this.events;
  }

  /** Checks a JWT bearer assertion; the grant or the token endpoint's error. */
  private grant(
    assertion: string,
  ):
    | { ok: true; sub: string; scopes: string[] }
    | { ok: false; error: 'invalid_grant' | 'unauthorized_client'; description: string } {
    const parts = assertion.split('.');
    if (parts.length !== 3)
      return { ok: false, error: 'invalid_grant', description: 'Invalid JWT: not a JWS.' };
    const [h, p, s] = parts as [string, string, string];
    let header: { alg?: unknown };
    let claims: Record<string, unknown>;
    try {
      header = b64urlJson(h) as { alg?: unknown };
      claims = b64urlJson(p) as Record<string, unknown>;
    } catch {
      return { ok: false, error: 'invalid_grant', description: 'Invalid JWT: malformed.' };
    }
    if (header.alg !== 'RS256')
      return { ok: false, error: 'invalid_grant', description: 'Invalid JWT: alg must be RS256.' };
    if (claims['iss'] !== this.account.clientEmail)
      return { ok: false, error: 'invalid_grant', description: 'Invalid JWT Signature.' };
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${h}.${p}`),
      this.publicKey,
      Buffer.from(s, 'base64url'),
    );
    if (!signed)
      return { ok: false, error: 'invalid_grant', description: 'Invalid JWT Signature.' };
    if (claims['aud'] !== this.tokenUrl && claims['aud'] !== GOOGLE_TOKEN_URL)
      return {
        ok: false,
        error: 'invalid_grant',
        description: `Invalid JWT: aud must be ${GOOGLE_TOKEN_URL}.`,
      };
    const iat = claims['iat'];
    const exp = claims['exp'];
    const now = Math.floor(Date.now() / 1000);
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp <= iat ||
      exp - iat > MAX_ASSERTION_SECONDS ||
      iat > now + SKEW_SECONDS ||
      exp < now - SKEW_SECONDS
    )
      return {
        ok: false,
        error: 'invalid_grant',
        description:
          'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      };
    const scopes = typeof claims['scope'] === 'string' ? claims['scope'].split(' ') : [];
    if (!scopes.some((scope) => CALENDAR_SCOPES.includes(scope)))
      return {
        ok: false,
        error: 'invalid_grant',
        description: 'Invalid OAuth scope or ID token audience provided.',
      };
    const sub = typeof claims['sub'] === 'string' ? claims['sub'].toLowerCase() : undefined;
    // Without domain-wide delegation for the user, Google refuses the grant as unauthorized_client.
    if (!sub || !this.delegated.has(sub))
      return {
        ok: false,
        error: 'unauthorized_client',
        description:
          'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
      };
    return { ok: true, sub, scopes };
  }

  /** The routes under the `/google` prefix. */
  routes(): Hono {
    const app = new Hono();
    app.post('/token', async (c) => {
      const form = new URLSearchParams(await c.req.text());
      if (form.get('grant_type') !== JWT_BEARER_GRANT)
        return oauthError(c, 400, 'unsupported_grant_type', 'Invalid grant_type.');
      const assertion = form.get('assertion');
      if (!assertion || assertion.length > 8192)
        return oauthError(c, 400, 'invalid_request', 'Missing required parameter: assertion');
      const grant = this.grant(assertion);
      if (!grant.ok)
        return oauthError(
          c,
          grant.error === 'unauthorized_client' ? 401 : 400,
          grant.error,
          grant.description,
        );
      const token = `ya29.${randomBytes(48).toString('base64url')}`;
      this.tokens.set(token, {
        sub: grant.sub,
        scopes: grant.scopes,
        expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
      });
      return c.json({
        access_token: token,
        expires_in: ACCESS_TOKEN_SECONDS,
        token_type: 'Bearer',
      });
    });

    app.post('/calendar/v3/calendars/:calendarId/events', async (c) => {
      const bearer = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
      const token = bearer ? this.tokens.get(bearer) : undefined;
      if (!token || token.expiresAt < Date.now())
        return apiError(
          c,
          401,
          'authError',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        );
      if (this.fault) {
        const { status } = this.fault;
        this.fault.count -= 1;
        if (this.fault.count <= 0) this.fault = undefined;
        return apiError(
          c,
          status,
          status === 429 ? 'rateLimitExceeded' : status === 500 ? 'backendError' : 'forbidden',
          status === 429 ? 'Rate Limit Exceeded' : status === 500 ? 'Backend Error' : 'Forbidden',
        );
      }
      const calendarId = decodeURIComponent(c.req.param('calendarId'));
      if (calendarId !== 'primary' && calendarId.toLowerCase() !== token.sub)
        return apiError(c, 404, 'notFound', 'Not Found');
      let json: unknown;
      try {
        json = await c.req.json();
      } catch {
        return apiError(c, 400, 'parseError', 'Parse Error');
      }
      const parsed = eventInsertSchema.safeParse(json);
      if (!parsed.success) return apiError(c, 400, 'invalid', 'Invalid event.');
      const body = parsed.data;
      const start = body.start?.dateTime;
      const end = body.end?.dateTime;
      if (!start || !end || !(Date.parse(end) > Date.parse(start)))
        return apiError(c, 400, 'timeRangeEmpty', 'The specified time range is empty.');
      const query = c.req.query();
      const createRequest = body.conferenceData?.createRequest;
      // Without conferenceDataVersion=1 Google ignores conferenceData and makes no meeting.
      const wantsMeet = query['conferenceDataVersion'] === '1' && createRequest !== undefined;
      if (wantsMeet) {
        if (!createRequest.requestId)
          return apiError(c, 400, 'invalid', 'Invalid conference create request.');
        if (createRequest.conferenceSolutionKey?.type !== 'hangoutsMeet')
          return apiError(c, 400, 'invalid', 'Invalid conference type value.');
        // The same requestId makes the same conference: a retried insert does not make another.
        const same = this.events.find(
          (e) =>
            e.actingUser === token.sub &&
            (e.event['conferenceData'] as { createRequest?: { requestId?: string } } | undefined)
              ?.createRequest?.requestId === createRequest.requestId,
        );
        if (same) return c.json(same.event);
      }
      const id = hex(13);
      const code = meetCode();
      const hangoutLink = `https://meet.google.com/${code}`;
      const event: Record<string, unknown> = {
        kind: 'calendar#event',
        etag: `"${Date.now()}"`,
        id,
        status: 'confirmed',
        htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${token.sub}`).toString('base64url')}`,
        created: new Date().toISOString(),
        updated: new Date().toISOString(),
        summary: body.summary,
        ...(body.description ? { description: body.description } : {}),
        creator: { email: token.sub, self: true },
        organizer: { email: token.sub, self: true },
        start: body.start,
        end: body.end,
        iCalUID: `${id}@google.com`,
        sequence: 0,
        ...(wantsMeet
          ? {
              hangoutLink,
              conferenceData: {
                createRequest: {
                  requestId: createRequest.requestId,
                  conferenceSolutionKey: { type: 'hangoutsMeet' },
                  status: { statusCode: 'success' },
                },
                entryPoints: [
                  { entryPointType: 'video', uri: hangoutLink, label: `meet.google.com/${code}` },
                ],
                conferenceSolution: {
                  key: { type: 'hangoutsMeet' },
                  name: 'Google Meet',
                  iconUri:
                    'https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png',
                },
                conferenceId: code,
              },
            }
          : {}),
        reminders: { useDefault: true },
        eventType: 'default',
      };
      this.events.push({
        id,
        calendarId,
        actingUser: token.sub,
        query,
        request: json as Record<string, unknown>,
        event,
      });
      return c.json(event);
    });
    return app;
  }
}
