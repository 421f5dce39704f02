import { defaultImportMapping } from '@stramien/domain';

/** A CSV header -> the id of the table column it fills, or null: "do not import". */
export type ImportMapping = Record<string, string | null>;

export interface ImportColumn {
  id: string;
  name: string;
}

/**
 * The mapping the wizard starts with: the server's default (a header equal to a column's name, trimmed and in any
 * case, fills that column; the others are not imported).
 */
export const defaultMapping = (headers: readonly string[], columns: readonly ImportColumn[]): ImportMapping =>
  defaultImportMapping(
    headers,
    columns.map((column) => ({ columnId: column.id, name: column.name })),
  );

/** The columns that more than one header would fill (a mapping the wizard does not send). */
export const doubleMappedColumns = (mapping: ImportMapping): string[] => {
  const seen = new Set<string>();
  const doubled = new Set<string>();
  for (const column of Object.values(mapping)) {
    if (column === null) continue;
    if (seen.has(column)) doubled.add(column);
    seen.add(column);
  }
  return [...doubled];
};

/** A mapping worth checking: at least one header imported, no column filled twice. */
export const isMappingComplete = (mapping: ImportMapping): boolean =>
  Object.values(mapping).some((column) => column !== null) && doubleMappedColumns(mapping).length === 0;
