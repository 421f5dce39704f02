import type { Download } from '@stramien/api';
import { jobProgressPercent, type JobState } from '@stramien/domain';
import type { DownloadDoc } from '@stramien/projections';

/** A download as the API shows it. */
export const toDownloadView = (doc: DownloadDoc): Download => ({
  id: doc._id,
  kind: doc.kind,
  name: doc.filename,
  size: doc.size,
  content_type: doc.contentType,
  state: doc.state,
  progress: { ...doc.progress, percent: jobProgressPercent({ status: doc.state, progress: doc.progress }) },
  created_at: doc.requestedAt,
  finished_at: doc.finishedAt,
  reason: doc.reason,
});

/** A job as its stream folds it, shown as a download: for the answer of a request or a cancel, before the read model has it. */
export const toJobView = (job: JobState, finishedAt: string | null = null): Download =>
  toDownloadView({
    _id: job.jobId,
    licenceId: job.licenceId,
    ownerId: job.ownerId,
    projectId: job.projectId,
    kind: job.kind,
    filename: job.download?.filename ?? (typeof job.params.filename === 'string' ? job.params.filename : job.kind),
    state: job.status,
    progress: job.progress,
    size: job.download?.size ?? null,
    contentType: job.download?.contentType ?? null,
    blobId: job.download?.blobId ?? null,
    reason: job.reason,
    requestedAt: job.requestedAt,
    finishedAt,
  });
