import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './secretBox';

/**
 * Maintenance tokens: stateless, HMAC-SHA-256 signed with a key derived from the JWT secret, valid for `lifetimeMs`
 * (spec §9: 600000 ms) and only for the maintenance period they were issued in (switching maintenance off and on
 * again voids them). Form: `<period>.<expiresAtMs>.<mac>`.
 */
export const createMaintenanceTokens = (options: { secret: Uint8Array; lifetimeMs: number; now?: () => number }) => {
  const key = deriveKey(options.secret, 'stramien:maintenance-token');
  const now = options.now ?? Date.now;
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    lifetimeMs: options.lifetimeMs,
    issue(period: number): { token: string; expiresAt: number } {
      const expiresAt = now() + options.lifetimeMs;
      const payload = `${period}.${expiresAt}`;
      return { token: `${payload}.${mac(payload)}`, expiresAt };
    },
    /** true when the token was issued by this installation for `period` and has not expired */
    verify(token: string | undefined | null, period: number): boolean {
      if (!token || token.length > 200) return false;
      const m = /^(\d{1,9})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
      if (!m) return false;
      const expected = Buffer.from(mac(`${m[1]}.${m[2]}`));
      const given = Buffer.from(m[3]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      return Number(m[1]) === period && Number(m[2]) > now();
    },
  };
};
export type MaintenanceTokens = ReturnType<typeof createMaintenanceTokens>;
