import { randomUUID } from 'node:crypto';
import type { ColumnType } from '@stramien/domain';
import type { RecordDoc, StoredValues } from '@stramien/projections/tables/tableDocs';
import type { Collection } from '@stramien/infra';

/** The exported table's 20 columns: 10 text, 4 integers, 2 floats, 2 dates, 2 booleans */
export const EXPORT_COLUMN_TYPES: ColumnType[] = [
  ...Array<ColumnType>(10).fill('text'),
  ...Array<ColumnType>(4).fill('integer'),
  ...Array<ColumnType>(2).fill('float'),
  ...Array<ColumnType>(2).fill('date'),
  ...Array<ColumnType>(2).fill('boolean'),
];

/**
 * `total` records written straight into the table's read-model collection (in batches of 5,000), a value of each
 * column's type per record, `_seq` counting up to -1 as the projection numbers creations.
 */
export const seedExportRecords = async (
  records: Collection<RecordDoc>,
  columns: { id: string; type: ColumnType }[],
  total: number,
  userId: string,
): Promise<void> => {
  const at = new Date().toISOString();
  let batch: RecordDoc[] = [];
  for (let n = 0; n < total; n++) {
    const v: StoredValues = Object.fromEntries(
      columns.map((c, i) => [
        c.id,
        c.type === 'text'
          ? `element ${n} of ${i}`
          : c.type === 'integer'
            ? n * i
            : c.type === 'float'
              ? n / 7
              : c.type === 'date'
                ? '2026-11-23'
                : (n + i) % 2,
      ]),
    );
    batch.push({ _id: randomUUID(), _seq: n - total, v, createdAt: at, createdBy: userId, updatedAt: at, updatedBy: userId });
    if (batch.length >= 5_000) {
      await records.insertMany(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await records.insertMany(batch);
};
