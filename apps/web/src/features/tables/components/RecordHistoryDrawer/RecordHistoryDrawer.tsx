import { Drawer, DrawerSize, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import type { ColumnView, RecordChange } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../shared/dates';
import { QueryState } from '../../../../shared/QueryState';
import { recordHistoryQuery } from '../../queries';
import { CellText } from '../CellText/CellText';

export interface RecordHistoryDrawerProps {
  recordId: string;
  columns: ColumnView[];
  onClose: () => void;
}

const EVENT_KEYS = {
  RecordCreated: 'tables.history.created',
  RecordUpdated: 'tables.history.updated',
  RecordRestored: 'tables.history.restored',
  RecordDeleted: 'tables.history.deleted',
} as const satisfies Record<RecordChange['event'], string>;

/** A record's history (GET /record/history/:id): newest first, each change with who, when and old → new per cell. */
export const RecordHistoryDrawer = ({ recordId, columns, onClose }: RecordHistoryDrawerProps) => {
  const { t } = useTranslation('tables');
  const { dateTime } = useDateFormat();
  const history = useQuery(recordHistoryQuery(recordId));
  const columnOf = (id: string) => columns.find((c) => c.id === id);
  return (
    <Drawer isOpen onClose={onClose} size={DrawerSize.SMALL} title={t('tables.history.title')} icon={<HistoryIcon />}>
      <div className="stramien-record-history" data-testid="record-history-drawer">
        <QueryState query={history} empty={<NonIdealState title={t('tables.history.empty')} />}>
          {(changes) => (
            <ol className="stramien-record-history__list">
              {[...changes].reverse().map((change) => (
                <li key={`${change.position}-${change.event}`} data-testid="record-change">
                  <div className="stramien-record-history__who">
                    <Tag
                      minimal
                      intent={change.event === 'RecordDeleted' ? 'danger' : change.event === 'RecordCreated' ? 'success' : 'none'}
                    >
                      {t(EVENT_KEYS[change.event])}
                    </Tag>{' '}
                    <strong>{change.by.name}</strong> <span className="bp6-text-muted">{dateTime(change.at)}</span>
                  </div>
                  {change.cells.length > 0 && (
                    <HTMLTable compact className="stramien-record-history__cells">
                      <tbody>
                        {change.cells.map((cell) => {
                          const column = columnOf(cell.column.id);
                          const show = (value: typeof cell.from) =>
                            column ? <CellText column={column} value={value} /> : value === null ? '' : String(value);
                          return (
                            <tr key={cell.column.id} data-testid="record-change-cell">
                              <th scope="row">{column?.name ?? cell.column.name ?? cell.column.id}</th>
                              <td className="stramien-record-history__old">
                                {cell.from === null ? <em>{t('tables.cell.empty')}</em> : show(cell.from)}
                              </td>
                              <td aria-hidden="true">→</td>
                              <td className="stramien-record-history__new">
                                {cell.to === null ? <em>{t('tables.cell.empty')}</em> : show(cell.to)}
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </HTMLTable>
                  )}
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      </div>
    </Drawer>
  );
};
