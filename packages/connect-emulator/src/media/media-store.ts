import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { AdminRecording, AdminTranscriptSegment } from '../admin/types';
import { safeDecode, sendAwsError, sendJson, type RouteHandler } from '../lib/http';
import { speakingTimeMs, synthesizeCall, type HoldPeriod, type SpeechSegment } from './synth';
import { encodeStereoWav } from './wav';
import {
  RECORDINGS_PATH,
  RECORDING_SAMPLE_RATE,
  TRANSCRIPTS_PATH,
  SCRIPT_GAP_MS,
  AGENT_REPLIES,
} from '../constants';
import type { LiveRecording } from '../softphone/call-capture';

/** Identity of the instance, for the bucket name and prefix. */
export interface MediaInstance {
  instanceId: string;
  alias: string;
}

/** The S3-style bucket name the emulator stands in for (`amazon-connect-<12 hex>`). */
export function recordingBucket(instanceId: string): string {
  return `amazon-connect-${createHash('sha256').update(instanceId).digest('hex').slice(0, 12)}`;
}

/** The key prefix of the instance's call recordings (its storage config's `BucketPrefix`). */
export function recordingPrefix(alias: string): string {
  return `connect/${alias}/CallRecordings`;
}

/** The recording key, as seen on real instances: `…/YYYY/MM/DD/<contactId>_<YYYYMMDD>T<HH>:<mm>_UTC.wav`. */
export function recordingKey(alias: string, contactId: string, startMs: number): string {
  const d = new Date(startMs).toISOString();
  const [y, m, day] = [d.slice(0, 4), d.slice(5, 7), d.slice(8, 10)];
  return `${recordingPrefix(alias)}/${y}/${m}/${day}/${contactId}_${y}${m}${day}T${d.slice(11, 13)}:${d.slice(14, 16)}_UTC.wav`;
}

/**
 * Records one voice contact: talk start and end, holds, what the customer and the agent say.
 * `finish` lays out the customer's script (if it did not speak explicitly) and gives the plan.
 */
export class CallRecorder {
  private talkStart?: number;
  private talkEnd?: number;
  private holdStart?: number;
  private readonly holds: HoldPeriod[] = [];
  private readonly segments: SpeechSegment[] = [];
  private agentReply = 0;

  constructor(
    readonly contactId: string,
    private readonly script: readonly string[] = [],
    /** A contact-flow prompt, played into the recording at its start (customer's side). */
    private readonly prompt?: string,
  ) {}

  /** The agent is connected: the talk (and the recording) starts, with the flow's prompt first. */
  start(atMs: number): void {
    if (this.talkStart !== undefined) return;
    this.talkStart = atMs;
    if (this.prompt !== undefined) this.say('SYSTEM', this.prompt, atMs);
  }

  /** True between start and stop. */
  get recording(): boolean {
    return this.talkStart !== undefined && this.talkEnd === undefined;
  }

  /** The customer is put on hold. */
  hold(atMs: number): void {
    if (this.recording && this.holdStart === undefined) this.holdStart = atMs;
  }

  /** The customer is taken off hold. */
  resume(atMs: number): void {
    if (this.holdStart === undefined || this.talkStart === undefined) return;
    this.holds.push({ beginMs: this.holdStart - this.talkStart, endMs: atMs - this.talkStart });
    delete this.holdStart;
  }

  /** The customer says a line at the given time. */
  customerSays(text: string, atMs: number): void {
    this.say('CUSTOMER', text, atMs);
  }

  /** The agent speaks (the panel reports it); without text a canned reply is used. */
  agentSays(atMs: number, text?: string): void {
    this.say('AGENT', text ?? AGENT_REPLIES[this.agentReply++ % AGENT_REPLIES.length]!, atMs);
  }

  private say(role: SpeechSegment['role'], text: string, atMs: number): void {
    if (!this.recording) return;
    const prev = this.segments.filter((s) => s.role === role).at(-1);
    const beginMs = Math.max(atMs - this.talkStart!, prev?.endMs ?? 0);
    this.segments.push({ role, text, beginMs, endMs: beginMs + speakingTimeMs(text) });
  }

  /** The talk ends; returns the plan (duration = talk time) or undefined when never connected. */
  stop(
    atMs: number,
  ):
    | { startMs: number; durationMs: number; segments: SpeechSegment[]; holds: HoldPeriod[] }
    | undefined {
    if (this.talkStart === undefined) return undefined;
    this.talkEnd ??= atMs;
    if (this.holdStart !== undefined) this.resume(this.talkEnd);
    const durationMs = Math.max(0, this.talkEnd - this.talkStart);
    let segments = [...this.segments];
    if (!segments.some((s) => s.role === 'CUSTOMER') && this.script.length > 0) {
      segments = [...segments, ...this.layOutScript(durationMs)];
    }
    segments = segments
      .filter((s) => s.beginMs < durationMs)
      .map((s) => ({ ...s, endMs: Math.min(s.endMs, durationMs) }))
      .sort((a, b) => a.beginMs - b.beginMs);
    return { startMs: this.talkStart, durationMs, segments, holds: [...this.holds] };
  }

  /** Customer lines in turn with agent replies, skipping holds, within the talk time. */
  private layOutScript(durationMs: number): SpeechSegment[] {
    const out: SpeechSegment[] = [];
    const prompt = this.segments.find((s) => s.role === 'SYSTEM');
    let t = (prompt?.endMs ?? 0) + SCRIPT_GAP_MS;
    const skipHolds = (at: number) => {
      for (const h of this.holds)
        if (at >= h.beginMs && at < h.endMs) return h.endMs + SCRIPT_GAP_MS;
      return at;
    };
    for (let i = 0; i < this.script.length && t < durationMs; i++) {
      t = skipHolds(t);
      const line = this.script[i]!;
      const end = t + speakingTimeMs(line);
      out.push({ role: 'CUSTOMER', text: line, beginMs: t, endMs: end });
      t = skipHolds(end + SCRIPT_GAP_MS);
      if (t >= durationMs) break;
      const reply = AGENT_REPLIES[this.agentReply++ % AGENT_REPLIES.length]!;
      const replyEnd = t + speakingTimeMs(reply);
      out.push({ role: 'AGENT', text: reply, beginMs: t, endMs: replyEnd });
      t = replyEnd + SCRIPT_GAP_MS;
    }
    return out;
  }
}

/** A stored recording and transcript of one contact. */
export interface StoredMedia {
  contactId: string;
  recording: AdminRecording;
  transcript: AdminTranscriptSegment[];
  durationMs: number;
  /** Path of the WAV file on disk. */
  path: string;
}

/**
 * Stores recordings (WAV) and transcripts (JSON) under the state directory, at a layout that
 * mirrors the S3 bucket and key, and serves them over HTTP.
 */
export class MediaStore {
  readonly bucket: string;
  private readonly byContact = new Map<string, StoredMedia>();
  private readonly root: string;

  constructor(
    stateDir: string,
    private readonly instance: MediaInstance,
  ) {
    this.root = resolve(stateDir, 'recordings');
    this.bucket = recordingBucket(instance.instanceId);
  }

  /** Synthesizes and writes the recording and transcript of a finished call. */
  async save(
    contactId: string,
    recorder: CallRecorder,
    stopMs: number,
  ): Promise<StoredMedia | undefined> {
    const plan = recorder.stop(stopMs);
    if (plan === undefined) return undefined;
    const { left, right } = synthesizeCall(plan);
    const transcript: AdminTranscriptSegment[] = plan.segments.map((s, i) => ({
      id: `${contactId}-seg-${i + 1}`,
      participantId: s.role,
      participantRole: s.role,
      content: s.text,
      beginOffsetMillis: Math.round(s.beginMs),
      endOffsetMillis: Math.round(s.endMs),
      sentiment: 'NEUTRAL',
    }));
    return this.write(contactId, plan.startMs, plan.durationMs, { left, right }, transcript);
  }

  /**
   * Writes the real audio of a call whose customer spoke through media of their own. It has no
   * transcript: nothing here transcribes speech, and none is invented.
   */
  saveLive(contactId: string, startMs: number, audio: LiveRecording): Promise<StoredMedia> {
    const durationMs = (audio.customer.length / RECORDING_SAMPLE_RATE) * 1000;
    const channels = { left: audio.customer, right: audio.agent };
    return this.write(contactId, startMs, durationMs, channels, []);
  }

  /** Writes a recording (customer left, agent right) and its transcript, and keeps them. */
  private async write(
    contactId: string,
    startMs: number,
    durationMs: number,
    channels: { readonly left: Int16Array; readonly right: Int16Array },
    transcript: AdminTranscriptSegment[],
  ): Promise<StoredMedia> {
    const location = `${this.bucket}/${recordingKey(this.instance.alias, contactId, startMs)}`;
    const path = this.pathOf(location)!;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, encodeStereoWav(channels.left, channels.right));
    const transcriptPath = join(
      this.root,
      '..',
      'transcripts',
      `${encodeURIComponent(contactId)}.json`,
    );
    await mkdir(dirname(transcriptPath), { recursive: true });
    await writeFile(transcriptPath, JSON.stringify({ contactId, segments: transcript }, null, 2));
    const stored: StoredMedia = {
      contactId,
      recording: {
        location,
        participantType: 'ALL',
        startMs,
        stopMs: startMs + durationMs,
      },
      transcript,
      durationMs,
      path,
    };
    this.byContact.set(contactId, stored);
    return stored;
  }

  /** The stored media of a contact. */
  get(contactId: string): StoredMedia | undefined {
    return this.byContact.get(contactId);
  }

  /** The file of a Location (`bucket/key`), or undefined when it is outside the store. */
  pathOf(location: string): string | undefined {
    const path = resolve(this.root, location);
    return path.startsWith(this.root + sep) ? path : undefined;
  }

  /** Routes: `GET /recordings/<Location>` (audio/wav) and `GET /media/transcripts/<contactId>`. */
  router(): RouteHandler {
    return async (req, res, url) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (url.pathname.startsWith(`${RECORDINGS_PATH}/`)) {
        const location = safeDecode(url.pathname.slice(RECORDINGS_PATH.length + 1)) ?? '';
        const path = location.includes('\0') ? undefined : this.pathOf(location);
        const info = path === undefined ? undefined : await stat(path).catch(() => undefined);
        if (path === undefined || info === undefined || !info.isFile()) {
          sendAwsError(res, 404, 'NoSuchKey', `No recording at ${location.slice(0, 300)}`);
          return true;
        }
        res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': info.size });
        if (req.method === 'HEAD') res.end();
        else
          createReadStream(path)
            .on('error', () => res.destroy())
            .pipe(res);
        return true;
      }
      if (url.pathname.startsWith(`${TRANSCRIPTS_PATH}/`)) {
        const contactId = safeDecode(url.pathname.slice(TRANSCRIPTS_PATH.length + 1)) ?? '';
        const file = join(this.root, '..', 'transcripts', `${encodeURIComponent(contactId)}.json`);
        const text = await readFile(file, 'utf8').catch(() => undefined);
        if (text === undefined)
          sendAwsError(
            res,
            404,
            'NotFoundException',
            `No transcript for ${contactId.slice(0, 300)}`,
          );
        else sendJson(res, 200, JSON.parse(text));
        return true;
      }
      return false;
    };
  }
}
