// Google Meet over the Google Calendar API, as a service account with domain-wide delegation
// ("Using OAuth 2.0 for Server to Server Applications"): an RS256 JWT assertion signed with the
// service account's key is exchanged at the token endpoint for an access token (cached until it
// expires), and events.insert with conferenceDataVersion=1 and a hangoutsMeet createRequest makes
// the meeting. The same requestId makes the same conference, so a retried create is one meeting.
import { createHash, createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { MEET_MESSAGES as M } from './messages';

/** The scope the integration asks for: events on the delegated user's calendars. */
export const CALENDAR_EVENTS_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
/** The JWT bearer grant type. */
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** An assertion's lifetime (Google takes at most an hour). */
const ASSERTION_SECONDS = 3600;
/** A cached token is renewed this long before it expires. */
const RENEW_BEFORE_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** The service account the workspace configured. */
export interface ServiceAccount {
  readonly serviceAccountEmail: string;
  readonly delegatedUser: string;
  /** PEM (PKCS#8 or PKCS#1). */
  readonly privateKey: string;
}

/** A meeting made by {@link GoogleMeetClient.createMeeting}. */
export interface Meeting {
  readonly eventId: string;
  readonly htmlLink: string | null;
  /** The Meet link (https://meet.google.com/xxx-xxxx-xxx). */
  readonly url: string;
  readonly start: string;
  readonly end: string;
}

/** Google refused or failed; `message` is in words an admin can act on. */
export class GoogleMeetError extends Error {
  override readonly name = 'GoogleMeetError';
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The Google side of the Meet integration (one per process; tokens cached per account). */
export class GoogleMeetClient {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    private readonly urls: { readonly tokenUrl: string; readonly calendarApiBaseUrl: string },
  ) {}

  private static key(account: ServiceAccount): KeyObject {
    try {
      return createPrivateKey(account.privateKey);
    } catch {
      throw new GoogleMeetError(M.keyUnreadable);
    }
  }

  /** The signed assertion (RS256 JWT) of "Using OAuth 2.0 for Server to Server Applications". */
  assertion(account: ServiceAccount, now = Math.floor(Date.now() / 1000)): string {
    const input = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url({
      iss: account.serviceAccountEmail,
      sub: account.delegatedUser,
      scope: CALENDAR_EVENTS_SCOPE,
      aud: this.urls.tokenUrl,
      iat: now,
      exp: now + ASSERTION_SECONDS,
    })}`;
    const signature = createSign('RSA-SHA256')
      .update(input)
      .sign(GoogleMeetClient.key(account))
      .toString('base64url');
    return `${input}.${signature}`;
  }

  private cacheKey(account: ServiceAccount): string {
    return createHash('sha256')
      .update(`${account.serviceAccountEmail}\n${account.delegatedUser}\n${account.privateKey}`)
      .digest('hex');
  }

  private async post(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new GoogleMeetError(M.unreachable(`${what}: ${(error as Error).message}`));
    }
  }

  /** An access token for the account (cached until shortly before it expires). */
  async accessToken(account: ServiceAccount): Promise<string> {
    const key = this.cacheKey(account);
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached.token;
    const res = await this.post(
      this.urls.tokenUrl,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: JWT_BEARER_GRANT,
          assertion: this.assertion(account),
        }).toString(),
      },
      'token endpoint',
    );
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!res.ok || !body.access_token) {
      if (body.error === 'unauthorized_client')
        throw new GoogleMeetError(M.delegation(account.delegatedUser));
      if (body.error_description === 'Invalid JWT Signature.')
        throw new GoogleMeetError(M.badSignature(account.serviceAccountEmail));
      throw new GoogleMeetError(
        M.grant(body.error_description ?? body.error ?? `HTTP ${res.status}`),
      );
    }
    this.tokens.set(key, {
      token: body.access_token,
      expiresAt: Date.now() + (body.expires_in ?? 3599) * 1000,
    });
    return body.access_token;
  }

  /** Creates a calendar event with a Meet conference on the delegated user's primary calendar. */
  async createMeeting(
    account: ServiceAccount,
    event: { summary: string; start: Date; minutes: number; requestId: string },
  ): Promise<Meeting> {
    const token = await this.accessToken(account);
    const start = event.start.toISOString();
    const end = new Date(event.start.getTime() + event.minutes * 60_000).toISOString();
    const res = await this.post(
      `${this.urls.calendarApiBaseUrl}/calendars/primary/events?conferenceDataVersion=1`,
      {
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary: event.summary,
          start: { dateTime: start },
          end: { dateTime: end },
          conferenceData: {
            createRequest: {
              requestId: event.requestId,
              conferenceSolutionKey: { type: 'hangoutsMeet' },
            },
          },
        }),
      },
      'Calendar API',
    );
    const body = (await res.json().catch(() => ({}))) as {
      id?: string;
      htmlLink?: string;
      hangoutLink?: string;
      conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] };
      start?: { dateTime?: string };
      end?: { dateTime?: string };
      error?: { code?: number; message?: string };
    };
    if (!res.ok) {
      // A token Google no longer takes is dropped, so the next try asks for a new one.
      if (res.status === 401) this.tokens.delete(this.cacheKey(account));
      throw new GoogleMeetError(M.calendar(res.status, body.error?.message ?? res.statusText));
    }
    const url =
      body.hangoutLink ??
      body.conferenceData?.entryPoints?.find((e) => e.entryPointType === 'video')?.uri;
    if (!body.id || !url?.startsWith('https://')) throw new GoogleMeetError(M.noConference);
    return {
      eventId: body.id,
      htmlLink: body.htmlLink ?? null,
      url,
      start: body.start?.dateTime ?? start,
      end: body.end?.dateTime ?? end,
    };
  }
}
