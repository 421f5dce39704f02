import type { BulkOperation, Doc, DocumentStore } from '@stramien/infra';
import { isManual, sessionEventTypes, type SessionJobStatus } from '@stramien/domain';
import type { StoreProjection } from '../runner/projection';
import type { SessionEnvelope } from './sessions';

export const WORKFLOW_JOBS_COLLECTION = 'workflow_jobs';

/**
 * The `workflow_jobs` read model (docs/workflows.md "Read models"): one document per job of a live session. The job
 * routes find a job's session here (`/job/{jobId}…`), the flow diagram takes the times a job opened and finished,
 * and a user's open jobs are `{assignee, status: 'open'}`.
 *
 * Document: `{ _id: jobId, sessionId, projectId, projectWorkflowId, nodeId, manual, status ('waiting' | 'open' |
 * 'finished' | 'failed'), assignee (user id or null), error (a failed automated job's, else null), attempts,
 * openedAt, finishedAt (null until then), _position }`.
 *
 * A session's deletion removes its jobs, and `SessionDeleted` names no job, so this projection applies its batches
 * itself (a StoreProjection, like the tables'): per session it loads the session's jobs once, evolves each through
 * the events newer than its `_position`, and writes them in one bulk write; handling an event twice changes nothing.
 * Being a StoreProjection it is rebuilt by dropping it and replaying the log.
 */
export interface WorkflowJobDoc extends Doc {
  _id: string;
  sessionId: string;
  projectId: string;
  projectWorkflowId: string;
  nodeId: string;
  manual: boolean;
  status: SessionJobStatus;
  assignee: string | null;
  error: string | null;
  attempts: number;
  openedAt: string | null;
  finishedAt: string | null;
  _position: number;
}

type Envelope = SessionEnvelope;

/** One job event applied to its job's document (the events that change no job leave it as it is). */
export const evolveWorkflowJob = (doc: WorkflowJobDoc, event: Envelope): WorkflowJobDoc => {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'SessionJobOpened':
      return { ...doc, status: 'open', openedAt: at, finishedAt: null };
    case 'SessionJobRetried':
      return { ...doc, status: 'open', error: null };
    case 'SessionJobAssigned':
      return { ...doc, assignee: event.data.userId };
    case 'SessionJobFinished':
      return { ...doc, status: 'finished', error: null, finishedAt: at };
    case 'SessionJobFailed':
      return { ...doc, status: 'failed', error: event.data.error, attempts: event.data.attempts };
    default:
      return doc;
  }
};

/** The jobs a session starts with, all waiting. */
const startedJobs = (event: Extract<Envelope, { type: 'SessionStarted' }>): WorkflowJobDoc[] => {
  const { sessionId, projectId, projectWorkflowId, graph } = event.data;
  const blockOf = new Map(graph.nodes.map((n) => [n.nodeId, graph.blocks.find((b) => b.blockId === n.blockId)]));
  return event.data.jobs.map(({ jobId, nodeId }) => {
    const config = blockOf.get(nodeId)?.config;
    return {
      _id: jobId,
      sessionId,
      projectId,
      projectWorkflowId,
      nodeId,
      manual: config ? isManual(config) : false,
      status: 'waiting',
      assignee: null,
      error: null,
      attempts: 0,
      openedAt: null,
      finishedAt: null,
      _position: event.position,
    };
  });
};

const jobIdOf = (event: Envelope): string | null => ('jobId' in event.data ? event.data.jobId : null);

export const workflowJobsProjection: StoreProjection = {
  name: 'workflow_jobs',
  collection: WORKFLOW_JOBS_COLLECTION,
  eventTypes: sessionEventTypes,
  indexes: [{ keys: { sessionId: 1 } }, { keys: { assignee: 1, status: 1 } }],
  async applyEvents(store: DocumentStore, events) {
    if (events.length === 0) return;
    const jobs = store.collection<WorkflowJobDoc>(WORKFLOW_JOBS_COLLECTION);
    const bySession = new Map<string, Envelope[]>();
    for (const event of events as Envelope[]) {
      const list = bySession.get(event.data.sessionId);
      if (list) list.push(event);
      else bySession.set(event.data.sessionId, [event]);
    }
    const ops: BulkOperation<WorkflowJobDoc>[] = [];
    for (const [sessionId, list] of bySession) {
      const docs = new Map((await jobs.find({ sessionId })).map((doc) => [doc._id, doc]));
      const dirty = new Set<string>();
      const deleted = new Set<string>();
      for (const event of list) {
        if (event.type === 'SessionStarted') {
          for (const job of startedJobs(event)) {
            const current = docs.get(job._id);
            if (current && current._position >= event.position) continue;
            docs.set(job._id, job);
            deleted.delete(job._id);
            dirty.add(job._id);
          }
          continue;
        }
        if (event.type === 'SessionDeleted') {
          for (const [jobId, doc] of docs) {
            if (doc._position >= event.position) continue;
            docs.delete(jobId);
            dirty.delete(jobId);
            deleted.add(jobId);
          }
          continue;
        }
        const jobId = jobIdOf(event);
        const current = jobId === null ? undefined : docs.get(jobId);
        if (!current || current._position >= event.position) continue;
        docs.set(current._id, { ...evolveWorkflowJob(current, event), _position: event.position });
        dirty.add(current._id);
      }
      for (const jobId of dirty) ops.push({ replaceOne: { filter: { _id: jobId }, replacement: docs.get(jobId)!, upsert: true } });
      for (const jobId of deleted) ops.push({ deleteOne: { filter: { _id: jobId } } });
    }
    if (ops.length > 0) await jobs.bulkWrite(ops);
  },
};
