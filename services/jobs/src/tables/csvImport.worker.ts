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
 *   in batches to the job's thread (`openCsv(…, {thread: true})`) or, given a `port`, to a checker thread;
 * - `check`: takes the records of a parser thread from `port`, the first being the header line, and checks the rows
 *   in batches of `batchSize` with the domain's own cell check (importChecks.ts); each batch goes to the job's thread
 *   as its prepared lines (importRows.ts, UTF-8, transferred), or as `refused` at the first refused cell; the records
 *   and SBS codes a batch's `table`/`sbscode` cells name are asked of the job's thread (`lookup`, answered `known`),
 *   which holds the read model;
 * - `parse-check`: both in this one thread.
 * A parser holds its `ack`s while the checker has `BATCHES_AHEAD` batches to check, so the job's thread sends no more
 * bytes than are checked soon: only a few batches are ever in memory.
 */

/** what the job's thread gives a thread of this module, in its first message (`begin`) */
export interface CsvThreadData {
  role: 'parse' | 'check' | 'parse-check';
  delimiter: ImportDelimiter;
  batchSize: number;
  /** parse: where the records go (else the job's thread); check: where they come from */
  port?: MessagePort;
  /** check: what the rows are checked against and written for */
  check?: { target: ImportTarget; mapping: ImportMapping; jobId: string };
}

/** a parser's answers: records (the header line first) in batches, then the end or the parser's refusal */
export type ParsedAnswer = { records: string[][] } | { end: true } | { error: { message: string; csv: boolean; lines?: number } };

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

/** the checker of this thread: `take` hands it a parser's answer; `pending` is what it has not checked yet */
const checker = (consumed: () => void): { take: (answer: ParsedAnswer) => void; pending: () => number } => {
  const { target, mapping, jobId } = data.check!;
  const queue: ParsedAnswer[] = [];
  let head: CsvHead | null = null;
  let mapped: MappedColumn[] = [];
  let batch: CsvRow[] = [];
  let row = 0;
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

  const handle = async (answer: ParsedAnswer) => {
    if ('error' in answer) {
      stopped = true;
      main.postMessage(answer satisfies CheckedAnswer);
      return;
    }
    if ('end' in answer) {
      if (head === null) main.postMessage({ head: null } satisfies CheckedAnswer);
      else if (batch.length > 0) await check(batch);
      if (!stopped) main.postMessage({ end: true } satisfies CheckedAnswer);
      stopped = true;
      return;
    }
    let at = 0;
    if (head === null) {
      head = { headers: answer.records[0]!, delimiter: data.delimiter };
      mapped = mappedColumns(head, target.columns, mapping);
      main.postMessage({ head: head.headers } satisfies CheckedAnswer);
      at = 1;
    }
    for (; at < answer.records.length && !stopped; at++) {
      batch.push({ row: ++row, cells: answer.records[at]! });
      if (batch.length >= data.batchSize) {
        const full = batch;
        batch = [];
        await check(full);
      }
    }
  };

  const drain = async () => {
    if (draining) return;
    draining = true;
    while (queue.length > 0) {
      const answer = queue.shift()!;
      if (!stopped) await handle(answer);
      consumed();
    }
    draining = false;
  };
  return {
    take: (answer) => {
      queue.push(answer);
      void drain();
    },
    pending: () => queue.length,
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
    const port = data.port;
    // records for a checker thread: it answers `consumed` for each batch it took off its queue
    let handed = 0;
    let taken = 0;
    const out = port ? (answer: ParsedAnswer) => (handed++, port.postMessage(answer)) : (answer: ParsedAnswer) => main.postMessage(answer);
    const { room } = parser(out, () => handed - taken);
    port?.on('message', () => {
      taken++;
      room();
    });
  } else if (data.role === 'check') {
    const port = data.port!;
    const { take } = checker(() => port.postMessage({ consumed: true }));
    port.on('message', take);
  } else {
    let room = () => {};
    const { take, pending } = checker(() => room());
    room = parser(take, pending).room;
  }
};

main.once('message', (message: ThreadInput) => {
  if (!('begin' in message)) throw new Error('a CSV import thread was not given its import first');
  data = message.begin;
  run();
});
// the modules are loaded: the thread is ready for an import
main.postMessage({ ready: true });
