import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { recordDecider, type RecordCommand, type RecordContext } from './decideRecord';
import { isLiveRecord, type RecordEvent, type RecordValues } from './record';
import type { Column } from './table';

const metadata = { actor: { userId: 'u1', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const columns: Column[] = [
  { columnId: 'name', name: 'Name', type: 'text', options: null, position: 0 },
  { columnId: 'count', name: 'Count', type: 'integer', options: null, position: 1 },
  { columnId: 'done', name: 'Done', type: 'boolean', options: null, position: 2 },
];
const context: RecordContext = { tableId: 't1', projectId: 'p1', columns, knownRecords: [], knownSbsCodes: [] };
const RECORDS = ['r1', 'r2', 'r3', 'r4'];

type Step =
  | { kind: 'create' | 'update'; record: string; values: Record<string, string | number | boolean | null> }
  | { kind: 'delete' | 'revision'; record: string };

const valuesArb = fc.record(
  { name: fc.option(fc.string({ maxLength: 4 })), count: fc.option(fc.integer({ min: -3, max: 3 })), done: fc.option(fc.boolean()) },
  { requiredKeys: [] },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('create' as const, 'update' as const), record: fc.constantFrom(...RECORDS), values: valuesArb }),
  fc.record({ kind: fc.constantFrom('delete' as const, 'revision' as const), record: fc.constantFrom(...RECORDS) }),
);

/** the table (live records' values) when the streams hold these events */
const tableOf = (streams: Map<string, RecordEvent[]>): Record<string, RecordValues> => {
  const table: Record<string, RecordValues> = {};
  for (const [id, events] of streams) {
    const state = fold(recordDecider, events);
    if (isLiveRecord(state)) table[id] = Object.fromEntries(Object.entries(state.values).filter(([, v]) => v !== null));
  }
  return table;
};

const run = (streams: Map<string, RecordEvent[]>, id: string, command: RecordCommand): RecordEvent[] => {
  const events = recordDecider.decide(command, fold(recordDecider, streams.get(id) ?? []));
  if (!Array.isArray(events)) return [];
  streams.set(id, [...(streams.get(id) ?? []), ...events]);
  return events;
};

/**
 * issue 8: for random sequences of record commands with revisions stored in between, restoring any revision (a
 * RestoreRecord per record, with its values then or null) leaves the table equal to the revision, and restoring it
 * again appends nothing (a rerun chunk writes nothing twice).
 */
describe('Record', () => {
  describe('when restored to a revision (property)', () => {
    it('ends equal to the revision, and a second restore appends nothing', () =>
      fc.assert(
        fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), fc.nat(), (steps, pick) => {
          const streams = new Map<string, RecordEvent[]>();
          const revisions: Record<string, RecordValues>[] = [tableOf(streams)];
          for (const step of steps) {
            const data = { recordId: step.record, tableId: 't1' };
            if (step.kind === 'revision') revisions.push(structuredClone(tableOf(streams)));
            else if (step.kind === 'create')
              run(streams, step.record, { type: 'CreateRecord', data: { ...context, ...data, values: step.values }, metadata });
            else if (step.kind === 'update')
              run(streams, step.record, { type: 'UpdateRecord', data: { ...context, ...data, values: step.values }, metadata });
            else run(streams, step.record, { type: 'DeleteRecord', data, metadata });
          }
          const revision = revisions[pick % revisions.length]!;
          const restore = (recordId: string): RecordCommand => ({
            type: 'RestoreRecord',
            data: { recordId, tableId: 't1', projectId: 'p1', revisionId: 'rev', values: revision[recordId] ?? null },
            metadata,
          });
          for (const id of RECORDS) run(streams, id, restore(id));
          expect(tableOf(streams)).toEqual(revision);
          for (const id of RECORDS) expect(run(streams, id, restore(id))).toEqual([]);
        }),
        { numRuns: 300 },
      ));
  });
});
