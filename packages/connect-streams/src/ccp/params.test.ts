import { describe, expect, it } from 'vitest';
import { validateInitParams } from './params';

const container = { appendChild() {} };

describe('init parameter validation (spec §5)', () => {
  it('requires a container element', () => {
    expect(() => validateInitParams(undefined, { ccpUrl: 'https://x/ccp-v2/' })).toThrow(
      'A container element is required',
    );
    expect(() => validateInitParams(null, { ccpUrl: 'https://x/ccp-v2/' })).toThrow(
      'A container element is required',
    );
  });
  it('requires ccpUrl', () => {
    expect(() => validateInitParams(container, {} as never)).toThrow('ccpUrl is required');
    expect(() => validateInitParams(container, { ccpUrl: '' })).toThrow('ccpUrl is required');
  });
  it('takes a string as the ccpUrl', () => {
    expect(validateInitParams(container, 'https://x/ccp-v2/').params.ccpUrl).toBe(
      'https://x/ccp-v2/',
    );
  });
  it('ringtone settings need voice and queue_callback with a ringtoneUrl or disabled true', () => {
    expect(() =>
      validateInitParams(container, {
        ccpUrl: 'u',
        ringtone: { queue_callback: { disabled: true } },
      }),
    ).toThrow(
      'ringtoneSettings.voice.ringtoneUrl must be provided or ringtoneSettings.voice.disabled must be true',
    );
    expect(() =>
      validateInitParams(container, { ccpUrl: 'u', ringtone: { voice: { ringtoneUrl: 'r.mp3' } } }),
    ).toThrow(
      'ringtoneSettings.queue_callback.ringtoneUrl must be provided or ringtoneSettings.queue_callback.disabled must be true',
    );
    const ok = validateInitParams(container, { ccpUrl: 'u', softphone: { ringtoneUrl: 'r.mp3' } });
    expect(ok.ringtone).toMatchObject({
      voice: { ringtoneUrl: 'r.mp3' },
      queue_callback: { ringtoneUrl: 'r.mp3' },
      chat: { disabled: true },
    });
    expect(validateInitParams(container, { ccpUrl: 'u' }).ringtone).toBeUndefined();
  });
  it('global resiliency without secondaryCCPUrl or loginUrl is not enabled and reports configure errors', () => {
    const v = validateInitParams(container, { ccpUrl: 'u', enableGlobalResiliency: true });
    expect(v.configureErrors).toEqual([
      'enableGlobalResiliency flag was enabled, but secondaryCCPUrl was not provided. Global Resiliency will not be enabled',
      'enableGlobalResiliency flag was enabled, but loginUrl was not provided. Global Resiliency will not be enabled',
    ]);
  });
  it('accepts only known log levels', () => {
    expect(() => validateInitParams(container, { ccpUrl: 'u', logLevel: 'LOUD' as never })).toThrow(
      /logLevel/,
    );
  });
});
