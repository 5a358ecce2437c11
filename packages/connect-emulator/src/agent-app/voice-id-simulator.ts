import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  MAX_RECORDED_LCMS_UPDATE_BYTES,
  MAX_RECORDED_LCMS_UPDATES,
  SPEAKER_STATUSES,
  type ENROLLMENT_STATUSES,
} from '../constants';

/** A Voice ID speaker status. */
export type SpeakerStatus = (typeof SPEAKER_STATUSES)[number];

/** Global settings of the simulated Voice ID domain. */
export const voiceIdSettingsSchema = z.object({
  /** Whether the instance has a Voice ID integration (listIntegrationAssociations). */
  enabled: z.boolean(),
  domainId: z.string().min(1),
  /** Customer speech needed before authentication and fraud results are given (ms). */
  authenticationSpeechMs: z.number().int().min(0),
  /** Customer speech needed to enroll a speaker (ms). */
  enrollmentSpeechMs: z.number().int().min(0),
  /** Share of talk time that counts as customer speech (0..1). */
  speechRatio: z.number().min(0).max(1),
  /** describeSession polls that answer IN_PROGRESS once there is enough speech. */
  enrollmentInProgressPolls: z.number().int().min(0),
  /** Streaming stays PENDING_CONFIGURATION until this much talk time has passed (ms). */
  pendingConfigurationMs: z.number().int().min(0),
  /** Authentication acceptance threshold reported in results. */
  acceptanceThreshold: z.number().int().min(0).max(100),
  /** Fraud risk threshold reported in results. */
  riskThreshold: z.number().int().min(0).max(100),
});
/** Global settings of the simulated Voice ID domain. */
export type VoiceIdSettings = z.infer<typeof voiceIdSettingsSchema>;

/** Defaults: 10 s of speech to authenticate, 30 s to enroll (as the real service asks). */
export const DEFAULT_VOICE_ID_SETTINGS: VoiceIdSettings = {
  enabled: true,
  domainId: 'vid-domain-0001',
  authenticationSpeechMs: 10_000,
  enrollmentSpeechMs: 30_000,
  speechRatio: 1,
  enrollmentInProgressPolls: 1,
  pendingConfigurationMs: 0,
  acceptanceThreshold: 90,
  riskThreshold: 50,
};

/** The configurable behaviour of one simulated customer (keyed by customer / speaker id). */
export const voiceIdCustomerSchema = z.object({
  /** Current speaker status; `NOT_ENROLLED` removes the speaker. */
  speakerStatus: z.enum([...SPEAKER_STATUSES, 'NOT_ENROLLED']).optional(),
  /** Decision once there is enough speech and the speaker is enrolled; `NOT_ENABLED` omits it. */
  authentication: z.enum(['ACCEPT', 'REJECT', 'SPEAKER_EXPIRED', 'NOT_ENABLED']).optional(),
  authenticationScore: z.number().int().min(0).max(100).optional(),
  /** Fraud decision once there is enough speech; `NOT_ENABLED` omits it. */
  fraud: z.enum(['LOW_RISK', 'HIGH_RISK', 'NOT_ENABLED']).optional(),
  fraudScore: z.number().int().min(0).max(100).optional(),
  /** Enrollment outcome once there is enough speech. */
  enrollment: z.enum(['COMPLETED', 'FAILED']).optional(),
  /** Holds speech back: the customer's speech stops accumulating while true. */
  holdSpeech: z.boolean().optional(),
});
/** The configurable behaviour of one simulated customer. */
export type VoiceIdCustomer = z.infer<typeof voiceIdCustomerSchema>;

/** What the simulator needs to know about a contact. */
export interface VoiceIdContactView {
  contactId: string;
  initialContactId: string;
  /** The customer (speaker) id the contact carries, when known. */
  customerId?: string;
  /** Talk time so far (ms): time the customer has been connected to an agent. */
  talkMs: number;
  ended: boolean;
}

/** An error answered with an HTTP status and an AWS error type. */
export class VoiceIdServiceError extends Error {
  override readonly name = 'VoiceIdServiceError';
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

interface Speaker {
  customerSpeakerId: string;
  generatedSpeakerId: string;
  status: SpeakerStatus;
  createdAt: number;
  updatedAt: number;
}

interface Session {
  sessionId: string;
  sessionName: string;
  contactId: string;
  speakerId?: string;
  generatedSpeakerId?: string;
  /** Talk time at session start (ms). */
  talkAtStart: number;
  /** Speech added by the control API (ms). */
  extraMs: number;
  /** Speech withheld so far (ms of talk that did not count). */
  withheldMs: number;
  /** Raw speech when the current hold began. */
  heldAtRaw?: number;
  enrollment?: { polls: number; status: (typeof ENROLLMENT_STATUSES)[number] };
}

/** A snapshot of one session for the control API. */
export interface VoiceIdSessionView {
  sessionId: string;
  sessionName: string;
  contactId: string;
  speakerId?: string;
  speechMs: number;
  streamingStatus: string;
  enrollmentStatus?: string;
}

/** Options of {@link VoiceIdSimulator}. */
export interface VoiceIdSimulatorOptions {
  region: string;
  accountId: string;
  /** Looks up a contact by id (any contact id of the chain). */
  contact: (contactId: string) => VoiceIdContactView | undefined;
  now?: () => number;
  settings?: Partial<VoiceIdSettings>;
}

const toSeconds = (ms: number) => ms / 1000;

/**
 * A simulated Amazon Connect Voice ID domain: speakers (enrolled, opted out, not enrolled),
 * sessions whose customer speech accumulates with talk time, per-customer decisions.
 */
export class VoiceIdSimulator {
  private settings: VoiceIdSettings;
  private readonly speakers = new Map<string, Speaker>();
  private readonly customers = new Map<string, VoiceIdCustomer>();
  private readonly sessions = new Map<string, Session>();
  private readonly now: () => number;
  /** updateVoiceIdData calls received (for tests and the control API). */
  readonly lcmsUpdates: Record<string, unknown>[] = [];
  private readonly lcmsSizes: number[] = [];
  private lcmsBytes = 0;

  constructor(private readonly options: VoiceIdSimulatorOptions) {
    this.settings = { ...DEFAULT_VOICE_ID_SETTINGS, ...options.settings };
    this.now = options.now ?? Date.now;
  }

  /** Current settings. */
  getSettings(): VoiceIdSettings {
    return { ...this.settings };
  }

  /** Changes settings (partial). */
  updateSettings(patch: Partial<VoiceIdSettings>): VoiceIdSettings {
    this.settings = voiceIdSettingsSchema.parse({ ...this.settings, ...patch });
    return this.getSettings();
  }

  /** Sets (merges) the behaviour of a simulated customer. */
  configureCustomer(customerId: string, patch: VoiceIdCustomer): VoiceIdCustomer {
    const prev = this.customers.get(customerId) ?? {};
    const next = { ...prev, ...patch };
    if (prev.holdSpeech !== next.holdSpeech) {
      for (const s of this.sessions.values()) {
        if (this.sessionCustomer(s) === customerId) this.setHeld(s, next.holdSpeech === true);
      }
    }
    this.customers.set(customerId, next);
    if (patch.speakerStatus !== undefined) {
      if (patch.speakerStatus === 'NOT_ENROLLED') this.speakers.delete(customerId);
      else this.upsertSpeaker(customerId, patch.speakerStatus);
    }
    return { ...next, speakerStatus: this.speakers.get(customerId)?.status ?? 'NOT_ENROLLED' };
  }

  /** The behaviour of a simulated customer, with its current speaker status. */
  customer(customerId: string): VoiceIdCustomer {
    return {
      ...this.customers.get(customerId),
      speakerStatus: this.speakers.get(customerId)?.status ?? 'NOT_ENROLLED',
    };
  }

  /** Adds customer speech to the session of a contact (ms). */
  addSpeech(contactId: string, ms: number): VoiceIdSessionView {
    const session = this.sessionForContact(contactId, true);
    session.extraMs += ms;
    return this.viewSession(session);
  }

  /** Holds back (or releases) the speech of one contact's session. */
  holdSpeech(contactId: string, held: boolean): VoiceIdSessionView {
    const session = this.sessionForContact(contactId, true);
    this.setHeld(session, held);
    return this.viewSession(session);
  }

  /** All sessions, for the control API. */
  listSessions(): VoiceIdSessionView[] {
    return [...this.sessions.values()].map((s) => this.viewSession(s));
  }

  /** Forgets every session, speaker and customer setting. */
  reset(): void {
    this.speakers.clear();
    this.customers.clear();
    this.sessions.clear();
    this.lcmsUpdates.length = 0;
    this.lcmsSizes.length = 0;
    this.lcmsBytes = 0;
  }

  // ---- agent-app operations -------------------------------------------------------------

  /** `Acs.listIntegrationAssociations`. */
  listIntegrationAssociations(instanceId: string): Record<string, unknown> {
    if (!this.settings.enabled) return { IntegrationAssociationSummaryList: [] };
    const { region, accountId } = this.options;
    return {
      IntegrationAssociationSummaryList: [
        {
          IntegrationAssociationId: `ia-voiceid-${this.settings.domainId}`,
          IntegrationAssociationArn: `arn:aws:connect:${region}:${accountId}:instance/${instanceId}/integration-association/ia-voiceid`,
          InstanceId: instanceId,
          IntegrationType: 'VOICE_ID',
          IntegrationArn: `arn:aws:voiceid:${region}:${accountId}:domain/${this.settings.domainId}`,
        },
      ],
    };
  }

  /** The contact id of a session (by name or id), for the authorisation of session calls. */
  sessionContactId(sessionNameOrId: string): string | undefined {
    const byName = this.sessions.get(sessionNameOrId);
    if (byName) return byName.contactId;
    for (const s of this.sessions.values()) if (s.sessionId === sessionNameOrId) return s.contactId;
    // A contact id names the session the call would start.
    return this.options.contact(sessionNameOrId) === undefined ? undefined : sessionNameOrId;
  }

  /** `Lcms.getContact`. */
  getContact(contactId: string): Record<string, unknown> {
    const contact = this.requireContact(contactId);
    return {
      contactData: {
        contactId: contact.contactId,
        initialContactId: contact.initialContactId,
        ...(contact.customerId === undefined ? {} : { customerId: contact.customerId }),
      },
    };
  }

  /** `Lcms.updateVoiceIdData`. */
  updateVoiceIdData(params: Record<string, unknown>): Record<string, unknown> {
    // Kept for the control API, bounded: the oldest go beyond MAX_RECORDED_LCMS_UPDATES entries
    // or MAX_RECORDED_LCMS_UPDATE_BYTES of JSON.
    const size = JSON.stringify(params).length;
    if (size > MAX_RECORDED_LCMS_UPDATE_BYTES)
      throw new VoiceIdServiceError(
        400,
        'ValidationException',
        `The Voice ID data is larger than ${MAX_RECORDED_LCMS_UPDATE_BYTES} bytes.`,
      );
    this.lcmsUpdates.push(params);
    this.lcmsSizes.push(size);
    this.lcmsBytes += size;
    while (
      this.lcmsUpdates.length > MAX_RECORDED_LCMS_UPDATES ||
      this.lcmsBytes > MAX_RECORDED_LCMS_UPDATE_BYTES
    ) {
      this.lcmsUpdates.shift();
      this.lcmsBytes -= this.lcmsSizes.shift()!;
    }
    return {};
  }

  /** `VoiceId.describeSpeaker`. */
  describeSpeaker(speakerId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    const speaker = this.speakers.get(speakerId);
    if (speaker === undefined) {
      throw new VoiceIdServiceError(
        404,
        'ResourceNotFoundException',
        `Speaker not found: ${speakerId}`,
      );
    }
    return { Speaker: this.speakerShape(speaker) };
  }

  /** `VoiceId.optOutSpeaker`: the speaker (created if needed) becomes OPTED_OUT. */
  optOutSpeaker(speakerId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    return { Speaker: this.speakerShape(this.upsertSpeaker(speakerId, 'OPTED_OUT')) };
  }

  /** `VoiceId.deleteSpeaker`. */
  deleteSpeaker(speakerId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    if (!this.speakers.delete(speakerId)) {
      throw new VoiceIdServiceError(
        404,
        'ResourceNotFoundException',
        `Speaker not found: ${speakerId}`,
      );
    }
    return {};
  }

  /** `Nasa.startVoiceIdSession`: (re)starts the session of the contact. */
  startSession(contactId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    const contact = this.requireContact(contactId);
    const session = this.newSession(contact, true);
    return { sessionId: session.sessionId };
  }

  /** `VoiceId.updateSession`: sets the speaker of the session. */
  updateSession(
    sessionNameOrId: string,
    speakerId: string,
    domainId: string,
  ): Record<string, unknown> {
    this.checkDomain(domainId);
    const session = this.requireSession(sessionNameOrId);
    session.speakerId = speakerId;
    session.generatedSpeakerId = this.speakers.get(speakerId)?.generatedSpeakerId;
    return { Session: this.sessionShape(session) };
  }

  /** `VoiceId.describeSession`. */
  describeSession(sessionNameOrId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    const session = this.requireSession(sessionNameOrId);
    this.advanceEnrollment(session);
    return { Session: this.sessionShape(session) };
  }

  /** `VoiceId.enrollBySession`. */
  enrollBySession(sessionNameOrId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    const session = this.requireSession(sessionNameOrId);
    const speakerId = session.speakerId ?? this.contactOf(session)?.customerId;
    if (speakerId === undefined) {
      throw new VoiceIdServiceError(400, 'ValidationException', 'The session has no speaker id');
    }
    session.speakerId = speakerId;
    if (this.speakers.get(speakerId)?.status === 'OPTED_OUT') {
      throw new VoiceIdServiceError(409, 'ConflictException', 'The speaker has opted out');
    }
    session.enrollment = { polls: 0, status: 'NOT_ENOUGH_SPEECH' };
    this.advanceEnrollment(session);
    return { Status: session.enrollment.status };
  }

  /** `VoiceId.evaluateSession`. */
  evaluateSession(sessionNameOrId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    const session = this.requireSession(sessionNameOrId);
    const streaming = this.streamingStatus(session);
    const base = {
      DomainId: this.settings.domainId,
      SessionId: session.sessionId,
      SessionName: session.sessionName,
      StreamingStatus: streaming,
    };
    if (streaming === 'PENDING_CONFIGURATION') return base;
    const speech = this.speechMs(session);
    const speakerId = session.speakerId ?? this.contactOf(session)?.customerId;
    const profile = speakerId === undefined ? {} : (this.customers.get(speakerId) ?? {});
    const enough = speech >= this.settings.authenticationSpeechMs;
    const speaker = speakerId === undefined ? undefined : this.speakers.get(speakerId);
    const at = toSeconds(this.now());
    const result: Record<string, unknown> = { ...base };
    if (profile.authentication !== 'NOT_ENABLED') {
      let decision: string;
      if (!enough) decision = 'NOT_ENOUGH_SPEECH';
      else if (speakerId === undefined) decision = 'SPEAKER_ID_NOT_PROVIDED';
      else if (speaker?.status === 'OPTED_OUT') decision = 'SPEAKER_OPTED_OUT';
      else if (speaker?.status !== 'ENROLLED') decision = 'SPEAKER_NOT_ENROLLED';
      else decision = profile.authentication ?? 'ACCEPT';
      const score =
        decision === 'ACCEPT'
          ? (profile.authenticationScore ?? 98)
          : decision === 'REJECT'
            ? (profile.authenticationScore ?? 12)
            : undefined;
      result.AuthenticationResult = {
        AuthenticationResultId: `auth-${session.sessionId}`,
        Decision: decision,
        ...(score === undefined ? {} : { Score: score }),
        ...(speakerId === undefined ? {} : { CustomerSpeakerId: speakerId }),
        ...(speaker === undefined ? {} : { GeneratedSpeakerId: speaker.generatedSpeakerId }),
        AudioAggregationStartedAt: at - toSeconds(speech),
        AudioAggregationEndedAt: at,
        Configuration: { AcceptanceThreshold: this.settings.acceptanceThreshold },
      };
    }
    if (profile.fraud !== 'NOT_ENABLED') {
      const decision = !enough ? 'NOT_ENOUGH_SPEECH' : (profile.fraud ?? 'LOW_RISK');
      const score = profile.fraudScore ?? (decision === 'HIGH_RISK' ? 87 : 4);
      result.FraudDetectionResult = {
        FraudDetectionResultId: `fraud-${session.sessionId}`,
        Decision: decision,
        Reasons: decision === 'HIGH_RISK' ? ['KNOWN_FRAUDSTER'] : [],
        ...(enough
          ? {
              RiskDetails: {
                KnownFraudsterRisk: { RiskScore: score },
                VoiceSpoofingRisk: { RiskScore: 1 },
              },
            }
          : {}),
        AudioAggregationStartedAt: at - toSeconds(speech),
        AudioAggregationEndedAt: at,
        Configuration: { RiskThreshold: this.settings.riskThreshold },
      };
    }
    return result;
  }

  // ---- internals ------------------------------------------------------------------------

  private checkDomain(domainId: string | undefined): void {
    if (domainId !== this.settings.domainId) {
      throw new VoiceIdServiceError(
        404,
        'ResourceNotFoundException',
        `Domain not found: ${domainId ?? ''}`,
      );
    }
  }

  private requireContact(contactId: string): VoiceIdContactView {
    const contact = this.options.contact(contactId);
    if (contact === undefined) {
      throw new VoiceIdServiceError(
        404,
        'ResourceNotFoundException',
        `Contact not found: ${contactId}`,
      );
    }
    return contact;
  }

  private contactOf(session: Session): VoiceIdContactView | undefined {
    return this.options.contact(session.contactId);
  }

  private sessionCustomer(session: Session): string | undefined {
    return session.speakerId ?? this.contactOf(session)?.customerId;
  }

  /**
   * Creates the session of a contact. The contact flow starts one when the call connects, so an
   * implicit session counts speech from the start of the talk; startVoiceIdSession counts from now.
   */
  private newSession(contact: VoiceIdContactView, fromNow = false): Session {
    const session: Session = {
      sessionId: randomUUID(),
      sessionName: contact.initialContactId,
      contactId: contact.contactId,
      talkAtStart: fromNow ? contact.talkMs : 0,
      extraMs: 0,
      withheldMs: 0,
    };
    if (contact.customerId !== undefined) session.speakerId = contact.customerId;
    this.sessions.set(session.sessionName, session);
    const customer =
      session.speakerId === undefined ? undefined : this.customers.get(session.speakerId);
    // A customer whose speech is held back has said nothing since the session began.
    if (customer?.holdSpeech === true) session.heldAtRaw = 0;
    return session;
  }

  /** Finds the session by name (initial contact id) or id; the flow starts one per voice contact. */
  private requireSession(nameOrId: string): Session {
    const byName = this.sessions.get(nameOrId);
    if (byName) return byName;
    for (const s of this.sessions.values()) if (s.sessionId === nameOrId) return s;
    const contact = this.options.contact(nameOrId);
    if (contact === undefined) {
      throw new VoiceIdServiceError(
        404,
        'ResourceNotFoundException',
        `Session not found: ${nameOrId}`,
      );
    }
    return this.sessions.get(contact.initialContactId) ?? this.newSession(contact);
  }

  private sessionForContact(contactId: string, create: boolean): Session {
    const contact = this.requireContact(contactId);
    const existing = this.sessions.get(contact.initialContactId);
    if (existing || !create) return existing ?? this.requireSession(contactId);
    return this.newSession(contact);
  }

  private rawSpeech(session: Session): number {
    const contact = this.contactOf(session);
    const talk = contact === undefined ? session.talkAtStart : contact.talkMs;
    return Math.max(0, talk - session.talkAtStart) * this.settings.speechRatio;
  }

  private setHeld(session: Session, held: boolean): void {
    if (held && session.heldAtRaw === undefined) session.heldAtRaw = this.rawSpeech(session);
    if (!held && session.heldAtRaw !== undefined) {
      session.withheldMs += this.rawSpeech(session) - session.heldAtRaw;
      delete session.heldAtRaw;
    }
  }

  private speechMs(session: Session): number {
    const raw = session.heldAtRaw ?? this.rawSpeech(session);
    return Math.max(0, Math.round(raw - session.withheldMs + session.extraMs));
  }

  private streamingStatus(session: Session): 'PENDING_CONFIGURATION' | 'ONGOING' | 'ENDED' {
    const contact = this.contactOf(session);
    if (contact === undefined || contact.ended) return 'ENDED';
    if (contact.talkMs - session.talkAtStart < this.settings.pendingConfigurationMs)
      return 'PENDING_CONFIGURATION';
    return 'ONGOING';
  }

  private advanceEnrollment(session: Session): void {
    const enrollment = session.enrollment;
    if (
      enrollment === undefined ||
      enrollment.status === 'COMPLETED' ||
      enrollment.status === 'FAILED'
    )
      return;
    if (this.speechMs(session) < this.settings.enrollmentSpeechMs) {
      enrollment.status = 'NOT_ENOUGH_SPEECH';
      return;
    }
    if (enrollment.polls < this.settings.enrollmentInProgressPolls) {
      enrollment.polls += 1;
      enrollment.status = 'IN_PROGRESS';
      return;
    }
    const speakerId = session.speakerId!;
    const outcome = this.customers.get(speakerId)?.enrollment ?? 'COMPLETED';
    enrollment.status = outcome;
    if (outcome === 'COMPLETED') {
      const speaker = this.upsertSpeaker(speakerId, 'ENROLLED');
      session.generatedSpeakerId = speaker.generatedSpeakerId;
    }
  }

  private upsertSpeaker(speakerId: string, status: SpeakerStatus): Speaker {
    const at = this.now();
    const existing = this.speakers.get(speakerId);
    if (existing) {
      existing.status = status;
      existing.updatedAt = at;
      return existing;
    }
    const speaker: Speaker = {
      customerSpeakerId: speakerId,
      generatedSpeakerId: `gs-${randomUUID().replace(/-/g, '').slice(0, 22)}`,
      status,
      createdAt: at,
      updatedAt: at,
    };
    this.speakers.set(speakerId, speaker);
    return speaker;
  }

  private speakerShape(speaker: Speaker): Record<string, unknown> {
    return {
      CustomerSpeakerId: speaker.customerSpeakerId,
      DomainId: this.settings.domainId,
      GeneratedSpeakerId: speaker.generatedSpeakerId,
      Status: speaker.status,
      CreatedAt: toSeconds(speaker.createdAt),
      UpdatedAt: toSeconds(speaker.updatedAt),
    };
  }

  private sessionShape(session: Session): Record<string, unknown> {
    const enrollment = session.enrollment;
    const failed = enrollment?.status === 'FAILED';
    return {
      DomainId: this.settings.domainId,
      SessionId: session.sessionId,
      SessionName: session.sessionName,
      StreamingStatus: this.streamingStatus(session),
      ...(session.generatedSpeakerId === undefined
        ? {}
        : { GeneratedSpeakerId: session.generatedSpeakerId }),
      ...(session.speakerId === undefined ? {} : { CustomerSpeakerId: session.speakerId }),
      ...(enrollment === undefined
        ? {}
        : {
            EnrollmentRequestDetails: {
              Status: enrollment.status,
              ...(failed
                ? { Message: 'Enrollment failed: the audio quality was not good enough' }
                : {}),
            },
          }),
      AuthenticationConfiguration: { AcceptanceThreshold: this.settings.acceptanceThreshold },
      FraudDetectionConfiguration: { RiskThreshold: this.settings.riskThreshold },
    };
  }

  private viewSession(session: Session): VoiceIdSessionView {
    const view: VoiceIdSessionView = {
      sessionId: session.sessionId,
      sessionName: session.sessionName,
      contactId: session.contactId,
      speechMs: this.speechMs(session),
      streamingStatus: this.streamingStatus(session),
    };
    if (session.speakerId !== undefined) view.speakerId = session.speakerId;
    if (session.enrollment !== undefined) view.enrollmentStatus = session.enrollment.status;
    return view;
  }
}
