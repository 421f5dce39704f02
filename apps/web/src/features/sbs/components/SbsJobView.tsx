import { Callout } from '@blueprintjs/core';
import type { Download } from '@stramien/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProject } from '../../projects/ProjectLayout';
import { serverText } from '../../../shared/serverText';
import { JobProgress } from '../../../shared/jobs/JobProgress';
import { jobQuery } from '../../../shared/jobs/jobQuery';
import { showToast } from '../../../shared/toaster';
import { useCountFormat } from '../../../shared/numbers';
import { sbsKeys } from '../queries';

export interface SbsJobViewProps {
  jobId: string;
  /** the progress line, e.g. "Importing… 500 of 1,200 records" */
  describe: (progress: { done: string; total: string }) => string;
  /** the server's text for a finished job (its toast), e.g. '1200 SBS records imported.' */
  finished: (job: Download) => string;
  /** the job finished: the caller closes its dialog */
  onFinished: () => void;
}

/**
 * An SBS bulk job (import, delete, clear; docs/sbs.md "Bulk calls") at work: the shared JobProgress with its Cancel,
 * then the SBS loads again; a finished job is a toast (and `onFinished`), a failed or canceled one stays in view.
 */
export const SbsJobView = ({ jobId, describe, finished, onFinished }: SbsJobViewProps) => {
  const { t } = useTranslation('sbs');
  const project = useProject();
  const queryClient = useQueryClient();
  const count = useCountFormat();
  const job = useQuery(jobQuery(jobId)).data;
  const ended = (view: Download) => {
    void queryClient.invalidateQueries({ queryKey: sbsKeys.project(project.id) });
    if (view.state !== 'finished') return;
    showToast({ intent: 'success', message: serverText(finished(view)) });
    onFinished();
  };
  return (
    <div data-testid="sbs-job">
      <JobProgress jobId={jobId} describe={describe} onEnded={ended} />
      {job?.state === 'failed' && (
        <Callout intent="danger" role="alert" data-testid="sbs-job-failed">
          {job.reason ? serverText(job.reason) : t('sbs.job.failed')}
        </Callout>
      )}
      {job?.state === 'canceled' && (
        <Callout intent="warning" role="status" data-testid="sbs-job-canceled">
          {t('sbs.job.canceled', { done: count(job.progress.done), total: count(job.progress.total) })}
        </Callout>
      )}
    </div>
  );
};
