// the domain's modules by path, not its index: the checker thread (csvImport.worker.ts) loads only what the checks need
import {
  checkRecordCell,
  referencedRecords,
  referencedSbsCodes,
  type KnownRecord,
  type RecordContext,
} from '@stramien/domain/tables/decideRecord';
import { importCellInput, usesDecimalComma, type ImportDelimiter } from '@stramien/domain/tables/importValues';
import type { CellValue, Column } from '@stramien/domain/tables/table';
import type { MessageValues } from '@stramien/domain/shared/messageCatalogue';

/**
 * The checks of a CSV import's cells (docs/tables.md "Bulk work"), shared by `POST /records/verify` (csvRecords.ts) and
 * the `records-import` job's checker thread (csvImport.worker.ts): only the domain's code, so that a thread can run them.
 */

/** The header line of a CSV and its delimiter. */
export interface CsvHead {
  headers: string[];
  delimiter: ImportDelimiter;
}

/** A data row: its number (1-based, the header line not counted; empty lines are skipped) and its cells. */
export interface CsvRow {
  row: number;
  cells: string[];
}

/** CSV header -> column id, or null: not imported */
export type ImportMapping = Record<string, string | null>;

/** One refused cell, as `POST /records/verify` lists it. */
export interface ImportCellError {
  row: number;
  column: string;
  header: string;
  value: string;
  message: string;
  key: string;
  values?: MessageValues;
}

/** What a batch's `table` and `sbscode` cells are checked against: the read models of records and of the SBS. */
export interface ImportLookups {
  knownRecords(wanted: KnownRecord[]): Promise<KnownRecord[]>;
  knownSbsCodes(projectId: string, codes: string[]): Promise<string[]>;
}

/** The table an import writes into. */
export interface ImportTarget {
  tableId: string;
  projectId: string;
  columns: Column[];
}

/**
 * What the record commands of a batch are checked against: the table's columns and the records and SBS codes the
 * batch's `table` and `sbscode` cells name (one lookup each; none for a table without such columns).
 */
export const recordContextOf = async (
  target: ImportTarget,
  inputs: readonly Record<string, unknown>[],
  lookups: ImportLookups,
): Promise<RecordContext> => {
  const hasTableCells = target.columns.some((c) => c.type === 'table');
  const hasSbsCells = target.columns.some((c) => c.type === 'sbscode');
  const wanted = hasTableCells ? inputs.flatMap((values) => referencedRecords(target.columns, values)) : [];
  const codes = hasSbsCells ? [...new Set(inputs.flatMap((values) => referencedSbsCodes(target.columns, values)))] : [];
  return {
    tableId: target.tableId,
    projectId: target.projectId,
    columns: target.columns,
    knownRecords: wanted.length === 0 ? [] : await lookups.knownRecords(wanted),
    knownSbsCodes: codes.length === 0 ? [] : await lookups.knownSbsCodes(target.projectId, codes),
  };
};

/**
 * A checked batch: each row without a refused cell and the values the check made of its cells (by column id, as
 * `RecordCreated` stores them, in file column order); its refused cells.
 */
export interface CheckedBatch {
  rows: { row: number; checked: Record<string, CellValue> }[];
  errors: ImportCellError[];
}

/** a mapped column of the file: its header, its index in a row, the table's column it fills */
export interface MappedColumn {
  header: string;
  index: number;
  column: Column;
}

/** the file's columns the mapping imports, in file column order */
export const mappedColumns = (head: CsvHead, columns: readonly Column[], mapping: ImportMapping): MappedColumn[] =>
  head.headers
    .map((header, index) => ({ header, index, column: columns.find((c) => c.columnId === mapping[header]) }))
    .filter((m): m is MappedColumn => m.column !== undefined);

/**
 * A batch's cells read as spreadsheets write them (`importCellInput`), by column id, when `table` or `sbscode` cells
 * name other data (they are looked up first); else null: each cell is read as it is checked.
 */
export const linkedInputs = (mapped: readonly MappedColumn[], batch: readonly CsvRow[], head: CsvHead): Record<string, string>[] | null => {
  if (!mapped.some((m) => m.column.type === 'table' || m.column.type === 'sbscode')) return null;
  const decimalComma = { decimalComma: usesDecimalComma(head.delimiter) };
  return batch.map(
    ({ cells }) =>
      Object.fromEntries(
        mapped.map((m) => [m.column.columnId, importCellInput(m.column.type, cells[m.index] ?? '', decimalComma)]),
      ) as Record<string, string>,
  );
};

/**
 * Checks a batch's rows against `context` (the table's columns and the records and SBS codes the batch names): each
 * mapped cell read as spreadsheets write it (`importCellInput`; decimal commas in `;` files, or `inputs` when read
 * before), then the record decider's cell check. Errors come in row, then file column order.
 */
export const checkRows = (
  context: RecordContext,
  head: CsvHead,
  mapped: readonly MappedColumn[],
  batch: readonly CsvRow[],
  inputs: readonly Record<string, string>[] | null,
): CheckedBatch => {
  const decimalComma = { decimalComma: usesDecimalComma(head.delimiter) };
  const errors: ImportCellError[] = [];
  const rows: CheckedBatch['rows'] = [];
  for (let i = 0; i < batch.length; i++) {
    const { row, cells } = batch[i]!;
    const values = inputs?.[i];
    const checked: Record<string, CellValue> = {};
    let refused = false;
    for (const m of mapped) {
      const result = checkRecordCell(
        context,
        m.column,
        values ? values[m.column.columnId] : importCellInput(m.column.type, cells[m.index] ?? '', decimalComma),
      );
      if (result.ok) {
        checked[m.column.columnId] = result.value;
        continue;
      }
      refused = true;
      errors.push({
        row,
        column: m.column.columnId,
        header: m.header,
        value: cells[m.index] ?? '',
        message: result.error.message,
        key: result.error.key,
        ...(result.error.values ? { values: result.error.values } : {}),
      });
    }
    if (!refused) rows.push({ row, checked });
  }
  return { rows, errors };
};

/**
 * Checks a batch of rows: each mapped cell read as spreadsheets write it (`importCellInput`; decimal commas in `;`
 * files), then the record decider's cell check against the table's columns and the records and SBS codes the batch
 * names (one lookup each per batch). Errors come in row, then file column order.
 */
export const checkBatch = async (
  target: ImportTarget,
  head: CsvHead,
  mapping: ImportMapping,
  batch: readonly CsvRow[],
  lookups: ImportLookups,
): Promise<CheckedBatch> => {
  const mapped = mappedColumns(head, target.columns, mapping);
  const inputs = linkedInputs(mapped, batch, head);
  return checkRows(await recordContextOf(target, inputs ?? [], lookups), head, mapped, batch, inputs);
};
