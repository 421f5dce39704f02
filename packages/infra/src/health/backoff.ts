/** Capped exponential backoff: the delay before retry number `attempt` (1, 2, …). */
export interface BackoffOptions {
  /** delay before the first retry; default 200 ms */
  initialMs?: number;
  /** the cap; default 5 s */
  maxMs?: number;
  /** growth per attempt; default 2 */
  factor?: number;
  /** share of the delay that is random (0..1), so many readers do not retry in step; default 0.2 */
  jitter?: number;
}

export const DEFAULT_BACKOFF: Required<BackoffOptions> = { initialMs: 200, maxMs: 5_000, factor: 2, jitter: 0.2 };

export const backoffDelay = (attempt: number, options: BackoffOptions = {}, random: () => number = Math.random): number => {
  const { initialMs, maxMs, factor, jitter } = { ...DEFAULT_BACKOFF, ...options };
  const base = Math.min(maxMs, initialMs * factor ** Math.max(0, attempt - 1));
  return Math.round(base * (1 - jitter * random()));
};

/** resolves after `ms`, or at once when `signal` aborts */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** the promise's outcome, or `fallback()` when it has not settled within `ms` (the promise keeps running) */
export const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: () => T): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};
