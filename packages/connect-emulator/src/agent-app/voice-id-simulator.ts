/**
 * The simulated Voice ID domain the agent app talks to: its settings and simulated customers,
 * the sessions of calls (speech, enrollment) and the agent-app operations on them.
 */
import { randomUUID } from 'node:crypto';
import { MAX_RECORDED_LCMS_UPDATE_BYTES, MAX_RECORDED_LCMS_UPDATES } from '../constants';
import { authenticationResult, fraudDetectionResult } from './voice-id-evaluation';
import {
  DEFAULT_VOICE_ID_SETTINGS,
  VoiceIdServiceError,
  voiceIdSettingsSchema,
  type VoiceIdContactView,
  type VoiceIdCustomer,
  type VoiceIdSessionView,
  type VoiceIdSettings,
  toSeconds,
} from './voice-id-model';
import { sessionShape, sessionView, type Session } from './voice-id-session';
import { speakerShape, VoiceIdSpeakers } from './voice-id-speakers';

/** Options of {@link VoiceIdSimulator}. */
export interface VoiceIdSimulatorOptions {
  region: string;
  accountId: string;
  /** Looks up a contact by id (any contact id of the chain). */
  contact: (contactId: string) => VoiceIdContactView | undefined;
  now?: () => number;
  settings?: Partial<VoiceIdSettings>;
}

/**
 * A simulated Amazon Connect Voice ID domain: speakers (enrolled, opted out, not enrolled),
 * sessions whose customer speech accumulates with talk time, per-customer decisions.
 */
export class VoiceIdSimulator {
  private settings: VoiceIdSettings;
  private readonly speakers: VoiceIdSpeakers;
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
    this.speakers = new VoiceIdSpeakers(this.now);
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
      else this.speakers.upsert(customerId, patch.speakerStatus);
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
    return { Speaker: speakerShape(speaker, this.settings.domainId) };
  }

  /** `VoiceId.optOutSpeaker`: the speaker (created if needed) becomes OPTED_OUT. */
  optOutSpeaker(speakerId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    return {
      Speaker: speakerShape(this.speakers.upsert(speakerId, 'OPTED_OUT'), this.settings.domainId),
    };
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
    return {
      Session: sessionShape(session, this.streamingStatus(session), this.settings),
    };
  }

  /** `VoiceId.describeSession`. */
  describeSession(sessionNameOrId: string, domainId: string): Record<string, unknown> {
    this.checkDomain(domainId);
    const session = this.requireSession(sessionNameOrId);
    this.advanceEnrollment(session);
    return {
      Session: sessionShape(session, this.streamingStatus(session), this.settings),
    };
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
    const evaluation = {
      sessionId: session.sessionId,
      speech,
      enough,
      speakerId,
      speaker,
      profile,
      at: toSeconds(this.now()),
      settings: this.settings,
    };
    const result: Record<string, unknown> = { ...base };
    if (profile.authentication !== 'NOT_ENABLED')
      result.AuthenticationResult = authenticationResult(evaluation);
    if (profile.fraud !== 'NOT_ENABLED')
      result.FraudDetectionResult = fraudDetectionResult(evaluation);
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
      const speaker = this.speakers.upsert(speakerId, 'ENROLLED');
      session.generatedSpeakerId = speaker.generatedSpeakerId;
    }
  }

  private viewSession(session: Session): VoiceIdSessionView {
    return sessionView(session, this.speechMs(session), this.streamingStatus(session));
  }
}
