import type { Doc, IndexSpec } from '@stramien/infra';
import type { EventEnvelope } from '@stramien/domain';

/**
 * A named read model: the events it handles, the documents each event touches, and a pure evolve.
 * The runner stores each document with `_position`, the global position of the last event applied,
 * and skips events at or below it, so handling an event twice changes nothing.
 */
export interface Projection<D extends Doc = Doc> {
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
