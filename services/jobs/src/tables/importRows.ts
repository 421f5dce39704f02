import { hash } from 'node:crypto';
import type { CellValue } from '@stramien/domain/tables/table';
import type { ImportTarget } from './importChecks';

/**
 * What the `records-import` job's plan stores for each checked row (docs/tables.md "Bulk work"): its record id and its
 * `RecordCreated` data as JSON, made in the checker thread (csvImport.worker.ts), so that a chunk only appends.
 */

/** `derivedId`'s namespace (packages/domain/src/shared/ids.ts) as bytes */
const ID_NAMESPACE = Buffer.from('458f2246b77e4729b8ef426aa01cb6c5', 'hex');
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * `importedRecordId` for the rows of one job, the same ids made cheaper: the namespace and the job's part of the
 * name are encoded once, each id is one one-shot SHA-1 over them and the row number, written out without the uuid
 * package's parse and validate (a unit test holds it equal to `importedRecordId`).
 */
export const importedRecordIds = (jobId: string): ((row: number) => string) => {
  const prefix = Buffer.concat([ID_NAMESPACE, Buffer.from(`records-import\n${jobId}\n`, 'utf8')]);
  // the name is the prefix and the row's digits, written into one buffer for a one-shot hash (node:crypto `hash`)
  const name = Buffer.alloc(prefix.length + 16);
  prefix.copy(name);
  return (row) => {
    const end = prefix.length + name.write(String(row), prefix.length, 'latin1');
    const b = hash('sha1', name.subarray(0, end), 'buffer');
    b[6] = (b[6]! & 0x0f) | 0x50;
    b[8] = (b[8]! & 0x3f) | 0x80;
    let id = '';
    for (let i = 0; i < 16; i++) id += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[b[i]!];
    return id;
  };
};

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
