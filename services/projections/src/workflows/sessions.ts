import type { Doc } from '@stramien/infra';
import { sessionEventTypes, sessionProgress, type EventEnvelope, type SessionEvent, type SessionJobStatus } from '@stramien/domain';
import type { Projection } from '../runner/projection';

export const WORKFLOW_SESSIONS_COLLECTION = 'workflow_sessions';

/**
 * The `workflow_sessions` read model (docs/workflows.md "Read models"): one document per live session, for the
 * sessions lists (a project workflow's sessions, the project overview) and a session's header.
 *
 * Document: `{ _id: sessionId, projectId, projectWorkflowId, workflowId (builder), workflowName, version, name,
 * sbsCode (null without one), startedBy (user id), status ('running' | 'finished'), progress (0–100, the domain's
 * sessionProgress), jobsTotal, jobsFinished, jobsFailed, jobs: [{ jobId, nodeId, status }] (in the graph's order),
 * createdAt, finishedAt (null while running) }`. A deleted session's document is deleted. The graph is not kept
 * here: the flow and a job's node are read from the session stream, which holds it.
 *
 * Indexes serve the list's filters newest first: `{projectId, projectWorkflowId, createdAt}`, `{projectId, sbsCode,
 * createdAt}`, and `{projectId, finishedAt}` for the overview (finished sessions older than two weeks hidden).
 */
export interface WorkflowSessionJobDoc {
  jobId: string;
  nodeId: string;
  status: SessionJobStatus;
}

export interface WorkflowSessionDoc extends Doc {
  _id: string;
  projectId: string;
  projectWorkflowId: string;
  workflowId: string;
  workflowName: string;
  version: number;
  name: string;
  sbsCode: string | null;
  startedBy: string;
  status: 'running' | 'finished';
  progress: number;
  jobsTotal: number;
  jobsFinished: number;
  jobsFailed: number;
  jobs: WorkflowSessionJobDoc[];
  createdAt: string;
  finishedAt: string | null;
}

/** a session event in its envelope, discriminated by its type */
export type SessionEnvelope = { [K in SessionEvent['type']]: EventEnvelope<Extract<SessionEvent, { type: K }>> }[SessionEvent['type']];
type Envelope = SessionEnvelope;

/** the document with one job's status changed and its counts and progress recomputed */
const withJobStatus = (doc: WorkflowSessionDoc, jobId: string, status: SessionJobStatus): WorkflowSessionDoc => {
  const jobs = doc.jobs.map((job) => (job.jobId === jobId ? { ...job, status } : job));
  return {
    ...doc,
    jobs,
    progress: sessionProgress(jobs),
    jobsFinished: jobs.filter((j) => j.status === 'finished').length,
    jobsFailed: jobs.filter((j) => j.status === 'failed').length,
  };
};

export const evolveWorkflowSession = (doc: WorkflowSessionDoc | null, event: Envelope): WorkflowSessionDoc | null => {
  if (event.type === 'SessionStarted') {
    const d = event.data;
    return {
      _id: d.sessionId,
      projectId: d.projectId,
      projectWorkflowId: d.projectWorkflowId,
      workflowId: d.workflowId,
      workflowName: d.workflowName,
      version: d.version,
      name: d.name,
      sbsCode: d.sbsCode,
      startedBy: d.startedBy,
      status: 'running',
      progress: 0,
      jobsTotal: d.jobs.length,
      jobsFinished: 0,
      jobsFailed: 0,
      jobs: d.jobs.map(({ jobId, nodeId }) => ({ jobId, nodeId, status: 'waiting' })),
      createdAt: event.metadata.occurredAt,
      finishedAt: null,
    };
  }
  if (!doc) return doc;
  switch (event.type) {
    case 'SessionJobOpened':
    case 'SessionJobRetried':
      return withJobStatus(doc, event.data.jobId, 'open');
    case 'SessionJobFinished':
      return withJobStatus(doc, event.data.jobId, 'finished');
    case 'SessionJobFailed':
      return withJobStatus(doc, event.data.jobId, 'failed');
    case 'SessionSbsCodeChanged':
      return { ...doc, sbsCode: event.data.sbsCode };
    case 'SessionFinished':
      return { ...doc, status: 'finished', finishedAt: event.metadata.occurredAt };
    case 'SessionDeleted':
      return null;
    case 'SessionJobAssigned':
    case 'SessionJobPanelSaved':
    case 'SessionJobFileUploaded':
      return doc;
  }
};

export const workflowSessionsProjection: Projection<WorkflowSessionDoc> = {
  name: 'workflow_sessions',
  collection: WORKFLOW_SESSIONS_COLLECTION,
  eventTypes: sessionEventTypes,
  documentIds: (event) => [(event.data as { sessionId: string }).sessionId],
  indexes: [
    { keys: { projectId: 1, projectWorkflowId: 1, createdAt: 1 } },
    { keys: { projectId: 1, sbsCode: 1, createdAt: 1 } },
    { keys: { projectId: 1, finishedAt: 1 } },
    { keys: { projectId: 1, createdAt: 1 } },
  ],
  evolve: (doc, event) => evolveWorkflowSession(doc, event as Envelope),
};
