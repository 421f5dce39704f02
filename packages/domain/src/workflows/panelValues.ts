import { format, messages } from '../shared/messages';
import { validateCell } from '../tables/columnTypes';
import type { ColumnType } from '../tables/constants';
import type { CellValue } from '../tables/table';
import type { Panel, PanelField, PanelFieldType } from './blockConfig';
import { tableMessages } from '../tables/messages';
import { workflowMessages } from './messages';

/** A job's panel values: field id -> the stored value (the scalars of a table cell; null is empty). */
export type PanelValues = Record<string, CellValue>;

/**
 * Facts the handler reads before a job's values are checked (the domain does no I/O): which of the record ids the
 * `record` fields name are live records of their table (by table name, as the configuration names it), which of
 * the codes the `sbscode` fields name are codes of the project's SBS, and which of the blob ids the `file` fields
 * name are files the user uploaded.
 */
export interface PanelValueContext {
  knownRecords: readonly { recordId: string; table: string }[];
  knownSbsCodes: readonly string[];
  knownFileIds: readonly string[];
}

export const NO_PANEL_FACTS: PanelValueContext = { knownRecords: [], knownSbsCodes: [], knownFileIds: [] };

/**
 * Each field type checked as the table column type of the same kind (tables/columnTypes.ts: one validator per kind
 * of value, shared with the tables): text as `text-field`, number as `float`, checkbox as `boolean`, a choice as a
 * `dropdown` of its options, a record and a file as an id (`table`).
 */
const COLUMN_TYPE_OF: Record<PanelFieldType, ColumnType> = {
  text: 'text-field',
  number: 'float',
  date: 'date',
  checkbox: 'boolean',
  file: 'table',
  sbscode: 'sbscode',
  choice: 'dropdown',
  record: 'table',
};

export type PanelValuesResult = { ok: true; values: PanelValues } | { ok: false; errors: Record<string, string[]> };

/** nothing, spaces only, or an unticked checkbox */
const isEmpty = (field: PanelField, value: CellValue): boolean =>
  value === null || (typeof value === 'string' && value.trim() === '') || (field.type === 'checkbox' && value === false);

/** One field's input -> its stored value or a message. */
const checkField = (field: PanelField, input: unknown, context: PanelValueContext): { value: CellValue } | { error: string } => {
  const options = field.type === 'choice' ? { options: field.options } : null;
  const result = validateCell({ type: COLUMN_TYPE_OF[field.type], options }, input);
  if (!result.ok) return { error: field.type === 'choice' ? workflowMessages.fieldNotAnOption : result.error.message };
  const value = result.value;
  if (value === null) return { value };
  switch (field.type) {
    case 'record':
      return context.knownRecords.some((r) => r.recordId === value && r.table === field.table)
        ? { value }
        : { error: format(workflowMessages.fieldNotARecord, { table: field.table }) };
    case 'sbscode':
      return context.knownSbsCodes.includes(String(value)) ? { value } : { error: tableMessages.notAnSbsCode };
    case 'file':
      return context.knownFileIds.includes(String(value)) ? { value } : { error: workflowMessages.fieldNotAFile };
    default:
      return { value };
  }
};

/**
 * A job's submitted values checked against its panels, with one message per field keyed by field id: unknown
 * fields, values their type refuses, records, SBS codes and files that do not exist. `complete` (finishing the job)
 * also asks every required field to be filled, counting `saved` values, and a required checkbox to be ticked (as
 * HTML's `required` does); saving a draft does not. The answer holds the submitted values as stored.
 */
export const validatePanelValues = (
  panels: readonly Panel[],
  input: Readonly<Record<string, unknown>>,
  context: PanelValueContext,
  options: { complete: boolean; saved?: PanelValues } = { complete: false },
): PanelValuesResult => {
  const fields = new Map(panels.flatMap((panel) => panel.fields).map((field) => [field.id, field]));
  const values: PanelValues = {};
  const errors: Record<string, string[]> = {};
  for (const [fieldId, raw] of Object.entries(input)) {
    const field = fields.get(fieldId);
    if (!field) {
      errors[fieldId] = [workflowMessages.unknownField];
      continue;
    }
    const checked = checkField(field, raw, context);
    if ('error' in checked) errors[fieldId] = [checked.error];
    else values[fieldId] = checked.value;
  }
  if (options.complete) {
    for (const field of fields.values()) {
      if (!field.required || errors[field.id]) continue;
      const value = field.id in values ? values[field.id]! : (options.saved?.[field.id] ?? null);
      if (isEmpty(field, value))
        errors[field.id] = [field.type === 'checkbox' ? workflowMessages.fieldMustBeChecked : messages.validation.required];
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
};
