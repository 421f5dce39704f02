import { Icon } from '@blueprintjs/core';
import type { ColumnView } from '@stramien/api';
import type { CellValue } from '@stramien/domain';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../shared/dates';
import { safeUrl } from '../../../../shared/safeUrl';

/** The labels of records that `table` cells point to (record id -> its first cell), where the page knows them. */
export const RecordLabelsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** A cell's value as a reader sees it: yes/no, a date in the user's language, a link, an e-mail address, text. */
export const CellText = ({ column, value }: { column: Pick<ColumnView, 'type'>; value: CellValue }) => {
  const { t } = useTranslation('tables');
  const { date } = useDateFormat();
  const labels = useContext(RecordLabelsContext);
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'boolean':
      return value === true ? (
        <span className="stramien-cell-bool">
          <Icon icon="tick" size={12} /> {t('tables.cell.yes')}
        </span>
      ) : (
        <span className="stramien-cell-bool bp6-text-muted">{t('tables.cell.no')}</span>
      );
    case 'date':
      return (
        <>
          {typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
            ? date(`${value}T00:00:00`)
            : date(String(value)) || String(value)}
        </>
      );
    case 'link': {
      const href = safeUrl(String(value));
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
          {String(value)}
        </a>
      ) : (
        <>{String(value)}</>
      );
    }
    case 'email':
      return (
        <a href={`mailto:${String(value)}`} onClick={(e) => e.stopPropagation()}>
          {String(value)}
        </a>
      );
    case 'table':
      return <>{labels.get(String(value)) ?? String(value).slice(0, 8)}</>;
    default:
      return <>{String(value)}</>;
  }
};
