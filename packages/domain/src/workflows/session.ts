import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';
import { cellValueSchema } from '../tables/table';
import { isManual } from './blockConfig';
import { EMPTY_GRAPH, workflowGraphSchema, type WorkflowGraph } from './graph';
import type { PanelValues } from './panelValues';

/**
 * One session and all its jobs, stream `session-<id>` (docs/workflows.md "Sessions and jobs"). `SessionStarted`
 * copies the graph of the project workflow's version, so a session never sees a later version and its commands read
 * only this stream. Job events are named `SessionJob…`: `JobFinished` and `JobFailed` are the background jobs'
 * (downloads), and projections and the notifier select events by type.
 */
const ids = { sessionId: z.string(), projectId: z.string() };
const jobIds = { ...ids, jobId: z.string(), nodeId: z.string() };
export const panelValuesSchema = z.record(z.string(), cellValueSchema);
/** what an automated job's action left (the task or record it wrote, the due time it waited for) */
export const jobResultSchema = z.record(z.string(), z.json()).nullable();
export type JobResult = z.infer<typeof jobResultSchema>;

export const sessionEventSchemas = {
  SessionStarted: z.object({
    ...ids,
    projectWorkflowId: z.string(),
    workflowId: z.string(),
    workflowName: z.string(),
    version: z.number().int().positive(),
    name: z.string(),
    sbsCode: z.string().nullable(),
    /** the user who started it (an action may address the `session-starter`) */
    startedBy: z.string(),
    graph: workflowGraphSchema,
    /** one job per node: job id = toJobId(session id, node id) */
    jobs: z.array(z.object({ jobId: z.string(), nodeId: z.string() })),
  }),
  /**
   * A job whose incoming links are all finished. A manual job given to a user while it was still waiting carries its
   * assignee (and the assignment, the session's and block's names), for the assignee's notification: the notifier
   * reads no stream.
   */
  SessionJobOpened: z.object({
    ...jobIds,
    assignee: z.string().optional(),
    assignment: z.number().int().positive().optional(),
    sessionName: z.string().optional(),
    jobName: z.string().optional(),
  }),
  /** `assignment` counts the job's assignments (1, 2, …): the process manager names the assignee's task by it */
  SessionJobAssigned: z.object({
    ...jobIds,
    userId: z.string(),
    previousUserId: z.string().nullable(),
    assignment: z.number().int().positive(),
    /** the session's name and the job's block name, for the assignee's notification (the notifier reads no stream) */
    sessionName: z.string().optional(),
    jobName: z.string().optional(),
  }),
  /** the values saved, checked but not yet complete (a draft of the job's panels) */
  SessionJobPanelSaved: z.object({ ...jobIds, values: panelValuesSchema }),
  /** a manual job's final values (every saved and submitted one), or an automated job's result */
  SessionJobFinished: z.object({ ...jobIds, values: panelValuesSchema, result: jobResultSchema }),
  /** an automated job that failed its last attempt; a project admin may retry it */
  SessionJobFailed: z.object({ ...jobIds, error: z.string(), attempts: z.number().int().positive() }),
  SessionJobRetried: z.object(jobIds),
  /**
   * a file uploaded to a manual job for its `file` fields (by its assignee or a project admin); the bytes are in the
   * BlobStore under `toJobFileBlobId(sessionId, fileId)`, and a `file` field's value is one of the job's file ids
   */
  SessionJobFileUploaded: z.object({
    ...jobIds,
    fileId: z.string(),
    name: z.string(),
    size: z.number().int().positive(),
    contentType: z.string(),
    userId: z.string(),
  }),
  /** the `set-session-sbs` action */
  SessionSbsCodeChanged: z.object({ ...ids, sbsCode: z.string(), previousSbsCode: z.string().nullable() }),
  SessionFinished: z.object(ids),
  SessionDeleted: z.object(ids),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof sessionEventSchemas;
export type SessionEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type SessionEventType = SessionEvent['type'];
export const sessionEventTypes = Object.keys(sessionEventSchemas) as SessionEventType[];
export const sessionSchemas: EventSchemas<SessionEvent> = sessionEventSchemas;

/** waiting: not every link into its node is finished yet; failed: an automated job that gave up (retry opens it again) */
export const SESSION_JOB_STATUSES = ['waiting', 'open', 'finished', 'failed'] as const;
export type SessionJobStatus = (typeof SESSION_JOB_STATUSES)[number];

/** A file uploaded to a job (`SessionJobFileUploaded`). */
export interface SessionJobFile {
  fileId: string;
  name: string;
  size: number;
  contentType: string;
  /** who uploaded it */
  userId: string;
}

export interface SessionJob {
  jobId: string;
  nodeId: string;
  /** its block has panels: a person fills them and finishes the job */
  manual: boolean;
  status: SessionJobStatus;
  assignee: string | null;
  assignments: number;
  values: PanelValues;
  result: JobResult;
  error: string | null;
  attempts: number;
  /** the files uploaded to it, oldest first: the ids its `file` fields may hold */
  files: SessionJobFile[];
}

export interface SessionState {
  exists: boolean;
  deleted: boolean;
  finished: boolean;
  sessionId: string;
  projectId: string;
  projectWorkflowId: string;
  workflowId: string;
  version: number;
  name: string;
  sbsCode: string | null;
  startedBy: string;
  graph: WorkflowGraph;
  /** in the order of the graph's nodes */
  jobs: SessionJob[];
}

export const initialSessionState = (): SessionState => ({
  exists: false,
  deleted: false,
  finished: false,
  sessionId: '',
  projectId: '',
  projectWorkflowId: '',
  workflowId: '',
  version: 0,
  name: '',
  sbsCode: null,
  startedBy: '',
  graph: EMPTY_GRAPH,
  jobs: [],
});

const withJob = (state: SessionState, jobId: string, change: (job: SessionJob) => SessionJob): SessionState => ({
  ...state,
  jobs: state.jobs.map((job) => (job.jobId === jobId ? change(job) : job)),
});

export const evolveSession = (state: SessionState, event: SessionEvent): SessionState => {
  switch (event.type) {
    case 'SessionStarted': {
      const { sessionId, projectId, projectWorkflowId, workflowId, version, name, sbsCode, startedBy, graph } = event.data;
      const blockOf = new Map(graph.nodes.map((n) => [n.nodeId, graph.blocks.find((b) => b.blockId === n.blockId)]));
      const jobs = event.data.jobs.map(({ jobId, nodeId }): SessionJob => {
        const config = blockOf.get(nodeId)?.config;
        return {
          jobId,
          nodeId,
          manual: config ? isManual(config) : false,
          status: 'waiting',
          assignee: null,
          assignments: 0,
          values: {},
          result: null,
          error: null,
          attempts: 0,
          files: [],
        };
      });
      return {
        ...initialSessionState(),
        exists: true,
        sessionId,
        projectId,
        projectWorkflowId,
        workflowId,
        version,
        name,
        sbsCode,
        startedBy,
        graph,
        jobs,
      };
    }
    case 'SessionJobOpened':
      return withJob(state, event.data.jobId, (job) => ({ ...job, status: 'open' }));
    case 'SessionJobAssigned':
      return withJob(state, event.data.jobId, (job) => ({ ...job, assignee: event.data.userId, assignments: event.data.assignment }));
    case 'SessionJobPanelSaved':
      return withJob(state, event.data.jobId, (job) => ({ ...job, values: { ...job.values, ...event.data.values } }));
    case 'SessionJobFinished':
      return withJob(state, event.data.jobId, (job) => ({
        ...job,
        status: 'finished',
        values: event.data.values,
        result: event.data.result,
        error: null,
      }));
    case 'SessionJobFailed':
      return withJob(state, event.data.jobId, (job) => ({
        ...job,
        status: 'failed',
        error: event.data.error,
        attempts: event.data.attempts,
      }));
    case 'SessionJobRetried':
      return withJob(state, event.data.jobId, (job) => ({ ...job, status: 'open', error: null }));
    case 'SessionJobFileUploaded': {
      const { fileId, name, size, contentType, userId } = event.data;
      return withJob(state, event.data.jobId, (job) => ({ ...job, files: [...job.files, { fileId, name, size, contentType, userId }] }));
    }
    case 'SessionSbsCodeChanged':
      return { ...state, sbsCode: event.data.sbsCode };
    case 'SessionFinished':
      return { ...state, finished: true };
    case 'SessionDeleted':
      return { ...state, deleted: true };
  }
};

/** Is the session there (started and not deleted)? */
export const isLiveSession = (state: SessionState): boolean => state.exists && !state.deleted;

/** spec 2 §4: progress is the share of finished jobs as a percentage, rounded down (100 only when all are). */
export const sessionProgress = (jobs: readonly { status: SessionJobStatus }[]): number =>
  jobs.length === 0 ? 0 : Math.floor((jobs.filter((job) => job.status === 'finished').length * 100) / jobs.length);
