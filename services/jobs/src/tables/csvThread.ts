import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ImportDelimiter } from '@stramien/domain';

/**
 * csv-parse in a thread of its own, for the import job's plan (docs/tables.md "Bulk work", "Import: csv-parse in a
 * thread"): the job's thread hands it the file's bytes and gets its records back in batches, and checks one batch
 * while the thread parses the next. The parser and its options are those of `openCsv` (csvRecords.ts), so the records
 * and the line of a refusal are the same (csvThread.unit.spec.ts).
 *
 * The thread's code is a string run with `eval: true` (plain CommonJS, csv-parse found by its resolved path), as the
 * table export's reader threads (exportReaders.ts): no loader and no bundle entry of its own.
 */
/** csv-parse's options besides the delimiter, in this thread and in the job's (csvRecords.ts `parseCsvHere`) */
export const CSV_PARSE_OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: true } as const;

const PARSER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { parse, CsvError } = require(workerData.csvParse);
const parser = parse({ ...workerData.options, delimiter: workerData.delimiter });
// records are handed on once the write (or the end) that parsed them went through: a refusal drops the records of
// the write it came in, as csv-parse's stream drops the records it still holds when it fails (the job's thread reads
// them from that stream); the stream emits its error on a later tick, so the records wait for setImmediate or for
// the next message, whichever comes first
let batch = [];
let fresh = [];
let failed = false;
const handOn = (all) => {
  for (const record of fresh) {
    batch.push(record);
    if (batch.length >= workerData.batchSize) {
      parentPort.postMessage({ records: batch });
      batch = [];
    }
  }
  fresh = [];
  if (all && batch.length > 0) {
    parentPort.postMessage({ records: batch });
    batch = [];
  }
};
parser.on('data', (record) => fresh.push(record));
parser.on('end', () => {
  if (failed) return;
  handOn(true);
  parentPort.postMessage({ end: true });
});
parser.on('error', (error) => {
  failed = true;
  fresh = [];
  handOn(true);
  parentPort.postMessage({ error: { message: String(error && error.message), csv: error instanceof CsvError, lines: error && error.lines } });
});
parentPort.on('message', (message) => {
  if (failed) return;
  // the write before this message went through (its error would have been emitted by now)
  handOn(false);
  if (message.chunk) parser.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
  else parser.end();
  setImmediate(() => {
    if (!failed) handOn(false);
    parentPort.postMessage({ ack: true });
  });
});
`;

/** what the thread answered that the reader did not take yet */
type Answer = { records: string[][] } | { end: true } | { error: { message: string; csv: boolean; lines?: number } };

/** a CSV error of the thread's parser: the line csv-parse gave */
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
/** batches the thread parsed that the reader holds before it sends more bytes */
const BATCHES_AHEAD = 2;

/**
 * Parses `start` and then what `source` gives in a thread: `read()` answers the records in order, then null at the end;
 * it throws a ThreadCsvError for text csv-parse refuses. `close()` ends the thread (after the end, an error, or when
 * the records are no longer wanted).
 */
export const parseCsvInThread = (
  start: Buffer,
  source: AsyncIterator<Buffer | string> | null,
  delimiter: ImportDelimiter,
  batchSize: number,
): { read: () => Promise<string[] | null>; close: () => void } => {
  const worker = new Worker(PARSER_SOURCE, {
    eval: true,
    // not the process's flags: a loader given to the process (tsx) would load in the thread too
    execArgv: [],
    workerData: { csvParse: createRequire(import.meta.url).resolve('csv-parse'), options: CSV_PARSE_OPTIONS, delimiter, batchSize },
  });
  worker.unref();
  const answers: Answer[] = [];
  let current: string[][] = [];
  let at = 0;
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
  worker.on('message', (message: Answer | { ack: true }) => {
    if ('ack' in message) unacked--;
    else answers.push(message);
    wake();
  });
  worker.on('error', (error) => {
    failure = error;
    wake();
  });
  worker.on('exit', () => {
    if (!closed) failure ??= new Error('the CSV thread ended');
    wake();
  });

  const send = (chunk: Buffer | string | null) => {
    unacked++;
    worker.postMessage(chunk === null ? { end: true } : { chunk: typeof chunk === 'string' ? Buffer.from(chunk) : chunk });
  };
  const room = () => unacked < CHUNKS_IN_FLIGHT && answers.length < BATCHES_AHEAD;
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
  })().catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
    wake();
  });

  const close = () => {
    if (closed) return;
    closed = true;
    wake();
    void worker.terminate();
  };

  const read = async (): Promise<string[] | null> => {
    for (;;) {
      if (at < current.length) return current[at++]!;
      const answer = answers.shift();
      if (answer) {
        wakeFeeder?.();
        wakeFeeder = null;
        if ('records' in answer) {
          current = answer.records;
          at = 0;
          continue;
        }
        if ('end' in answer) return null;
        throw answer.error.csv ? new ThreadCsvError(answer.error.message, answer.error.lines) : new Error(answer.error.message);
      }
      if (failure) throw failure;
      if (closed) return null;
      await new Promise<void>((resolve) => (wakeReader = resolve));
    }
  };
  return { read, close };
};
