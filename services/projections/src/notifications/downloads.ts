import type { Doc } from '@stramien/infra';
import type { EventEnvelope, JobEvent, JobStatus } from '@stramien/domain';
import { jobEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

export const DOWNLOADS_COLLECTION = 'downloads';

/**
 * The `downloads` read model: one document per background job of a user, with its state and progress while it runs
 * and its file once finished (docs/tasks.md, "Background jobs and downloads"). The download's id is the job's id.
 * The job worker also reads it to find the jobs still to run.
 */
export interface DownloadDoc extends Doc {
  _id: string;
  licenceId: string;
  ownerId: string;
  projectId: string | null;
  kind: string;
  /** the name the file will have (the request's `params.filename`), then the finished file's name */
  filename: string;
  state: JobStatus;
  progress: { done: number; total: number };
  size: number | null;
  contentType: string | null;
  blobId: string | null;
  reason: string | null;
  requestedAt: string;
  finishedAt: string | null;
}

type E<T extends JobEvent['type']> = EventEnvelope<Extract<JobEvent, { type: T }>>;

export const downloadsProjection: Projection<DownloadDoc> = {
  name: 'downloads',
  collection: DOWNLOADS_COLLECTION,
  eventTypes: jobEventTypes,
  documentIds: (event) => [(event.data as { jobId: string }).jobId],
  indexes: [{ keys: { ownerId: 1, requestedAt: -1 } }, { keys: { state: 1 } }],
  evolve(doc, event) {
    if (event.type === 'JobRequested') {
      const d = (event as E<'JobRequested'>).data;
      return {
        _id: d.jobId,
        licenceId: d.licenceId,
        ownerId: d.ownerId,
        projectId: d.projectId,
        kind: d.kind,
        filename: typeof d.params.filename === 'string' ? d.params.filename : d.kind,
        state: 'requested',
        progress: { done: 0, total: 0 },
        size: null,
        contentType: null,
        blobId: null,
        reason: null,
        requestedAt: d.requestedAt,
        finishedAt: null,
      };
    }
    if (!doc) return doc;
    switch (event.type) {
      case 'JobStarted':
        return { ...doc, state: 'running' };
      case 'JobProgressed': {
        const d = (event as E<'JobProgressed'>).data;
        return { ...doc, progress: { done: d.done, total: d.total } };
      }
      case 'JobFinished': {
        const d = (event as E<'JobFinished'>).data;
        return {
          ...doc,
          state: 'finished',
          filename: d.download.filename,
          size: d.download.size,
          contentType: d.download.contentType,
          blobId: d.download.blobId,
          progress: { done: doc.progress.total, total: doc.progress.total },
          finishedAt: d.finishedAt,
        };
      }
      case 'JobFailed': {
        const d = (event as E<'JobFailed'>).data;
        return { ...doc, state: 'failed', reason: d.reason, finishedAt: d.failedAt };
      }
      case 'JobCanceled':
        return { ...doc, state: 'canceled', finishedAt: event.metadata.occurredAt };
      default:
        return doc;
    }
  },
};
