import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { format, messages } from '../shared/messages';
import { tableMessages } from '../tables/messages';
import { taskMessages } from '../tasks/messages';
import { isManual, type Panel } from './blockConfig';
import {
  JOB_ERROR_MAX,
  JOB_FILE_CONTENT_TYPES,
  JOB_FILE_MAX_BYTES,
  JOB_FILE_NAME_MAX,
  JOB_FILES_MAX,
  SESSION_NAME_MAX,
  SESSION_SBS_CODE_MAX,
} from './constants';
import { startNodeOf, validateGraph, type WorkflowGraph } from './graph';
import { workflowMessages } from './messages';
import { validatePanelValues, type PanelValueContext } from './panelValues';
import {
  evolveSession,
  initialSessionState,
  isLiveSession,
  type JobResult,
  type SessionEvent,
  type SessionJob,
  type SessionState,
} from './session';
import { toJobId } from './workflowStream';

/**
 * Commands of a session and its jobs. Who may send them is checked by the route (docs/workflows.md "Permissions":
 * project admins and teams with `write` start sessions; a job's assignee or a project admin saves and finishes it;
 * project admins assign and retry; the process manager finishes and fails automated jobs). Facts that need a read
 * are established by the handler and passed in: the version's graph (from the builder workflow's
 * `WorkflowPublished`), whether the SBS code is the project's, whether a user may take a job (a member of a team
 * holding one of the node's roles), which records, SBS codes and files the submitted values name.
 */
export type StartSession = Command<
  'StartSession',
  {
    sessionId: string;
    projectId: string;
    projectWorkflowId: string;
    workflowId: string;
    workflowName: string;
    version: number;
    graph: WorkflowGraph;
    name: string;
    sbsCode: string | null;
    sbsCodeKnown: boolean;
  }
>;
export type AssignSessionJob = Command<'AssignSessionJob', { jobId: string; userId: string; userMayTake: boolean }>;
export type SaveSessionJobPanel = Command<
  'SaveSessionJobPanel',
  { jobId: string; values: Record<string, unknown>; facts: PanelValueContext }
>;
/** a manual job, with the values submitted last (merged with the saved ones and checked complete) */
export type FinishSessionJob = Command<'FinishSessionJob', { jobId: string; values: Record<string, unknown>; facts: PanelValueContext }>;
/**
 * A file uploaded to an open manual job with a `file` field, by its assignee or a project admin (the route checks
 * who). The handler has stored the bytes and read their size and type from them; `fileId` is chosen by the handler.
 */
export type UploadSessionJobFile = Command<
  'UploadSessionJobFile',
  { jobId: string; fileId: string; name: string; size: number; contentType: string }
>;
/** the process manager: an automated job's action is done; `sbsCode` for `set-session-sbs`. Finishing twice changes nothing. */
export type FinishAutomatedJob = Command<'FinishAutomatedJob', { jobId: string; result: JobResult; sbsCode?: string }>;
/** the process manager: the last attempt failed */
export type FailAutomatedJob = Command<'FailAutomatedJob', { jobId: string; error: string; attempts: number }>;
export type RetryAutomatedJob = Command<'RetryAutomatedJob', { jobId: string }>;
export type DeleteSession = Command<'DeleteSession', Record<string, never>>;

export type SessionCommand =
  | StartSession
  | AssignSessionJob
  | SaveSessionJobPanel
  | FinishSessionJob
  | UploadSessionJobFile
  | FinishAutomatedJob
  | FailAutomatedJob
  | RetryAutomatedJob
  | DeleteSession;

type Result = SessionEvent[] | DomainError;

const invalid = (field: string, message: string): DomainError => new DomainError(messages.shared.invalidInput, 422, { [field]: [message] });
const sessionNotFound = () => new DomainError(workflowMessages.sessionNotFound, 404);

export const startSession = (command: StartSession, state: SessionState): Result => {
  if (state.exists) return new DomainError(workflowMessages.sessionExists, 409);
  const { sessionId, projectId, projectWorkflowId, workflowId, workflowName, version, graph, sbsCodeKnown } = command.data;
  const name = command.data.name.trim();
  if (name === '') return invalid('name', messages.validation.required);
  if (name.length > SESSION_NAME_MAX) return invalid('name', format(messages.validation.tooLong, { maximum: SESSION_NAME_MAX }));
  const sbsCode = command.data.sbsCode?.trim() || null;
  if (sbsCode !== null && sbsCode.length > SESSION_SBS_CODE_MAX)
    return invalid('sbs_code', format(messages.validation.tooLong, { maximum: SESSION_SBS_CODE_MAX }));
  if (sbsCode !== null && !sbsCodeKnown) return invalid('sbs_code', tableMessages.notAnSbsCode);
  const start = startNodeOf(graph);
  if (!start || validateGraph(graph).length > 0) return new DomainError(workflowMessages.versionCannotRun, 422);
  const jobs = graph.nodes.map((node) => ({ jobId: toJobId(sessionId, node.nodeId), nodeId: node.nodeId }));
  const startedBy = command.metadata.actor.userId;
  return [
    {
      type: 'SessionStarted',
      data: { sessionId, projectId, projectWorkflowId, workflowId, workflowName, version, name, sbsCode, startedBy, graph, jobs },
    },
    { type: 'SessionJobOpened', data: { sessionId, projectId, jobId: toJobId(sessionId, start.nodeId), nodeId: start.nodeId } },
  ];
};

/** The job a command names in a live session, or 404. */
const jobOf = (state: SessionState, jobId: string): SessionJob | DomainError => {
  if (!isLiveSession(state)) return sessionNotFound();
  return state.jobs.find((j) => j.jobId === jobId) ?? new DomainError(workflowMessages.jobNotFound, 404);
};
const jobIdsOf = (state: SessionState, job: SessionJob) => ({
  sessionId: state.sessionId,
  projectId: state.projectId,
  jobId: job.jobId,
  nodeId: job.nodeId,
});

/** The configuration of a job's block. */
const blockConfigOf = (state: SessionState, job: SessionJob) => {
  const node = state.graph.nodes.find((n) => n.nodeId === job.nodeId);
  return state.graph.blocks.find((b) => b.blockId === node?.blockId)?.config ?? null;
};

/** The panels of a manual job's block. */
const panelsOf = (state: SessionState, job: SessionJob): Panel[] => {
  const config = blockConfigOf(state, job);
  return config && isManual(config) ? config.panels : [];
};

/** A manual job that may still be filled in and finished: open, not finished. */
const openManualJob = (state: SessionState, jobId: string): SessionJob | DomainError => {
  const job = jobOf(state, jobId);
  if (job instanceof DomainError) return job;
  if (!job.manual) return new DomainError(workflowMessages.jobNotManual, 422);
  if (job.status === 'finished') return new DomainError(workflowMessages.jobFinished, 409);
  if (job.status !== 'open') return new DomainError(workflowMessages.jobNotOpen, 409);
  return job;
};

/** A manual job, open or still waiting, is assigned to a user who may take it. */
export const assignSessionJob = (command: AssignSessionJob, state: SessionState): Result => {
  const job = jobOf(state, command.data.jobId);
  if (job instanceof DomainError) return job;
  if (!job.manual) return new DomainError(workflowMessages.jobNotManual, 422);
  if (job.status === 'finished') return new DomainError(workflowMessages.jobFinished, 409);
  const { userId, userMayTake } = command.data;
  if (!userMayTake) return invalid('user', workflowMessages.userMayNotTake);
  if (job.assignee === userId) return [];
  return [
    {
      type: 'SessionJobAssigned',
      data: {
        ...jobIdsOf(state, job),
        userId,
        previousUserId: job.assignee,
        assignment: job.assignments + 1,
        sessionName: state.name,
        jobName: blockConfigOf(state, job)?.name ?? '',
      },
    },
  ];
};

const valuesError = (errors: Record<string, string[]>) => new DomainError(messages.shared.invalidInput, 422, errors);

export const saveSessionJobPanel = (command: SaveSessionJobPanel, state: SessionState): Result => {
  const job = openManualJob(state, command.data.jobId);
  if (job instanceof DomainError) return job;
  const checked = validatePanelValues(panelsOf(state, job), command.data.values, command.data.facts, { complete: false });
  if (!checked.ok) return valuesError(checked.errors);
  const changed = Object.fromEntries(Object.entries(checked.values).filter(([fieldId, value]) => job.values[fieldId] !== value));
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'SessionJobPanelSaved', data: { ...jobIdsOf(state, job), values: changed } }];
};

/** A job that opens: its ids, and for a manual job given to a user while it waited, who and the names they are told. */
const openedData = (state: SessionState, job: SessionJob) => ({
  ...jobIdsOf(state, job),
  ...(job.manual && job.assignee !== null
    ? { assignee: job.assignee, assignment: job.assignments, sessionName: state.name, jobName: blockConfigOf(state, job)?.name ?? '' }
    : {}),
});

/**
 * What follows a job's finish, in the same decision: the jobs of the nodes it links to whose incoming links are
 * now all finished open; after the last job the session finishes.
 */
const afterFinish = (state: SessionState, finished: SessionEvent[], job: SessionJob): SessionEvent[] => {
  const after = finished.reduce(evolveSession, state);
  const status = new Map(after.jobs.map((j) => [j.nodeId, j]));
  const next = [...new Set(after.graph.links.filter((l) => l.from === job.nodeId).map((l) => l.to))];
  const opened: SessionEvent[] = next
    .filter((nodeId) => status.get(nodeId)?.status === 'waiting')
    .filter((nodeId) => after.graph.links.filter((l) => l.to === nodeId).every((l) => status.get(l.from)?.status === 'finished'))
    .map((nodeId) => ({ type: 'SessionJobOpened' as const, data: openedData(after, status.get(nodeId)!) }));
  const allFinished = after.jobs.every((j) => j.status === 'finished');
  return [
    ...finished,
    ...opened,
    ...(allFinished ? [{ type: 'SessionFinished' as const, data: { sessionId: state.sessionId, projectId: state.projectId } }] : []),
  ];
};

export const finishSessionJob = (command: FinishSessionJob, state: SessionState): Result => {
  const job = openManualJob(state, command.data.jobId);
  if (job instanceof DomainError) return job;
  const checked = validatePanelValues(panelsOf(state, job), command.data.values, command.data.facts, {
    complete: true,
    saved: job.values,
  });
  if (!checked.ok) return valuesError(checked.errors);
  const values = { ...job.values, ...checked.values };
  return afterFinish(state, [{ type: 'SessionJobFinished', data: { ...jobIdsOf(state, job), values, result: null } }], job);
};

/**
 * A file for a job's `file` fields: the job must be open and manual, with a `file` field; the file not empty, at
 * most 25 MB, of a type the task appendixes allow (the handler refuses those before storing; the decider again, so no
 * event ever holds one). The same file id again with the same file changes nothing.
 */
export const uploadSessionJobFile = (command: UploadSessionJobFile, state: SessionState): Result => {
  const job = openManualJob(state, command.data.jobId);
  if (job instanceof DomainError) return job;
  if (!panelsOf(state, job).some((panel) => panel.fields.some((field) => field.type === 'file')))
    return new DomainError(workflowMessages.jobTakesNoFiles, 422);
  const { fileId, size, contentType } = command.data;
  const name = command.data.name.trim();
  const existing = job.files.find((f) => f.fileId === fileId);
  if (existing)
    return existing.name === name && existing.size === size && existing.contentType === contentType
      ? []
      : new DomainError(workflowMessages.jobFileExists, 409);
  if (name === '') return invalid('name', messages.validation.required);
  if (name.length > JOB_FILE_NAME_MAX) return invalid('name', format(messages.validation.tooLong, { maximum: JOB_FILE_NAME_MAX }));
  if (size <= 0) return invalid('file', taskMessages.appendixEmpty);
  if (size > JOB_FILE_MAX_BYTES) return invalid('file', format(taskMessages.appendixTooLarge, { max: JOB_FILE_MAX_BYTES / 1024 / 1024 }));
  if (!(JOB_FILE_CONTENT_TYPES as readonly string[]).includes(contentType)) return invalid('file', taskMessages.appendixType);
  if (job.files.length >= JOB_FILES_MAX) return new DomainError(format(workflowMessages.tooManyJobFiles, { max: JOB_FILES_MAX }), 422);
  return [
    {
      type: 'SessionJobFileUploaded',
      data: { ...jobIdsOf(state, job), fileId, name, size, contentType, userId: command.metadata.actor.userId },
    },
  ];
};

/** An automated job's action is done. The process manager may try twice (a crash before it saw the answer): the second changes nothing. */
export const finishAutomatedJob = (command: FinishAutomatedJob, state: SessionState): Result => {
  const job = jobOf(state, command.data.jobId);
  if (job instanceof DomainError) return job;
  if (job.manual) return new DomainError(workflowMessages.jobNotAutomated, 422);
  if (job.status === 'finished') return [];
  if (job.status !== 'open') return new DomainError(workflowMessages.jobNotOpen, 409);
  const finished: SessionEvent[] = [
    { type: 'SessionJobFinished', data: { ...jobIdsOf(state, job), values: {}, result: command.data.result } },
  ];
  const sbsCode = command.data.sbsCode?.trim();
  if (sbsCode && sbsCode !== state.sbsCode)
    finished.push({
      type: 'SessionSbsCodeChanged',
      data: { sessionId: state.sessionId, projectId: state.projectId, sbsCode, previousSbsCode: state.sbsCode },
    });
  return afterFinish(state, finished, job);
};

export const failAutomatedJob = (command: FailAutomatedJob, state: SessionState): Result => {
  const job = jobOf(state, command.data.jobId);
  if (job instanceof DomainError) return job;
  if (job.manual) return new DomainError(workflowMessages.jobNotAutomated, 422);
  if (job.status === 'finished') return new DomainError(workflowMessages.jobFinished, 409);
  if (job.status === 'failed') return [];
  if (job.status !== 'open') return new DomainError(workflowMessages.jobNotOpen, 409);
  const error = command.data.error.slice(0, JOB_ERROR_MAX);
  const attempts = Math.max(1, Math.floor(command.data.attempts));
  return [{ type: 'SessionJobFailed', data: { ...jobIdsOf(state, job), error, attempts } }];
};

export const retryAutomatedJob = (command: RetryAutomatedJob, state: SessionState): Result => {
  const job = jobOf(state, command.data.jobId);
  if (job instanceof DomainError) return job;
  if (job.status !== 'failed') return new DomainError(workflowMessages.jobNotFailed, 409);
  return [{ type: 'SessionJobRetried', data: jobIdsOf(state, job) }];
};

export const deleteSession = (_command: DeleteSession, state: SessionState): Result => {
  if (!isLiveSession(state)) return sessionNotFound();
  return [{ type: 'SessionDeleted', data: { sessionId: state.sessionId, projectId: state.projectId } }];
};

export const decideSession = (command: SessionCommand, state: SessionState): Result => {
  switch (command.type) {
    case 'StartSession':
      return startSession(command, state);
    case 'AssignSessionJob':
      return assignSessionJob(command, state);
    case 'SaveSessionJobPanel':
      return saveSessionJobPanel(command, state);
    case 'FinishSessionJob':
      return finishSessionJob(command, state);
    case 'UploadSessionJobFile':
      return uploadSessionJobFile(command, state);
    case 'FinishAutomatedJob':
      return finishAutomatedJob(command, state);
    case 'FailAutomatedJob':
      return failAutomatedJob(command, state);
    case 'RetryAutomatedJob':
      return retryAutomatedJob(command, state);
    case 'DeleteSession':
      return deleteSession(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: initialSessionState,
  evolve: evolveSession,
  decide: decideSession,
};
