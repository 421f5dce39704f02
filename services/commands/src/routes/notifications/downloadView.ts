import type { Download } from '@stramien/api';
import { jobProgressPercent } from '@stramien/domain';
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
