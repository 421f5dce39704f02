import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMN_TYPES, type ColumnType } from '@stramien/domain';
import { decodeCell, type StoredCell, type StoredValues } from '@stramien/projections/tables/tableDocs';
import { tabularPart } from '../kinds/tabular';
import { csvPartOf, exportCell } from './tableExport';

/** a chunk's CSV as the cell-by-cell path writes it: decode, neutralise, then the generic CSV part */
const byCells = (records: { v: StoredValues }[], columns: { columnId: string; type: ColumnType }[]): string =>
  tabularPart(
    'csv',
    records.map((row) => columns.map((c) => exportCell(decodeCell(row.v[c.columnId], c.type)))),
  ).toString('utf8');

describe('csvPartOf', () => {
  it('writes booleans, numbers, empty cells, formulas and quoted fields as the cell-by-cell path does', () => {
    const columns = [
      { columnId: 'a', type: 'text' as const },
      { columnId: 'b', type: 'boolean' as const },
      { columnId: 'c', type: 'float' as const },
      { columnId: 'd', type: 'text' as const },
    ];
    const records: { v: StoredValues }[] = [
      { v: { a: '=SUM(A1)', b: 1, c: 1.5, d: 'say "hi", twice' } },
      { v: { a: '', b: 0, c: null } },
      { v: { a: '-3', b: null, c: -2, d: 'two\nlines' } },
    ];
    expect(csvPartOf(records, columns).toString('utf8')).toBe(`'=SUM(A1),true,1.5,"say ""hi"", twice"\n,false,,\n'-3,,-2,"two\nlines"\n`);
    expect(csvPartOf(records, columns).toString('utf8')).toBe(byCells(records, columns));
  });

  it('equals the cell-by-cell path for any stored cells of any column types', () => {
    const cell: fc.Arbitrary<StoredCell | undefined> = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', '\t', '=', '+', '-', '@', 'é', '1') }),
      fc.double(),
      fc.integer(),
      fc.constantFrom(0, 1),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...COLUMN_TYPES), { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(cell, { minLength: 6, maxLength: 6 }), { maxLength: 8 }),
        (types, cells) => {
          const columns = types.map((type, i) => ({ columnId: `c${i}`, type }));
          const records = cells.map((row) => ({
            v: Object.fromEntries(row.flatMap((value, i) => (value === undefined ? [] : [[`c${i}`, value]]))) as StoredValues,
          }));
          expect(csvPartOf(records, columns).toString('utf8')).toBe(byCells(records, columns));
        },
      ),
    );
  });
});
