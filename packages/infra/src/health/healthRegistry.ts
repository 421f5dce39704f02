import { withTimeout } from './backoff';

/**
 * The state of a reader of the log or the bus (forwarder, projections, notifier, socket hub):
 * - starting: started, not yet shown to work;
 * - running: working (caught up, or making progress);
 * - retrying: its last attempt failed; it retries with backoff for ever;
 * - stopped: stopped on purpose (shutdown).
 */
export type ComponentState = 'starting' | 'running' | 'retrying' | 'stopped';

export interface ComponentHealth {
  name: string;
  state: ComponentState;
  /** ISO time of the last change of state: "retrying since …" */
  since: string;
  /** while retrying: the kind of the last error (its code or class name, never its message: the answer is public) */
  lastError: string | null;
  /** failed attempts since it last ran */
  retries: number;
  /** events (or messages) it is behind, null when unknown (e.g. its source does not answer) */
  lag: number | null;
}

export interface HealthReport {
  /** ok when every component runs */
  status: 'ok' | 'degraded';
  checkedAt: string;
  components: ComponentHealth[];
}

/** What a component tells the registry. Repeating the current state changes nothing and logs nothing. */
export interface HealthReporter {
  running(): void;
  retrying(error: unknown): void;
  stopped(): void;
}

export interface HealthLog {
  info(message: string): void;
  error(error: unknown, message: string): void;
}

export interface HealthRegistry {
  /** adds a component; `lag` is asked when a report is made (bounded: a slow answer counts as unknown) */
  register(name: string, options?: { lag?: () => number | null | Promise<number | null> }): HealthReporter;
  report(): Promise<HealthReport>;
  /** true when every component runs */
  ready(): boolean;
}

const consoleLog: HealthLog = {
  info: (message) => console.log(message),
  error: (error, message) => console.error(message, error),
};

/** the public name of an error: its code (ECONNREFUSED, TIMEOUT, 503…) or its class, never its message */
export const errorKind = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[\w.-]{1,40}$/.test(code)) return code;
  if (typeof code === 'number') return String(code);
  const name = error instanceof Error ? error.name : typeof error;
  return /^[\w.-]{1,40}$/.test(name) ? name : 'Error';
};

/** a reporter that tells no one: for components run without a registry (tests, tools) */
export const silentReporter: HealthReporter = { running() {}, retrying() {}, stopped() {} };

/**
 * Collects the state of every reader in the process for `GET /api/health` (and readiness), and logs each change of
 * state once: a component that keeps failing logs when it starts retrying and when it recovers, not per retry.
 */
export const createHealthRegistry = (options: { log?: HealthLog; now?: () => Date; lagTimeoutMs?: number } = {}): HealthRegistry => {
  const log = options.log ?? consoleLog;
  const now = options.now ?? (() => new Date());
  const lagTimeoutMs = options.lagTimeoutMs ?? 1_000;
  const components: Array<{
    health: Omit<ComponentHealth, 'lag'>;
    lag?: () => number | null | Promise<number | null>;
  }> = [];

  return {
    register(name, registerOptions = {}) {
      const entry = {
        health: { name, state: 'starting' as ComponentState, since: now().toISOString(), lastError: null as string | null, retries: 0 },
        ...(registerOptions.lag ? { lag: registerOptions.lag } : {}),
      };
      components.push(entry);
      const change = (state: ComponentState) => {
        const previous = entry.health.state;
        entry.health.state = state;
        entry.health.since = now().toISOString();
        return previous;
      };
      return {
        running() {
          if (entry.health.state === 'running') return;
          const { retries, since } = entry.health;
          const previous = change('running');
          entry.health.lastError = null;
          entry.health.retries = 0;
          log.info(previous === 'retrying' ? `${name} recovered after ${retries} retries (retrying since ${since})` : `${name} running`);
        },
        retrying(error) {
          entry.health.retries++;
          entry.health.lastError = errorKind(error);
          if (entry.health.state === 'retrying') return;
          change('retrying');
          log.error(error, `${name} failed; retrying with backoff`);
        },
        stopped() {
          if (entry.health.state === 'stopped') return;
          change('stopped');
          log.info(`${name} stopped`);
        },
      };
    },

    async report() {
      const reported = await Promise.all(
        components.map(async ({ health, lag }) => {
          let value: number | null = null;
          if (lag) {
            value = await withTimeout(
              Promise.resolve()
                .then(lag)
                .catch(() => null),
              lagTimeoutMs,
              () => null,
            );
          }
          return { ...health, lag: typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : null };
        }),
      );
      return {
        status: reported.every((c) => c.state === 'running') ? 'ok' : 'degraded',
        checkedAt: now().toISOString(),
        components: reported,
      };
    },

    ready() {
      return components.every(({ health }) => health.state === 'running');
    },
  };
};
