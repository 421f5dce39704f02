import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import type { ImportDelimiter } from '@stramien/domain';
import { startModuleWorker } from '@stramien/infra';
import type { CheckedAnswer, CsvThreadData, ParsedAnswer, ThreadInput } from './csvImport.worker';
import type { ImportLookups, ImportMapping, ImportTarget } from './importChecks';

/**
 * The job thread's side of the CSV import's threads (csvImport.worker.ts; docs/tables.md "Bulk work", "Import: the
 * checks in threads"): the job's thread hands a thread the file's bytes (at most CHUNKS_IN_FLIGHT writes it has not
 * parsed) and takes its answers (at most BATCHES_AHEAD held). `parseCsvInThread`: the parser's records (csvText.ts), as `openCsv`
 * reads them in the job's thread (csvThread.unit.spec.ts holds them equal); `checkCsvInThreads`: the checked rows,
 * each batch as the plan stores it, the cells checked in a thread (or more: the parser in one, the checks in
 * `checkers` others, the batches dealt to them in turn).
 */

const MODULE = new URL('./csvImport.worker.ts', import.meta.url);

/** a CSV error of the thread's parser (csvText.ts CsvTextError): its line in the file */
export class ThreadCsvError extends Error {
  override readonly name = 'ThreadCsvError';
  constructor(
    message: string,
    readonly lines: number | undefined,
  ) {
    super(message);
  }
}

/** bytes the reader sends ahead of what the thread has parsed */
const CHUNKS_IN_FLIGHT = 8;
/** answers a thread gave that the reader holds before it sends more bytes (by each thread that answers) */
const BATCHES_AHEAD = 2;

/**
 * How the import job's plan runs its threads (`threads`: 1, the checks in the parser's thread; 2, the parser in one
 * and the checks in `checkers` threads of their own, batch k checked by checker k % checkers), and a hook for tests and
 * benches: each thread an import starts (the parser first, then the checkers in order).
 */
export const csvThreadHooks: { threads: 1 | 2; checkers: number; started: ((worker: Worker) => void) | null } = {
  threads: 2,
  checkers: 2,
  started: null,
};

/** how many threads the plan starts with `csvThreadHooks` as they are (what `warmCsvThreads` should start ahead) */
export const csvPlanThreads = (): number => (csvThreadHooks.threads === 1 ? 1 : 1 + Math.max(1, csvThreadHooks.checkers));

/** threads started ahead, their modules loading or loaded, each waiting for an import (`begin`) */
const idle: Worker[] = [];
/** how many threads are kept started ahead (`warmCsvThreads`; none unless asked) */
let keep = 0;

/** each thread started ahead: settles once its modules are loaded (or it failed) */
const readiness = new WeakMap<Worker, Promise<void>>();

const startIdle = (): Worker => {
  const worker = startModuleWorker(MODULE, {
    // a batch's records and checked rows die young: a young generation that holds them is scavenged less often
    resourceLimits: { maxYoungGenerationSizeMb: 64 },
  });
  worker.unref();
  readiness.set(
    worker,
    new Promise<void>((resolve) => {
      const onMessage = (message: { ready?: true }) => {
        if (!message.ready) return;
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', () => resolve());
      worker.once('exit', () => resolve());
    }),
  );
  // a thread that fails while it waits is dropped (an import that takes it sees its end)
  const drop = () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  };
  worker.on('error', drop);
  worker.on('exit', drop);
  return worker;
};

const refill = () => {
  while (idle.length < keep) idle.push(startIdle());
};
/** the threads an import took are started again this long after it closed them: after its chunks, as a rule */
const REFILL_DELAY_MS = 10_000;

/**
 * Starts `count` threads ahead of the imports (the job worker's start): from source a thread takes about a second to
 * load its modules (docs/threads.md), bundled milliseconds. Each thread serves one import and ends with it; the ones
 * taken are started again REFILL_DELAY_MS after that import's threads are closed (not beside its chunks). Resolves once
 * they are ready.
 */
export const warmCsvThreads = async (count = 2): Promise<void> => {
  keep = Math.max(keep, count);
  refill();
  await Promise.all(idle.map((worker) => readiness.get(worker)));
};

/** a thread for one import: one started ahead, else a new one; `begin` gives it its role */
const startThread = (data: CsvThreadData, transferList: MessagePort[] = []): Worker => {
  const worker = idle.shift() ?? startIdle();
  worker.postMessage({ begin: data } satisfies ThreadInput, transferList);
  csvThreadHooks.started?.(worker);
  return worker;
};

/**
 * Feeds `feed` the bytes (`start`, then what `source` gives) and takes the answers of `answer` (the same thread, or the
 * checkers a parser deals its records to): `next(k)` answers those of `answer[k]` in order, and throws when a thread
 * fails or ends before `close()`. `onAnswer` may take an answer itself (true: not queued).
 */
const threadReader = <A>(
  threads: { feed: Worker; answer: Worker[]; all: Worker[] },
  start: Buffer,
  source: AsyncIterator<Buffer | string> | null,
  onAnswer: (answer: A, from: number) => boolean = () => false,
): { next: (from?: number) => Promise<A>; close: () => void; fail: (error: unknown) => void } => {
  /** each answering thread's answers not taken yet, and how many they are together */
  const answers: A[][] = threads.answer.map(() => []);
  let held = 0;
  let unacked = 0;
  let closed = false;
  let failure: Error | null = null;
  /** the reader waiting for an answer, or the feeder waiting for room */
  let wakeReader: (() => void) | null = null;
  let wakeFeeder: (() => void) | null = null;
  const wake = () => {
    wakeReader?.();
    wakeReader = null;
    wakeFeeder?.();
    wakeFeeder = null;
  };
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    wake();
  };
  threads.feed.on('message', (message: { ack?: true }) => {
    if (message.ack) {
      unacked--;
      wake();
    }
  });
  threads.answer.forEach((worker, from) =>
    worker.on('message', (message: A & { ack?: true; ready?: true }) => {
      if (message.ack || message.ready || onAnswer(message, from)) return;
      answers[from]!.push(message);
      held++;
      wake();
    }),
  );
  for (const worker of threads.all) {
    worker.on('error', fail);
    worker.on('exit', () => {
      if (!closed) fail(new Error('a CSV import thread ended'));
    });
  }

  const send = (chunk: Buffer | string | null) => {
    unacked++;
    threads.feed.postMessage(
      (chunk === null ? { end: true } : { chunk: typeof chunk === 'string' ? Buffer.from(chunk) : chunk }) satisfies ThreadInput,
    );
  };
  // the answers held are of batches after the one awaited (taken in order, each dealt once parsed): never a deadlock
  const room = () => unacked < CHUNKS_IN_FLIGHT && held < BATCHES_AHEAD * threads.answer.length;
  void (async () => {
    send(start);
    if (source)
      for (;;) {
        while (!closed && !room()) await new Promise<void>((resolve) => (wakeFeeder = resolve));
        if (closed) return;
        const next = await source.next();
        if (closed) return;
        if (next.done) break;
        send(next.value);
      }
    if (!closed) send(null);
  })().catch(fail);

  const close = () => {
    if (closed) return;
    closed = true;
    wake();
    for (const worker of threads.all) void worker.terminate();
    if (idle.length < keep) setTimeout(refill, REFILL_DELAY_MS).unref();
  };

  const next = async (from = 0): Promise<A> => {
    for (;;) {
      const answer = answers[from]!.shift();
      if (answer !== undefined) {
        held--;
        wakeFeeder?.();
        wakeFeeder = null;
        return answer;
      }
      if (failure) throw failure;
      if (closed) throw new Error('the CSV import threads were closed');
      await new Promise<void>((resolve) => (wakeReader = resolve));
    }
  };
  return { next, close, fail };
};

const csvFailure = (error: { message: string; csv: boolean; lines?: number }): Error =>
  error.csv ? new ThreadCsvError(error.message, error.lines) : new Error(error.message);

/**
 * Parses `start` and then what `source` gives in a thread: `read()` answers the records in order, then null at the end;
 * it throws a ThreadCsvError for text that is not CSV. `close()` ends the thread (after the end, an error, or when
 * the records are no longer wanted).
 */
export const parseCsvInThread = (
  start: Buffer,
  source: AsyncIterator<Buffer | string> | null,
  delimiter: ImportDelimiter,
  batchSize: number,
): { read: () => Promise<string[] | null>; close: () => void } => {
  const worker = startThread({ role: 'parse', delimiter, batchSize });
  const reader = threadReader<ParsedAnswer>({ feed: worker, answer: [worker], all: [worker] }, start, source);
  let current: string[][] = [];
  let at = 0;
  let ended = false;
  const read = async (): Promise<string[] | null> => {
    for (;;) {
      if (at < current.length) return current[at++]!;
      if (ended) return null;
      const answer = await reader.next();
      if ('records' in answer) {
        current = answer.records;
        at = 0;
        continue;
      }
      if ('end' in answer) {
        ended = true;
        return null;
      }
      throw csvFailure(answer.error);
    }
  };
  return { read, close: reader.close };
};

/** a batch of the file with a refused cell (the import job fails before anything is written) */
export class CellsRefused extends Error {
  override readonly name = 'CellsRefused';
}

/** a checked batch as the plan stores it: its prepared lines (importRows.ts `preparedLine`) as UTF-8, and its row count */
export interface PreparedBatch {
  bytes: Uint8Array;
  rows: number;
}

/**
 * The import job's plan's threads: the CSV parser (csvText.ts) and the cell checks of `target`'s columns (as `checkBatch`: the domain's
 * `importCellInput` and `checkRecordCell`), in one thread (`threads: 1`) or more (the parser in one, the checks in
 * `checkers` others: the parser deals batch k to checker k % checkers directly). `head()` answers the header
 * line (null: none); `next()` the checked batches of `batchSize` rows in file order (batch k from checker k % checkers),
 * then null; it throws `CellsRefused` for a batch with a refused cell, a ThreadCsvError for text that is not CSV, and an
 * Error when a thread fails or ends early. The `table` and `sbscode` cells a batch names are looked up in this thread
 * (`lookups`, one lookup each per batch, as `checkBatch`), answered to the checker that asked.
 */
export const checkCsvInThreads = (
  start: Buffer,
  source: AsyncIterator<Buffer | string> | null,
  options: {
    delimiter: ImportDelimiter;
    batchSize: number;
    target: ImportTarget;
    mapping: ImportMapping;
    jobId: string;
    lookups: ImportLookups;
    threads: 1 | 2;
    /** with `threads: 2` (at least 1; the job's: `csvThreadHooks.checkers`) */
    checkers: number;
  },
): { head: () => Promise<string[] | null>; next: () => Promise<PreparedBatch | null>; close: () => void } => {
  const { delimiter, batchSize, target, mapping, jobId, lookups } = options;
  const base = { delimiter, batchSize };
  const check = { target, mapping, jobId };
  let threads: { feed: Worker; answer: Worker[]; all: Worker[] };
  if (options.threads === 1) {
    const worker = startThread({ ...base, role: 'parse-check', check });
    threads = { feed: worker, answer: [worker], all: [worker] };
  } else {
    const channels = Array.from({ length: Math.max(1, options.checkers) }, () => new MessageChannel());
    const ports = channels.map((channel) => channel.port1);
    const parser = startThread({ ...base, role: 'parse', ports }, ports);
    const checkers = channels.map(({ port2 }, index) => startThread({ ...base, role: 'check', port: port2, index, check }, [port2]));
    threads = { feed: parser, answer: checkers, all: [parser, ...checkers] };
  }
  const answerLookup = (lookup: Extract<CheckedAnswer, { lookup: unknown }>['lookup'], from: number) => {
    const found = lookup.records ? lookups.knownRecords(lookup.records) : lookups.knownSbsCodes(lookup.projectId!, lookup.codes ?? []);
    found.then(
      (known) => threads.answer[from]!.postMessage({ known: { id: lookup.id, found: known } } satisfies ThreadInput),
      (error: unknown) => reader.fail(error),
    );
  };
  const reader = threadReader<CheckedAnswer>(threads, start, source, (answer, from) => {
    if (!('lookup' in answer)) return false;
    answerLookup(answer.lookup, from);
    return true;
  });
  let ended = false;
  /** the batches taken so far: the next comes from checker `batches % checkers` */
  let batches = 0;
  const take = async (from = 0): Promise<CheckedAnswer> => {
    const answer = await reader.next(from);
    if ('error' in answer) throw csvFailure(answer.error);
    if ('refused' in answer) throw new CellsRefused('a cell of the file is refused');
    return answer;
  };
  return {
    async head() {
      const answer = await take();
      if (!('head' in answer)) throw new Error('the CSV import thread answered no header line');
      return answer.head;
    },
    async next() {
      if (ended) return null;
      // a checker answers its batches, then the end: the first checker to answer the end where batch k was due
      // answers the file's end (its batches were dealt in turn)
      const answer = await take(batches % threads.answer.length);
      if ('end' in answer) {
        ended = true;
        return null;
      }
      if ('prepared' in answer) {
        batches++;
        return { bytes: answer.prepared, rows: answer.rows };
      }
      throw new Error('the CSV import thread answered out of order');
    },
    close: reader.close,
  };
};
