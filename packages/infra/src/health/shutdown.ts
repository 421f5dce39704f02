/**
 * SIGTERM / SIGINT: runs `stop` once and exits; exits anyway after `graceMs` (default 4.5 s), so a dependency that
 * does not answer (NATS, MongoDB) cannot hold a shutdown past the orchestrator's patience.
 */
export const exitOnSignals = (
  stop: () => Promise<void>,
  options: { graceMs?: number; log?: (message: string, error?: unknown) => void } = {},
): void => {
  const graceMs = options.graceMs ?? 4_500;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      log(`shutdown after ${signal} took longer than ${graceMs} ms; exiting`);
      process.exit(1);
    }, graceMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown after ${signal} failed`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
};
