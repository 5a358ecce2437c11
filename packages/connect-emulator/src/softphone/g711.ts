// G.711 μ-law, the codec the emulator's softphone media negotiates (PCMU: 8 kHz, one byte per
// sample). Decoding goes through a 256-entry table; encoding follows the segment search of the
// ITU-T reference (bias 0x84, clip at 32635).

const BIAS = 0x84;
const CLIP = 32635;

/** The linear sample of every μ-law byte. */
const DECODE_TABLE = (() => {
  const table = new Int16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    const inverted = ~byte & 0xff;
    const exponent = (inverted >> 4) & 0x07;
    const mantissa = inverted & 0x0f;
    const magnitude = (((mantissa << 3) + BIAS) << exponent) - BIAS;
    table[byte] = inverted & 0x80 ? -magnitude : magnitude;
  }
  return table;
})();

/** Decodes μ-law bytes into 16-bit linear samples. */
export function ulawDecode(bytes: Uint8Array): Int16Array {
  const samples = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) samples[i] = DECODE_TABLE[bytes[i]!]!;
  return samples;
}

/** Encodes one 16-bit linear sample as a μ-law byte. */
function encodeSample(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = Math.min(sign ? -sample : sample, CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  magnitude = sign | (exponent << 4) | mantissa;
  return ~magnitude & 0xff;
}

/** Encodes 16-bit linear samples as μ-law bytes. */
export function ulawEncode(samples: Int16Array): Buffer {
  const bytes = Buffer.alloc(samples.length);
  for (let i = 0; i < samples.length; i++) bytes[i] = encodeSample(samples[i]!);
  return bytes;
}
