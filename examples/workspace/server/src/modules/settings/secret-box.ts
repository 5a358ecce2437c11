// Integration secrets at rest: AES-256-GCM (node:crypto) with a key from the configuration. Each
// envelope binds its place (workspace, integration, field) as additional authenticated data, so
// a ciphertext copied to another workspace or field does not open. Envelope:
// `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const VERSION = 'v1';

/** Development and test key, used only when SETTINGS_SECRET_KEY is unset outside production. */
const DEVELOPMENT_KEY = createHash('sha256')
  .update('x-workspace development settings key (not for production)')
  .digest();

/** Thrown when secrets cannot be stored (production without SETTINGS_SECRET_KEY). */
export class SecretKeyMissingError extends Error {
  override readonly name = 'SecretKeyMissingError';
}

/** Seals and opens secrets with one key. */
export class SecretBox {
  private constructor(private readonly key: Buffer | null) {}

  /** The box of a configuration: its key, else the development key (never in production). */
  static fromConfig(config: Pick<Config, 'env' | 'settingsSecretKey'>): SecretBox {
    if (config.settingsSecretKey)
      return new SecretBox(Buffer.from(config.settingsSecretKey, 'base64'));
    return new SecretBox(config.env === 'production' ? null : DEVELOPMENT_KEY);
  }

  /** A box over a raw 32-byte key (tests, benchmarks). */
  static withKey(key: Buffer): SecretBox {
    if (key.length !== 32) throw new RangeError('The key must be 32 bytes.');
    return new SecretBox(key);
  }

  /** Whether secrets can be sealed (a key is configured). */
  get ready(): boolean {
    return this.key !== null;
  }

  private requireKey(): Buffer {
    if (!this.key) throw new SecretKeyMissingError('SETTINGS_SECRET_KEY is not set.');
    return this.key;
  }

  /** Encrypts `plain`, bound to `context` (e.g. `workspaceId/salesforce/clientSecret`). */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.requireKey(), iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, ciphertext]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Decrypts an envelope sealed for `context`; throws when the key, context or bytes differ. */
  open(envelope: string, context: string): string {
    const [version, iv, tag, ciphertext] = envelope.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined)
      throw new Error('Not a sealed secret.');
    const decipher = createDecipheriv(ALGORITHM, this.requireKey(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

/** How a secret is shown: its last four characters after a fixed mask (long secrets only). */
export function maskSecret(plain: string): string {
  const visible = plain.length >= 16 ? plain.slice(-4) : '';
  return `••••••••${visible}`;
}
