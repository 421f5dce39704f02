import {
  DomainError,
  fold,
  isLiveSession,
  isManual,
  sessionDecider,
  sessionSchemas,
  taskDecider,
  taskSchemas,
  TASK_TITLE_MAX,
  toSessionStreamId,
  toTaskStreamId,
  workflowMessages,
  workflowTaskId,
  WORKFLOW_TASK_TYPE,
  type Action,
  type Actor,
  type SessionCommand,
  type SessionEvent,
  type SessionJob,
  type SessionState,
  type TaskCommand,
  type TaskEvent,
  type WorkflowTaskMetadata,
} from '@stramien/domain';
import {
  backoffDelay,
  createCommandPipeline,
  DuplicateKeyError,
  logCheckpoint,
  sleep,
  streamCategory,
  supervise,
  type BackoffOptions,
  type DocumentStore,
  type EventStore,
  type HealthRegistry,
  type RecordedEvent,
  type Supervised,
} from '@stramien/infra';
import { runAction, type WorkflowTaskPorts } from './actions';
import { WORKFLOW_MANAGER_CHECKPOINT, WORKFLOW_TIMERS_COLLECTION, type WorkflowTimerDoc } from './timers';

/** the manager's name in the health report */
export const WORKFLOWS_COMPONENT = 'workflows';
/** an automated job's attempts before it fails (`SessionJobFailed`) */
export const JOB_ATTEMPTS = 8;
/** the wait after a failed attempt: 1 s, doubling, at most 5 min */
export const JOB_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 300_000, factor: 2, jitter: 0 };
/** who appends the manager's session events (the effects act for the session's starter) */
export const WORKFLOW_MANAGER_USER = 'system';
const SESSION_CATEGORY = 'session';
const READ_BATCH = 500;
/** due jobs run per look */
const DUE_BATCH = 50;

export interface WorkflowManagerOptions {
  eventStore: EventStore;
  documentStore: DocumentStore;
  tasks: WorkflowTaskPorts;
  health?: HealthRegistry;
  now?: () => Date;
  /** the wait after a failed attempt; default JOB_BACKOFF */
  backoff?: BackoffOptions;
  /** attempts before a job fails; default JOB_ATTEMPTS */
  attempts?: number;
  /** how often due jobs are looked for without being woken; default 1 s */
  pollMs?: number;
  /**
   * Fault injection for the SIGKILL test (docs/workflows.md): called right after a run wrote an action's effect (a
   * task, a record), before the job's `SessionJobFinished` is appended; not when the run found the effect written.
   */
  afterEffect?: (jobId: string) => void;
  onError?: (error: unknown) => void;
}

const actionOf = (state: SessionState, job: SessionJob): Action | null => {
  const node = state.graph.nodes.find((n) => n.nodeId === job.nodeId);
  const config = state.graph.blocks.find((b) => b.blockId === node?.blockId)?.config;
  return config && !isManual(config) ? config.action : null;
};
const blockNameOf = (state: SessionState, job: SessionJob): string => {
  const node = state.graph.nodes.find((n) => n.nodeId === job.nodeId);
  return state.graph.blocks.find((b) => b.blockId === node?.blockId)?.config?.name ?? job.nodeId;
};

/** the text a failed attempt leaves on the job: a domain refusal's own text, else the general one (details to the log) */
const errorText = (error: unknown): string => {
  if (!(error instanceof DomainError)) return workflowMessages.actionFailed;
  const fields = Object.entries(error.errors ?? {}).map(([field, list]) => `${field}: ${list.join(' ')}`);
  return fields.length > 0 ? `${error.message} (${fields.join('; ')})` : error.message;
};

/**
 * The workflow process manager (docs/workflows.md "The process manager"): a reader of the log from its own
 * checkpoint that reacts to session events. An automated job's opening (or retry) becomes a `workflow_timers`
 * document before the checkpoint passes it; a scheduler runs due jobs' actions and appends `SessionJobFinished`
 * (or, after the last attempt, `SessionJobFailed`) through the session decider. A manual job's assignment becomes a
 * task of type `workflow` for the assignee; its finish closes that task, a reassignment cancels the previous one.
 * Every effect is named by a deterministic id or found by the job id, so whatever is done again after a crash is
 * done once.
 */
export const createWorkflowManager = (options: WorkflowManagerOptions) => {
  const { eventStore, documentStore } = options;
  const now = options.now ?? (() => new Date());
  const maxAttempts = options.attempts ?? JOB_ATTEMPTS;
  const backoff = options.backoff ?? JOB_BACKOFF;
  const pollMs = options.pollMs ?? 1_000;
  const pipeline = createCommandPipeline({ eventStore, now, stateCacheSize: 0 });
  const timers = documentStore.collection<WorkflowTimerDoc>(WORKFLOW_TIMERS_COLLECTION);
  const actionDeps = { eventStore, documentStore, pipeline, tasks: options.tasks };
  let position = 0;
  let reader: Supervised | null = null;
  let scheduler: Supervised | null = null;
  let wake: (() => void) | null = null;
  let woken = false;
  const reporter = options.health?.register(WORKFLOWS_COMPONENT, { lag: async () => (await eventStore.headPosition()) - position });
  const fail = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      // a failing error sink changes nothing
    }
  };
  // past a command's events that are not a session's, the stored checkpoint follows within a second (a restart reads
  // those events again and passes them again); past a session's events at once, their timers being written by then
  const checkpoint = logCheckpoint(documentStore, WORKFLOW_MANAGER_CHECKPOINT, { onError: fail });
  const poke = () => {
    woken = true;
    wake?.();
  };

  const loadSession = async (sessionId: string): Promise<SessionState> =>
    fold(
      sessionDecider,
      (await eventStore.readStream(toSessionStreamId(sessionId))).map((r) => ({ type: r.type, data: r.data }) as SessionEvent),
    );

  const sendSession = (state: SessionState, licenceId: string, command: Omit<SessionCommand, 'metadata'>, causationId: string) => {
    const actor: Actor = { userId: WORKFLOW_MANAGER_USER, licenceId };
    return pipeline({
      decider: sessionDecider,
      schemas: sessionSchemas,
      streamId: toSessionStreamId(state.sessionId),
      command: { ...command, metadata: { actor, now: now().toISOString() } } as SessionCommand,
      context: { actor, correlationId: state.sessionId, causationId, projectId: state.projectId },
    });
  };

  const sendTask = (taskId: string, state: SessionState, licenceId: string, command: Omit<TaskCommand, 'metadata'>, newStream = false) => {
    const actor: Actor = { userId: state.startedBy, licenceId };
    return pipeline<TaskCommand, TaskEvent, ReturnType<typeof taskDecider.initialState>>({
      decider: taskDecider,
      schemas: taskSchemas,
      streamId: toTaskStreamId(taskId),
      command: { ...command, metadata: { actor, now: now().toISOString() } } as TaskCommand,
      context: { actor, correlationId: state.sessionId, causationId: taskId, projectId: state.projectId },
      newStream,
    });
  };

  const taskState = async (taskId: string) =>
    fold(
      taskDecider,
      (await eventStore.readStream(toTaskStreamId(taskId))).map((r) => ({ type: r.type, data: r.data }) as TaskEvent),
    );

  /** closes or cancels a workflow task that is still open */
  const endTask = async (taskId: string, state: SessionState, licenceId: string, type: 'CloseTask' | 'CancelTask') => {
    const task = await taskState(taskId);
    if (!task.exists || task.deleted || task.status !== 'open') return;
    await sendTask(taskId, state, licenceId, { type, data: {} } as Omit<TaskCommand, 'metadata'>);
  };

  /** a manual job's assignment: the assignee's task of type workflow (once), and the previous assignee's task canceled */
  const assign = async (event: RecordedEvent, state: SessionState, job: SessionJob, licenceId: string) => {
    const data = event.data as Extract<SessionEvent, { type: 'SessionJobAssigned' }>['data'];
    if (data.assignment > 1) await endTask(workflowTaskId(job.jobId, data.assignment - 1), state, licenceId, 'CancelTask');
    // a later assignment or the job's finish came meanwhile (the log read again): that one's task is the live one
    if (job.status === 'finished' || data.assignment !== job.assignments) return;
    const taskId = workflowTaskId(job.jobId, data.assignment);
    if ((await eventStore.readStream(toTaskStreamId(taskId), { maxCount: 1 })).length > 0) return;
    const canSee = await options.tasks.canSeeProject(data.userId, state.projectId);
    const number = await options.tasks.takeTaskNumber(state.projectId, taskId, { userId: state.startedBy, licenceId }, now().toISOString());
    const metadata: WorkflowTaskMetadata = {
      sessionId: state.sessionId,
      jobId: job.jobId,
      projectId: state.projectId,
      projectWorkflowId: state.projectWorkflowId,
      nodeId: job.nodeId,
    };
    try {
      await sendTask(
        taskId,
        state,
        licenceId,
        {
          type: 'CreateTask',
          data: {
            taskId,
            licenceId,
            projectId: state.projectId,
            number,
            title: `${blockNameOf(state, job)} (${state.name})`.slice(0, TASK_TITLE_MAX),
            description: null,
            taskType: { type: WORKFLOW_TASK_TYPE },
            metadata,
            priority: 'normal',
            assignedTo: data.userId,
            assigneeCanSeeProject: canSee,
            parentAvailable: true,
            labelsAvailable: true,
          },
        },
        true,
      );
    } catch (error) {
      if (!(error instanceof DomainError && error.status === 409)) throw error;
    }
  };

  /** one session event; throws only what a retry may cure (the reader then reads it again) */
  const handle = async (event: RecordedEvent) => {
    if (streamCategory(event.streamId) !== SESSION_CATEGORY) return;
    const data = event.data as { sessionId: string; jobId?: string };
    const metadata = event.metadata as { licenceId: string; occurredAt: string };
    if (!['SessionJobOpened', 'SessionJobRetried', 'SessionJobAssigned', 'SessionJobFinished', 'SessionDeleted'].includes(event.type))
      return;
    const state = await loadSession(data.sessionId);
    if (event.type === 'SessionDeleted') {
      for (const job of state.jobs)
        if (job.manual && job.assignments > 0)
          await endTask(workflowTaskId(job.jobId, job.assignments), state, metadata.licenceId, 'CancelTask');
      return;
    }
    const job = state.jobs.find((j) => j.jobId === data.jobId);
    if (!job || !isLiveSession(state)) return;
    try {
      switch (event.type) {
        case 'SessionJobOpened':
        case 'SessionJobRetried': {
          if (job.manual || job.status !== 'open') return;
          const timer: WorkflowTimerDoc = {
            _id: job.jobId,
            sessionId: state.sessionId,
            jobId: job.jobId,
            licenceId: metadata.licenceId,
            openedAt: metadata.occurredAt,
            dueAt: metadata.occurredAt,
            attempts: 0,
            error: null,
          };
          try {
            await timers.insertOne(timer);
          } catch (error) {
            if (!(error instanceof DuplicateKeyError)) throw error;
          }
          poke();
          return;
        }
        case 'SessionJobAssigned':
          if (job.manual) await assign(event, state, job, metadata.licenceId);
          return;
        case 'SessionJobFinished':
          if (job.manual && job.assignments > 0)
            await endTask(workflowTaskId(job.jobId, job.assignments), state, metadata.licenceId, 'CloseTask');
          return;
      }
    } catch (error) {
      // a refusal (a task the rules do not allow) will not change by reading the event again: told, and passed
      if (!(error instanceof DomainError)) throw error;
      fail(error);
    }
  };

  /** runs one due job: its action, then its finish; a failed attempt waits its backoff, the last one fails the job */
  const runTimer = async (timer: WorkflowTimerDoc) => {
    const state = await loadSession(timer.sessionId);
    const job = state.jobs.find((j) => j.jobId === timer.jobId);
    const action = job ? actionOf(state, job) : null;
    if (!isLiveSession(state) || !job || !action || job.status !== 'open') {
      await timers.deleteOne({ _id: timer._id });
      return;
    }
    const at = now();
    let outcome;
    try {
      outcome = await runAction(actionDeps, { state, job, action, licenceId: timer.licenceId, openedAt: timer.openedAt, now: at });
    } catch (error) {
      if (!(error instanceof DomainError)) fail(error);
      const attempts = timer.attempts + 1;
      const message = errorText(error);
      if (attempts < maxAttempts) {
        const dueAt = new Date(at.getTime() + backoffDelay(attempts, backoff)).toISOString();
        await timers.updateOne({ _id: timer._id }, { $set: { attempts, error: message, dueAt } });
        return;
      }
      await sendSession(
        state,
        timer.licenceId,
        { type: 'FailAutomatedJob', data: { jobId: job.jobId, error: message, attempts } },
        job.jobId,
      );
      await timers.deleteOne({ _id: timer._id });
      return;
    }
    if (!outcome.done) {
      await timers.updateOne({ _id: timer._id }, { $set: { dueAt: outcome.until.toISOString() } });
      return;
    }
    if (outcome.wrote) options.afterEffect?.(job.jobId);
    try {
      await sendSession(
        state,
        timer.licenceId,
        {
          type: 'FinishAutomatedJob',
          data: { jobId: job.jobId, result: outcome.result, ...(outcome.sbsCode ? { sbsCode: outcome.sbsCode } : {}) },
        },
        job.jobId,
      );
    } catch (error) {
      // the session was deleted or the job changed meanwhile: nothing left to finish
      if (!(error instanceof DomainError)) throw error;
    }
    await timers.deleteOne({ _id: timer._id });
  };

  /** the jobs due now, in due order; the number run */
  const runDue = async (): Promise<number> => {
    const due = await timers.find({ dueAt: { $lte: now().toISOString() } }, { sort: { dueAt: 1 }, limit: DUE_BATCH });
    for (const timer of due) await runTimer(timer);
    return due.length;
  };

  const idle = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const done = () => {
        wake = null;
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      signal.addEventListener('abort', done, { once: true });
      wake = done;
    });

  return {
    position: () => position,
    /** runs the jobs due now (tests drive it with an injected clock) */
    runDue,
    /** looks for due jobs now (tests, after moving their clock) */
    wake: poke,
    async start() {
      position = await checkpoint.load();
      await timers.createIndex({ keys: { dueAt: 1 } });
      reader = supervise({
        ...(reporter ? { reporter } : {}),
        onError: fail,
        async run({ signal, running }) {
          // the whole log, not only sessions: the checkpoint then follows the head, and the lag reported is true
          const sub = eventStore.subscribe({ after: position });
          const close = () => void sub.close();
          signal.addEventListener('abort', close, { once: true });
          try {
            if ((await eventStore.headPosition()) <= position) running();
            for await (const batch of sub.batches(READ_BATCH)) {
              if (batch.length === 0) continue;
              let acted = false;
              for (const event of batch) {
                await handle(event);
                acted ||= streamCategory(event.streamId) === SESSION_CATEGORY;
              }
              position = batch[batch.length - 1]!.position;
              await checkpoint.passed(position, acted);
              running();
              if (signal.aborted) break;
            }
          } finally {
            signal.removeEventListener('abort', close);
            await sub.close();
            // a lost checkpoint only means reading the events past it again
            await checkpoint.flush().catch(() => undefined);
          }
        },
      });
      scheduler = supervise({
        onError: fail,
        async run({ signal }) {
          while (!signal.aborted) {
            woken = false;
            const ran = await runDue();
            if (ran === 0) await idle(signal);
            else await sleep(0, signal);
          }
        },
      });
    },
    async stop() {
      wake?.();
      await Promise.all([reader?.stop(), scheduler?.stop()]);
    },
  };
};
export type WorkflowManager = ReturnType<typeof createWorkflowManager>;
