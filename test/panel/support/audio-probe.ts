// Listening to a page's call audio in tests: a WAV tone for Chromium's fake microphone, and the
// loudest frequency and codec of a received track (an analyser made on the first read and read on
// each, so a test polls it rather than sleeping).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { encodeWav } from '../../../packages/connect-emulator/src/media/wav';

/**
 * Writes a 16-bit mono WAV of a steady `hz` tone (2 s, Chromium loops it) to a temporary file and
 * returns its path, for `--use-file-for-fake-audio-capture`.
 */
export function toneWav(hz: number): string {
  const rate = 48_000;
  const samples = Int16Array.from({ length: rate * 2 }, (_, i) =>
    Math.round(12_000 * Math.sin((2 * Math.PI * hz * i) / rate)),
  );
  const wav = encodeWav([samples], rate);
  const path = join(mkdtempSync(join(tmpdir(), 'tone-')), `tone-${hz}.wav`);
  writeFileSync(path, wav);
  return path;
}

/**
 * Where the received track is: the panel softphone's call, the host page's softphone call (the
 * compat `connect.core.softphoneManager`), or a media element's stream.
 */
export type AudioSource =
  | { readonly panelContactId: string }
  | { readonly hostContactId: string }
  | { readonly element: string };

/** What a page hears now: the codec of the received audio and its loudest frequency (Hz). */
export function hearing(
  target: Page | Frame,
  source: AudioSource,
): Promise<{ codec: string; peakHz: number; level: number }> {
  return target.evaluate(async (from) => {
    type Probe = { analyser: AnalyserNode; rate: number; peer?: RTCPeerConnection };
    type Softphone = { peerConnection(id: string): RTCPeerConnection | undefined };
    const w = window as unknown as {
      xPanel?: { softphone: Softphone };
      connect?: { core: { softphoneManager?: Softphone | null } };
      __probe?: Probe;
      __phonePeer?: RTCPeerConnection;
    };
    if (!w.__probe) {
      let track: MediaStreamTrack | undefined;
      let peer: RTCPeerConnection | undefined;
      if ('panelContactId' in from || 'hostContactId' in from) {
        peer =
          'panelContactId' in from
            ? w.xPanel?.softphone.peerConnection(from.panelContactId)
            : w.connect?.core.softphoneManager?.peerConnection(from.hostContactId);
        track = peer?.getReceivers().find((r) => r.track.kind === 'audio')?.track;
      } else {
        const element = document.querySelector<HTMLMediaElement>(from.element);
        track = (element?.srcObject as MediaStream | null)?.getAudioTracks()[0];
      }
      if (!track) return { codec: '', peakHz: 0, level: -200 };
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 4096;
      // Each read is the audio of now: smoothing is applied per read, so a tone that stopped would
      // otherwise stay the loudest bin, fading by 2 dB a read.
      analyser.smoothingTimeConstant = 0;
      context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
      w.__probe = { analyser, rate: context.sampleRate, ...(peer ? { peer } : {}) };
    }
    const { analyser, rate, peer } = w.__probe;
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    let peak = 2;
    for (let i = 3; i < bins.length; i++) if (bins[i]! > bins[peak]!) peak = i;
    let codec = '';
    (await peer?.getStats())?.forEach((stat: { type: string; mimeType?: string }) => {
      if (stat.type === 'codec' && stat.mimeType?.startsWith('audio/')) codec = stat.mimeType;
    });
    return { codec, peakHz: (peak * rate) / analyser.fftSize, level: bins[peak]! };
  }, source);
}

/** Whether `hz` is the loudest frequency heard (within the analyser's resolution). */
export const near = (heard: { peakHz: number }, hz: number): boolean =>
  Math.abs(heard.peakHz - hz) < 25;
