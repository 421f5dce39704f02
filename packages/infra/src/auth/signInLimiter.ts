import type { Doc, DocumentStore } from '../documentStore/documentStore';

export interface SignInKeys {
  /** the account the attempt is for (user id, or the normalised e-mail when unknown) */
  account?: string | null;
  /** the client's address */
  address?: string | null;
}

export class SignInLockedError extends Error {
  override readonly name = 'SignInLockedError';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many sign-in attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`);
  }
}

export interface SignInLimiterOptions {
  documentStore: DocumentStore;
  /** failures per key inside the window before answers slow down */
  freeAttempts?: number;
  /** failures per key inside the window that lock the key */
  lockAfter?: number;
  /** failures older than this are forgotten */
  windowMs?: number;
  lockMs?: number;
  /** first delay once slowed; doubles per further failure, capped at maxDelayMs */
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface AttemptDoc extends Doc {
  _id: string;
  failures: number;
  windowStart: number;
  lockedUntil: number;
}

/**
 * One limiter for every sign-in path (password, TOTP, reset, change password, token): per account and
 * per address, failures first slow the answers down, then lock the key for a while. State lives in the
 * document store so every instance of the API shares it.
 */
export const createSignInLimiter = (options: SignInLimiterOptions) => {
  const free = options.freeAttempts ?? 5;
  const lockAfter = options.lockAfter ?? 10;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const lockMs = options.lockMs ?? 15 * 60_000;
  const baseDelay = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 4000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const attempts = options.documentStore.collection<AttemptDoc>('_signInAttempts');
  const ids = (keys: SignInKeys): string[] =>
    [keys.account ? `account:${keys.account.toLowerCase()}` : null, keys.address ? `address:${keys.address}` : null].filter(
      (x): x is string => x !== null,
    );
  const current = async (id: string): Promise<AttemptDoc> => {
    const doc = await attempts.findOne({ _id: id });
    if (!doc || now() - doc.windowStart > windowMs) return { _id: id, failures: 0, windowStart: now(), lockedUntil: doc?.lockedUntil ?? 0 };
    return doc;
  };
  return {
    /** before checking credentials: throws SignInLockedError while locked, waits while slowed */
    async guard(keys: SignInKeys): Promise<void> {
      let delay = 0;
      for (const id of ids(keys)) {
        const doc = await current(id);
        if (doc.lockedUntil > now()) throw new SignInLockedError((doc.lockedUntil - now()) / 1000);
        if (doc.failures >= free) delay = Math.max(delay, Math.min(maxDelay, baseDelay * 2 ** (doc.failures - free)));
      }
      if (delay > 0) await sleep(delay);
    },
    async failure(keys: SignInKeys): Promise<void> {
      for (const id of ids(keys)) {
        const doc = await current(id);
        const failures = doc.failures + 1;
        const lockedUntil = failures >= lockAfter ? now() + lockMs : doc.lockedUntil;
        await attempts.replaceOne(
          { _id: id },
          { _id: id, failures: failures >= lockAfter ? 0 : failures, windowStart: doc.windowStart, lockedUntil },
          { upsert: true },
        );
      }
    },
    /** a successful sign-in clears the account's failures (not the address's) */
    async success(keys: SignInKeys): Promise<void> {
      if (keys.account) await attempts.deleteOne({ _id: `account:${keys.account.toLowerCase()}` });
    },
  };
};
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
