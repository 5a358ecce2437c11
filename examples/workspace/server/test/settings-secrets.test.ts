// Integration secrets at rest (AES-256-GCM, node:crypto): a sealed secret opens only with its
// key and its place (workspace, integration, field); production without a key stores none.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskSecret, SecretBox, SecretKeyMissingError } from '../src/modules/settings/secret-box';

describe('integration secrets', () => {
  const box = SecretBox.withKey(randomBytes(32));
  const secret = 'sf-consumer-secret-1234567890-WXYZ';

  it('seals with a fresh IV each time and opens with the same key and context', () => {
    const a = box.seal(secret, 'ws1/salesforce/clientSecret');
    const b = box.seal(secret, 'ws1/salesforce/clientSecret');
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(a, 'ws1/salesforce/clientSecret')).toBe(secret);
  });

  it('does not open in another context, with another key, or when a byte changed', () => {
    const sealed = box.seal(secret, 'ws1/salesforce/clientSecret');
    expect(() => box.open(sealed, 'ws2/salesforce/clientSecret')).toThrow();
    expect(() =>
      SecretBox.withKey(randomBytes(32)).open(sealed, 'ws1/salesforce/clientSecret'),
    ).toThrow();
    const [v, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open(
        [v, iv, tag, flipped.toString('base64url')].join('.'),
        'ws1/salesforce/clientSecret',
      ),
    ).toThrow();
    expect(() => box.open('plain text', 'ws1/salesforce/clientSecret')).toThrow(
      'Not a sealed secret.',
    );
  });

  it('uses the configured key; production without one stores no secret; development has a fallback', () => {
    const key = randomBytes(32);
    const configured = SecretBox.fromConfig({
      env: 'production',
      settingsSecretKey: key.toString('base64'),
    });
    expect(SecretBox.withKey(key).open(configured.seal('x', 'c'), 'c')).toBe('x');
    const production = SecretBox.fromConfig({ env: 'production', settingsSecretKey: undefined });
    expect(production.ready).toBe(false);
    expect(() => production.seal('x', 'c')).toThrow(SecretKeyMissingError);
    expect(SecretBox.fromConfig({ env: 'development', settingsSecretKey: undefined }).ready).toBe(
      true,
    );
  });

  it('masks a secret to its last four characters, and short ones entirely', () => {
    expect(maskSecret(secret)).toBe('••••••••WXYZ');
    expect(maskSecret('short-secret')).toBe('••••••••');
  });
});
