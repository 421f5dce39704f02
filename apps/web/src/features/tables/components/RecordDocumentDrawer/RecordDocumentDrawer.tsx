import { Drawer, DrawerSize, HTMLTable, Tag } from '@blueprintjs/core';
import { DocumentIcon } from '@blueprintjs/icons';
import type { RecordDocument } from '@stramien/api';
import type { ColumnType } from '@stramien/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../shared/dates';
import { QueryState } from '../../../../shared/QueryState';
import { recordDocumentQuery } from '../../queries';
import { CellText } from '../CellText/CellText';

export interface RecordDocumentDrawerProps {
  recordId: string;
  onClose: () => void;
}

type Field = RecordDocument['fields'][number];

/** the text a field reads as: the linked record's text, the SBS code with its label, else the server's display */
const FieldValue = ({ field }: { field: Field }) => {
  const { t } = useTranslation('tables');
  if (field.value === null || field.display === null) return <em className="bp6-text-muted">{t('tables.cell.empty')}</em>;
  if (field.column.type === 'table')
    return field.record ? <span>{field.record.display}</span> : <span className="bp6-text-muted">{t('tables.document.record-gone')}</span>;
  if (field.sbs)
    return (
      <span>
        <code>{field.sbs.code}</code> {field.sbs.label ?? <em className="bp6-text-muted">{t('tables.document.sbs-gone')}</em>}
      </span>
    );
  // the other types read as in the grid: yes/no, dates in the user's language, links and addresses clickable
  return (
    <span className="stramien-record-document__text">
      <CellText column={{ type: field.column.type as ColumnType }} value={field.value} />
    </span>
  );
};

/**
 * A record as a document (GET /record/document/:id; spec 2 "record document"): every column with the value as a
 * user reads it, who made and last changed the record and when, and how many versions it has had.
 */
export const RecordDocumentDrawer = ({ recordId, onClose }: RecordDocumentDrawerProps) => {
  const { t } = useTranslation('tables');
  const { dateTime } = useDateFormat();
  const document = useQuery(recordDocumentQuery(recordId));
  return (
    <Drawer isOpen onClose={onClose} size={DrawerSize.SMALL} title={t('tables.document.title')} icon={<DocumentIcon />}>
      <div className="stramien-record-document" data-testid="record-document-drawer">
        <QueryState query={document}>
          {(doc) => (
            <>
              <p className="bp6-text-muted">
                {doc.project.name} · {doc.table.name}
              </p>
              <HTMLTable compact className="stramien-record-document__fields">
                <tbody>
                  {doc.fields.map((field) => (
                    <tr key={field.column.id} data-testid="record-document-field">
                      <th scope="row">
                        {field.column.name}{' '}
                        <Tag minimal className="stramien-record-document__type">
                          {t(`tables.type.${field.column.type}`, { defaultValue: field.column.type })}
                        </Tag>
                      </th>
                      <td>
                        <FieldValue field={field} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
              <dl className="stramien-record-document__meta">
                <dt>{t('tables.document.created')}</dt>
                <dd>
                  {doc.created_by.name}, {dateTime(doc.created_at)}
                </dd>
                <dt>{t('tables.document.updated')}</dt>
                <dd>
                  {doc.updated_by.name}, {dateTime(doc.updated_at)}
                </dd>
                <dt>{t('tables.document.versions')}</dt>
                <dd data-testid="record-document-versions">{t('tables.document.version-count', { count: doc.revision_count })}</dd>
              </dl>
            </>
          )}
        </QueryState>
      </div>
    </Drawer>
  );
};
