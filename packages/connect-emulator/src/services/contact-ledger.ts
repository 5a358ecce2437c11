import { MAX_CONTACT_RECORDS } from '../constants';
import type { AdminChannel, AdminContact } from '../admin/types';
import type { VoiceIdContactView } from '../agent-app/voice-id-model';
import type { ContactEventHub } from '../events/contact-events';
import { CallRecorder, type MediaStore } from '../media/media-store';
import type { LiveRecording } from '../softphone/call-capture';

/** The state of one contact as the domain shows it, at one moment. */
export interface LedgerContactView {
  id: string;
  initialContactId: string;
  previousContactId?: string;
  relatedContactId?: string;
  channel: AdminChannel;
  /** Public-API initiation method (INBOUND, OUTBOUND, TRANSFER, API, MONITOR, …). */
  initiationMethod: string;
  createdMs: number;
  queueId?: string;
  queueType?: 'STANDARD' | 'AGENT';
  queuedMs?: number;
  /** The agent handling it (the last agent leg). */
  agentId?: string;
  /** State of the agent leg (connecting, connected, hold, disconnected, …). */
  agentLegState?: string;
  /** State of the customer leg (connecting, connected, hold, disconnected, …). */
  customerLegState?: string;
  /** The customer's number (also the default Voice ID speaker id). */
  customerNumber?: string;
  systemNumber?: string;
  attributes: Readonly<Record<string, string>>;
  /** The contact has ended for every party (disconnected). */
  ended: boolean;
  /** The contact is fully over (after After Contact Work). */
  completed: boolean;
  endReason?: string;
}

/** Options of {@link ContactLedger}. */
export interface ContactLedgerOptions {
  now: () => number;
  events?: ContactEventHub;
  media?: MediaStore;
  /** The lines a simulated customer says (by contact), laid out along the talk. */
  script?: (contactId: string) => readonly string[];
  /** The contact-flow prompt played into a contact's recording, if any. */
  prompt?: (contactId: string) => string | undefined;
  /** Called when a recording has been stored (or failed to). */
  onRecording?: (contactId: string, error?: unknown) => void;
  /**
   * A call's real audio when it ends (the media bridge's recording), or undefined: then the
   * recording is synthesised from the simulated customer's script.
   */
  liveAudio?: (contactId: string) => LiveRecording | undefined;
}

interface Entry {
  record: AdminContact & { recordings: AdminContact['recordings'][number][] };
  recorder?: CallRecorder;
  customerHeld: boolean;
  completed: boolean;
  saving?: Promise<void>;
}

/** Attribute that carries the customer id (the Voice ID speaker id) when a flow sets one. */
export const CUSTOMER_ID_ATTRIBUTE = 'customerId';

/**
 * Follows every contact of the domain through its changes and keeps what the public API, the
 * contact events, the recordings and Voice ID need: contact records (kept after the contact is
 * gone), connected/disconnected times, talk time, recordings and transcripts.
 */
export class ContactLedger {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: ContactLedgerOptions) {}

  /** Keeps at most MAX_CONTACT_RECORDS records: the oldest completed ones go first. */
  private evict(): void {
    if (this.entries.size <= MAX_CONTACT_RECORDS) return;
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= MAX_CONTACT_RECORDS) return;
      if (entry.completed) this.entries.delete(id);
    }
  }

  /** Observes the current state of a contact (call after every change the domain makes). */
  observe(view: LedgerContactView): void {
    const now = this.options.now();
    let entry = this.entries.get(view.id);
    if (entry === undefined) {
      entry = {
        record: {
          id: view.id,
          initialContactId: view.initialContactId,
          channel: view.channel,
          initiationMethod: view.initiationMethod,
          initiationMs: view.createdMs,
          lastUpdateMs: now,
          attributes: {},
          recordings: [],
        },
        customerHeld: false,
        completed: false,
      };
      this.entries.set(view.id, entry);
      this.evict();
    }
    const r = entry.record;
    r.lastUpdateMs = now;
    r.attributes = { ...view.attributes };
    r.initiationMethod = view.initiationMethod;
    if (view.previousContactId !== undefined) r.previousContactId = view.previousContactId;
    if (view.relatedContactId !== undefined) r.relatedContactId = view.relatedContactId;
    if (view.queueId !== undefined) r.queueId = view.queueId;
    if (view.queuedMs !== undefined) r.enqueueMs = view.queuedMs;
    if (view.agentId !== undefined) r.agentId = view.agentId;
    if (view.customerNumber !== undefined)
      r.customerEndpoint = { type: 'TELEPHONE_NUMBER', address: view.customerNumber };
    if (view.systemNumber !== undefined)
      r.systemEndpoint = { type: 'TELEPHONE_NUMBER', address: view.systemNumber };
    if (view.endReason !== undefined) r.disconnectReason = view.endReason;

    const up = (state: string | undefined) => state === 'connected' || state === 'hold';
    const agentTalking = up(view.agentLegState);
    // The talk starts once agent and customer are both on the line (an outbound call rings first).
    const customerUp = view.customerLegState === undefined || up(view.customerLegState);
    if (agentTalking && customerUp && r.connectedToAgentMs === undefined) {
      r.connectedToAgentMs = now;
      if (view.channel === 'VOICE' && this.options.media !== undefined) {
        entry.recorder = new CallRecorder(
          view.id,
          this.options.script?.(view.id) ?? [],
          this.options.prompt?.(view.id),
        );
        entry.recorder.start(now);
      }
    }
    // The customer hears hold music while held, and while no agent is on the line after a
    // transfer (waiting in the queue, or offered to the next agent): the recording goes on
    // until the call ends, so its length stays the talk time.
    const held = view.customerLegState === 'hold' || (!view.ended && !agentTalking);
    if (held !== entry.customerHeld) {
      entry.customerHeld = held;
      if (held) entry.recorder?.hold(now);
      else entry.recorder?.resume(now);
    }
    if (view.ended && entry.recorder?.recording === true) this.saveRecording(entry, now);
    if (view.ended && r.disconnectMs === undefined) r.disconnectMs = now;
    if (view.completed) entry.completed = true;

    this.options.events?.observe({
      contactId: r.id,
      initialContactId: r.initialContactId,
      ...(r.previousContactId === undefined ? {} : { previousContactId: r.previousContactId }),
      ...(r.relatedContactId === undefined ? {} : { relatedContactId: r.relatedContactId }),
      channel: r.channel,
      initiationMethod: r.initiationMethod,
      initiationMs: r.initiationMs,
      ...(r.queueId === undefined
        ? {}
        : { queueId: r.queueId, queueType: view.queueType ?? 'STANDARD' }),
      ...(r.enqueueMs === undefined ? {} : { enqueueMs: r.enqueueMs }),
      ...(r.agentId === undefined ? {} : { agentId: r.agentId }),
      ...(r.connectedToAgentMs === undefined ? {} : { connectedToAgentMs: r.connectedToAgentMs }),
      ...(r.disconnectMs === undefined ? {} : { disconnectMs: r.disconnectMs }),
      ...(r.disconnectReason === undefined ? {} : { disconnectReason: r.disconnectReason }),
      ...(view.systemNumber === undefined ? {} : { systemEndpoint: view.systemNumber }),
      attributes: r.attributes,
      completed: entry.completed,
    });
  }

  private saveRecording(entry: Entry, now: number): void {
    const media = this.options.media;
    const recorder = entry.recorder;
    if (media === undefined || recorder === undefined) return;
    const id = entry.record.id;
    const live = this.options.liveAudio?.(id);
    const start = entry.record.connectedToAgentMs ?? now;
    const saved = live ? media.saveLive(id, start, live) : media.save(id, recorder, now);
    entry.saving = saved.then(
      (stored) => {
        if (stored) entry.record.recordings.push(stored.recording);
        this.options.onRecording?.(entry.record.id);
      },
      (error: unknown) => this.options.onRecording?.(entry.record.id, error),
    );
  }

  /** Resolves once every pending recording is written. */
  async flush(): Promise<void> {
    await Promise.all([...this.entries.values()].map((e) => e.saving ?? Promise.resolve()));
  }

  /** A customer line, said now (recorded when the contact is being recorded). */
  customerSays(contactId: string, text: string): void {
    this.entries.get(contactId)?.recorder?.customerSays(text, this.options.now());
  }

  /** Agent speech reported by the panel, now. */
  agentSays(contactId: string, text?: string): void {
    this.entries.get(contactId)?.recorder?.agentSays(this.options.now(), text);
  }

  /**
   * Merges attributes into every record of the call whose initial contact is `initialContactId`
   * (UpdateContactAttributes; the contact may be over). Answers whether any record was found.
   */
  updateAttributes(
    initialContactId: string,
    attributes: Readonly<Record<string, string>>,
  ): boolean {
    let found = false;
    for (const { record } of this.entries.values()) {
      if (record.initialContactId !== initialContactId) continue;
      record.attributes = { ...record.attributes, ...attributes };
      found = true;
    }
    return found;
  }

  /** Every contact record seen (including ended ones). */
  contacts(): AdminContact[] {
    return [...this.entries.values()].map((e) => e.record);
  }

  /** One contact record. */
  contact(contactId: string): AdminContact | undefined {
    return this.entries.get(contactId)?.record;
  }

  /** Talk time so far (ms): from connection to the agent until disconnect (or now). */
  talkMs(contactId: string): number {
    const r = this.entries.get(contactId)?.record;
    if (r?.connectedToAgentMs === undefined) return 0;
    return (r.disconnectMs ?? this.options.now()) - r.connectedToAgentMs;
  }

  /** The contact as Voice ID sees it (speaker id: the customerId attribute, else the number). */
  voiceIdView(contactId: string): VoiceIdContactView | undefined {
    const r = this.entries.get(contactId)?.record;
    if (r === undefined) return undefined;
    const customerId = r.attributes[CUSTOMER_ID_ATTRIBUTE] ?? r.customerEndpoint?.address;
    return {
      contactId: r.id,
      initialContactId: r.initialContactId,
      ...(customerId === undefined ? {} : { customerId }),
      talkMs: this.talkMs(contactId),
      ended: r.disconnectMs !== undefined,
    };
  }
}
