import { RECORDING_SAMPLE_RATE } from '../constants';
const HEADER_BYTES = 44;

/**
 * Encodes a 16-bit little-endian PCM WAV file of one or more channels (of the same length),
 * interleaved.
 */
export function encodeWav(channels: readonly Int16Array[], sampleRate: number): Buffer {
  const frames = channels[0]?.length ?? 0;
  if (channels.some((channel) => channel.length !== frames))
    throw new RangeError('every channel must have the same length');
  const blockAlign = channels.length * 2;
  const dataBytes = frames * blockAlign;
  const buf = Buffer.alloc(HEADER_BYTES + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(channels.length, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * blockAlign, 28);
  buf.writeUInt16LE(blockAlign, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  let offset = HEADER_BYTES;
  for (let i = 0; i < frames; i++)
    for (const channel of channels) {
      buf.writeInt16LE(channel[i]!, offset);
      offset += 2;
    }
  return buf;
}

/**
 * Encodes a stereo 16-bit little-endian PCM WAV file: `left` is the customer channel and
 * `right` the agent channel, as the real service stores recordings.
 */
export function encodeStereoWav(
  left: Int16Array,
  right: Int16Array,
  sampleRate = RECORDING_SAMPLE_RATE,
): Buffer {
  if (left.length !== right.length) throw new RangeError('both channels must have the same length');
  return encodeWav([left, right], sampleRate);
}

/** The format and length of a PCM WAV file. */
export interface WavInfo {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  frames: number;
  durationMs: number;
  dataOffset: number;
}

/** Reads the header of a canonical PCM WAV file. */
export function readWavInfo(buf: Buffer): WavInfo {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new TypeError('not a RIFF/WAVE file');
  }
  let offset = 12;
  let fmt: Omit<WavInfo, 'frames' | 'durationMs' | 'dataOffset'> | undefined;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      fmt = {
        audioFormat: buf.readUInt16LE(offset + 8),
        channels: buf.readUInt16LE(offset + 10),
        sampleRate: buf.readUInt32LE(offset + 12),
        bitsPerSample: buf.readUInt16LE(offset + 22),
      };
    } else if (id === 'data' && fmt !== undefined) {
      const frames = size / (fmt.channels * (fmt.bitsPerSample / 8));
      return {
        ...fmt,
        frames,
        durationMs: (frames / fmt.sampleRate) * 1000,
        dataOffset: offset + 8,
      };
    }
    offset += 8 + size + (size % 2);
  }
  throw new TypeError('no fmt/data chunk');
}
