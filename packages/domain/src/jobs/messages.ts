/** User-facing texts of background jobs and their downloads; the spec's own text is quoted exactly. */
export const jobMessages = {
  /** spec 1 §8, spec 2 §7 */
  exportStarted: 'Export jobs are started. You will find result files on downloads page.',
  notFound: 'Job not found.',
  downloadNotFound: 'Download not found.',
  alreadyExists: 'This job already exists.',
  invalidKind: 'Unknown kind of job.',
  notRunning: 'This job is not running.',
  alreadyFinished: 'This job has already finished.',
  ended: 'This job has already ended.',
  invalidChunk: 'Chunk {index} is not part of this job.',
  chunksMissing: 'This job still has {count} chunks to do.',
  invalidProgress: 'Progress must be between 0 and the total.',
  filenameRequired: 'Required.',
  reasonRequired: 'Required.',
  /** the reason a job records when its work broke (the details go to the log) */
  failed: 'This job could not be completed. Please try again.',
  /** the notification a job's owner gets when it failed */
  failedNotice: 'Your export could not be made. Please try again.',
} as const;
