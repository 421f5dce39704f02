import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { messages } from '../shared/messages';
import { targetTableOf, validateCell, type CellContext, type CellResult } from './columnTypes';
import { tableMessages } from './messages';
import {
  evolveRecord,
  initialRecordState,
  isLiveRecord,
  type RecordChanges,
  type RecordEvent,
  type RecordState,
  type RecordValues,
} from './record';
import type { CellValue, Column } from './table';

/** A live record the handler found, named by a `table` cell: it must belong to the cell's target table. */
export interface KnownRecord {
  recordId: string;
  tableId: string;
}

/**
 * What a record command is checked against: the table's definition as its stream folds it (the handler loads it,
 * docs/tables.md "Streams"), the live records its `table` cells name (the handler reads those records' streams), and
 * which of the codes its `sbscode` cells name are codes of the project's SBS (the handler reads the SBS read model).
 */
export interface RecordContext {
  tableId: string;
  projectId: string;
  columns: Column[];
  knownRecords: KnownRecord[];
  knownSbsCodes: readonly string[];
  /** CSV input (decimal commas) */
  cell?: CellContext;
}

export type CreateRecord = Command<
  'CreateRecord',
  RecordContext & { recordId: string; values: Record<string, unknown>; importId?: string }
>;
/** only the cells sent change; a cell sent as null or '' is emptied */
export type UpdateRecord = Command<'UpdateRecord', RecordContext & { values: Record<string, unknown> }>;
export type DeleteRecord = Command<'DeleteRecord', { tableId: string }>;

/**
 * Bring a record back to its version of a revision (docs/tables.md "Revisions"): `values` are its cells then, null when
 * it was not there (not yet created, or deleted). The values were checked when they were written, so they are not
 * checked again. Decided against the record's stream, so a restore run twice writes nothing the second time.
 */
export type RestoreRecord = Command<
  'RestoreRecord',
  { recordId: string; tableId: string; projectId: string; revisionId: string; values: RecordValues | null }
>;

export type RecordCommand = CreateRecord | UpdateRecord | DeleteRecord | RestoreRecord;
type Result = RecordEvent[] | DomainError;

const recordNotFound = () => new DomainError(tableMessages.recordNotFound, 404);

/**
 * One input cell of a known column -> its stored value or its message (with its catalogue key): the column type's
 * validator, then a `table` cell must name a live record of the target table and an `sbscode` cell a code of the
 * project's SBS. `validateValues` and the CSV import's check (services/jobs/src/tables/csvRecords.ts) share it.
 */
export const checkRecordCell = (context: RecordContext, column: Column, input: unknown): CellResult => {
  const result = validateCell(column, input, context.cell);
  if (!result.ok || result.value === null) return result;
  const target = targetTableOf(column);
  if (target !== null && !context.knownRecords.some((r) => r.recordId === result.value && r.tableId === target))
    return { ok: false, error: { key: 'tables.notARecordOfTarget', message: tableMessages.notARecordOfTarget } };
  if (column.type === 'sbscode' && !context.knownSbsCodes.includes(String(result.value)))
    return { ok: false, error: { key: 'tables.notAnSbsCode', message: tableMessages.notAnSbsCode } };
  return result;
};

/**
 * Input cells -> stored values, or a 422 whose `errors` hold one message per cell, keyed by column id: unknown
 * column ids, values the column's type refuses, `table` cells naming no live record of the target table.
 */
export const validateValues = (context: RecordContext, input: Record<string, unknown>): RecordValues | DomainError => {
  const values: Record<string, CellValue> = {};
  const errors: Record<string, string[]> = {};
  for (const [columnId, raw] of Object.entries(input)) {
    const column = context.columns.find((c) => c.columnId === columnId);
    if (!column) {
      errors[columnId] = [tableMessages.unknownColumn];
      continue;
    }
    const result = checkRecordCell(context, column, raw);
    if (result.ok) values[columnId] = result.value;
    else errors[columnId] = [result.error.message];
  }
  return Object.keys(errors).length > 0 ? new DomainError(messages.shared.invalidInput, 422, errors) : values;
};

/** The ids of records the `table` cells of an input name, by target table (what the handler must look up). */
export const referencedRecords = (columns: Column[], input: Record<string, unknown>): KnownRecord[] =>
  Object.entries(input).flatMap(([columnId, value]) => {
    const column = columns.find((c) => c.columnId === columnId);
    const target = column ? targetTableOf(column) : null;
    return target !== null && typeof value === 'string' && value.trim() !== '' ? [{ recordId: value.trim(), tableId: target }] : [];
  });

/** The codes the `sbscode` cells of an input name (what the handler must look up in the project's SBS). */
export const referencedSbsCodes = (columns: Column[], input: Record<string, unknown>): string[] => [
  ...new Set(
    Object.entries(input).flatMap(([columnId, value]) => {
      const column = columns.find((c) => c.columnId === columnId);
      return column?.type === 'sbscode' && typeof value === 'string' && value.trim() !== '' ? [value.trim()] : [];
    }),
  ),
];

export const createRecord = (command: CreateRecord, state: RecordState): Result => {
  if (state.exists) return new DomainError(tableMessages.recordAlreadyExists, 409);
  const { recordId, tableId, projectId, importId } = command.data;
  const values = validateValues(command.data, command.data.values);
  if (values instanceof DomainError) return values;
  return [{ type: 'RecordCreated', data: { recordId, tableId, projectId, values, ...(importId ? { importId } : {}) } }];
};

export const updateRecord = (command: UpdateRecord, state: RecordState): Result => {
  if (!isLiveRecord(state) || state.tableId !== command.data.tableId) return recordNotFound();
  const values = validateValues(command.data, command.data.values);
  if (values instanceof DomainError) return values;
  const changes: RecordChanges = {};
  for (const [columnId, to] of Object.entries(values)) {
    const from = state.values[columnId] ?? null;
    if (from !== to) changes[columnId] = { from, to };
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'RecordUpdated', data: { recordId: state.recordId, tableId: state.tableId, projectId: state.projectId, changes } }];
};

/** deleting a deleted record is a no-op, so a retried bulk delete writes nothing twice */
export const deleteRecord = (command: DeleteRecord, state: RecordState): Result => {
  if (!state.exists || state.tableId !== command.data.tableId) return recordNotFound();
  if (state.deleted) return [];
  return [{ type: 'RecordDeleted', data: { recordId: state.recordId, tableId: state.tableId, projectId: state.projectId } }];
};

/** A cell absent from a version is empty: the same as null. */
const sameCell = (a: CellValue | undefined, b: CellValue | undefined): boolean => (a ?? null) === (b ?? null);

export const restoreRecord = (command: RestoreRecord, state: RecordState): Result => {
  const { recordId, tableId, projectId, revisionId, values } = command.data;
  if (state.exists && state.tableId !== tableId) return recordNotFound();
  if (values === null) {
    if (!isLiveRecord(state)) return [];
    return [{ type: 'RecordDeleted', data: { recordId, tableId, projectId, revisionId } }];
  }
  if (!isLiveRecord(state)) {
    return [{ type: 'RecordCreated', data: { recordId, tableId, projectId, values: { ...values }, restoredFrom: revisionId } }];
  }
  const changes: RecordChanges = {};
  for (const columnId of new Set([...Object.keys(state.values), ...Object.keys(values)])) {
    const from = state.values[columnId] ?? null;
    const to = values[columnId] ?? null;
    if (!sameCell(from, to)) changes[columnId] = { from, to };
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'RecordRestored', data: { recordId, tableId, projectId, revisionId, changes } }];
};

export const decideRecord = (command: RecordCommand, state: RecordState): Result => {
  switch (command.type) {
    case 'CreateRecord':
      return createRecord(command, state);
    case 'UpdateRecord':
      return updateRecord(command, state);
    case 'DeleteRecord':
      return deleteRecord(command, state);
    case 'RestoreRecord':
      return restoreRecord(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const recordDecider: Decider<RecordCommand, RecordEvent, RecordState> = {
  initialState: initialRecordState,
  evolve: evolveRecord,
  decide: decideRecord,
};
