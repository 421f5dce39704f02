import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

export interface ScryptParams {
  /** CPU/memory cost, a power of two */
  N: number;
  r: number;
  p: number;
}

/** OWASP-grade default: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Password hashes as self-describing strings `scrypt$N$r$p$salt$hash` (base64url),
 * so a stored hash is always checked with the parameters it was made with.
 */
export const createPasswordHasher = (params: ScryptParams = DEFAULT_SCRYPT) => {
  const maxmem = (p: ScryptParams): number => 128 * p.N * p.r * p.p + 16 * 1024 * 1024;
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16);
      const key = await scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });
      return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password: string, stored: string): Promise<boolean> {
      const parts = stored.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
      const salt = Buffer.from(parts[4]!, 'base64url');
      const expected = Buffer.from(parts[5]!, 'base64url');
      const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmem({ N, r, p }) });
      return timingSafeEqual(key, expected);
    },
  };
};
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
