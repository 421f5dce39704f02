import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * The one way the kill tests run a service: a child process (`node --import tsx <script>`) with its environment, waited
 * for until it is ready, killed with SIGKILL in the middle of its work and started again on the same data dir.
 */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServiceOptions {
  /** the TypeScript entry point (absolute path) */
  script: string;
  /** its arguments (a function: read at each start, e.g. a data dir made in beforeAll) */
  args?: string[] | (() => string[]);
  /** added to the test's own environment at each start (a function: read then, e.g. a NATS url known later) */
  env?: Record<string, string> | (() => Record<string, string>);
  /** an HTTP service: it gets HOST 127.0.0.1, a free PORT and LOG_LEVEL warn, and `url` points at it */
  http?: boolean;
  /**
   * When a start counts as ready: 'health' waits for `GET /api/health/ready` to answer 200; a predicate waits for the
   * first stdout line it accepts; none: as soon as the process is spawned.
   */
  ready?: 'health' | ((line: string) => boolean);
  /** how long readiness may take (default 60 s) */
  readyTimeoutMs?: number;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceRun {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` of an HTTP service, '' otherwise */
  url: string;
  /** every stdout line so far */
  lines: string[];
  /** the first stdout line (so far or to come) the predicate accepts; rejects when the process exits first */
  waitFor(predicate: (line: string) => boolean): Promise<string>;
  exited: Promise<Exit>;
  /** the end of its stderr, for failure messages */
  stderr(): string;
  /** sends the signal (SIGKILL unless told) and resolves when the process is gone */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
  /** SIGTERM: the milliseconds until the process was gone, or null when it still ran after `patienceMs` (15 s) */
  terminate(patienceMs?: number): Promise<number | null>;
}

export interface Service {
  /** starts a process and waits until it is ready; starting again after a kill is the restart */
  start(): Promise<ServiceRun>;
  /** SIGKILLs every run still alive (for afterAll) */
  killAll(): void;
}

/** a TCP port free on 127.0.0.1 at the time of asking */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export const defineService = (options: ServiceOptions): Service => {
  const alive = new Set<ChildProcess>();

  const spawnRun = async (): Promise<ServiceRun> => {
    const port = options.http ? await freePort() : 0;
    const extra = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    const args = typeof options.args === 'function' ? options.args() : (options.args ?? []);
    const child = spawn(process.execPath, ['--import', 'tsx', options.script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...(options.http ? { HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' } : {}), ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    alive.add(child);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-8_000)));
    const lines: string[] = [];
    const waiters = new Set<{ predicate: (line: string) => boolean; resolve: (line: string) => void }>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.predicate(line)) {
          waiters.delete(w);
          w.resolve(line);
        }
      }
    });
    const exited = new Promise<Exit>((done) =>
      child.once('exit', (code, signal) => {
        alive.delete(child);
        done({ code, signal });
      }),
    );
    const ended = () => exited.then(({ code, signal }) => new Error(`${options.script} exited (${code ?? signal}); stderr:\n${stderr}`));
    return {
      child,
      url: options.http ? `http://127.0.0.1:${port}` : '',
      lines,
      exited,
      stderr: () => stderr,
      waitFor: (predicate) =>
        new Promise<string>((res, rej) => {
          const found = lines.find(predicate);
          if (found !== undefined) return res(found);
          waiters.add({ predicate, resolve: res });
          void ended().then(rej);
        }),
      kill: (signal = 'SIGKILL') => {
        child.kill(signal);
        return exited;
      },
      terminate: (patienceMs = 15_000) => {
        const signalled = Date.now();
        child.kill('SIGTERM');
        return new Promise<number | null>((done) => {
          const timer = setTimeout(() => done(null), patienceMs);
          void exited.then(() => {
            clearTimeout(timer);
            done(Date.now() - signalled);
          });
        });
      },
    };
  };

  const untilHealthy = async (run: ServiceRun, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    let gone = false;
    void run.exited.then(() => (gone = true));
    for (;;) {
      if (gone) throw new Error(`${options.script} exited before it was ready; stderr:\n${run.stderr()}`);
      const status = (await fetch(`${run.url}/api/health/ready`).catch(() => null))?.status;
      if (status === 200) return;
      if (Date.now() > deadline)
        throw new Error(`${options.script} not ready within ${timeoutMs} ms (last ${status}); stderr:\n${run.stderr()}`);
      await sleep(100);
    }
  };

  return {
    async start() {
      const run = await spawnRun();
      const timeout = options.readyTimeoutMs ?? 60_000;
      if (options.ready === 'health') await untilHealthy(run, timeout);
      else if (options.ready) {
        const ready = options.ready;
        await new Promise<void>((res, rej) => {
          const timer = setTimeout(
            () => rej(new Error(`${options.script} not ready within ${timeout} ms; stderr:\n${run.stderr()}`)),
            timeout,
          );
          run.waitFor(ready).then(
            () => (clearTimeout(timer), res()),
            (e: unknown) => (clearTimeout(timer), rej(e)),
          );
        });
      }
      return run;
    },
    killAll() {
      for (const child of alive) child.kill('SIGKILL');
    },
  };
};
