import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { JobState } from '@stramien/domain';
import type { BlobStore, CommandPipeline, DocumentStore, EventStore } from '@stramien/infra';

/** What a kind's code may use: the read models, the files, and the command pipeline (for kinds that write events). */
export interface JobContext {
  documentStore: DocumentStore;
  blobStore: BlobStore;
  /** appends as the job's owner would (load -> decide -> append): a kind that changes data sends commands through it */
  pipeline: CommandPipeline;
  /**
   * the event store's append of many new streams, for the CSV import's trusted path only (its rows' records, checked
   * by the job's own plan against the table as it still is: docs/tables.md "Bulk work"); other kinds use the pipeline
   */
  appendNewStreams: EventStore['appendNewStreams'];
  /** the time of the commands a kind sends */
  now: () => Date;
}

/**
 * How a job splits into chunks, fixed once when the job starts and stored next to its chunk outputs, so a resumed
 * worker does the remaining chunks over exactly the same split. `chunks[i]` is what chunk i gets (any JSON),
 * `items[i]` how many items it covers (the progress counts them).
 */
export interface JobPlan {
  chunks: unknown[];
  items: number[];
  filename: string;
  contentType: string;
}

/**
 * One kind of background work (docs/jobs.md). The worker runs `plan` once, then `runChunk` for each chunk not yet
 * recorded (its output is stored under the job and chunk index), then `assemble` streams the chunk outputs, in
 * order, into the one file the owner downloads. `runChunk` must give the same output for the same chunk when run
 * again (a chunk redone after a crash replaces its earlier output).
 */
export interface JobKind<P = unknown> {
  kind: string;
  /** the request's params; a route refuses what does not parse (400) */
  params: z.ZodType<P>;
  plan(job: JobState, params: P, context: JobContext): Promise<JobPlan>;
  /**
   * `previous`: what the chunk before handed on (`next`), null for the first: a kind that walks its data by key starts
   * each chunk after the last key of the one before. The worker stores `next` with the chunk's output.
   */
  runChunk(
    job: JobState,
    params: P,
    chunk: unknown,
    context: JobContext,
    previous: unknown,
  ): Promise<{ content: Readable | Uint8Array; items: number; next?: unknown }>;
  assemble(job: JobState, params: P, plan: JobPlan, parts: () => AsyncIterable<Readable>, context: JobContext): Readable;
  /**
   * The file is its parts and nothing else (`assemble` reads no other data): the worker writes it while the chunks
   * run, each part as soon as its chunk is recorded, instead of reading every part again at the end. The file
   * becomes visible only once complete (the blob store's put), after the last chunk is recorded.
   */
  assemblesAlong?: boolean;
  /** removes what the kind itself stored for a job that ends without its file (canceled or failed while at work) */
  discard?(job: JobState, params: P, context: JobContext): Promise<void>;
  /** readies what the kind's jobs start with (threads), once the worker starts; resolves when ready */
  warm?(): Promise<void>;
}

/**
 * Thrown by a kind's code when the job's own input cannot be done (an import with invalid values): the job fails
 * with this message as its reason, which the owner reads, instead of the general one; it is not logged as a fault.
 */
export class JobRefused extends Error {
  override readonly name = 'JobRefused';
}

/** The kinds a worker runs, by name; later contexts (tables: exports, imports) register theirs. */
export interface JobKindRegistry {
  get(kind: string): JobKind | undefined;
  kinds(): string[];
}

/** A kind as the registry holds it: the worker hands each kind only the params its own schema parsed. */
export const defineJobKind = <P>(kind: JobKind<P>): JobKind => kind as unknown as JobKind;

export const createJobKindRegistry = (kinds: readonly JobKind[]): JobKindRegistry => {
  const byName = new Map<string, JobKind>();
  for (const k of kinds) {
    if (byName.has(k.kind)) throw new Error(`Job kind ${k.kind} is registered twice`);
    byName.set(k.kind, k);
  }
  return { get: (kind) => byName.get(kind), kinds: () => [...byName.keys()] };
};
