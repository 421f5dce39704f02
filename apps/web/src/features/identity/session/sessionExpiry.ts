import { i18n } from '../../../shared/i18n';
import { showToast } from '../../../shared/toaster';
import { clearToken, readToken, readTokenExpiry, subscribeSession } from './tokenStorage';

/** How long before the access token expires the user is warned. */
export const EXPIRY_WARNING_MS = 5 * 60_000;

export interface SessionExpiryHandlers {
  /** a few minutes before the token expires */
  warn: (minutesLeft: number) => void;
  /** when it has expired */
  expire: () => void;
}

export interface SessionExpiryOptions {
  warnBeforeMs?: number;
  now?: () => number;
}

/**
 * Follows the stored token's expiry (spec §3 "token expires in"): warns `warnBeforeMs` before it, and calls `expire`
 * at it. A new token (sign-in in this or another tab) reschedules; signing out cancels. Returns the stop function.
 */
export const watchSessionExpiry = (handlers: SessionExpiryHandlers, options: SessionExpiryOptions = {}): (() => void) => {
  const warnBefore = options.warnBeforeMs ?? EXPIRY_WARNING_MS;
  const now = options.now ?? Date.now;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let scheduledFor: number | null = null;
  const cancel = () => {
    timers.forEach(clearTimeout);
    timers = [];
  };
  const schedule = () => {
    const expiry = readToken(now()) === null ? null : readTokenExpiry();
    if (expiry === scheduledFor) return;
    cancel();
    scheduledFor = expiry;
    if (expiry === null) return;
    const left = expiry - now();
    if (left > warnBefore) timers.push(setTimeout(() => handlers.warn(Math.round(warnBefore / 60_000)), left - warnBefore));
    else handlers.warn(Math.max(1, Math.ceil(left / 60_000)));
    timers.push(
      setTimeout(() => {
        scheduledFor = null;
        handlers.expire();
      }, left),
    );
  };
  const unsubscribe = subscribeSession(schedule);
  schedule();
  return () => {
    unsubscribe();
    cancel();
  };
};

/**
 * The app's notices: a toast 'Your session expires in N minutes', and at expiry the token is forgotten (the
 * authenticated shell then goes to Login with a redirect back) with the spec's 'Session expired. Relogin please.'.
 */
export const startSessionExpiryNotices = (options: SessionExpiryOptions = {}): (() => void) =>
  watchSessionExpiry(
    {
      warn: (minutes) =>
        showToast({
          intent: 'warning',
          timeout: 60_000,
          message:
            minutes === 1
              ? i18n.t('identity.session.expires-soon-one', { ns: 'identity' })
              : i18n.t('identity.session.expires-soon', { ns: 'identity', count: minutes }),
        }),
      expire: () => {
        clearToken();
        showToast({ intent: 'danger', message: i18n.t('identity.session.expired', { ns: 'identity' }) });
      },
    },
    options,
  );
