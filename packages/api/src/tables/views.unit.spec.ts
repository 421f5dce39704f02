import { describe, expect, it } from 'vitest';
import { RECORD_COUNT_CAP } from '@stramien/domain';
import { recordViewSchema, tableViewSchema, toRecordView, toTableView } from './views';

const table = {
  tableId: 't1',
  projectId: 'p1',
  name: 'CFFA_DHME_PROJECT_COMMENTS',
  columns: [{ columnId: 'c1', name: 'Comment', type: 'text' as const, options: null, position: 0 }],
  relations: [{ relationId: 'r1', columnId: 'c1', targetTableId: 't2' }],
};

describe('the table views', () => {
  it('show a table with the spec names, its module flag and the viewer rights', () => {
    const view = toTableView(table, { manage: false, write: true, read: true }, 3);
    expect(tableViewSchema.parse(view)).toEqual({
      id: 't1',
      name: 'CFFA_DHME_PROJECT_COMMENTS',
      project: { id: 'p1' },
      columns: [{ id: 'c1', name: 'Comment', type: 'text', options_value: null, position: 0 }],
      relations: [{ id: 'r1', column: { id: 'c1' }, target_table: { id: 't2' } }],
      record_count: 3,
      record_count_capped: false,
      module: true,
      access: { manage: false, write: true, read: true },
    });
  });

  it('cap the record count at 10,000 ("10,000+")', () => {
    const view = toTableView(table, { manage: true, write: true, read: true }, RECORD_COUNT_CAP + 1);
    expect([view.record_count, view.record_count_capped]).toEqual([RECORD_COUNT_CAP, true]);
  });

  it("leave a deleted column's old cells out of a record", () => {
    const record = {
      recordId: 'r1',
      tableId: 't1',
      projectId: 'p1',
      values: { c1: 'Kept', gone: 'Dropped' },
      createdAt: '2026-01-01T00:00:00.000Z',
      createdBy: 'u1',
      updatedAt: '2026-01-02T00:00:00.000Z',
      updatedBy: 'u2',
    };
    expect(recordViewSchema.parse(toRecordView(record, table.columns))).toMatchObject({
      values: { c1: 'Kept' },
      created_by: { id: 'u1' },
      updated_by: { id: 'u2' },
    });
  });
});
