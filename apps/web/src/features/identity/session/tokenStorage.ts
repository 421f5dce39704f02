/**
 * What this browser holds for the session: the access token and its expiry, the device id and the chosen
 * licence (spec §3 "locally held values"). Everything lives in localStorage so a reload keeps the session.
 */
export const TOKEN_KEY = 'stramien.accessToken';
export const TOKEN_EXPIRES_AT_KEY = 'stramien.accessTokenExpiresAt';
export const DEVICE_ID_KEY = 'stramien.deviceId';
export const LICENCE_KEY = 'stramien.licenceId';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the session lasts for this page only
  }
};

/** Subscribes to changes of the token or licence, in this tab or another one. */
export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === TOKEN_EXPIRES_AT_KEY || event.key === LICENCE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const expiresAt = (): number | null => {
  const raw = read(TOKEN_EXPIRES_AT_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
};

/** When the stored access token expires (ms since the epoch), or null when none is stored. */
export const readTokenExpiry = (): number | null => (read(TOKEN_KEY) === null ? null : expiresAt());

/** The stored access token when it has not expired at `now`, otherwise null. */
export const readToken = (now: number = Date.now()): string | null => {
  const token = read(TOKEN_KEY);
  const expiry = expiresAt();
  return token && expiry !== null && expiry > now ? token : null;
};

/** Keeps a fresh token; `expiresIn` is the token endpoint's `expires_in`, in seconds. */
export const storeToken = (accessToken: string, expiresIn: number, now: number = Date.now()): void => {
  write(TOKEN_KEY, accessToken);
  write(TOKEN_EXPIRES_AT_KEY, String(now + expiresIn * 1000));
  notify();
};

export const clearToken = (): void => {
  const had = read(TOKEN_KEY) !== null || read(TOKEN_EXPIRES_AT_KEY) !== null;
  write(TOKEN_KEY, null);
  write(TOKEN_EXPIRES_AT_KEY, null);
  if (had) notify();
};

/**
 * Start-up check (spec §4): a stored token that has expired, or whose expiry is unknown, is removed so the
 * user goes to Login. Returns whether a token was removed.
 */
export const dropExpiredToken = (now: number = Date.now()): boolean => {
  if (read(TOKEN_KEY) === null && read(TOKEN_EXPIRES_AT_KEY) === null) return false;
  if (readToken(now) !== null) return false;
  clearToken();
  return true;
};

/** A random id of this browser, created once and sent with every sign-in. */
export const getDeviceId = (): string => {
  const existing = read(DEVICE_ID_KEY);
  if (existing && existing.length >= 8) return existing;
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  write(DEVICE_ID_KEY, id);
  return id;
};

export const readLicenceId = (): string | null => read(LICENCE_KEY);

export const storeLicenceId = (licenceId: string | null): void => {
  if (read(LICENCE_KEY) === licenceId) return;
  write(LICENCE_KEY, licenceId);
  notify();
};
