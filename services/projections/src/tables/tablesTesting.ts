import { randomUUID } from 'node:crypto';
import type { CellValue, Column, EventEnvelope, RecordEvent, TableEvent } from '@stramien/domain';

/**
 * Events of a table and its records as envelopes with log positions, for the tables read-model specs and the bench:
 * `at(i)` is the time of the i-th event (one second apart from `start`), positions count up from `first` with
 * `gap` between events (other streams' events in between).
 */
export const createTableLog = (options: { first?: number; gap?: number; start?: string; userId?: string } = {}) => {
  let position = (options.first ?? 1) - (options.gap ?? 1);
  let count = 0;
  const start = Date.parse(options.start ?? '2026-01-01T00:00:00.000Z');
  const events: EventEnvelope[] = [];
  const push = (event: TableEvent | RecordEvent, streamId: string, userId = options.userId ?? 'u1'): EventEnvelope => {
    position += options.gap ?? 1;
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        userId,
        licenceId: 'l1',
        projectId: 'p1',
        correlationId: 'c',
        causationId: 'c',
        occurredAt: new Date(start + count * 1000).toISOString(),
      },
      streamId,
      revision: 0,
      position,
      recordedAt: new Date(start + count * 1000).toISOString(),
    };
    count++;
    events.push(envelope);
    return envelope;
  };
  return {
    events,
    /** the position of the last event */
    head: () => position,
    table: (event: TableEvent, userId?: string) => push(event, `table-${event.data.tableId}`, userId),
    record: (event: RecordEvent, userId?: string) => push(event, `record-${event.data.recordId}`, userId),
  };
};
export type TableLog = ReturnType<typeof createTableLog>;

export const column = (columnId: string, type: Column['type'], position: number, name = columnId): Column => ({
  columnId,
  name,
  type,
  options: null,
  position,
});

export type Values = Record<string, CellValue>;
