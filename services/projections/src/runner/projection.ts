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

export type PositionedDoc = Doc & { _position: number };

export const CHECKPOINTS_COLLECTION = '_checkpoints';

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
  applyEvents(store: DocumentStore, events: EventEnvelope[]): Promise<void>;
  indexes?: IndexSpec[];
}
