import { Button, Callout, ProgressBar } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Download } from '@stramien/api';
import { serverMessage } from '../apiErrors';
import { useCountFormat } from '../numbers';
import { cancelJob, hasEnded, jobKeys, jobQuery } from './jobQuery';
import './jobProgress.css';

export interface JobProgressProps {
  jobId: string;
  /**
   * what the job is doing, with its progress ("Restoring… 500 of 1,200 records"; the counts come formatted in the
   * interface language); "500 of 1,200 done" when left out
   */
  describe?: (progress: { done: string; total: string }) => string;
  /** told once, when the job has ended (finished, failed or canceled) */
  onEnded?: (job: Download) => void;
}

/**
 * A background job at work (docs/jobs.md): its progress bar, "done of total", and a Cancel button (the job stops
 * between two chunks; what it did stays). Shows nothing once the job has ended; `onEnded` hears of it. The one job
 * follower of the app: the SBS bulk work and the tables restore use it.
 */
export const JobProgress = ({ jobId, describe, onEnded }: JobProgressProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const count = useCountFormat();
  const job = useQuery(jobQuery(jobId));
  const cancel = useMutation({
    mutationFn: () => cancelJob(jobId),
    onSuccess: (view) => queryClient.setQueryData(jobKeys.job(jobId), view),
  });
  const data = job.data;
  const ended = data !== undefined && hasEnded(data);
  const told = useRef(false);
  useEffect(() => {
    if (!data || !ended || told.current) return;
    told.current = true;
    onEnded?.(data);
  }, [data, ended, onEnded]);
  if (ended) return null;
  // waiting for the worker, or started but not planned yet: no total to tell (the worker reports it right after the start)
  const started = data?.state === 'running' && data.progress.total > 0;
  const { done, total } = data?.progress ?? { done: 0, total: 0 };
  const counts = { done: count(done), total: count(total) };
  const text = describe ? describe(counts) : t('common.job.progress', counts);
  return (
    <div className="stramien-job-progress" data-testid="job-progress">
      <p>{started ? text : t('common.job.waiting')}</p>
      <ProgressBar value={started ? done / total : undefined} intent="primary" aria-label={text} />
      {cancel.error && (
        <Callout intent="danger" compact>
          {serverMessage(cancel.error) ?? t('common.job.cancel-failed')}
        </Callout>
      )}
      <Button
        text={t('common.job.cancel')}
        loading={cancel.isPending}
        disabled={cancel.isSuccess}
        onClick={() => cancel.mutate()}
        data-testid="job-cancel"
      />
    </div>
  );
};
