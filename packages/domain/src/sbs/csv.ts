import Papa from 'papaparse';
import { format } from '../shared/messages';
import { sbsMessages } from './messages';
import { parentNotFoundMessage, sbsNodeFieldErrors } from './rules';
import { SBS_BULK_MAX } from './sbsNode';

/** One data row of an SBS import: its line in the file (the header is line 1) and its three fields. */
export interface SbsImportRow {
  line: number;
  code: string;
  label: string;
  parentCode: string;
}

/** Errors of an import by row, keyed 'row <line>' (the error envelope's `errors`), plus 'file' for the whole file. */
export type SbsImportErrors = Record<string, string[]>;

const HEADER_NAMES: Record<string, 'code' | 'label' | 'parentCode'> = {
  code: 'code',
  label: 'label',
  'parent code': 'parentCode',
  parent_code: 'parentCode',
  parentcode: 'parentCode',
  parent: 'parentCode',
};

/**
 * Splits CSV text into records with papaparse (RFC 4180: quoted fields with "" escapes and line breaks), `,` or `;`
 * as the header line has more of, a BOM dropped; null when a quote is never closed. The same function runs in the
 * browser's preview and on the server.
 */
export const splitCsv = (text: string): string[][] | null => {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  if (parsed.errors.some((error) => error.type === 'Quotes')) return null;
  const records = parsed.data;
  // a file that ends with a line break has no record after it
  const last = records[records.length - 1];
  if (last && last.length === 1 && last[0] === '') records.pop();
  return records;
};

/** The rows of an SBS CSV (header `code,label,parent code`, any order, case-insensitive), or the file's error. */
export const parseSbsCsv = (text: string): { rows: SbsImportRow[] } | { error: string } => {
  const records = splitCsv(text);
  if (!records) return { error: sbsMessages.importUnclosedQuote };
  const [header, ...data] = records;
  const columns = (header ?? []).map((name) => HEADER_NAMES[name.trim().toLowerCase()]);
  const at = (name: 'code' | 'label' | 'parentCode') => columns.indexOf(name);
  if (at('code') === -1 || at('label') === -1) return { error: sbsMessages.importHeader };
  const rows = data
    .map((fields, i) => ({
      line: i + 2,
      code: (fields[at('code')] ?? '').trim(),
      label: (fields[at('label')] ?? '').trim(),
      parentCode: at('parentCode') === -1 ? '' : (fields[at('parentCode')] ?? '').trim(),
    }))
    .filter((row, i) => data[i]!.some((f) => f.trim() !== '') || row.code !== '');
  if (rows.length === 0) return { error: sbsMessages.importEmpty };
  if (rows.length > SBS_BULK_MAX) return { error: format(sbsMessages.importTooLarge, { max: SBS_BULK_MAX }) };
  return { rows };
};

/** A node of the version as the import needs it. */
export interface SbsExistingNode {
  id: string;
  parentCode: string | null;
}

/** What an import does with one valid row: a new node, or a change to an existing one (`id`). */
export interface SbsImportStep {
  /** the row's line in the file */
  line: number;
  code: string;
  label: string;
  parentCode: string | null;
  id: string | null;
  /** 0 for a row whose parent is not in the file; a row comes after its parent's row */
  depth: number;
}

/**
 * Validates an import against the version's nodes (by code) and orders it parents first. All or nothing: any error
 * answers the errors of every row and no step. Rows name existing codes to change them (label, parent).
 */
export const planSbsImport = (
  rows: SbsImportRow[],
  existing: ReadonlyMap<string, SbsExistingNode>,
): { steps: SbsImportStep[] } | { errors: SbsImportErrors } => {
  const errors: SbsImportErrors = {};
  const add = (row: SbsImportRow, message: string) => (errors[`row ${row.line}`] ??= []).push(message);
  const byCode = new Map<string, SbsImportRow>();
  for (const row of rows) {
    for (const messages of Object.values(sbsNodeFieldErrors(row.code, row.label))) messages.forEach((m) => add(row, m));
    if (row.code === '') continue;
    if (byCode.has(row.code)) add(row, format(sbsMessages.importDuplicate, { code: row.code }));
    else byCode.set(row.code, row);
  }
  const parentOf = (code: string): string | null => {
    const row = byCode.get(code);
    if (row) return row.parentCode || null;
    return existing.get(code)?.parentCode ?? null;
  };
  for (const row of byCode.values()) {
    if (!row.parentCode) continue;
    if (row.parentCode === row.code) {
      add(row, sbsMessages.parentIsSelf);
      continue;
    }
    if (!byCode.has(row.parentCode) && !existing.has(row.parentCode)) {
      add(row, parentNotFoundMessage(row.parentCode));
      continue;
    }
    const seen = new Set([row.code]);
    for (let up = parentOf(row.parentCode) ?? null; up !== null; up = parentOf(up)) {
      if (seen.has(up)) {
        add(row, format(sbsMessages.parentCycle, { code: row.parentCode }));
        break;
      }
      seen.add(up);
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  const depths = new Map<string, number>();
  const depthOf = (code: string): number => {
    const known = depths.get(code);
    if (known !== undefined) return known;
    const parent = byCode.has(code) ? parentOf(code) : null;
    const d = parent && byCode.has(parent) ? depthOf(parent) + 1 : 0;
    depths.set(code, d);
    return d;
  };
  const steps = [...byCode.values()]
    .map((row) => ({ row, depth: depthOf(row.code) }))
    .sort((a, b) => a.depth - b.depth || a.row.line - b.row.line)
    .map(({ row, depth }) => ({
      line: row.line,
      code: row.code,
      label: row.label,
      parentCode: row.parentCode || null,
      id: existing.get(row.code)?.id ?? null,
      depth,
    }));
  return { steps };
};
