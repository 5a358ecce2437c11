import {
  AGENT_SNAPSHOT_POLL_TIMEOUT_MS,
  CtiErrorType,
  TransportType,
  ctiOperationSchemas,
  ctiRequiresAuthentication,
  isCtiOperation,
  type CtiOperation,
  type CtiRequest,
  endpointSchema,
} from '@x/connect-streams/protocol';
import { z } from 'zod';
import {
  DEFAULT_RATE_LIMIT,
  MAX_CLIENT_LOG_EVENTS,
  MAX_LONG_POLL_MS,
  SWEEP_INTERVAL_MS,
  WEB_SOCKET_TRANSPORT_LIFETIME_S,
} from '../constants';
import type { SessionStore } from '../auth/sessions';
import { authorizeOperation, type OperationPolicy } from '../auth/authorization';
import { DomainError, type AgentRecord, type ContactCentre } from '../domain/contact-centre';
import { chatToken } from '../domain/chat-tokens';
import { MESSAGES } from '../messages';
import { CtiError } from './errors';
import { NOT_A_CENTRE_OPERATION, runCentreOperation } from './centre-operations';

/** Service operations outside the 2.18.7 model (its worker fails them before sending). */
const TRANSFER_OPERATIONS = ['AddNewConnection', 'TransferContact'] as const;
/** The transfer operations the service answers beyond the 2.18.7 model. @public */
export type TransferOperation = (typeof TRANSFER_OPERATIONS)[number];
const isTransferOperation = (name: string): name is TransferOperation =>
  (TRANSFER_OPERATIONS as readonly string[]).includes(name);
const transferRequestSchema = z.looseObject({
  contactId: z.string().min(1),
  endpoint: endpointSchema,
});

/**
 * The authorisation rule of every CTI operation (the service's 33 and the two transfer
 * operations), applied by {@link authorizeOperation} before the operation runs. The record type
 * makes a new operation without a rule a compile error.
 * @public
 */
export const CTI_OPERATION_POLICIES: Readonly<
  Record<CtiOperation | TransferOperation, OperationPolicy>
> = {
  AcceptContact: { kind: 'contact', field: 'contactId', access: 'act' },
  ClearContact: { kind: 'contact', field: 'contactId', access: 'listen', after: true },
  CompleteContact: { kind: 'contact', field: 'contactId', access: 'listen', after: true },
  ConferenceConnections: { kind: 'contact', field: 'contactId', access: 'act' },
  CreateAdditionalConnection: { kind: 'contact', field: 'contactId', access: 'act' },
  CreateOutboundContact: { kind: 'new-contact' },
  CreateTaskContact: { kind: 'new-contact' },
  CreateTransport: { kind: 'transport' },
  // Leaving (one's own leg) is listening; the domain requires `act` for anyone else's leg.
  DestroyConnection: { kind: 'contact', field: 'contactId', access: 'listen' },
  GetAgentConfiguration: { kind: 'agent' },
  GetAgentPermissions: { kind: 'agent' },
  GetAgentSnapshot: { kind: 'agent' },
  GetAgentStates: { kind: 'agent' },
  GetDialableCountryCodes: { kind: 'agent' },
  GetEndpoints: { kind: 'agent' },
  GetNewAuthToken: { kind: 'agent' },
  GetRoutingProfileQueues: { kind: 'agent' },
  HoldConnection: { kind: 'contact', field: 'contactId', access: 'act' },
  // Muting oneself is listening; the domain requires `act` for anyone else's leg.
  MuteParticipant: { kind: 'contact', field: 'contactId', access: 'listen' },
  NotifyContactIssue: { kind: 'contact', field: 'contactId', access: 'listen', after: true },
  PauseContact: { kind: 'contact', field: 'contactId', access: 'act' },
  PutAgentState: { kind: 'agent' },
  RejectContact: { kind: 'contact', field: 'contactId', access: 'act' },
  ResumeConnection: { kind: 'contact', field: 'contactId', access: 'act' },
  ResumeContact: { kind: 'contact', field: 'contactId', access: 'act' },
  SendClientLogs: { kind: 'agent' },
  SendDigits: { kind: 'contact', field: 'contactId', access: 'act' },
  SendSoftphoneCallMetrics: { kind: 'contact', field: 'contactId', access: 'listen', after: true },
  SendSoftphoneCallReport: { kind: 'contact', field: 'contactId', access: 'listen', after: true },
  ToggleActiveConnections: { kind: 'contact', field: 'contactId', access: 'act' },
  UnmuteParticipant: { kind: 'contact', field: 'contactId', access: 'listen' },
  UpdateAgentConfiguration: { kind: 'agent' },
  UpdateMonitorParticipantState: { kind: 'contact', field: 'contactId', access: 'listen' },
  AddNewConnection: { kind: 'contact', field: 'contactId', access: 'act' },
  TransferContact: { kind: 'contact', field: 'contactId', access: 'act' },
};

/** The result of one CTI call. */
export interface CtiResult {
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The JSON body of the answer. */
  readonly body: unknown;
  /** The CTI error type, when the answer is an error. */
  readonly errorType?: string;
}

/** What the CTI service needs from the server around it. */
export interface CtiContext {
  /** The simulated instance (read afresh: a reset replaces it). */
  readonly centre: () => ContactCentre;
  /** The signed-in sessions and their tokens. */
  readonly sessions: SessionStore;
  /** The `wss://…`/`ws://…` URL for CreateTransport web_socket, given a fresh token. */
  readonly webSocketUrl: (token: string) => string;
  /** The current time (epoch ms). */
  readonly now: () => number;
  /** Bumped on reset so old snapshot tokens count as changed. */
  readonly epoch: () => number;
  /**
   * Per-agent request rate limit (keyed to the agent, so minting new tokens does not refill it);
   * `null` turns throttling off. Default {@link DEFAULT_RATE_LIMIT}.
   */
  readonly rateLimit?: { readonly requestsPerSecond: number; readonly burst: number } | null;
  /** Called for every operation handled (for the control API / logs). */
  readonly onCall?: (operation: string, agent: AgentRecord | undefined, body: unknown) => void;
}

/**
 * The agent-side `AmazonConnectCTIService` (JSON 1.0): dispatches on the operation name, checks the
 * bearer token, validates the body with the protocol schemas and answers AWS-shaped errors.
 * @public
 */
export class CtiService {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(private readonly ctx: CtiContext) {}

  /** Takes one request from the agent's bucket; false when it is empty. */
  private take(agentId: string): boolean {
    const limit = this.ctx.rateLimit === undefined ? DEFAULT_RATE_LIMIT : this.ctx.rateLimit;
    if (limit === null) return true;
    const now = this.ctx.now();
    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) {
      // A bucket untouched long enough to be full again is the same as no bucket: drop it.
      this.lastSweep = now;
      const refillMs = (limit.burst / limit.requestsPerSecond) * 1000;
      for (const [key, bucket] of this.buckets)
        if (now - bucket.at >= refillMs) this.buckets.delete(key);
    }
    const bucket = this.buckets.get(agentId) ?? { tokens: limit.burst, at: now };
    bucket.tokens = Math.min(
      limit.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * limit.requestsPerSecond,
    );
    bucket.at = now;
    this.buckets.set(agentId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Handles one call. Never throws: every failure is an AWS error result. */
  async handle(
    target: string | undefined,
    bearer: string | undefined,
    rawBody: string,
    signal?: AbortSignal,
  ): Promise<CtiResult> {
    try {
      return { status: 200, body: await this.dispatch(target, bearer, rawBody, signal) };
    } catch (error) {
      const cti =
        error instanceof CtiError
          ? error
          : error instanceof DomainError
            ? new CtiError(error.type, error.message)
            : new CtiError(
                CtiErrorType.INTERNAL_SERVICE_EXCEPTION,
                (error as Error).message ?? 'Internal error',
              );
      return { status: cti.status, body: cti.toBody(), errorType: cti.type };
    }
  }

  private async dispatch(
    target: string | undefined,
    bearer: string | undefined,
    rawBody: string,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const prefix = 'AmazonConnectCTIService.';
    const name = target?.startsWith(prefix) ? target.slice(prefix.length) : undefined;
    if (name !== undefined && isTransferOperation(name))
      return this.transfer(name, bearer, rawBody);
    if (!name || !isCtiOperation(name))
      throw new CtiError(
        CtiErrorType.UNKNOWN_OPERATION_EXCEPTION,
        MESSAGES.unknownTarget(target ?? ''),
      );
    const op: CtiOperation = name;

    let json: unknown;
    try {
      json = rawBody.trim() === '' ? {} : JSON.parse(rawBody);
    } catch {
      throw new CtiError(CtiErrorType.SERIALIZATION_EXCEPTION, MESSAGES.malformedJson);
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      throw new CtiError(CtiErrorType.SERIALIZATION_EXCEPTION, MESSAGES.malformedJson);

    const agent = this.authenticate(op, bearer, json as Record<string, unknown>);
    if (!this.take(agent.id))
      throw new CtiError(CtiErrorType.THROTTLING_EXCEPTION, MESSAGES.throttled);

    const parsed = ctiOperationSchemas[op].request.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CtiError(
        CtiErrorType.INVALID_PARAMETER_EXCEPTION,
        MESSAGES.invalidParameter(`${issue.path.join('.') || '(body)'}: ${issue.message}`),
      );
    }
    authorizeOperation(
      { centre: this.ctx.centre() },
      agent,
      CTI_OPERATION_POLICIES[op],
      parsed.data,
    );
    this.ctx.onCall?.(op, agent, parsed.data);
    return this.run(op, agent, parsed.data, bearer!, signal);
  }

  /**
   * AddNewConnection and TransferContact: the newer service operations the 2.18.7 worker's model
   * lacks; served for clients that call them directly (`{contactId, endpoint}`).
   */
  private transfer(
    op: TransferOperation,
    bearer: string | undefined,
    rawBody: string,
  ): Record<string, never> {
    let json: unknown;
    try {
      json = rawBody.trim() === '' ? {} : JSON.parse(rawBody);
    } catch {
      throw new CtiError(CtiErrorType.SERIALIZATION_EXCEPTION, MESSAGES.malformedJson);
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      throw new CtiError(CtiErrorType.SERIALIZATION_EXCEPTION, MESSAGES.malformedJson);
    const agent = this.authenticate(
      'CreateAdditionalConnection',
      bearer,
      json as Record<string, unknown>,
    );
    if (!this.take(agent.id))
      throw new CtiError(CtiErrorType.THROTTLING_EXCEPTION, MESSAGES.throttled);
    const parsed = transferRequestSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CtiError(
        CtiErrorType.INVALID_PARAMETER_EXCEPTION,
        MESSAGES.invalidParameter(`${issue.path.join('.') || '(body)'}: ${issue.message}`),
      );
    }
    const centre = this.ctx.centre();
    authorizeOperation({ centre }, agent, CTI_OPERATION_POLICIES[op], parsed.data);
    this.ctx.onCall?.(op, agent, parsed.data);
    if (op === 'TransferContact')
      centre.transferContact(agent, parsed.data.contactId, parsed.data.endpoint);
    else centre.addNewConnection(agent, parsed.data.contactId, parsed.data.endpoint);
    return {};
  }

  private authenticate(
    op: CtiOperation,
    bearer: string | undefined,
    body: Record<string, unknown>,
  ): AgentRecord {
    const verdict = this.ctx.sessions.verify(bearer);
    if (verdict === 'missing')
      throw new CtiError(CtiErrorType.UNAUTHORIZED_EXCEPTION, MESSAGES.missingToken);
    if (verdict === 'invalid')
      throw new CtiError(CtiErrorType.UNAUTHORIZED_EXCEPTION, MESSAGES.invalidToken);
    if (verdict === 'expired')
      throw new CtiError(CtiErrorType.UNAUTHORIZED_EXCEPTION, MESSAGES.expiredToken);
    const bodyToken = (body.authentication as { authToken?: unknown } | undefined)?.authToken;
    if (ctiRequiresAuthentication(op) && typeof bodyToken === 'string' && bodyToken !== bearer)
      throw new CtiError(CtiErrorType.UNAUTHORIZED_EXCEPTION, MESSAGES.tokenMismatch);
    const agent = this.ctx.centre().agents.get(verdict.agentId);
    if (!agent) throw new CtiError(CtiErrorType.ACCESS_DENIED_EXCEPTION, MESSAGES.invalidToken);
    const agentARN = (body.authentication as { agentARN?: unknown } | undefined)?.agentARN;
    if (typeof agentARN === 'string' && agentARN !== agent.arn)
      throw new CtiError(CtiErrorType.INVALID_AGENT_ARNEXCEPTION, MESSAGES.agentArnMismatch);
    return agent;
  }

  private async run(
    op: CtiOperation,
    agent: AgentRecord,
    body: unknown,
    token: string,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const centre = this.ctx.centre();
    const answer = runCentreOperation(centre, op, agent, body);
    if (answer !== NOT_A_CENTRE_OPERATION) return answer;
    switch (op) {
      case 'GetAgentSnapshot': {
        const req = body as CtiRequest<'GetAgentSnapshot'>;
        const version = this.versionOf(req.nextToken);
        const timeout = Math.min(req.timeout ?? AGENT_SNAPSHOT_POLL_TIMEOUT_MS, MAX_LONG_POLL_MS);
        if (version !== undefined) await centre.waitForChange(agent, version, timeout, signal);
        const current = this.ctx.centre();
        const live = current.agents.get(agent.id) ?? agent;
        return { snapshot: current.snapshot(live), nextToken: this.tokenFor(live.version) };
      }
      case 'NotifyContactIssue':
        // The contact is the agent's (or was): authorizeOperation checked it.
        return {};
      case 'SendClientLogs':
        if ((body as CtiRequest<'SendClientLogs'>).logEvents.length > MAX_CLIENT_LOG_EVENTS)
          throw new CtiError(
            CtiErrorType.QUOTA_EXCEEDED_EXCEPTION,
            MESSAGES.tooManyLogEvents(MAX_CLIENT_LOG_EVENTS),
          );
        return {};
      case 'SendSoftphoneCallMetrics':
      case 'SendSoftphoneCallReport':
        return {};
      case 'CreateTransport':
        return this.createTransport(agent, body as CtiRequest<'CreateTransport'>, token);
      case 'GetNewAuthToken': {
        const req = body as CtiRequest<'GetNewAuthToken'>;
        const session = this.ctx.sessions.byRefreshToken(req.refreshToken);
        if (!session || session.agentId !== agent.id)
          throw new CtiError(
            CtiErrorType.REFRESH_TOKEN_EXPIRED_EXCEPTION,
            MESSAGES.invalidRefreshToken,
          );
        const issued = this.ctx.sessions.issueToken(session);
        return { newAuthToken: issued.accessToken, expirationDateTime: issued.expiresAt / 1000 };
      }
      default:
        throw new CtiError(CtiErrorType.UNSUPPORTED_OPERATION_EXCEPTION, MESSAGES.unsupported(op));
    }
  }

  private createTransport(
    agent: AgentRecord,
    req: CtiRequest<'CreateTransport'>,
    token: string,
  ): unknown {
    const expiry = new Date(this.ctx.now() + WEB_SOCKET_TRANSPORT_LIFETIME_S * 1000).toISOString();
    switch (req.transportType) {
      case TransportType.WEB_SOCKET:
        return {
          webSocketTransport: {
            url: this.ctx.webSocketUrl(token),
            transportLifeTimeInSeconds: WEB_SOCKET_TRANSPORT_LIFETIME_S,
            expiry,
          },
        };
      case TransportType.CHAT_TOKEN:
        if (!req.participantId || !req.contactId)
          throw new CtiError(
            CtiErrorType.INVALID_PARAMETER_EXCEPTION,
            MESSAGES.invalidParameter('chat_token needs contactId and participantId'),
          );
        {
          // The agent's connection token for its chat leg (the leg's id is its participant id).
          const centre = this.ctx.centre();
          const contact = centre.authorize(agent, req.contactId, 'listen')!;
          const leg = contact.connections.find(
            (x) => x.id === req.participantId && x.agentId === agent.id,
          );
          if (contact.type !== 'chat' || !leg)
            throw new CtiError(
              CtiErrorType.INVALID_PARAMETER_EXCEPTION,
              MESSAGES.invalidParameter("participantId is not the agent's chat connection"),
            );
          return {
            chatTokenTransport: {
              participantToken: chatToken(centre.chatSecret, 'connection', contact.id, leg.id),
              expiry,
            },
          };
        }
      case TransportType.WEB_RTC: {
        if (!req.contactId)
          throw new CtiError(
            CtiErrorType.INVALID_PARAMETER_EXCEPTION,
            MESSAGES.invalidParameter('web_rtc needs contactId'),
          );
        const centre = this.ctx.centre();
        // The caller is on the contact (authorizeOperation checked it).
        const contact = centre.authorize(agent, req.contactId, 'listen')!;
        return {
          webRTCTransport: {
            meeting: {
              meetingId: `meeting-${contact.id}`,
              mediaRegion: centre.region,
              mediaPlacement: {},
              meetingFeatures: { audio: { echoReduction: 'AVAILABLE' } },
            },
            attendee: {
              attendeeId: `attendee-${agent.id}`,
              joinToken: `join-${contact.id}-${agent.id}`,
            },
          },
        };
      }
      default:
        throw new CtiError(
          CtiErrorType.INVALID_PARAMETER_EXCEPTION,
          MESSAGES.invalidParameter(
            `unsupported transportType ${JSON.stringify(req.transportType)}`,
          ),
        );
    }
  }

  private tokenFor(version: number): string {
    return Buffer.from(`s:${this.ctx.epoch()}:${version}`).toString('base64url');
  }

  /** The agent version a snapshot token names, when it is from this epoch. */
  private versionOf(token: string | null | undefined): number | undefined {
    if (!token) return undefined;
    const match = /^s:(\d+):(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
    if (!match || Number(match[1]) !== this.ctx.epoch()) return undefined;
    return Number(match[2]);
  }
}
