import { MAINTENANCE_HEADER } from '@stramien/api';

/** Maintenance token lifetime (spec §9): 600000 ms; the server says it with every token too. */
export const MAINTENANCE_TOKEN_LIFETIME_MS = 600_000;
export const MAINTENANCE_TOKEN_KEY = 'stramien.maintenanceToken';
export const MAINTENANCE_EXPIRES_AT_KEY = 'stramien.maintenanceTokenExpiresAt';

/** Keeps the maintenance token with its expiry (spec §3 "maintenance token and expiry"). */
export const storeMaintenanceToken = (
  token: string,
  lifetimeMs: number = MAINTENANCE_TOKEN_LIFETIME_MS,
  now: number = Date.now(),
): void => {
  try {
    localStorage.setItem(MAINTENANCE_TOKEN_KEY, token);
    localStorage.setItem(MAINTENANCE_EXPIRES_AT_KEY, String(now + lifetimeMs));
  } catch {
    // storage unavailable: the next call answers 503 again and the page asks once more
  }
};

export const clearMaintenanceToken = (): void => {
  try {
    localStorage.removeItem(MAINTENANCE_TOKEN_KEY);
    localStorage.removeItem(MAINTENANCE_EXPIRES_AT_KEY);
  } catch {
    // nothing stored
  }
};

/** The maintenance token while it is valid; an expired one is removed. */
export const readMaintenanceToken = (now: number = Date.now()): string | null => {
  try {
    const token = localStorage.getItem(MAINTENANCE_TOKEN_KEY);
    const expiresAt = Number(localStorage.getItem(MAINTENANCE_EXPIRES_AT_KEY));
    if (token && Number.isFinite(expiresAt) && expiresAt > now) return token;
    if (token !== null) clearMaintenanceToken();
    return null;
  } catch {
    return null;
  }
};

/** Extra request headers: the maintenance header when a valid maintenance token is held (spec §7). */
export const maintenanceHeaders = (): Record<string, string> => {
  const token = readMaintenanceToken();
  return token ? { [MAINTENANCE_HEADER]: token } : {};
};
