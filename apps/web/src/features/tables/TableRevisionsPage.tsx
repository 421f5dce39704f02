import { Button, Card, H4, HTMLSelect, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { ChangesIcon, FloppyDiskIcon, HistoryIcon, UndoIcon } from '@blueprintjs/icons';
import type { RevisionView } from '@stramien/api';
import { REVISION_REASON_MAX } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../shared/dates';
import { QueryState } from '../../shared/QueryState';
import { useSession } from '../identity/session/useSession';
import { NameDialog } from '../../shared/forms/NameDialog';
import { RestoreRevisionDialog } from './components/RestoreRevisionDialog/RestoreRevisionDialog';
import { RevisionCompare } from './components/RevisionCompare/RevisionCompare';
import { compareQuery, revisionsQuery, storeRevision, tableCalls } from './queries';
import { useTable } from './TableLayout';

const ACTUAL = 'actual';

/** spec 2 §3: a revision's reason is a timestamp plus the last name of the user. */
export const defaultReason = (now: Date, lastName: string): string => `${now.toISOString()} ${lastName}`.trim();

/**
 * /project/:slug/tables/:tableId/revisions — the table's revisions newest first (spec 2 §4), storing one (managers),
 * and the comparison of two states, Actual or a revision on either side: added, removed and changed records.
 */
export const TableRevisionsPage = () => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const { dateTime } = useDateFormat();
  const revisions = useQuery(revisionsQuery(table.project.id, table.id));
  const [storing, setStoring] = useState(false);
  const [restoring, setRestoring] = useState<RevisionView | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState(ACTUAL);
  const [compared, setCompared] = useState<{ from: string; to: string } | null>(null);
  const list = revisions.data ?? [];
  const fromValue = from ?? list[0]?.id ?? ACTUAL;
  const sides = [
    { value: ACTUAL, label: t('tables.revisions.actual') },
    ...list.map((r) => ({ value: r.id, label: `${r.name} — ${dateTime(r.created_at)}` })),
  ];

  return (
    <div className="stramien-table-revisions" data-testid="table-revisions">
      <Card className="stramien-table-settings__card">
        <div className="stramien-tables__toolbar">
          <H4>{t('tables.revisions.title')}</H4>
          {table.access.manage && (
            <Button
              intent="primary"
              icon={<FloppyDiskIcon />}
              text={t('tables.revisions.store')}
              onClick={() => setStoring(true)}
              data-testid="store-revision"
            />
          )}
        </div>
        <QueryState query={revisions} retry empty={<NonIdealState icon={<HistoryIcon size={32} />} title={t('tables.revisions.empty')} />}>
          {(rows: RevisionView[]) => (
            <HTMLTable compact striped className="stramien-table-settings__table" data-testid="revisions-list">
              <thead>
                <tr>
                  <th scope="col">{t('tables.revisions.reason')}</th>
                  <th scope="col">{t('tables.revisions.stored-at')}</th>
                  <th scope="col">{t('tables.revisions.stored-by')}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {rows.map((revision) => (
                  <tr key={revision.id} data-testid="revision-row">
                    <td>{revision.name}</td>
                    <td>{dateTime(revision.created_at)}</td>
                    <td>{revision.created_by.name}</td>
                    <td className="stramien-table-settings__actions">
                      <Button
                        variant="minimal"
                        size="small"
                        icon={<ChangesIcon />}
                        text={t('tables.revisions.compare-actual')}
                        onClick={() => {
                          setFrom(revision.id);
                          setTo(ACTUAL);
                          setCompared({ from: revision.id, to: ACTUAL });
                        }}
                      />
                      {table.access.manage && (
                        <Button
                          variant="minimal"
                          size="small"
                          icon={<UndoIcon />}
                          text={t('tables.restore.action')}
                          onClick={() => setRestoring(revision)}
                          data-testid="restore-revision"
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      </Card>
      <Card className="stramien-table-settings__card" data-testid="compare-card">
        <H4>{t('tables.compare.title')}</H4>
        <form
          className="stramien-tables__toolbar"
          onSubmit={(event) => {
            event.preventDefault();
            setCompared({ from: fromValue, to });
          }}
        >
          <HTMLSelect
            aria-label={t('tables.compare.from')}
            value={fromValue}
            onChange={(e) => setFrom(e.currentTarget.value)}
            options={sides}
            data-testid="compare-from"
          />
          <span aria-hidden="true">→</span>
          <HTMLSelect
            aria-label={t('tables.compare.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            options={sides}
            data-testid="compare-to"
          />
          <Button type="submit" icon={<ChangesIcon />} text={t('tables.compare.run')} data-testid="compare-run" />
        </form>
        {compared && <Comparison from={compared.from} to={compared.to} />}
      </Card>
      {storing && <StoreRevisionDialog onClose={() => setStoring(false)} />}
      {restoring && <RestoreRevisionDialog revision={restoring} onClose={() => setRestoring(null)} />}
    </div>
  );
};

const Comparison = ({ from, to }: { from: string; to: string }) => {
  const table = useTable();
  const comparison = useQuery(compareQuery(table.project.id, table.id, from, to));
  return <QueryState query={comparison}>{(data) => <RevisionCompare comparison={data} />}</QueryState>;
};

/** Stores the table's current state as a revision; the reason starts as the time and the user's last name (spec 2 §3). */
const StoreRevisionDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState(() => defaultReason(new Date(), user.lastname));
  const store = useMutation({
    mutationFn: () => tableCalls.storeRevision({ project: { id: table.project.id }, table: { id: table.id }, reason: reason.trim() }),
    onSuccess: (answer) => {
      storeRevision(queryClient, answer.data, answer.position);
      onClose();
    },
  });
  return (
    <NameDialog
      title={t('tables.revisions.store')}
      id="revision-reason"
      label={t('tables.revisions.reason')}
      field="reason"
      value={reason}
      onChange={setReason}
      maxLength={REVISION_REASON_MAX}
      submitText={t('tables.revisions.store-submit')}
      submitTestId="store-revision-submit"
      formTestId="store-revision-form"
      cancelText={t('tables.action.cancel')}
      failedText={t('tables.settings.failed')}
      pending={store.isPending}
      error={store.error}
      onSubmit={() => store.mutate()}
      onClose={onClose}
    />
  );
};
