import type { Doc } from '@stramien/infra';

/**
 * The process manager's due work (docs/workflows.md "The process manager as built"): one document per automated job
 * that is open and not yet done, with the time it runs next — at once when it opens, a `wait` job's due time, a failed
 * attempt's backoff. Written before the manager's checkpoint passes the job's opening, removed after the job's
 * `SessionJobFinished` / `SessionJobFailed` is appended, so a restart finds every job still to run.
 */
export const WORKFLOW_TIMERS_COLLECTION = 'workflow_timers';
/** the manager's checkpoint in the shared `_checkpoints` collection */
export const WORKFLOW_MANAGER_CHECKPOINT = 'workflow-manager';

export interface WorkflowTimerDoc extends Doc {
  /** the job id */
  _id: string;
  sessionId: string;
  jobId: string;
  licenceId: string;
  /** when the job opened (its `SessionJobOpened` or `SessionJobRetried`): `wait.until` `+<n>d` counts from it */
  openedAt: string;
  /** ISO time of its next run */
  dueAt: string;
  /** failed attempts since it opened */
  attempts: number;
  /** the last attempt's error */
  error: string | null;
}
