import { Button, Checkbox, InputGroup } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon, DocumentIcon, HistoryIcon } from '@blueprintjs/icons';
import type { ColumnView, RecordView } from '@stramien/api';
import type { CellValue } from '@stramien/domain';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreRows, VirtualRows } from '../../../../shared/VirtualRows';
import { CellEditor, type CellChoice } from '../CellEditor/CellEditor';
import { CellText } from '../CellText/CellText';

export const RECORD_ROW_HEIGHT = 36;

export type GridSort = { column: string; order: 'ASC' | 'DESC' } | null;

export interface RecordsGridProps {
  /** the columns shown (the table's now, or those it had at the moment viewed), in position order */
  columns: ColumnView[];
  records: RecordView[];
  /** the count the server answered for all pages (capped) */
  count: number;
  sort: GridSort;
  onSort: (sort: GridSort) => void;
  /** column id -> the filter typed (equals) */
  filters: Record<string, string>;
  onFilter: (columnId: string, value: string) => void;
  /** a past moment, or a user without write access: no editing, no selection */
  readOnly: boolean;
  selection: RowSelectionState;
  onSelection: OnChangeFn<RowSelectionState>;
  /** saves one cell; rejects with the message to show on the cell */
  onSave: (record: RecordView, column: ColumnView, value: CellValue) => Promise<void>;
  onHistory: (record: RecordView) => void;
  /** opens the record as a document */
  onDocument: (record: RecordView) => void;
  /** the records a `table` column may point to, by column id */
  choices: Record<string, CellChoice[]>;
  /** the project whose SBS an sbscode cell picks from */
  projectId: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

type CellKey = `${string}:${string}`;
const keyOf = (recordId: string, columnId: string): CellKey => `${recordId}:${columnId}`;

/**
 * The records grid: TanStack Table for the column model, sorting and row selection; TanStack Virtual for the rows
 * (only the visible ones are in the DOM, the next page loads as the end comes into view). A header click sorts on
 * the server, the box under a header filters that column, a click on a cell opens its editor by type.
 */
export const RecordsGrid = (props: RecordsGridProps) => {
  const { columns, records, sort, onSort, filters, onFilter, readOnly, hasMore, loadingMore, onLoadMore } = props;
  const { t } = useTranslation('tables');
  const [editing, setEditing] = useState<CellKey | null>(null);
  const [saving, setSaving] = useState<CellKey | null>(null);
  const [errors, setErrors] = useState<Record<CellKey, string>>({});

  const sorting: SortingState = sort ? [{ id: sort.column, desc: sort.order === 'DESC' }] : [];
  const definitions = useMemo<ColumnDef<RecordView>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.name,
        accessorFn: (record) => record.values[column.id] ?? null,
        meta: column,
      })),
    [columns],
  );
  const table = useReactTable({
    data: records,
    columns: definitions,
    getRowId: (record) => record.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: !readOnly,
    state: { sorting, rowSelection: props.selection },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSort(first ? { column: first.id, order: first.desc ? 'DESC' : 'ASC' } : null);
    },
    onRowSelectionChange: props.onSelection,
  });
  const rows = table.getRowModel().rows;

  const { scroller, virtualizer } = useLoadMoreRows({
    loaded: rows.length,
    hasMore,
    loadingMore,
    onLoadMore,
    rowHeight: RECORD_ROW_HEIGHT,
  });
  useEffect(() => {
    if (readOnly) setEditing(null);
  }, [readOnly]);

  const template = `40px repeat(${columns.length}, minmax(150px, 1fr)) 72px`;
  const save = async (record: RecordView, column: ColumnView, value: CellValue) => {
    const key = keyOf(record.id, column.id);
    setSaving(key);
    try {
      await props.onSave(record, column, value);
      setErrors(({ [key]: _gone, ...rest }) => rest);
      setEditing((current) => (current === key ? null : current));
    } catch (error) {
      setErrors((held) => ({ ...held, [key]: error instanceof Error ? error.message : String(error) }));
    } finally {
      setSaving(null);
    }
  };

  return (
    <div
      ref={scroller}
      className="stramien-records-grid"
      role="grid"
      aria-label={t('tables.grid.label')}
      aria-rowcount={props.count}
      aria-readonly={readOnly}
      data-testid="records-grid"
    >
      <div className="stramien-records-grid__row stramien-records-grid__head" role="row" style={{ gridTemplateColumns: template }}>
        <div role="columnheader">
          {!readOnly && (
            <Checkbox
              aria-label={t('tables.grid.select-all')}
              checked={table.getIsAllRowsSelected()}
              indeterminate={table.getIsSomeRowsSelected()}
              onChange={table.getToggleAllRowsSelectedHandler()}
            />
          )}
        </div>
        {table.getHeaderGroups()[0]?.headers.map((header) => {
          const column = header.column.columnDef.meta as ColumnView;
          const sorted = header.column.getIsSorted();
          return (
            <div
              key={header.id}
              role="columnheader"
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              data-column={column.name}
              className="stramien-records-grid__header"
            >
              <Button
                variant="minimal"
                size="small"
                alignText="start"
                fill
                text={column.name}
                title={t(`tables.type.${column.type}`)}
                endIcon={sorted === 'asc' ? <ChevronUpIcon /> : sorted === 'desc' ? <ChevronDownIcon /> : undefined}
                onClick={header.column.getToggleSortingHandler()}
                data-testid="column-sort"
              />
              <InputGroup
                size="small"
                type="search"
                aria-label={t('tables.grid.filter', { column: column.name })}
                placeholder={t('tables.grid.filter-placeholder')}
                value={filters[column.id] ?? ''}
                onValueChange={(value) => onFilter(column.id, value)}
                data-testid="column-filter"
              />
            </div>
          );
        })}
        <div role="columnheader" />
      </div>
      <VirtualRows
        virtualizer={virtualizer}
        loaded={rows.length}
        moreLabel={t('tables.grid.loading-more')}
        moreClassName="stramien-records-grid__more"
      >
        {(index, style) => {
          const row = rows[index]!;
          const record = row.original;
          return (
            <div
              key={row.id}
              style={{ ...style, gridTemplateColumns: template, zIndex: editing?.startsWith(`${record.id}:`) ? 2 : undefined }}
              className={`stramien-records-grid__row${row.getIsSelected() ? ' stramien-records-grid__row--selected' : ''}`}
              role="row"
              aria-rowindex={index + 1}
              aria-selected={row.getIsSelected()}
              data-testid="record-row"
              data-record={record.id}
            >
              <div role="gridcell">
                {!readOnly && (
                  <Checkbox
                    aria-label={t('tables.grid.select-row', { number: index + 1 })}
                    checked={row.getIsSelected()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                )}
              </div>
              {row.getVisibleCells().map((cell) => {
                const column = cell.column.columnDef.meta as ColumnView;
                const key = keyOf(record.id, column.id);
                const value = (cell.getValue() as CellValue | undefined) ?? null;
                const error = errors[key];
                return (
                  <div
                    key={cell.id}
                    role="gridcell"
                    data-column={column.name}
                    className={`stramien-records-grid__cell${error ? ' stramien-records-grid__cell--error' : ''}`}
                    title={error}
                    onClick={() => !readOnly && editing !== key && setEditing(key)}
                  >
                    {editing === key ? (
                      <CellEditor
                        column={column}
                        value={value}
                        error={error}
                        busy={saving === key}
                        choices={props.choices[column.id]}
                        projectId={props.projectId}
                        onCommit={(next) => void save(record, column, next)}
                        onCancel={() => setEditing(null)}
                      />
                    ) : (
                      <CellText column={column} value={value} />
                    )}
                  </div>
                );
              })}
              <div role="gridcell">
                <Button
                  variant="minimal"
                  size="small"
                  icon={<HistoryIcon />}
                  aria-label={t('tables.history.open')}
                  onClick={() => props.onHistory(record)}
                  data-testid="record-history"
                />
                <Button
                  variant="minimal"
                  size="small"
                  icon={<DocumentIcon />}
                  aria-label={t('tables.document.open')}
                  onClick={() => props.onDocument(record)}
                  data-testid="record-document"
                />
              </div>
            </div>
          );
        }}
      </VirtualRows>
    </div>
  );
};
