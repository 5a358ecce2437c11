/**
 * The customer phone page's phone (the emulator's `/control` page): dials a number of the
 * instance through the control API and talks through the emulator's media server with the
 * microphone and speaker, as the customer's real phone would. It shows the call's state (queue,
 * ringing, connected with its time, on hold, ended), mutes, sends keypad digits in RTP (or through
 * the control API where the browser cannot), hangs up, and answers calls an agent places to the
 * customer's number. The softphone signalling is the one the agent's softphone speaks.
 */
import { createSignallingFarEnd, type FarEnd } from '@x/connect-streams/panel';
import { CUSTOMER_PHONE_TEXT as TEXT } from '../../messages';

interface Leg {
  readonly connectionId: string;
  readonly type: string;
  readonly state: string;
  readonly agent?: string;
}
interface ControlContact {
  readonly contactId: string;
  readonly initiationMethod: string;
  readonly state: string;
  readonly waiting: boolean;
  readonly customerNumber: string;
  readonly connections: readonly Leg[];
  readonly customerSoftphone: { signalingEndpoint: string; callContextToken: string } | null;
}

/** How often the phone reads its call's state (ms). */
const POLL_MS = 1000;

const $ = <T extends HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found as T;
};

/** A call of the control API with the page's token; resolves with the JSON, or throws its message. */
async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = document.querySelector<HTMLMetaElement>('meta[name="connect-emulator-token"]');
  const res = await fetch(path, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-connect-emulator-token': token?.content ?? '',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new Error(json.message ?? res.statusText);
  return json;
}

/** One call of the phone: its contact, its media and its timer. */
interface Call {
  readonly contactId: string;
  peer?: RTCPeerConnection;
  farEnd?: FarEnd;
  microphone?: MediaStream;
  connectedAt?: number;
  ended: boolean;
}

const ui = {
  phone: $<HTMLElement>('phone'),
  number: $<HTMLInputElement>('phone-number'),
  from: $<HTMLInputElement>('phone-from'),
  status: $<HTMLElement>('phone-status'),
  detail: $<HTMLElement>('phone-detail'),
  call: $<HTMLButtonElement>('phone-call'),
  hangUp: $<HTMLButtonElement>('phone-hangup'),
  mute: $<HTMLButtonElement>('phone-mute'),
  answer: $<HTMLButtonElement>('phone-answer'),
  decline: $<HTMLButtonElement>('phone-decline'),
  audio: $<HTMLAudioElement>('phone-audio'),
};
let current: Call | undefined;
let incoming: ControlContact | undefined;

function show(state: string, status: string, detail = ''): void {
  ui.phone.dataset['state'] = state;
  ui.status.textContent = status;
  ui.detail.textContent = detail;
  const inCall = state !== 'idle' && state !== 'ended' && state !== 'incoming';
  ui.call.hidden = inCall || state === 'incoming';
  ui.hangUp.hidden = !inCall;
  ui.mute.hidden = !inCall;
  ui.answer.hidden = state !== 'incoming';
  ui.decline.hidden = state !== 'incoming';
}

const clock = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Joins the call's audio: microphone, a peer to the media server, the far end on the speaker. */
async function joinMedia(call: Call, contact: ControlContact): Promise<void> {
  const media = contact.customerSoftphone;
  if (!media) return;
  try {
    call.microphone = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
  } catch {
    ui.detail.textContent = TEXT.noMicrophone;
  }
  if (call.ended) return stopMedia(call);
  const peer = new RTCPeerConnection();
  call.peer = peer;
  if (call.microphone)
    for (const track of call.microphone.getAudioTracks()) peer.addTrack(track, call.microphone);
  else peer.addTransceiver('audio', { direction: 'recvonly' });
  peer.addEventListener('track', (event) => {
    ui.audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    void ui.audio.play().catch(() => undefined);
  });
  call.farEnd = createSignallingFarEnd(contact.contactId, {
    callContextToken: media.callContextToken,
    callConfigJson: JSON.stringify({ signalingEndpoint: media.signalingEndpoint, iceServers: [] }),
  });
  try {
    await call.farEnd.negotiate(peer);
  } catch (error) {
    ui.detail.textContent = TEXT.noAudio + (error instanceof Error ? error.message : String(error));
  }
}

function stopMedia(call: Call): void {
  call.farEnd?.close();
  call.peer?.close();
  for (const track of call.microphone?.getTracks() ?? []) track.stop();
  ui.audio.srcObject = null;
}

/** The call is over (hung up here, by the agent, or refused): media off, the phone idle again. */
function finish(call: Call, why: string = TEXT.ended): void {
  if (call.ended) return;
  call.ended = true;
  stopMedia(call);
  if (current === call) current = undefined;
  ui.mute.setAttribute('aria-pressed', 'false');
  show('ended', why);
}

/** Shows the call's state as the contact has it. */
function follow(call: Call, contact: ControlContact): void {
  const customer = contact.connections.find(
    (leg) => leg.type === 'inbound' || leg.type === 'outbound',
  );
  const agent = contact.connections.find(
    (leg) => leg.agent !== undefined && leg.state !== 'disconnected',
  );
  if (contact.state === 'ended' || customer?.state === 'disconnected') return finish(call);
  if (customer?.state === 'hold') return show('held', TEXT.held, agent?.agent ?? '');
  if (agent && (agent.state === 'connected' || agent.state === 'hold')) {
    call.connectedAt ??= Date.now();
    return show(
      'connected',
      `${TEXT.connected} · ${clock(Date.now() - call.connectedAt)}`,
      agent.agent,
    );
  }
  if (agent?.state === 'connecting') return show('ringing', TEXT.ringing);
  show('queue', contact.waiting ? TEXT.queue : TEXT.calling);
}

async function poll(): Promise<void> {
  const call = current;
  if (call) {
    try {
      follow(call, await control<ControlContact>('GET', `/control/contacts/${call.contactId}`));
    } catch {
      finish(call); // the contact left the instance
    }
    return;
  }
  // Idle: an agent's call to this phone's number rings here.
  const { contacts } = await control<{ contacts: ControlContact[] }>('GET', '/control/contacts');
  const mine = ui.from.value.trim();
  incoming = contacts.find(
    (c) =>
      c.initiationMethod === 'outbound' &&
      c.customerNumber === mine &&
      c.connections.some((leg) => leg.type === 'outbound' && leg.state === 'connecting'),
  );
  if (incoming) show('incoming', TEXT.incoming, incoming.connections.find((l) => l.agent)?.agent);
  else if (ui.phone.dataset['state'] === 'incoming') show('idle', TEXT.idle);
}

async function dial(): Promise<void> {
  const to = ui.number.value.trim();
  if (!to) return ui.number.focus();
  show('calling', TEXT.calling);
  try {
    const from = ui.from.value.trim();
    const contact = await control<ControlContact>('POST', '/control/calls', {
      to,
      ...(from ? { from } : {}),
    });
    const call: Call = { contactId: contact.contactId, ended: false };
    current = call;
    follow(call, contact);
    await joinMedia(call, contact);
  } catch (error) {
    show('ended', error instanceof Error ? error.message : String(error));
  }
}

async function answer(): Promise<void> {
  const ringing = incoming;
  if (!ringing) return;
  incoming = undefined;
  const call: Call = { contactId: ringing.contactId, ended: false };
  current = call;
  try {
    follow(
      call,
      await control<ControlContact>('POST', `/control/contacts/${ringing.contactId}/answer`),
    );
    await joinMedia(call, ringing);
  } catch (error) {
    finish(call, error instanceof Error ? error.message : String(error));
  }
}

/** A keypad key: dials it when idle, sends it in the call otherwise (RTP, or the control API). */
function press(key: string): void {
  const call = current;
  if (!call) {
    ui.number.value += key;
    return;
  }
  const sender = call.peer?.getSenders().find((s) => s.track?.kind === 'audio');
  if (sender?.dtmf?.canInsertDTMF) sender.dtmf.insertDTMF(key, 120, 70);
  else
    void control('POST', `/control/contacts/${call.contactId}/digits`, { digits: key }).catch(
      () => undefined,
    );
}

ui.call.addEventListener('click', () => void dial());
ui.answer.addEventListener('click', () => void answer());
ui.decline.addEventListener('click', () => {
  if (incoming)
    void control('POST', `/control/contacts/${incoming.contactId}/reject`).catch(() => undefined);
  incoming = undefined;
  show('idle', TEXT.idle);
});
ui.hangUp.addEventListener('click', () => {
  const call = current;
  if (!call) return;
  void control('POST', `/control/contacts/${call.contactId}/hangup`).catch(() => undefined);
  finish(call);
});
ui.mute.addEventListener('click', () => {
  const muted = ui.mute.getAttribute('aria-pressed') !== 'true';
  ui.mute.setAttribute('aria-pressed', String(muted));
  for (const track of current?.microphone?.getAudioTracks() ?? []) track.enabled = !muted;
});
for (const key of document.querySelectorAll<HTMLButtonElement>('[data-key]'))
  key.addEventListener('click', () => press(key.dataset['key'] ?? ''));
show('idle', TEXT.idle);
setInterval(() => void poll().catch(() => undefined), POLL_MS);
