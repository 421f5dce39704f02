import { backoffDelay, sleep, withTimeout, type BackoffOptions } from './backoff';
import { silentReporter, type HealthReporter } from './healthRegistry';

export interface SuperviseContext {
  /** aborted by stop(): close what the attempt opened and return */
  signal: AbortSignal;
  /** the attempt works (caught up or made progress): state running, backoff reset */
  running(): void;
  /** a failure the attempt handles itself (e.g. a message that will be redelivered): state retrying, no restart */
  retrying(error: unknown): void;
}

export interface SuperviseOptions {
  /** one attempt: resolves only when stopped; a rejection (or an end without stop) is retried with backoff */
  run(context: SuperviseContext): Promise<void>;
  reporter?: HealthReporter;
  backoff?: BackoffOptions;
  /** called with every failure, before the retry */
  onError?: (error: unknown) => void;
}

export interface Supervised {
  /** stops retrying, aborts the running attempt and waits for it, at most `timeoutMs` (default 1 s) */
  stop(timeoutMs?: number): Promise<void>;
}

export class AttemptEndedError extends Error {
  override readonly name = 'AttemptEndedError';
}

/**
 * Runs `run` for ever: when an attempt fails it reports `retrying`, waits with capped exponential backoff and starts
 * a new attempt (which resumes from its own checkpoint or durable consumer). The one retry loop of every reader of the
 * log or the bus.
 */
export const supervise = (options: SuperviseOptions): Supervised => {
  const reporter = options.reporter ?? silentReporter;
  const controller = new AbortController();
  const { signal } = controller;
  let failures = 0;
  const context: SuperviseContext = {
    signal,
    running() {
      if (signal.aborted) return;
      failures = 0;
      reporter.running();
    },
    retrying(error) {
      if (!signal.aborted) reporter.retrying(error);
    },
  };
  const loop = (async () => {
    while (!signal.aborted) {
      try {
        await options.run(context);
        if (!signal.aborted) throw new AttemptEndedError('ended without being stopped');
      } catch (error) {
        if (signal.aborted) break;
        failures++;
        try {
          options.onError?.(error);
        } catch {
          // a failing error sink must not end the loop
        }
        reporter.retrying(error);
        await sleep(backoffDelay(failures, options.backoff), signal);
      }
    }
    reporter.stopped();
  })();
  return {
    async stop(timeoutMs = 1_000) {
      controller.abort();
      await withTimeout(loop, timeoutMs, () => undefined);
    },
  };
};
