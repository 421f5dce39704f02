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
  /** failures of one account from one address inside the window before its answers slow down */
  freeAttempts?: number;
  /** failures of one account from one address inside the window that lock that pair */
  lockAfter?: number;
  /** failures from one address over all accounts before its answers slow down (default 10 × freeAttempts) */
  addressFreeAttempts?: number;
  /** failures from one address over all accounts that lock the address (default 10 × lockAfter) */
  addressLockAfter?: number;
  /** failures are forgotten this long after the first of a key's window */
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
 * One limiter for every path that checks a secret (password, TOTP, reset and invitation links, maintenance secret),
 * after OWASP's authentication guidance (docs/security.md, "The sign-in limiter"). It counts failures on three keys:
 *
 * - the pair account + address: slowed after `freeAttempts`, locked for `lockMs` after `lockAfter` (a brute force);
 * - the address over all accounts: slowed and locked at ten times those numbers, so one attacker failing on one
 *   account behind a shared NAT locks only their own pair, while one address trying many accounts is stopped;
 * - the account over all addresses: never locks the account. From `lockAfter` failures on, every attempt on it is
 *   slowed (doubling), and an address that has failed `freeAttempts` times on it is locked for it, so a spread-out
 *   guess gets few tries per address while the right password from a clean address still signs in.
 *
 * Paths that check no secret (the forgotten-password mail) are not limited. State lives in the document store,
 * so every instance of the API shares it.
 */
export const createSignInLimiter = (options: SignInLimiterOptions) => {
  const free = options.freeAttempts ?? 5;
  const lockAfter = options.lockAfter ?? 10;
  const addressFree = options.addressFreeAttempts ?? 10 * free;
  const addressLockAfter = options.addressLockAfter ?? 10 * lockAfter;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const lockMs = options.lockMs ?? 15 * 60_000;
  const baseDelay = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 4000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const attempts = options.documentStore.collection<AttemptDoc>('_signInAttempts');

  const idsOf = (keys: SignInKeys) => {
    const account = keys.account ? keys.account.toLowerCase() : null;
    const address = keys.address || null;
    return {
      pair: `pair:${account ?? '*'}|${address ?? '*'}`,
      account: account ? `account:${account}` : null,
      address: address ? `address:${address}` : null,
    };
  };
  const current = async (id: string | null): Promise<AttemptDoc> => {
    const doc = id ? await attempts.findOne({ _id: id }) : null;
    if (!doc || now() - doc.windowStart > windowMs)
      return { _id: id ?? '', failures: 0, windowStart: now(), lockedUntil: doc?.lockedUntil ?? 0 };
    return doc;
  };
  /** 0 up to `after` failures, then baseDelay doubling per further failure, at most maxDelay */
  const delayFor = (failures: number, after: number) => (failures < after ? 0 : Math.min(maxDelay, baseDelay * 2 ** (failures - after)));
  const count = async (doc: AttemptDoc, limit: number, lockNow = false) => {
    const failures = doc.failures + 1;
    const lock = lockNow || failures >= limit;
    const next = {
      _id: doc._id,
      failures: lock ? 0 : failures,
      windowStart: doc.windowStart,
      lockedUntil: lock ? now() + lockMs : doc.lockedUntil,
    };
    await attempts.replaceOne({ _id: doc._id }, next, { upsert: true });
    return failures;
  };

  return {
    /** before checking a secret: throws SignInLockedError while the pair or the address is locked, waits while slowed */
    async guard(keys: SignInKeys): Promise<void> {
      const ids = idsOf(keys);
      const [pair, address, account] = await Promise.all([current(ids.pair), current(ids.address), current(ids.account)]);
      const lockedUntil = Math.max(pair.lockedUntil, ids.address ? address.lockedUntil : 0);
      if (lockedUntil > now()) throw new SignInLockedError((lockedUntil - now()) / 1000);
      const delay = Math.max(
        delayFor(pair.failures, free),
        ids.address ? delayFor(address.failures, addressFree) : 0,
        ids.account ? delayFor(account.failures, lockAfter) : 0,
      );
      if (delay > 0) await sleep(delay);
    },
    async failure(keys: SignInKeys): Promise<void> {
      const ids = idsOf(keys);
      // the account's count never locks; it only tells whether the account is under attack
      const accountFailures = ids.account ? await count(await current(ids.account), Number.POSITIVE_INFINITY) : 0;
      const pair = await current(ids.pair);
      await count(pair, lockAfter, accountFailures >= lockAfter && pair.failures + 1 >= free);
      if (ids.address) await count(await current(ids.address), addressLockAfter);
    },
    /** a successful check clears the pair's and the account's failures (not the address's) */
    async success(keys: SignInKeys): Promise<void> {
      const ids = idsOf(keys);
      await attempts.deleteOne({ _id: ids.pair });
      if (ids.account) await attempts.deleteOne({ _id: ids.account });
    },
  };
};
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
