import { setTimeout as timersPhase } from 'node:timers/promises';
import type { Doc, DocumentStore, IndexSpec } from '@stramien/infra';
import type { EventEnvelope } from '@stramien/domain';

/**
 * A named read model: the events it handles, the documents each event touches, and a pure evolve.
 * The runner stores each document with `_position`, the global position of the last event applied,
 * and skips events at or below it, so handling an event twice changes nothing.
 */
export type Projection<D extends Doc = Doc> = DocumentProjection<D> | StoreProjection;

/** A read model of one document per id in one collection: the runner loads, evolves and writes the documents. */
export interface DocumentProjection<D extends Doc = Doc> {
  name: string;
  /** live collection name */
  collection: string;
  eventTypes: readonly string[];
  /** ids of the documents this event changes */
  documentIds(event: EventEnvelope): string[];
  /** next document, or null to delete it */
  evolve(doc: D | null, event: EventEnvelope, id: string): D | null;
  indexes?: IndexSpec[];
}

/** how a projection applies one batch (a `StoreProjection` on its own, the runner for a `DocumentProjection`) */
export interface ApplyOptions {
  /**
   * Write the batch in slices of about this many documents, letting the event loop run between them (docs/
   * performance.md 47.). The runner asks it for the live batches it holds for the API (`RunnerOptions.coalesce`):
   * the embedded store's writes run on the API's thread, and a batch written in one go holds up every request
   * meanwhile. Without it a batch is written in as few writes as the projection likes (catching up, a rebuild).
   */
  slice?: number;
}

/**
 * The pause before a slice of a held batch: the event loop's next timers phase. A turn of the loop runs its timers,
 * then the poll (requests are read and their commands append), then the check phase (the event store's group commit,
 * whose fsync answers them); a slice that waits for the timers phase runs after those answers and before the next
 * poll. So the turn's answers are not held up by the slice, and the clients answered last have the time of the slice
 * to send their next request before the poll, rather than waiting a whole turn to be read. A `setImmediate` queued by
 * the previous slice ran in the check phase ahead of the group commit (docs/performance.md 50.).
 */
export const nextTurn = (): Promise<void> => timersPhase(0);

/**
 * `write` on `items` in chunks: of `options.slice` with a turn of the event loop before each but the first, or, without
 * a slice, of `whole` without a pause
 */
export const writeInSlices = async <T>(
  items: T[],
  options: ApplyOptions | undefined,
  whole: number,
  write: (chunk: T[]) => Promise<unknown>,
): Promise<void> => {
  const slice = options?.slice;
  const size = slice ?? whole;
  for (let i = 0; i < items.length; i += size) {
    if (slice !== undefined && i > 0) await nextTurn();
    await write(items.slice(i, i + size));
  }
};

/**
 * Whether a sliced batch lets the event loop run before applying its `index`-th event: every ten slices' worth of
 * events (applying an event in memory takes a few µs); never without a slice
 */
export const pausesBefore = (index: number, options: ApplyOptions | undefined): boolean =>
  options?.slice !== undefined && index > 0 && index % (10 * options.slice) === 0;

export type PositionedDoc = Doc & { _position: number };

export { CHECKPOINTS_COLLECTION } from '@stramien/infra';

/**
 * A read model that spans collections it names itself (tables: a records and a versions collection per table,
 * docs/tables.md "Read side"): it applies each batch to the store on its own and keeps itself idempotent (its
 * documents carry the positions they applied). `collection` is its catalogue collection. It cannot be rebuilt beside
 * the live one (`rebuild` refuses it); a rebuild drops its collections and replays the log.
 */
export interface StoreProjection {
  name: string;
  collection: string;
  eventTypes: readonly string[];
  applyEvents(store: DocumentStore, events: EventEnvelope[], options?: ApplyOptions): Promise<void>;
  indexes?: IndexSpec[];
}
