import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { recordDecider, referencedRecords, referencedSbsCodes, type RecordCommand, type RecordContext } from './decideRecord';
import { tableMessages } from './messages';
import type { RecordEvent } from './record';
import type { Column } from './table';

const spec = deciderSpec(recordDecider);
const metadata = { actor: { userId: 'u1', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const command = <T extends RecordCommand['type']>(type: T, data: Extract<RecordCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<RecordCommand, { type: T }>;
const decide = (events: RecordEvent[], c: RecordCommand) => recordDecider.decide(c, fold(recordDecider, events));

const columns: Column[] = [
  { columnId: 'name', name: 'Name', type: 'text', options: null, position: 0 },
  { columnId: 'count', name: 'Count', type: 'integer', options: null, position: 1 },
  { columnId: 'done', name: 'Done', type: 'boolean', options: null, position: 2 },
  { columnId: 'floor', name: 'Floor', type: 'table', options: { table: 't2' }, position: 3 },
  { columnId: 'sbs', name: 'SBS', type: 'sbscode', options: null, position: 4 },
];
const context: RecordContext = {
  tableId: 't1',
  projectId: 'p1',
  columns,
  knownRecords: [{ recordId: 'f1', tableId: 't2' }],
  knownSbsCodes: ['1.2'],
};
const ids = { recordId: 'r1', tableId: 't1', projectId: 'p1' };
const created: RecordEvent = { type: 'RecordCreated', data: { ...ids, values: { name: 'Hall', count: 2, done: true, floor: 'f1' } } };

describe('Record', () => {
  describe('when created', () => {
    it('records the values each column type turned them into', () =>
      spec
        .given([])
        .when(command('CreateRecord', { ...context, recordId: 'r1', values: { name: 'Hall', count: '2', done: 'true', floor: 'f1' } }))
        .then([created]));
    it('refuses unknown columns and bad cells with one message per column id, appending nothing', () =>
      expect(
        decide([], command('CreateRecord', { ...context, recordId: 'r1', values: { count: 'two', done: 'yes', nope: 1, floor: 'f9' } })),
      ).toMatchObject({
        status: 422,
        errors: {
          count: ['Enter a whole number.'],
          done: ['Choose yes or no.'],
          nope: [tableMessages.unknownColumn],
          floor: [tableMessages.notARecordOfTarget],
        },
      }));
    it('refuses a table cell naming a record of another table', () =>
      expect(
        decide(
          [],
          command('CreateRecord', {
            ...context,
            knownRecords: [{ recordId: 'f1', tableId: 't3' }],
            recordId: 'r1',
            values: { floor: 'f1' },
          }),
        ),
      ).toMatchObject({ errors: { floor: [tableMessages.notARecordOfTarget] } }));
    it("takes a code of the project's SBS in an sbscode cell and refuses any other", () => {
      expect(decide([], command('CreateRecord', { ...context, recordId: 'r1', values: { sbs: ' 1.2 ' } }))).toEqual([
        { type: 'RecordCreated', data: { ...ids, values: { sbs: '1.2' } } },
      ]);
      expect(decide([], command('CreateRecord', { ...context, recordId: 'r1', values: { sbs: '9.9' } }))).toMatchObject({
        status: 422,
        errors: { sbs: [tableMessages.notAnSbsCode] },
      });
    });
    it('names the SBS codes an input refers to, once each', () =>
      expect(referencedSbsCodes(columns, { sbs: ' 1.2 ', name: '1.3', floor: 'f1' })).toEqual(['1.2']));
    it('refuses to create the same record twice', () =>
      spec
        .given([created])
        .when(command('CreateRecord', { ...context, recordId: 'r1', values: {} }))
        .thenThrows(tableMessages.recordAlreadyExists, 409));
  });

  describe('when updated', () => {
    it('records only the changed cells, each from and to', () =>
      spec
        .given([created])
        .when(command('UpdateRecord', { ...context, values: { name: 'Hall', count: 3, done: null } }))
        .then([{ type: 'RecordUpdated', data: { ...ids, changes: { count: { from: 2, to: 3 }, done: { from: true, to: null } } } }]));
    it('appends nothing when no cell changes', () =>
      spec
        .given([created])
        .when(command('UpdateRecord', { ...context, values: { count: '2' } }))
        .then([]));
    it('answers 404 for a record of another table or a deleted one', () => {
      spec
        .given([created])
        .when(command('UpdateRecord', { ...context, tableId: 't9', values: {} }))
        .thenThrows(tableMessages.recordNotFound, 404);
      spec
        .given([created, { type: 'RecordDeleted', data: ids }])
        .when(command('UpdateRecord', { ...context, values: { count: 1 } }))
        .thenThrows(tableMessages.recordNotFound, 404);
    });
  });

  describe('when deleted', () => {
    it('records the deletion once: deleting again appends nothing', () => {
      spec
        .given([created])
        .when(command('DeleteRecord', { tableId: 't1' }))
        .then([{ type: 'RecordDeleted', data: ids }]);
      spec
        .given([created, { type: 'RecordDeleted', data: ids }])
        .when(command('DeleteRecord', { tableId: 't1' }))
        .then([]);
    });
    it('answers 404 for a record that never existed', () =>
      spec
        .given([])
        .when(command('DeleteRecord', { tableId: 't1' }))
        .thenThrows(tableMessages.recordNotFound, 404));
  });

  it('names the records its table cells point at, for the handler to look up', () =>
    expect(referencedRecords(columns, { floor: ' f1 ', name: 'x', nope: 'y' })).toEqual([{ recordId: 'f1', tableId: 't2' }]));
});
