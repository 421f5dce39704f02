import { Callout, H5, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { ChangesIcon } from '@blueprintjs/icons';
import type { ColumnView, RevisionCompare as Comparison } from '@stramien/api';
import type { CellValue } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { CellText } from '../CellText/CellText';

export interface RevisionCompareProps {
  comparison: Comparison;
}

/**
 * The difference between two states of a table (spec 2 §4: Actual or a revision on each side): the records added,
 * the records removed, and the records changed with each changed cell as old → new.
 */
export const RevisionCompare = ({ comparison }: RevisionCompareProps) => {
  const { t } = useTranslation('tables');
  const { columns, added, removed, changed } = comparison;
  if (added.length + removed.length + changed.length === 0)
    return (
      <div data-testid="compare-none">
        <NonIdealState icon={<ChangesIcon size={32} />} title={t('tables.compare.no-differences')} />
      </div>
    );
  return (
    <div className="stramien-revision-compare" data-testid="revision-compare">
      {comparison.capped && <Callout intent="warning">{t('tables.compare.capped')}</Callout>}
      <Snapshots kind="added" columns={columns} records={added} />
      <Snapshots kind="removed" columns={columns} records={removed} />
      {changed.length > 0 && (
        <section data-testid="compare-changed">
          <H5>
            {t('tables.compare.changed')} <Tag minimal>{changed.length}</Tag>
          </H5>
          <HTMLTable compact striped className="stramien-revision-compare__table">
            <thead>
              <tr>
                <th scope="col">{t('tables.compare.record')}</th>
                <th scope="col">{t('tables.compare.column')}</th>
                <th scope="col">{t('tables.compare.before')}</th>
                <th scope="col">{t('tables.compare.after')}</th>
              </tr>
            </thead>
            <tbody>
              {changed.flatMap((record) =>
                record.cells.map((cell, i) => {
                  const column = columns.find((c) => c.id === cell.column.id);
                  return (
                    <tr key={`${record.id}-${cell.column.id}`} data-testid="compare-change">
                      {i === 0 && (
                        <td rowSpan={record.cells.length}>
                          <RecordName columns={columns} values={record.values} id={record.id} />
                        </td>
                      )}
                      <td>{column?.name ?? cell.column.name ?? cell.column.id}</td>
                      <td className="stramien-revision-compare__old">
                        <Value column={column} value={cell.from} />
                      </td>
                      <td className="stramien-revision-compare__new">
                        <Value column={column} value={cell.to} />
                      </td>
                    </tr>
                  );
                }),
              )}
            </tbody>
          </HTMLTable>
        </section>
      )}
    </div>
  );
};

const Value = ({ column, value }: { column: ColumnView | undefined; value: CellValue }) =>
  column ? <CellText column={column} value={value} /> : <>{value === null ? '' : String(value)}</>;

/** A record by its first filled cell, for a reader; its id where it has none. */
const RecordName = ({ columns, values, id }: { columns: ColumnView[]; values: Record<string, CellValue>; id: string }) => {
  const first = columns.find((c) => values[c.id] !== null && values[c.id] !== undefined && values[c.id] !== '');
  return first ? <CellText column={first} value={values[first.id] ?? null} /> : <code>{id.slice(0, 8)}</code>;
};

const Snapshots = ({
  kind,
  columns,
  records,
}: {
  kind: 'added' | 'removed';
  columns: ColumnView[];
  records: { id: string; values: Record<string, CellValue> }[];
}) => {
  const { t } = useTranslation('tables');
  if (records.length === 0) return null;
  return (
    <section data-testid={`compare-${kind}`}>
      <H5>
        {t(`tables.compare.${kind}`)} <Tag minimal>{records.length}</Tag>
      </H5>
      <HTMLTable compact striped className={`stramien-revision-compare__table stramien-revision-compare__${kind}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.id}>
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              {columns.map((column) => (
                <td key={column.id}>
                  <CellText column={column} value={record.values[column.id] ?? null} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
};
