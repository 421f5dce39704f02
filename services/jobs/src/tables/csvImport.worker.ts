import { parentPort, type MessagePort } from 'node:worker_threads';
import type { ImportDelimiter, KnownRecord, RecordContext } from '@stramien/domain';
import {
  checkRows,
  linkedInputs,
  mappedColumns,
  recordContextOf,
  type CsvHead,
  type CsvRow,
  type ImportLookups,
  type ImportMapping,
  type ImportTarget,
  type MappedColumn,
} from './importChecks';
import { type CsvPiece, csvTextParser } from './csvText';
import { preparedLinesOf } from './importRows';

/**
 * The threads of a CSV import (docs/tables.md "Bulk work", "Import: the checks in threads"), started by csvThread.ts
 * with `startModuleWorker`. One module, three roles:
 * - `parse`: the CSV parser (csvText.ts: papaparse, read as csv-parse reads) fed the file's bytes by the job's thread (each write answered `ack` once parsed); its records go
 *   in batches to the job's thread (`openCsv(…, {thread: true})`) or, given `ports`, are dealt to checker threads
 *   (`Dealt`): the header line to each, then each full batch of `batchSize` rows, numbered from 1 (the first record
 *   after the header; csvText.ts skips empty lines), to checker k % N for batch k, then the end (or the refusal) to each;
 * - `check`: takes what a parser deals it from `port` and checks each batch with the domain's own cell check
 *   (importChecks.ts); each batch goes to the job's thread as its prepared lines (importRows.ts, UTF-8, transferred),
 *   or as `refused` at the first refused cell; the records and SBS codes a batch's `table`/`sbscode` cells name are
 *   asked of the job's thread (`lookup`, answered `known`), which holds the read model. Checker 0 answers the header
 *   line (`head`); the job's thread takes batch k from checker k % N;
 * - `parse-check`: both in this one thread (one checker).
 * A parser holds its `ack`s while a checker has `BATCHES_AHEAD` batches to check, so the job's thread sends no more
 * bytes than are checked soon: only a few batches are ever in memory.
 */

/** what the job's thread gives a thread of this module, in its first message (`begin`) */
export interface CsvThreadData {
  role: 'parse' | 'check' | 'parse-check';
  delimiter: ImportDelimiter;
  batchSize: number;
  /** parse: the checkers the records are dealt to, in order (else they go to the job's thread) */
  ports?: MessagePort[];
  /** check: where the dealt records come from, and this checker's number (0 answers the header line) */
  port?: MessagePort;
  index?: number;
  /** check: what the rows are checked against and written for */
  check?: { target: ImportTarget; mapping: ImportMapping; jobId: string };
}

/** a parser's answers: records (the header line first) in batches, then the end or the parser's refusal */
export type ParsedAnswer = { records: string[][] } | { end: true } | { error: { message: string; csv: boolean; lines?: number } };

/**
 * what a parser deals its checkers: the header line (to each), a batch of `batchSize` rows with the number of its
 * first row (to one; the last batch may be shorter), then the end or the parser's refusal (to each)
 */
export type Dealt =
  { header: string[] } | { rows: string[][]; first: number } | { end: true } | { error: { message: string; csv: boolean; lines?: number } };

/** a checker's answers to the job's thread */
export type CheckedAnswer =
  | { head: string[] | null }
  | { prepared: Uint8Array; rows: number }
  | { refused: true }
  | { lookup: { id: number; records?: KnownRecord[]; projectId?: string; codes?: string[] } }
  | { end: true }
  | { error: { message: string; csv: boolean; lines?: number } };

/** the job's thread's messages: the file's bytes and their end (parsers), the answer to a lookup (checkers) */
export type ThreadInput =
  { begin: CsvThreadData } | { chunk: Uint8Array } | { end: true } | { known: { id: number; found: KnownRecord[] | string[] } };

/** batches a checker holds unchecked before its parser holds the job thread's bytes back */
const BATCHES_AHEAD = 2;

const main = parentPort!;
/** this thread's import (one a thread: a thread is started ahead, csvThread.ts `warmCsvThreads`, and given its role) */
let data: CsvThreadData;

/** the checker of this thread: `take` hands it what a parser dealt it; `pending` is what it has not checked yet */
const checker = (consumed: () => void): { take: (dealt: Dealt) => void; pending: () => number } => {
  const { target, mapping, jobId } = data.check!;
  /** checker 0 answers the header line (the others take it too: each checks its batches against it) */
  const first = (data.index ?? 0) === 0;
  const queue: Dealt[] = [];
  let head: CsvHead | null = null;
  let mapped: MappedColumn[] = [];
  let stopped = false;
  let draining = false;
  const linesOf = preparedLinesOf(jobId, target);
  const encoder = new TextEncoder();
  const base: RecordContext = {
    tableId: target.tableId,
    projectId: target.projectId,
    columns: target.columns,
    knownRecords: [],
    knownSbsCodes: [],
  };

  // the read model is the job thread's: a batch's linked cells are looked up there, one message each way
  let asked = 0;
  const waiting = new Map<number, (found: KnownRecord[] | string[]) => void>();
  main.on('message', (message: ThreadInput) => {
    if ('known' in message) {
      waiting.get(message.known.id)?.(message.known.found);
      waiting.delete(message.known.id);
    }
  });
  const ask = <T extends KnownRecord[] | string[]>(lookup: { records?: KnownRecord[]; projectId?: string; codes?: string[] }) =>
    new Promise<T>((resolve) => {
      const id = ++asked;
      waiting.set(id, resolve as (found: KnownRecord[] | string[]) => void);
      main.postMessage({ lookup: { id, ...lookup } } satisfies CheckedAnswer);
    });
  const lookups: ImportLookups = {
    knownRecords: (records) => ask<KnownRecord[]>({ records }),
    knownSbsCodes: (projectId, codes) => ask<string[]>({ projectId, codes }),
  };

  const check = async (rows: CsvRow[]) => {
    const inputs = linkedInputs(mapped, rows, head!);
    const context = inputs ? await recordContextOf(target, inputs, lookups) : base;
    const checked = checkRows(context, head!, mapped, rows, inputs);
    if (checked.errors.length > 0) {
      stopped = true;
      main.postMessage({ refused: true } satisfies CheckedAnswer);
      return;
    }
    const prepared = encoder.encode(linesOf(checked.rows));
    main.postMessage({ prepared, rows: checked.rows.length } satisfies CheckedAnswer, [prepared.buffer]);
  };

  const handle = async (dealt: Dealt) => {
    if ('error' in dealt) {
      stopped = true;
      main.postMessage(dealt satisfies CheckedAnswer);
      return;
    }
    if ('end' in dealt) {
      if (head === null && first) main.postMessage({ head: null } satisfies CheckedAnswer);
      main.postMessage({ end: true } satisfies CheckedAnswer);
      stopped = true;
      return;
    }
    if ('header' in dealt) {
      head = { headers: dealt.header, delimiter: data.delimiter };
      mapped = mappedColumns(head, target.columns, mapping);
      if (first) main.postMessage({ head: head.headers } satisfies CheckedAnswer);
      return;
    }
    await check(dealt.rows.map((cells, at) => ({ row: dealt.first + at, cells })));
  };

  const drain = async () => {
    if (draining) return;
    draining = true;
    while (queue.length > 0) {
      const dealt = queue.shift()!;
      if (!stopped) await handle(dealt);
      consumed();
    }
    draining = false;
  };
  return {
    take: (dealt) => {
      queue.push(dealt);
      void drain();
    },
    pending: () => queue.length,
  };
};

/**
 * Deals a parser's records to `checkers` (N): the first record (the header line) to each, then the rows in batches of
 * `batchSize`, batch k (its rows numbered on from 1) to checker k % N, then the end or the refusal to each. A refusal
 * drops the batch not yet full (as one checker that batched the rows itself did: the refusal is the answer).
 */
const dealer = (checkers: ((dealt: Dealt) => void)[]): ((answer: ParsedAnswer) => void) => {
  let header = false;
  let batch: string[][] = [];
  let dealt = 0;
  let row = 0;
  let done = false;
  const deal = () => {
    checkers[dealt % checkers.length]!({ rows: batch, first: row - batch.length + 1 });
    dealt++;
    batch = [];
  };
  const all = (message: Dealt) => {
    done = true;
    for (const to of checkers) to(message);
  };
  return (answer) => {
    if (done) return;
    if ('error' in answer) return all(answer);
    if ('end' in answer) {
      if (batch.length > 0) deal();
      return all(answer);
    }
    let at = 0;
    if (!header) {
      header = true;
      for (const to of checkers) to({ header: answer.records[0]! });
      at = 1;
    }
    for (; at < answer.records.length; at++) {
      batch.push(answer.records[at]!);
      row++;
      if (batch.length >= data.batchSize) deal();
    }
  };
};

/** the CSV parser (csvText.ts) fed by the job's thread; each batch of records (or the end, or the error) goes to `out` */
const parser = (out: (answer: ParsedAnswer) => void, pending: () => number): { room: () => void } => {
  const csv = csvTextParser(data.delimiter);
  let batch: string[][] = [];
  let failed = false;
  let heldAcks = 0;
  const flush = () => {
    if (batch.length > 0) out({ records: batch });
    batch = [];
  };
  /** a write's records go on in batches; the records before a refusal, then the refusal */
  const take = (piece: CsvPiece) => {
    for (const record of piece.records) {
      batch.push(record);
      if (batch.length >= data.batchSize) flush();
    }
    if (piece.error) fail({ message: piece.error.message, csv: true, lines: piece.error.lines });
  };
  const fail = (error: { message: string; csv: boolean; lines?: number }) => {
    failed = true;
    flush();
    out({ error });
  };
  /** the job's thread sends more bytes on each ack: held while the checker has enough to do */
  const room = () => {
    while (heldAcks > 0 && pending() < BATCHES_AHEAD) {
      heldAcks--;
      main.postMessage({ ack: true });
    }
  };
  main.on('message', (message: ThreadInput) => {
    if (!('chunk' in message || 'end' in message) || failed) return;
    try {
      if ('chunk' in message) take(csv.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength)));
      else {
        take(csv.end());
        if (!failed) {
          flush();
          out({ end: true });
        }
      }
    } catch (error) {
      fail({ message: String((error as Error)?.message), csv: false });
    }
    heldAcks++;
    room();
  });
  return { room };
};

const run = () => {
  if (data.role === 'parse') {
    const ports = data.ports ?? [];
    if (ports.length === 0) {
      parser(
        (answer) => main.postMessage(answer),
        () => 0,
      );
      return;
    }
    // each checker answers `consumed` for each message it took off its queue: the parser waits for the busiest
    const handed = ports.map(() => 0);
    const taken = ports.map(() => 0);
    const out = dealer(
      ports.map((port, k) => (dealt: Dealt) => {
        handed[k]!++;
        port.postMessage(dealt);
      }),
    );
    const { room } = parser(out, () => Math.max(...handed.map((n, k) => n - taken[k]!)));
    ports.forEach((port, k) =>
      port.on('message', () => {
        taken[k]!++;
        room();
      }),
    );
  } else if (data.role === 'check') {
    const port = data.port!;
    const { take } = checker(() => port.postMessage({ consumed: true }));
    port.on('message', take);
  } else {
    let room = () => {};
    const { take, pending } = checker(() => room());
    room = parser(dealer([take]), pending).room;
  }
};

main.once('message', (message: ThreadInput) => {
  if (!('begin' in message)) throw new Error('a CSV import thread was not given its import first');
  data = message.begin;
  run();
});
// the modules are loaded: the thread is ready for an import
main.postMessage({ ready: true });
