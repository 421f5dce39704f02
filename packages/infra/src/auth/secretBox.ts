import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A key for one purpose, derived from the installation's JWT secret with HKDF-SHA-256. */
export const deriveKey = (secret: Uint8Array, info: string, length = 32): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'stramien-key-derivation', info, length));

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

const VERSION = 'v1';
const b64 = (b: Buffer) => b.toString('base64url');

/**
 * Authenticated encryption of small secrets (e.g. TOTP secrets) before they go into an event: AES-256-GCM with a
 * random 96-bit IV and a key derived from the JWT secret for `purpose`. `context` (e.g. the user id) is bound as
 * additional data, so a sealed value copied to another user's stream does not open.
 * Sealed form: `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
export const createSecretBox = (options: { secret: Uint8Array; purpose: string }) => {
  const key = deriveKey(options.secret, `stramien:secret-box:${options.purpose}`);
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, b64(iv), b64(ciphertext), b64(cipher.getAuthTag())].join('.');
    },
    /** throws SecretBoxError when the value was not sealed with this key and context, or was altered */
    open(sealed: string, context: string): string {
      const [version, iv, ciphertext, tag] = sealed.split('.');
      if (version !== VERSION || !iv || ciphertext === undefined || !tag) throw new SecretBoxError('Malformed sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed value does not open with this key');
      }
    },
  };
};
export type SecretBox = ReturnType<typeof createSecretBox>;
