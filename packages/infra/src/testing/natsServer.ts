import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NatsServerHandle {
  /** nats://127.0.0.1:<port> */
  url: string;
  port: number;
  /** SIGTERM, then SIGKILL after a timeout; removes the store dir. Safe to call twice. */
  stop(): Promise<void>;
  /** stops the server (SIGTERM), keeping its store: clients see it gone until `start()` */
  halt(): Promise<void>;
  /** starts a halted server again on the same port with the same store (its streams and consumers) */
  start(): Promise<void>;
  /** freezes the process (SIGSTOP): connections stay open but nothing answers, as with a hung host */
  pause(): void;
  /** SIGCONT after pause() */
  resume(): void;
}

export interface StartNatsServerOptions {
  /** defaults to NATS_SERVER_BIN or /usr/sbin/nats-server */
  binary?: string;
  /** how long to wait for the server to accept connections (ms) */
  startTimeoutMs?: number;
  /** how long to wait after SIGTERM before SIGKILL (ms) */
  stopTimeoutMs?: number;
}

const DEFAULT_BINARY = '/usr/sbin/nats-server';

const findBinary = (binary: string): string => {
  try {
    accessSync(binary, constants.X_OK);
    return binary;
  } catch {
    throw new Error('nats-server not found: npm test installs it (apt-get install nats-server)');
  }
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not find a free port'))));
    });
  });

/** resolves when the server answers with its INFO line */
const probe = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (chunk: Buffer) => done(chunk.toString('utf8').startsWith('INFO')));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * Starts a real nats-server with JetStream on a free loopback port and a temp store dir.
 * Meant for tests (`beforeAll(async () => { nats = await startNatsServer(); })`, `afterAll(() => nats.stop())`).
 */
export const startNatsServer = async (options: StartNatsServerOptions = {}): Promise<NatsServerHandle> => {
  const binary = findBinary(options.binary ?? process.env.NATS_SERVER_BIN ?? DEFAULT_BINARY);
  // the free port we found may be taken by another process before the server binds it: try a few ports
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(binary, options);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
};

class PortTakenError extends Error {}

interface RunningServer {
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after the stop timeout */
  halt(): Promise<void>;
}

/** spawns nats-server on `port` with `storeDir` and waits until it accepts connections */
const spawnServer = async (binary: string, port: number, storeDir: string, options: StartNatsServerOptions): Promise<RunningServer> => {
  const startTimeoutMs = options.startTimeoutMs ?? 15_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  const child = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    // keep the tail only: enough to explain a failed start
    stderr = (stderr + chunk).slice(-8_000);
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  // never leave an orphan server behind when the test process exits without calling stop()
  const killOnExit = () => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let halted: Promise<void> | undefined;
  const halt = (): Promise<void> => {
    halted ??= (async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exit = exited(child);
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
        await exit;
        clearTimeout(timer);
      }
    })();
    return halted;
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      await halt();
      const reason = spawnError ? spawnError.message : `exited with ${child.exitCode ?? child.signalCode}`;
      if (/address already in use/i.test(stderr)) throw new PortTakenError(`port ${port} taken:\n${stderr}`);
      throw new Error(`nats-server failed to start (${reason}):\n${stderr}`);
    }
    if (await probe(port)) break;
    if (Date.now() > deadline) {
      await halt();
      throw new Error(`nats-server did not accept connections on port ${port} within ${startTimeoutMs} ms:\n${stderr}`);
    }
    await sleep(50);
  }
  return { child, halt };
};

const startOnFreePort = async (binary: string, options: StartNatsServerOptions): Promise<NatsServerHandle> => {
  const storeDir = await mkdtemp(join(tmpdir(), 'stramien-nats-'));
  const port = await freePort();
  let server: RunningServer | null;
  try {
    server = await spawnServer(binary, port, storeDir, options);
  } catch (error) {
    await rm(storeDir, { recursive: true, force: true });
    throw error;
  }

  let stopped: Promise<void> | undefined;
  const halt = async () => {
    await server?.halt();
    server = null;
  };
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop() {
      stopped ??= (async () => {
        await halt();
        await rm(storeDir, { recursive: true, force: true });
      })();
      return stopped;
    },
    halt,
    async start() {
      if (server) return;
      if (stopped) throw new Error('nats-server was stopped for good');
      server = await spawnServer(binary, port, storeDir, options);
    },
    pause() {
      server?.child.kill('SIGSTOP');
    },
    resume() {
      server?.child.kill('SIGCONT');
    },
  };
};
