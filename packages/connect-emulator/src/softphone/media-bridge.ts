// The emulator's media server: every party's WebRTC leg of every voice contact, mixed every
// 20 ms by what the contact record says of each leg. A connected leg hears every other connected
// leg that is not muted; a held party hears hold music and is not heard; a silent monitor hears
// everyone and is not heard; a caller whose agent's phone rings hears ringback, and one waiting
// in queue hears hold music. A customer with no phone of their own on the call (a simulated
// customer) speaks a steady tone. Digits sound in band to the other side: an agent's (SendDigits)
// to the phone parties, a customer's (sent in RTP, or pressed through the control API) to the
// agents; digits a customer sends in RTP reach the contact as pressed digits.
import type { ContactCentre } from '../domain/contact-centre';
import type { ConnectionRecord, ContactRecord } from '../domain/records';
import {
  MEDIA_FRAME_MS,
  MEDIA_FRAME_SAMPLES,
  MEDIA_MAX_CATCH_UP_FRAMES,
  SIMULATED_CUSTOMER_TONE_HZ,
} from '../constants';
import {
  addInto,
  clipped,
  DigitPlayer,
  type FrameSource,
  HoldMusic,
  ringback,
  silence,
  ToneSource,
} from './audio-sources';
import { CallCapture, type LiveRecording } from './call-capture';
import type { MediaLeg } from './media-leg';

/** A party's leg on the bridge, and how to hang it up (the signalling's `bye`). */
interface AttachedLeg {
  readonly contactId: string;
  readonly leg: MediaLeg;
  readonly hangUp: () => void;
}

/** The sounds the bridge makes for one contact. */
interface CallSounds {
  readonly simulated: Map<string, FrameSource>;
  readonly holdMusic: Map<string, FrameSource>;
  readonly ringback: FrameSource;
  /** Digits sounding to the phone parties (an agent's) and to the agents (a customer's). */
  readonly digits: { readonly agent: DigitPlayer; readonly customer: DigitPlayer };
  /** How many of the contact's digits were already played. */
  digitsSeen: number;
}

/** States in which a leg is on the call and heard by the others (unless muted). */
const SPEAKING = new Set(['connected', 'barge']);
/** States in which a leg hears the call. */
const LISTENING = new Set(['connected', 'barge', 'silent_monitor']);

/** Whether the leg is a phone party (customer or external third party), not an agent. */
const isPhoneParty = (leg: ConnectionRecord) =>
  leg.agentId === undefined && leg.type !== 'monitoring';

/** Whether an agent (or supervisor) is on the call, not only ringing. */
const agentOnCall = (contact: ContactRecord) =>
  contact.connections.some((leg) => !isPhoneParty(leg) && LISTENING.has(leg.state));

/** Whether an agent's phone rings for the contact. */
const agentRinging = (contact: ContactRecord) =>
  contact.connections.some((leg) => !isPhoneParty(leg) && leg.state === 'connecting');

/** Whether others hear the leg. */
const heard = (leg: ConnectionRecord) =>
  SPEAKING.has(leg.state) && !leg.mute && leg.forcedMute !== true;

/** Mixes the media of every voice contact's parties (see the file comment). */
export class MediaBridge {
  private readonly legs = new Map<string, AttachedLeg>();
  private readonly sounds = new Map<string, CallSounds>();
  /** The live recordings of calls with media, by contact, until the ledger takes them. */
  private readonly captures = new Map<string, CallCapture>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private startedAt = 0;
  private framesDone = 0;

  constructor(private readonly centre: () => ContactCentre) {}

  /** How many legs carry media now. */
  get size(): number {
    return this.legs.size;
  }

  /**
   * Puts a party's leg on the bridge. Returns false (the leg is left alone) when the connection
   * already has media.
   */
  attach(contactId: string, connectionId: string, leg: MediaLeg, hangUp: () => void): boolean {
    const current = this.legs.get(connectionId);
    if (current && !current.leg.closed) return false;
    this.legs.set(connectionId, { contactId, leg, hangUp });
    leg.onDigit = (key) => this.customerDigit(contactId, connectionId, key);
    leg.onEnded = () => this.detach(connectionId, leg);
    this.startTicking();
    return true;
  }

  /** Takes a leg off the bridge (the party hung up or its connection failed). */
  detach(connectionId: string, leg?: MediaLeg): void {
    const attached = this.legs.get(connectionId);
    if (!attached || (leg && attached.leg !== leg)) return;
    this.legs.delete(connectionId);
    attached.leg.close();
    if (![...this.legs.values()].some((other) => other.contactId === attached.contactId))
      this.sounds.delete(attached.contactId);
    if (this.legs.size === 0) this.stopTicking();
  }

  /**
   * Takes a call's recording (once, when it ends): its real audio when a phone party spoke
   * through media of its own, or undefined (no media, or only a simulated customer).
   */
  takeRecording(contactId: string): LiveRecording | undefined {
    const capture = this.captures.get(contactId);
    this.captures.delete(contactId);
    return capture?.live ? capture.recording() : undefined;
  }

  /** Hangs up and closes every leg (the emulator stops). */
  close(): void {
    this.captures.clear();
    for (const [connectionId, attached] of [...this.legs]) {
      attached.hangUp();
      this.detach(connectionId);
    }
  }

  /** Mixes every frame that is due (several after a late timer, so the media keeps its pace). */
  tick(now = performance.now()): void {
    const due = Math.floor((now - this.startedAt) / MEDIA_FRAME_MS);
    // After a long stall, skip ahead rather than send a burst nobody can play in time; the
    // recordings get silence for the skipped time, so they keep the call's length.
    if (due - this.framesDone > MEDIA_MAX_CATCH_UP_FRAMES) {
      const skipped = due - 1 - this.framesDone;
      for (const capture of this.captures.values()) capture.pad(skipped);
      this.framesDone = due - 1;
    }
    for (; this.framesDone < due; this.framesDone++) this.mixFrame();
  }

  private startTicking(): void {
    if (this.timer !== undefined) return;
    this.startedAt = performance.now();
    this.framesDone = 0;
    this.timer = setInterval(() => this.tick(), MEDIA_FRAME_MS / 2);
    this.timer.unref?.();
  }

  private stopTicking(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private mixFrame(): void {
    const contacts = this.centre().contacts;
    const byContact = new Map<string, Map<string, AttachedLeg>>();
    for (const [connectionId, attached] of this.legs) {
      let group = byContact.get(attached.contactId);
      if (!group) byContact.set(attached.contactId, (group = new Map<string, AttachedLeg>()));
      group.set(connectionId, attached);
    }
    for (const [contactId, attached] of byContact) {
      const contact = contacts.get(contactId);
      if (contact && contact.state !== 'ended') this.mixContact(contact, attached);
      else for (const connectionId of attached.keys()) this.hangUp(connectionId);
    }
  }

  /** One frame of one contact: what each leg said, what each leg with media hears, the recording. */
  private mixContact(contact: ContactRecord, attached: Map<string, AttachedLeg>): void {
    const sounds = this.soundsOf(contact);
    this.queueDigits(contact, sounds);
    const said = new Map<string, Int16Array>();
    const spoken = new Map<string, Int16Array>();
    for (const leg of contact.connections) {
      const media = attached.get(leg.id);
      const frame = media ? media.leg.take() : this.simulatedVoice(leg, sounds);
      if (!frame) continue;
      said.set(leg.id, frame);
      if (heard(leg)) spoken.set(leg.id, frame);
    }
    const digits = { agent: sounds.digits.agent.next(), customer: sounds.digits.customer.next() };
    const customer = contact.connections.find((leg) => leg.initial);
    const toCustomer = customer && this.heardBy(contact, customer, spoken, sounds, digits);
    for (const leg of contact.connections) {
      const media = attached.get(leg.id);
      if (!media) continue;
      if (leg.state === 'disconnected') {
        this.hangUp(leg.id);
        continue;
      }
      media.leg.send(
        leg === customer && toCustomer
          ? toCustomer
          : this.heardBy(contact, leg, spoken, sounds, digits),
      );
    }
    this.record(contact, attached, said, spoken, toCustomer);
  }

  /**
   * Adds the frame to the call's recording, which starts once an agent is on the call: the phone
   * parties and the hold music the customer hears on the left, the agents heard on the right.
   */
  private record(
    contact: ContactRecord,
    attached: ReadonlyMap<string, AttachedLeg>,
    said: ReadonlyMap<string, Int16Array>,
    spoken: ReadonlyMap<string, Int16Array>,
    toCustomer: Int16Array | undefined,
  ): void {
    let capture = this.captures.get(contact.id);
    if (!capture) {
      if (!agentOnCall(contact)) return;
      this.captures.set(contact.id, (capture = new CallCapture()));
    }
    const customerSide = new Int32Array(MEDIA_FRAME_SAMPLES);
    const agentSide = new Int32Array(MEDIA_FRAME_SAMPLES);
    for (const leg of contact.connections) {
      if (isPhoneParty(leg)) {
        if (attached.has(leg.id)) capture.live = true;
        const frame = said.get(leg.id);
        if (frame) addInto(customerSide, frame);
      } else {
        const frame = spoken.get(leg.id);
        if (frame) addInto(agentSide, frame);
      }
    }
    const held = contact.connections.find((leg) => leg.initial)?.state === 'hold';
    if (held && toCustomer) addInto(customerSide, toCustomer);
    capture.add(clipped(customerSide), clipped(agentSide));
  }

  /** What `leg` hears this frame. */
  private heardBy(
    contact: ContactRecord,
    leg: ConnectionRecord,
    spoken: ReadonlyMap<string, Int16Array>,
    sounds: CallSounds,
    digits: { readonly agent?: Int16Array; readonly customer?: Int16Array },
  ): Int16Array {
    const phone = isPhoneParty(leg);
    if (leg.state === 'hold') return this.holdMusicOf(leg, sounds).next();
    if (phone && !agentOnCall(contact))
      return agentRinging(contact) ? sounds.ringback.next() : this.holdMusicOf(leg, sounds).next();
    if (!LISTENING.has(leg.state)) return silence();
    const sum = new Int32Array(MEDIA_FRAME_SAMPLES);
    for (const [id, frame] of spoken) if (id !== leg.id) addInto(sum, frame);
    const tones = phone ? digits.agent : digits.customer;
    if (tones) addInto(sum, tones);
    return clipped(sum);
  }

  private soundsOf(contact: ContactRecord): CallSounds {
    let sounds = this.sounds.get(contact.id);
    if (!sounds) {
      sounds = {
        simulated: new Map(),
        holdMusic: new Map(),
        ringback: ringback(),
        digits: { agent: new DigitPlayer(), customer: new DigitPlayer() },
        digitsSeen: contact.digits.length,
      };
      this.sounds.set(contact.id, sounds);
    }
    return sounds;
  }

  /** A phone party with no media of its own speaks the simulated customer's tone. */
  private simulatedVoice(leg: ConnectionRecord, sounds: CallSounds): Int16Array | undefined {
    if (!isPhoneParty(leg)) return undefined;
    let voice = sounds.simulated.get(leg.id);
    if (!voice)
      sounds.simulated.set(leg.id, (voice = new ToneSource([SIMULATED_CUSTOMER_TONE_HZ])));
    return voice.next();
  }

  private holdMusicOf(leg: ConnectionRecord, sounds: CallSounds): FrameSource {
    let music = sounds.holdMusic.get(leg.id);
    if (!music) sounds.holdMusic.set(leg.id, (music = new HoldMusic()));
    return music;
  }

  /** Queues the digits sent since the last frame, to sound in band to the other side. */
  private queueDigits(contact: ContactRecord, sounds: CallSounds): void {
    for (; sounds.digitsSeen < contact.digits.length; sounds.digitsSeen++) {
      const sent = contact.digits[sounds.digitsSeen]!;
      sounds.digits[sent.from].play(sent.digits);
    }
  }

  /** A digit a party sent in RTP: the contact records it as pressed by the customer. */
  private customerDigit(contactId: string, connectionId: string, key: string): void {
    const contact = this.centre().contacts.get(contactId);
    const leg = contact?.connections.find((x) => x.id === connectionId);
    if (!contact || !leg || !isPhoneParty(leg)) return;
    try {
      this.centre().customerPressesDigits(contactId, key);
    } catch {
      // The customer is not connected (held, or the call ended since): the digit goes nowhere.
    }
  }

  private hangUp(connectionId: string): void {
    const attached = this.legs.get(connectionId);
    if (!attached) return;
    attached.hangUp();
    this.detach(connectionId);
  }
}
