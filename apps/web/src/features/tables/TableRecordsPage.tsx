import { Alert, Button, NonIdealState } from '@blueprintjs/core';
import { AddIcon, ThIcon, TrashIcon } from '@blueprintjs/icons';
import type { ColumnView, RecordView } from '@stramien/api';
import { targetTableOf, type CellValue } from '@stramien/domain';
import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, serverMessage } from '../../shared/apiErrors';
import { serverText } from '../../shared/serverText';
import { QueryState } from '../../shared/QueryState';
import { showToast } from '../../shared/toaster';
import { AsOfBanner } from './components/AsOfBanner/AsOfBanner';
import { ExportTableButton } from './components/ExportTableButton/ExportTableButton';
import type { CellChoice } from './components/CellEditor/CellEditor';
import { RecordLabelsContext } from './components/CellText/CellText';
import { RecordCount } from './components/RecordCount/RecordCount';
import { RecordDocumentDrawer } from './components/RecordDocumentDrawer/RecordDocumentDrawer';
import { RecordHistoryDrawer } from './components/RecordHistoryDrawer/RecordHistoryDrawer';
import { RecordsGrid, type GridSort } from './components/RecordsGrid/RecordsGrid';
import { TimeTravel } from './components/TimeTravel/TimeTravel';
import { ImportRecordsButton } from './import/ImportRecordsButton';
import { asColumn, recordLabel } from './cellValues';
import {
  asOfMoment,
  recordChoicesQuery,
  recordPagesQuery,
  revisionsQuery,
  storeRecord,
  removeRecords,
  addRecord,
  tableCalls,
  type AsOf,
} from './queries';
import { useTable } from './TableLayout';

const byPosition = (a: ColumnView, b: ColumnView) => a.position - b.position;

/**
 * /project/:slug/tables/:tableId — the records grid (spec 2 §2 "Table records"): sorted, filtered and paged on the
 * server, edited cell by cell, records added and deleted in bulk, each record's history in a drawer, and the whole
 * table as of any past moment (read-only, with the columns it had then).
 */
export const TableRecordsPage = () => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<GridSort>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const filters = useDeferredValue(typed);
  const [asOf, setAsOf] = useState<AsOf | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [documentOf, setDocumentOf] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const params = useMemo(() => ({ projectId: table.project.id, tableId: table.id, sort, filters, asOf }), [table, sort, filters, asOf]);
  const pages = useInfiniteQuery(recordPagesQuery(params));
  const revisions = useQuery(revisionsQuery(table.project.id, table.id));
  const records = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? [], [pages.data]);
  const first = pages.data?.pages[0];
  const columns = useMemo(() => [...(asOf ? (first?.columns ?? []) : table.columns)].sort(byPosition), [asOf, first, table.columns]);
  const readOnly = asOf !== null || !table.access.write;

  // the records a `table` column may point to, and the labels its cells show
  const targets = useMemo(
    () => [...new Set(columns.map((column) => targetTableOf(asColumn(column))).filter((id): id is string => id !== null))],
    [columns],
  );
  const targetPages = useQueries({ queries: targets.map((id) => recordChoicesQuery(table.project.id, id)) });
  const { choices, labels } = useMemo(() => {
    const byTable = new Map<string, CellChoice[]>();
    targets.forEach((id, i) => {
      const page = targetPages[i]?.data;
      if (page)
        byTable.set(
          id,
          page.data.map((record) => ({ id: record.id, label: recordLabel(page.columns, record) })),
        );
    });
    const choices: Record<string, CellChoice[]> = {};
    for (const column of columns) {
      const target = targetTableOf(asColumn(column));
      if (target) choices[column.id] = byTable.get(target) ?? [];
    }
    return { choices, labels: new Map([...byTable.values()].flat().map((choice) => [choice.id, choice.label])) };
  }, [targets, targetPages, columns]);

  const selected = Object.keys(selection).filter((id) => selection[id]);
  const create = useMutation({
    mutationFn: () => tableCalls.createRecord({ project: { id: table.project.id }, table: { id: table.id }, values: {} }),
    onSuccess: (answer) => addRecord(queryClient, answer.data, answer.position),
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('tables.grid.failed') }),
  });
  const deleteRecords = useMutation({
    mutationFn: (ids: string[]) => tableCalls.deleteRecords({ records: ids }),
    onSuccess: (answer, ids) => {
      setSelection({});
      setConfirmDelete(false);
      showToast({ intent: 'success', message: serverText(answer.message) });
      removeRecords(queryClient, table.id, ids, answer.position);
    },
    onError: (error) => {
      setConfirmDelete(false);
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('tables.grid.failed') });
    },
  });

  const save = async (record: RecordView, column: ColumnView, value: CellValue): Promise<void> => {
    try {
      const answer = await tableCalls.updateRecord(record.id, { [column.id]: value });
      storeRecord(queryClient, answer.data, answer.position);
      showToast({ intent: 'success', message: serverText(answer.message) });
    } catch (error) {
      const fields = serverFieldErrors(error) ?? {};
      const message = fields[column.id] ?? fields[`values.${column.id}`] ?? fields.values;
      throw new Error(message?.join(' ') ?? serverMessage(error) ?? t('tables.grid.failed'));
    }
  };
  const travel = (next: AsOf | null) => {
    setSelection({});
    setAsOf(next);
  };

  return (
    <div className="stramien-table-records">
      <div className="stramien-tables__toolbar" data-testid="records-toolbar">
        {!readOnly && (
          <Button
            icon={<AddIcon />}
            intent="primary"
            text={t('tables.grid.add')}
            loading={create.isPending}
            onClick={() => create.mutate()}
            data-testid="add-record"
          />
        )}
        {!readOnly && <ImportRecordsButton table={table} />}
        {!readOnly && selected.length > 0 && (
          <Button
            icon={<TrashIcon />}
            intent="danger"
            text={t('tables.grid.delete-selected', { count: selected.length })}
            onClick={() => setConfirmDelete(true)}
            data-testid="delete-records"
          />
        )}
        {first && (
          <span className="bp6-text-muted" data-testid="grid-count">
            {t('tables.grid.count')}: <RecordCount count={first.count} capped={first.count_capped} />
          </span>
        )}
        <TimeTravel revisions={revisions.data ?? []} asOf={asOf} onChange={travel} />
        <ExportTableButton query={() => (sort ? { sort } : {})} />
      </div>
      {asOf && (
        <AsOfBanner
          at={first?.as_of?.at ?? asOfMoment(asOf)}
          revisionName={'revision' in asOf ? asOf.name : null}
          onBackToNow={() => travel(null)}
        />
      )}
      <RecordLabelsContext.Provider value={labels}>
        <QueryState
          query={{ ...pages, data: pages.data ? records : undefined }}
          retry
          isEmpty={() => columns.length === 0}
          empty={
            <NonIdealState
              icon={<ThIcon size={48} />}
              title={t('tables.grid.no-columns')}
              description={t('tables.grid.no-columns-description')}
            />
          }
        >
          <RecordsGrid
            columns={columns}
            records={records}
            count={first?.count ?? 0}
            sort={sort}
            onSort={setSort}
            filters={typed}
            onFilter={(columnId, value) => setTyped((held) => ({ ...held, [columnId]: value }))}
            readOnly={readOnly}
            selection={selection}
            onSelection={setSelection}
            onSave={save}
            onHistory={(record) => setHistoryOf(record.id)}
            onDocument={(record) => setDocumentOf(record.id)}
            choices={choices}
            projectId={table.project.id}
            hasMore={pages.hasNextPage}
            loadingMore={pages.isFetchingNextPage}
            onLoadMore={() => void pages.fetchNextPage()}
          />
          {records.length === 0 && <p className="stramien-tables__none bp6-text-muted">{t('tables.grid.empty')}</p>}
        </QueryState>
        {historyOf && <RecordHistoryDrawer recordId={historyOf} columns={columns} onClose={() => setHistoryOf(null)} />}
        {documentOf && <RecordDocumentDrawer recordId={documentOf} onClose={() => setDocumentOf(null)} />}
      </RecordLabelsContext.Provider>
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('tables.action.delete')}
        cancelButtonText={t('tables.action.cancel')}
        loading={deleteRecords.isPending}
        onConfirm={() => deleteRecords.mutate(selected)}
        onCancel={() => setConfirmDelete(false)}
      >
        {t('tables.grid.confirm-delete', { count: selected.length })}
      </Alert>
    </div>
  );
};
