import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../test/support/serve';
import { CallRecorder, MediaStore, recordingKey } from './media-store';
import { rms, synthesizeCall } from './synth';
import { encodeStereoWav, readWavInfo } from './wav';

const T0 = Date.UTC(2026, 0, 1, 0, 1, 0);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'connect-emulator-media-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function channels(buf: Buffer): { left: Int16Array; right: Int16Array } {
  const info = readWavInfo(buf);
  const left = new Int16Array(info.frames);
  const right = new Int16Array(info.frames);
  for (let i = 0; i < info.frames; i++) {
    left[i] = buf.readInt16LE(info.dataOffset + i * 4);
    right[i] = buf.readInt16LE(info.dataOffset + i * 4 + 2);
  }
  return { left, right };
}

describe('recordings', () => {
  it('writes 8 kHz stereo 16-bit PCM WAV', () => {
    const wav = encodeStereoWav(new Int16Array([1, 2, 3]), new Int16Array([-1, -2, -3]));
    expect(readWavInfo(wav)).toMatchObject({
      audioFormat: 1,
      channels: 2,
      sampleRate: 8000,
      bitsPerSample: 16,
      frames: 3,
    });
    expect(wav.length).toBe(44 + 12);
    expect(channels(wav)).toEqual({
      left: new Int16Array([1, 2, 3]),
      right: new Int16Array([-1, -2, -3]),
    });
  });

  it('puts the customer on the left channel, the agent on the right, and hold music on the left during hold', () => {
    const { left, right } = synthesizeCall({
      durationMs: 10_000,
      segments: [
        { role: 'CUSTOMER', text: 'I would like to pay my bill', beginMs: 500, endMs: 2_500 },
        { role: 'AGENT', text: 'Sure let me help', beginMs: 3_000, endMs: 4_400 },
      ],
      holds: [{ beginMs: 6_000, endMs: 8_000 }],
    });
    expect(left.length).toBe(80_000);
    expect(rms(left, 600, 2_000)).toBeGreaterThan(500);
    expect(rms(right, 600, 2_000)).toBe(0);
    expect(rms(right, 3_100, 4_000)).toBeGreaterThan(500);
    expect(rms(left, 3_100, 4_000)).toBe(0);
    expect(rms(left, 6_000, 8_000)).toBeGreaterThan(300);
    expect(rms(right, 6_000, 8_000)).toBe(0);
    expect(rms(left, 8_100, 10_000)).toBe(0);
  });

  it('names the key as real instances do', () => {
    expect(recordingKey('demo', 'c-1', Date.UTC(2026, 0, 2, 3, 4, 5))).toBe(
      'connect/demo/CallRecordings/2026/01/02/c-1_20260102T03:04_UTC.wav',
    );
  });

  it('stores a recording as long as the talk time and a transcript of the script, both served over HTTP', async () => {
    const store = new MediaStore(dir, { instanceId: 'i-1', alias: 'demo' });
    const recorder = new CallRecorder('c-1', [
      'Hi I have a question about my bill',
      'It is account 1234',
      'Thanks bye',
    ]);
    recorder.start(T0);
    recorder.hold(T0 + 20_000);
    recorder.resume(T0 + 25_000);
    const stored = (await store.save('c-1', recorder, T0 + 42_345))!;
    expect(stored.durationMs).toBe(42_345);
    expect(stored.recording.location).toBe(
      `${store.bucket}/connect/demo/CallRecordings/2026/01/01/c-1_20260101T00:01_UTC.wav`,
    );
    expect(store.bucket).toMatch(/^amazon-connect-[0-9a-f]{12}$/);
    const wav = await readFile(stored.path);
    const info = readWavInfo(wav);
    expect(info.frames).toBe(Math.round(42.345 * 8000));
    expect(info.channels).toBe(2);
    const customer = stored.transcript
      .filter((s) => s.participantRole === 'CUSTOMER')
      .map((s) => s.content);
    expect(customer).toEqual([
      'Hi I have a question about my bill',
      'It is account 1234',
      'Thanks bye',
    ]);
    for (const s of stored.transcript) {
      expect(s.endOffsetMillis).toBeLessThanOrEqual(42_345);
      expect(s.beginOffsetMillis < 20_000 || s.beginOffsetMillis >= 25_000).toBe(true);
    }
    const { left } = channels(wav);
    const first = stored.transcript[0]!;
    expect(rms(left, first.beginOffsetMillis + 50, first.endOffsetMillis - 50)).toBeGreaterThan(
      300,
    );

    const server = await serve(store.router());
    try {
      const res = await fetch(
        `${server.url}/recordings/${encodeURI(stored.recording.location).replace(/:/g, '%3A')}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(Buffer.from(await res.arrayBuffer()).equals(wav)).toBe(true);
      const t = (await (await fetch(`${server.url}/media/transcripts/c-1`)).json()) as {
        segments: unknown[];
      };
      expect(t.segments).toEqual(stored.transcript);
      expect((await fetch(`${server.url}/recordings/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('explicit customer lines and agent speech are recorded where they were said', async () => {
    const store = new MediaStore(dir, { instanceId: 'i-1', alias: 'demo' });
    const recorder = new CallRecorder('c-2', ['never used']);
    recorder.customerSays('Hello', T0 - 5_000);
    recorder.start(T0);
    recorder.customerSays('Hello there', T0 + 1_000);
    recorder.agentSays(T0 + 3_000);
    const stored = (await store.save('c-2', recorder, T0 + 6_000))!;
    expect(
      stored.transcript.map((s) => [s.participantRole, s.content, s.beginOffsetMillis]),
    ).toEqual([
      ['CUSTOMER', 'Hello there', 1_000],
      ['AGENT', 'Thank you for calling, how can I help you today?', 3_000],
    ]);
    expect(stored.transcript[1]!.endOffsetMillis).toBe(6_000);
  });

  it('a contact that never reached an agent has no recording', async () => {
    const store = new MediaStore(dir, { instanceId: 'i-1', alias: 'demo' });
    expect(await store.save('c-3', new CallRecorder('c-3'), T0)).toBeUndefined();
  });
});
