import { HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../notifications/downloads/downloadFile';
import type { ChosenFile } from '../csvFile';

/**
 * Step 2: the first rows of the file as the browser read them (the separator found, a BOM dropped, quoted line breaks
 * kept in their cell). Row numbers are a spreadsheet's: the column names are row 1.
 */
export const PreviewStep = ({ file }: { file: ChosenFile }) => {
  const { t, i18n } = useTranslation('tablesImport');
  const { headers, rows, delimiter } = file.preview;
  return (
    <div data-testid="import-step-preview">
      <p className="stramien-import__file">
        <strong data-testid="import-file-name">{file.name}</strong>{' '}
        <span className="bp6-text-muted">{formatSize(file.size, i18n.language)}</span>{' '}
        <Tag minimal data-testid="import-delimiter">
          {t('tablesImport.preview.delimiter', {
            delimiter: t(delimiter === ';' ? 'tablesImport.preview.semicolon' : 'tablesImport.preview.comma'),
          })}
        </Tag>
      </p>
      {rows.length === 0 ? (
        <NonIdealState title={t('tablesImport.preview.no-rows')} description={t('tablesImport.preview.no-rows-description')} />
      ) : (
        <>
          <p>{t('tablesImport.preview.first-rows', { count: rows.length })}</p>
          <div className="stramien-import__scroll">
            <HTMLTable compact striped className="stramien-import__table" data-testid="import-preview">
              <thead>
                <tr>
                  <th>{t('tablesImport.preview.row')}</th>
                  {headers.map((header, i) => (
                    <th key={i}>{header}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={r} data-testid="import-preview-row">
                    <td className="bp6-text-muted">{r + 2}</td>
                    {headers.map((_, c) => (
                      <td key={c}>{row[c] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </>
      )}
    </div>
  );
};
