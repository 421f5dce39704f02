import { DomainError } from '../shared/domainError';
import type { Command, Decider } from '../shared/decider';
import { format } from '../shared/messages';
import { jobMessages } from './messages';
import {
  ENDED_JOB_STATUSES,
  evolveJob,
  initialJobState,
  JOB_KIND_PATTERN,
  JOB_REASON_MAX,
  type JobEvent,
  type JobParams,
  type JobState,
} from './job';

/**
 * Commands of a background job. RequestJob and CancelJob come from the owner over HTTP (the route checks
 * `canSeeJob`); the others come from the checkpointed worker, which acts as the owner. Each is safe to retry:
 * a chunk already completed is ignored (nothing is recorded twice), a finished job never finishes again.
 */
export type RequestJob = Command<
  'RequestJob',
  { jobId: string; licenceId: string; projectId?: string | null; kind: string; params: JobParams }
>;
/** `totalChunks`: how many chunks the work splits into, when the worker knows it up front */
export type StartJob = Command<'StartJob', { totalChunks?: number | null }>;
export type ReportJobProgress = Command<'ReportJobProgress', { done: number; total: number }>;
export type CompleteJobChunk = Command<'CompleteJobChunk', { index: number; items: number }>;
export type FinishJob = Command<'FinishJob', { blobId: string; filename: string; size: number; contentType: string }>;
export type FailJob = Command<'FailJob', { reason: string }>;
export type CancelJob = Command<'CancelJob', Record<string, never>>;

export type JobCommand = RequestJob | StartJob | ReportJobProgress | CompleteJobChunk | FinishJob | FailJob | CancelJob;

type Decision = JobEvent[] | DomainError;

const notFound = () => new DomainError(jobMessages.notFound, 404);
const hasEnded = (state: JobState): boolean => ENDED_JOB_STATUSES.includes(state.status);
const endedError = (state: JobState) => new DomainError(state.status === 'finished' ? jobMessages.alreadyFinished : jobMessages.ended, 409);
const mustBeRunning = (state: JobState): DomainError | null => {
  if (!state.exists) return notFound();
  if (hasEnded(state)) return endedError(state);
  return state.status === 'running' ? null : new DomainError(jobMessages.notRunning, 409);
};

export const requestJob = (command: RequestJob, state: JobState): Decision => {
  if (state.exists) return new DomainError(jobMessages.alreadyExists, 409);
  const { jobId, licenceId, kind } = command.data;
  if (!JOB_KIND_PATTERN.test(kind)) return new DomainError(jobMessages.invalidKind, 422, { kind: [jobMessages.invalidKind] });
  return [
    {
      type: 'JobRequested',
      data: {
        jobId,
        licenceId,
        ownerId: command.metadata.actor.userId,
        projectId: command.data.projectId ?? null,
        kind,
        params: command.data.params,
        requestedAt: command.metadata.now,
      },
    },
  ];
};

/** A start on a running job is a resume (a worker restarted): it counts the attempt and keeps the chunks done. */
export const startJob = (command: StartJob, state: JobState): Decision => {
  if (!state.exists) return notFound();
  if (hasEnded(state)) return endedError(state);
  const total = command.data.totalChunks ?? state.totalChunks;
  if (total !== null && (!Number.isInteger(total) || total < 0)) return new DomainError(jobMessages.invalidProgress, 422);
  return [{ type: 'JobStarted', data: { jobId: state.jobId, attempt: state.attempt + 1, totalChunks: total } }];
};

export const reportJobProgress = (command: ReportJobProgress, state: JobState): Decision => {
  const refused = mustBeRunning(state);
  if (refused) return refused;
  const { done, total } = command.data;
  if (!Number.isInteger(done) || !Number.isInteger(total) || done < 0 || total < 0 || done > total)
    return new DomainError(jobMessages.invalidProgress, 422);
  if (done === state.progress.done && total === state.progress.total) return [];
  return [{ type: 'JobProgressed', data: { jobId: state.jobId, done, total } }];
};

export const completeJobChunk = (command: CompleteJobChunk, state: JobState): Decision => {
  const refused = mustBeRunning(state);
  if (refused) return refused;
  const { index, items } = command.data;
  if (!Number.isInteger(index) || index < 0 || (state.totalChunks !== null && index >= state.totalChunks))
    return new DomainError(format(jobMessages.invalidChunk, { index }), 422);
  // a chunk retried after a crash between its work and this event: already recorded, nothing more to record
  if (state.completedChunks.includes(index)) return [];
  return [{ type: 'JobChunkCompleted', data: { jobId: state.jobId, index, items: Math.max(0, Math.trunc(items)) } }];
};

export const finishJob = (command: FinishJob, state: JobState): Decision => {
  const refused = mustBeRunning(state);
  if (refused) return refused;
  const missing = remainingChunks(state).length;
  if (missing > 0) return new DomainError(format(jobMessages.chunksMissing, { count: missing }), 409);
  const filename = command.data.filename.trim();
  if (filename === '') return new DomainError(jobMessages.filenameRequired, 422, { filename: [jobMessages.filenameRequired] });
  const { blobId, size, contentType } = command.data;
  return [
    {
      type: 'JobFinished',
      data: {
        jobId: state.jobId,
        ownerId: state.ownerId,
        download: { blobId, filename, size, contentType },
        finishedAt: command.metadata.now,
      },
    },
  ];
};

export const failJob = (command: FailJob, state: JobState): Decision => {
  if (!state.exists) return notFound();
  if (hasEnded(state)) return endedError(state);
  const reason = command.data.reason.trim().slice(0, JOB_REASON_MAX);
  if (reason === '') return new DomainError(jobMessages.reasonRequired, 422, { reason: [jobMessages.reasonRequired] });
  return [{ type: 'JobFailed', data: { jobId: state.jobId, ownerId: state.ownerId, reason, failedAt: command.metadata.now } }];
};

export const cancelJob = (command: CancelJob, state: JobState): Decision => {
  if (!state.exists) return notFound();
  if (state.status === 'canceled') return [];
  if (hasEnded(state)) return endedError(state);
  return [{ type: 'JobCanceled', data: { jobId: state.jobId, canceledBy: command.metadata.actor.userId } }];
};

export const decideJob = (command: JobCommand, state: JobState): Decision => {
  switch (command.type) {
    case 'RequestJob':
      return requestJob(command, state);
    case 'StartJob':
      return startJob(command, state);
    case 'ReportJobProgress':
      return reportJobProgress(command, state);
    case 'CompleteJobChunk':
      return completeJobChunk(command, state);
    case 'FinishJob':
      return finishJob(command, state);
    case 'FailJob':
      return failJob(command, state);
    case 'CancelJob':
      return cancelJob(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
};

export const jobDecider: Decider<JobCommand, JobEvent, JobState> = {
  initialState: initialJobState,
  evolve: evolveJob,
  decide: decideJob,
};

/** Chunk indexes still to do, lowest first; empty when the count is unknown (the worker decides alone). */
export const remainingChunks = (state: Pick<JobState, 'totalChunks' | 'completedChunks'>): number[] => {
  if (state.totalChunks === null) return [];
  const done = new Set(state.completedChunks);
  return Array.from({ length: state.totalChunks }, (_, i) => i).filter((i) => !done.has(i));
};

/** Whole percent done, for the browser's progress bar. */
export const jobProgressPercent = (state: Pick<JobState, 'status' | 'progress'>): number => {
  if (state.status === 'finished') return 100;
  const { done, total } = state.progress;
  return total === 0 ? 0 : Math.floor((done / total) * 100);
};

/** A job and its download are their owner's alone; anyone else gets a 404. */
export const canSeeJob = (actor: { userId: string; licenceId: string }, job: Pick<JobState, 'ownerId' | 'licenceId'>): boolean =>
  job.ownerId === actor.userId && job.licenceId === actor.licenceId;

/** spec 1 §3: a download notification carries downloadId and downloadFilename; the download's id is the job's. */
export const downloadNotificationData = (
  event: Extract<JobEvent, { type: 'JobFinished' }>,
): { downloadId: string; downloadFilename: string } => ({
  downloadId: event.data.jobId,
  downloadFilename: event.data.download.filename,
});
