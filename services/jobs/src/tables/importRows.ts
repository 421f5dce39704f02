import { hash } from 'node:crypto';
import type { CellValue } from '@stramien/domain/tables/table';
import type { ImportTarget } from './importChecks';

/**
 * What the `records-import` job's plan stores for each checked row (docs/tables.md "Bulk work"): its record id and its
 * `RecordCreated` data as JSON, made in the checker thread (csvImport.worker.ts), so that a chunk only appends.
 */

/** `derivedId`'s namespace (packages/domain/src/shared/ids.ts) as bytes */
const ID_NAMESPACE = Buffer.from('458f2246b77e4729b8ef426aa01cb6c5', 'hex');

/**
 * The record ids of the rows of import `jobId` (docs/tables.md "Bulk work"), made from the job and the row alone, so a
 * chunk run again after a crash names the same records: a UUIDv8 (RFC 9562, custom) of 60 bits of the SHA-1 of the
 * namespace and the job, then the row number, in fixed-width hex. The records of one import are therefore in row
 * order and side by side in every index keyed by record id (the event store's streams, the records read model): a
 * chunk's inserts fill the pages at one place instead of one page per record as random ids do. A version-8 id never
 * equals a random (4), time-ordered (7) or name-based (5) one.
 */
export const importedRecordIds = (jobId: string): ((row: number) => string) => {
  const h = hash('sha1', Buffer.concat([ID_NAMESPACE, Buffer.from(`records-import\n${jobId}`, 'utf8')]), 'hex');
  const prefix = `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-`;
  return (row) => {
    // 14 bits of the row's high part after the variant bits (10), its low 48 bits in the last group
    const high = Math.floor(row / 2 ** 48);
    return `${prefix}${(0x8000 | (high & 0x3fff)).toString(16)}-${(row % 2 ** 48).toString(16).padStart(12, '0')}`;
  };
};

/** `importedRecordIds` of one row */
export const importedRecordId = (jobId: string, row: number): string => importedRecordIds(jobId)(row);

/**
 * One checked row as the plan stores it for its chunk: `<row> <record id> <RecordCreated data JSON>`, the data as the
 * trusted path writes it (the schema's key order: recordId, tableId, projectId, values, importId), so that a chunk
 * only appends: no JSON, no id, no object per row (`preparedLines`). A JSON text holds no raw newline.
 */
export const preparedLine = (row: number, recordId: string, dataJson: string): string => `${row} ${recordId} ${dataJson}\n`;

/** the JSON of a RecordCreated's data around its record id and values, for the rows of one import */
export const recordDataJson = (jobId: string, target: ImportTarget): ((recordId: string, values: Record<string, CellValue>) => string) => {
  const middle = `","tableId":${JSON.stringify(target.tableId)},"projectId":${JSON.stringify(target.projectId)},"values":`;
  const end = `,"importId":${JSON.stringify(jobId)}}`;
  return (recordId, values) => `{"recordId":"${recordId}${middle}${JSON.stringify(values)}${end}`;
};

/** a checked batch's rows as the plan stores them: one `preparedLine` a row, in the batch's order */
export const preparedLinesOf = (
  jobId: string,
  target: ImportTarget,
): ((rows: readonly { row: number; checked: Record<string, CellValue> }[]) => string) => {
  const idOf = importedRecordIds(jobId);
  const dataJson = recordDataJson(jobId, target);
  return (rows) => {
    let lines = '';
    for (const r of rows) {
      const recordId = idOf(r.row);
      lines += preparedLine(r.row, recordId, dataJson(recordId, r.checked));
    }
    return lines;
  };
};
