/** A CSV header -> the id of the table column it fills, or null: "do not import". */
export type ImportMapping = Record<string, string | null>;

export interface ImportColumn {
  id: string;
  name: string;
}

const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The mapping the wizard starts with: a header equal to a column's name (trimmed, any case) fills that column, the
 * others are not imported. The server maps the same way when no mapping is sent.
 */
export const defaultMapping = (headers: readonly string[], columns: readonly ImportColumn[]): ImportMapping => {
  const taken = new Set<string>();
  return Object.fromEntries(
    headers.map((header) => {
      const column = columns.find((c) => !taken.has(c.id) && sameName(c.name, header));
      if (column) taken.add(column.id);
      return [header, column?.id ?? null];
    }),
  );
};

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
