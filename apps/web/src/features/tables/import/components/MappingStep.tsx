import { Callout, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ChosenFile } from '../csvFile';
import { doubleMappedColumns, type ImportColumn, type ImportMapping } from '../mapping';

/** The select's value for "do not import" (a column id is never empty). */
const SKIP = '';

/**
 * Step 3: each column of the file goes to a column of the table, or is not imported. It starts with the columns of
 * equal name; a table column chosen twice is pointed out and holds the wizard back.
 */
export const MappingStep = ({
  file,
  columns,
  mapping,
  onMap,
}: {
  file: ChosenFile;
  columns: ImportColumn[];
  mapping: ImportMapping;
  onMap: (header: string, column: string | null) => void;
}) => {
  const { t } = useTranslation('tablesImport');
  const { headers, rows } = file.preview;
  const doubled = doubleMappedColumns(mapping);
  const nameOf = (id: string) => columns.find((c) => c.id === id)?.name ?? id;
  const none = Object.values(mapping).every((column) => column === null);
  return (
    <div data-testid="import-step-mapping">
      <p>{t('tablesImport.mapping.intro')}</p>
      <div className="stramien-import__scroll">
        <HTMLTable compact className="stramien-import__table" data-testid="import-mapping">
          <thead>
            <tr>
              <th>{t('tablesImport.mapping.header')}</th>
              <th>{t('tablesImport.mapping.example')}</th>
              <th>{t('tablesImport.mapping.column')}</th>
            </tr>
          </thead>
          <tbody>
            {headers.map((header, i) => (
              <tr key={i} data-testid="import-mapping-row" data-header={header}>
                <td>
                  <strong>{header}</strong>
                </td>
                <td className="bp6-text-muted stramien-import__example">{rows[0]?.[i] ?? ''}</td>
                <td>
                  <HTMLSelect
                    aria-label={t('tablesImport.mapping.select-label', { header })}
                    value={mapping[header] ?? SKIP}
                    onChange={(event) => onMap(header, event.currentTarget.value === SKIP ? null : event.currentTarget.value)}
                    options={[
                      { value: SKIP, label: t('tablesImport.mapping.skip') },
                      ...columns.map((column) => ({ value: column.id, label: column.name })),
                    ]}
                    fill
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {doubled.map((id) => (
        <Callout key={id} intent="warning" role="alert" data-testid="import-mapping-double">
          {t('tablesImport.mapping.double', { column: nameOf(id) })}
        </Callout>
      ))}
      {none && (
        <Callout intent="primary" data-testid="import-mapping-none">
          {t('tablesImport.mapping.none')}
        </Callout>
      )}
    </div>
  );
};
