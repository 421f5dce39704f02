import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { RevisionView } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../shared/apiErrors';
import { serverText } from '../../../../shared/serverText';
import { showToast } from '../../../../shared/toaster';
import { JobProgress } from '../../../../shared/jobs/JobProgress';
import { hasEnded, jobQuery } from '../../../../shared/jobs/jobQuery';
import { tableCalls, tableKeys } from '../../queries';

export interface RestoreRevisionDialogProps {
  revision: RevisionView;
  onClose: () => void;
}

/**
 * Restores the table to a revision (docs/tables.md "Revisions"): says what happens first (the current state is stored
 * as a new revision, then the records come back), then follows the background job's progress, with a Cancel (what
 * was brought back stays); at its end the revisions, the grid and the comparisons load again.
 */
export const RestoreRevisionDialog = ({ revision, onClose }: RestoreRevisionDialogProps) => {
  const { t } = useTranslation('tables');
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => tableCalls.restoreRevision(revision.id),
    onSuccess: (answer) => showToast({ intent: 'primary', message: serverText(answer.message) }),
  });
  const jobId = start.data?.data.id ?? '';
  const job = useQuery({ ...jobQuery(jobId), enabled: jobId !== '' });
  const state = job.data?.state;
  const ended = job.data !== undefined && hasEnded(job.data);

  useEffect(() => {
    if (!ended) return;
    const tableId = revision.table.id;
    for (const key of [tableKeys.revisions(tableId), tableKeys.records(tableId), tableKeys.detail(tableId), ['tables', 'compare', tableId]])
      void queryClient.invalidateQueries({ queryKey: key });
  }, [ended, queryClient, revision.table.id]);

  const running = start.isPending || (jobId !== '' && !ended);
  return (
    <Dialog isOpen onClose={running ? undefined : onClose} title={t('tables.restore.title', { name: revision.name })}>
      <DialogBody>
        <div data-testid="restore-dialog">
          {!start.isSuccess && <p>{t('tables.restore.explain', { name: revision.name })}</p>}
          {start.error && (
            <Callout intent="danger" compact>
              {serverMessage(start.error) ?? t('tables.restore.failed')}
            </Callout>
          )}
          {jobId !== '' && !ended && (
            <div data-testid="restore-progress">
              <JobProgress jobId={jobId} describe={(progress) => t('tables.restore.running', progress)} />
            </div>
          )}
          {state === 'finished' && (
            <Callout intent="success" compact data-testid="restore-done">
              {t('tables.restore.done', { name: revision.name })}
            </Callout>
          )}
          {(state === 'failed' || state === 'canceled') && (
            <Callout intent="danger" compact data-testid="restore-failed">
              {job.data?.reason ? serverText(job.data.reason) : t('tables.restore.failed')}
            </Callout>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          jobId === '' ? (
            <>
              <Button text={t('tables.action.cancel')} onClick={onClose} disabled={start.isPending} />
              <Button
                intent="warning"
                text={t('tables.restore.submit')}
                loading={start.isPending}
                onClick={() => start.mutate()}
                data-testid="restore-submit"
              />
            </>
          ) : (
            <Button text={t('tables.restore.close')} disabled={!ended} onClick={onClose} data-testid="restore-close" />
          )
        }
      />
    </Dialog>
  );
};
