import { queryOptions } from '@tanstack/react-query';
import { jobRoutes, type Download } from '@stramien/api';
import { api } from '../api';

export const jobKeys = {
  job: (jobId: string) => ['jobs', jobId] as const,
};

/** A job that will change no more: finished, failed or canceled. */
export const hasEnded = (job: Download): boolean => job.state === 'finished' || job.state === 'failed' || job.state === 'canceled';

/** How often a job at work is asked for its progress. */
export const JOB_POLL_MS = 1_000;

/** GET /api/jobs/:jobId — a background job's state and progress, asked again each second until it has ended. */
export const jobQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.job(jobId),
    queryFn: async ({ signal }) => (await api.call(jobRoutes.get, { params: { jobId }, signal })).data,
    refetchInterval: (query) => (query.state.data && hasEnded(query.state.data) ? false : JOB_POLL_MS),
  });

/** POST /api/jobs/:jobId/cancel — the job stops between two chunks; answers the job as it is then */
export const cancelJob = async (jobId: string): Promise<Download> => (await api.call(jobRoutes.cancel, { params: { jobId } })).data;
