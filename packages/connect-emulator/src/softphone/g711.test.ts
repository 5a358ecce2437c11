import { describe, expect, it } from 'vitest';
import { amplitudeAt } from '../../test/support/softphone-client';
import { DigitPlayer, dtmfFrequencies, HoldMusic, ToneSource } from './audio-sources';
import { ulawDecode, ulawEncode } from './g711';
import { sdpCandidates } from '@x/connect-streams/panel';
import { withCandidates } from './media-leg';

describe('G.711 μ-law', () => {
  it('decodes the reference values', () => {
    expect([...ulawDecode(Uint8Array.from([0xff, 0x7f, 0x00, 0x80]))]).toEqual([
      0, 0, -32124, 32124,
    ]);
  });

  it('round-trips every sample within the step of its segment', () => {
    const samples = Int16Array.from({ length: 2001 }, (_, i) => (i - 1000) * 32);
    const back = ulawDecode(ulawEncode(samples));
    for (let i = 0; i < samples.length; i++) {
      const step = Math.max(8, Math.abs(samples[i]!) / 16);
      expect(Math.abs(back[i]! - samples[i]!)).toBeLessThanOrEqual(step);
    }
  });
});

describe('the sounds of the bridge', () => {
  it('plays DTMF as its row and column tones, then silence', () => {
    expect(dtmfFrequencies('5')).toEqual([770, 1336]);
    expect(dtmfFrequencies('#')).toEqual([941, 1477]);
    expect(dtmfFrequencies('x')).toBeUndefined();
    const player = new DigitPlayer();
    player.play('9');
    const tone = player.next()!;
    expect(amplitudeAt(tone, 852)).toBeGreaterThan(2000);
    expect(amplitudeAt(tone, 1477)).toBeGreaterThan(2000);
    expect(amplitudeAt(tone, 697)).toBeLessThan(500);
    let frames = 1;
    while (player.next()) frames++;
    expect(frames).toBe(8); // 100 ms of tone and 60 ms of silence, in 20 ms frames
  });

  it('keeps a tone continuous across frames and steps hold music through its notes', () => {
    const tone = new ToneSource([1000]);
    const two = new Int16Array(320);
    two.set(tone.next());
    two.set(tone.next(), 160);
    expect(amplitudeAt(two, 1000)).toBeGreaterThan(7000);
    const music = new HoldMusic();
    const first = music.next();
    for (let i = 0; i < 20; i++) music.next();
    expect(amplitudeAt(first, 523.25)).toBeGreaterThan(4000);
    expect(amplitudeAt(music.next(), 659.25)).toBeGreaterThan(4000);
  });
});

describe('candidates signalled beside the SDP', () => {
  const offer = [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'm=audio 9 UDP/TLS/RTP/SAVPF 0',
    'a=mid:0',
    'a=rtpmap:0 PCMU/8000',
    '',
  ].join('\r\n');

  it('writes them into their m-section and reads them back', () => {
    const candidate = 'candidate:1 1 udp 2122194687 192.0.2.2 37610 typ host';
    const sdp = withCandidates(offer, [{ candidate, sdpMid: '0', sdpMLineIndex: 0 }]);
    expect(sdp).toContain(`a=rtpmap:0 PCMU/8000\r\na=${candidate}\r\n`);
    expect(sdpCandidates(sdp)).toEqual([{ candidate, sdpMid: '0', sdpMLineIndex: 0 }]);
  });

  it('drops a candidate for a missing m-line or one that would inject a line', () => {
    const sdp = withCandidates(offer, [
      { candidate: 'candidate:1 1 udp 1 192.0.2.2 1 typ host', sdpMLineIndex: 3 },
      { candidate: 'candidate:2 1 udp 1 192.0.2.2 1 typ host\r\na=inject', sdpMLineIndex: 0 },
    ]);
    expect(sdp).toBe(offer);
  });
});
