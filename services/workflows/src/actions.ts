import {
  derivedId,
  DomainError,
  fold,
  format,
  importCellInput,
  projectWorkflowDecider,
  recordDecider,
  recordSchemas,
  renderTemplate,
  tableMessages,
  taskDecider,
  taskSchemas,
  TASK_TITLE_MAX,
  toProjectWorkflowStreamId,
  toRecordStreamId,
  toTaskStreamId,
  validateValues,
  WAIT_DAYS,
  workflowMessages,
  type Action,
  type Actor,
  type Assignee,
  type JobResult,
  type NotifyResult,
  type ProjectWorkflowEvent,
  type SessionJob,
  type SessionState,
  type TemplateScope,
} from '@stramien/domain';
import type { CommandPipeline, DocumentStore, EventStore } from '@stramien/infra';
import { readModelLookups, recordContextOf } from '@stramien/jobs/tables/csvRecords';
import { encodeCell, TABLES_COLLECTION, tableRecordsCollection, type TableDoc } from '@stramien/projections/tables/tableDocs';

/**
 * What the manager needs of the tasks context that lives in the API service (services/commands): the project's task
 * counter and the rule "the assignee can see the project". The all-in-one runtime passes the API's own functions.
 */
export interface WorkflowTaskPorts {
  /** takes the project's next task number for the task (`takeTaskNumber` of services/commands) */
  takeTaskNumber(projectId: string, taskId: string, actor: Actor, now: string): Promise<number>;
  /** can the user see the project (`userCanSeeProject` of services/commands) */
  canSeeProject(userId: string, projectId: string): Promise<boolean>;
}

export interface ActionDeps {
  eventStore: EventStore;
  documentStore: DocumentStore;
  pipeline: CommandPipeline;
  tasks: WorkflowTaskPorts;
}

/** One run of a job's action: where it is, who acts, and when. */
export interface ActionRun {
  state: SessionState;
  job: SessionJob;
  action: Action;
  /** the session's licence (from its `SessionStarted`) */
  licenceId: string;
  openedAt: string;
  now: Date;
}

/** done: the job finishes with `result` (and the session's new SBS code); waiting: run it again at `until` */
export type ActionOutcome = { done: true; result: JobResult; sbsCode?: string } | { done: false; until: Date };

const DAY_MS = 86_400_000;
const done = (result: JobResult, sbsCode?: string): ActionOutcome => ({ done: true, result, ...(sbsCode ? { sbsCode } : {}) });

/** the text of templates: the session and the values of its finished manual jobs */
export const templateScopeOf = (state: SessionState): TemplateScope => ({
  session: { name: state.name, sbs_code: state.sbsCode },
  jobs: Object.fromEntries(state.jobs.filter((j) => j.status === 'finished').map((j) => [j.nodeId, j.values])),
});

/** the actor of the manager's writes: it acts for the user who started the session, as the job worker acts for a job's owner */
export const actorOf = (run: Pick<ActionRun, 'state' | 'licenceId'>): Actor => ({ userId: run.state.startedBy, licenceId: run.licenceId });

/** is there a stream (a task or record the job made before a crash)? */
const exists = async (eventStore: EventStore, streamId: string): Promise<boolean> =>
  (await eventStore.readStream(streamId, { maxCount: 1 })).length > 0;

/** a 409 of a create that lost to an earlier try of the same job: the effect is there */
const isAlreadyThere = (error: unknown): boolean => error instanceof DomainError && error.status === 409;

/**
 * The users an action addresses: who started the session, a user, or the members of the teams holding the project
 * workflow's role of that name (sorted, so a role's task goes to the same member on every try).
 */
const usersOf = async (deps: ActionDeps, run: ActionRun, to: Assignee): Promise<string[]> => {
  if (to === 'session-starter') return [run.state.startedBy];
  if ('user' in to) return [to.user];
  const recorded = await deps.eventStore.readStream(toProjectWorkflowStreamId(run.state.projectWorkflowId));
  const workflow = fold(
    projectWorkflowDecider,
    recorded.map((r) => ({ type: r.type, data: r.data }) as ProjectWorkflowEvent),
  );
  const role = workflow.roles.find((r) => r.name === to.role);
  const teams =
    role && role.teamIds.length > 0
      ? await deps.documentStore
          .collection<{ _id: string; projectId: string; userIds: string[] }>('teams')
          .find({ _id: { $in: role.teamIds }, projectId: run.state.projectId })
      : [];
  const users = [...new Set(teams.flatMap((t) => t.userIds))].sort();
  if (users.length === 0) throw new DomainError(format(workflowMessages.actionRoleWithoutUsers, { role: to.role }), 422);
  return users;
};

const dateAfter = (from: string, days: number): string => new Date(Date.parse(from) + days * DAY_MS).toISOString().slice(0, 10);

/** `create-task`: the task `derivedId(job id, 'task')`, created once (expected revision "no stream") */
const createTask = async (deps: ActionDeps, run: ActionRun, action: Extract<Action, { type: 'create-task' }>): Promise<ActionOutcome> => {
  const { state, job } = run;
  const taskId = derivedId(job.jobId, 'task');
  if (await exists(deps.eventStore, toTaskStreamId(taskId))) return done({ taskId });
  const candidates = await usersOf(deps, run, action.assignTo);
  let assignedTo: string | null = null;
  for (const userId of candidates)
    if (await deps.tasks.canSeeProject(userId, state.projectId)) {
      assignedTo = userId;
      break;
    }
  const scope = templateScopeOf(state);
  const actor = actorOf(run);
  const now = run.now.toISOString();
  const number = await deps.tasks.takeTaskNumber(state.projectId, taskId, actor, now);
  try {
    await deps.pipeline({
      decider: taskDecider,
      schemas: taskSchemas,
      streamId: toTaskStreamId(taskId),
      newStream: true,
      command: {
        type: 'CreateTask',
        data: {
          taskId,
          licenceId: run.licenceId,
          projectId: state.projectId,
          number,
          title: renderTemplate(action.title, scope).trim().slice(0, TASK_TITLE_MAX),
          description: action.description === undefined ? null : renderTemplate(action.description, scope),
          priority: action.priority,
          // none of the candidates can see the project: the decider refuses the first with its message
          assignedTo: assignedTo ?? candidates[0] ?? null,
          due: action.dueInDays === undefined ? null : dateAfter(run.openedAt, action.dueInDays),
          metadata: { sessionId: state.sessionId, jobId: job.jobId, nodeId: job.nodeId },
          assigneeCanSeeProject: assignedTo !== null,
          parentAvailable: true,
          labelsAvailable: true,
        },
        metadata: { actor, now },
      },
      context: { actor, correlationId: state.sessionId, causationId: job.jobId, projectId: state.projectId },
    });
  } catch (error) {
    if (!isAlreadyThere(error)) throw error;
  }
  return done({ taskId });
};

/**
 * `write-record`: the project's table of that name; the record whose `matchOn` columns hold the same values is
 * updated, else the record `derivedId(job id, 'record')` is created. Idempotent by the job id: the created record's
 * stream, or an event of the matched record caused by this job, means the write was done.
 */
const writeRecord = async (deps: ActionDeps, run: ActionRun, action: Extract<Action, { type: 'write-record' }>): Promise<ActionOutcome> => {
  const { state, job } = run;
  const table = await deps.documentStore
    .collection<TableDoc>(TABLES_COLLECTION)
    .findOne({ projectId: state.projectId, name: action.table, deleted: false });
  if (!table) throw new DomainError(format(workflowMessages.actionTableNotFound, { table: action.table }), 422);
  const scope = templateScopeOf(state);
  const columnOf = (name: string) => {
    const column = table.columns.find((c) => c.name === name);
    if (!column) throw new DomainError(format(workflowMessages.actionColumnNotFound, { table: action.table, column: name }), 422);
    return column;
  };
  const input: Record<string, string> = {};
  for (const [name, template] of Object.entries(action.values)) {
    const column = columnOf(name);
    input[column.columnId] = importCellInput(column.type, renderTemplate(template, scope), { decimalComma: false });
  }
  const context = await recordContextOf(
    { tableId: table._id, projectId: state.projectId, columns: table.columns },
    [input],
    readModelLookups(deps.documentStore),
  );
  const values = validateValues(context, input);
  if (values instanceof DomainError) throw values;
  const result = (recordId: string, created: boolean) => done({ tableId: table._id, recordId, created });

  const recordId = derivedId(job.jobId, 'record');
  if (await exists(deps.eventStore, toRecordStreamId(recordId))) return result(recordId, true);
  const actor = actorOf(run);
  const now = run.now.toISOString();
  const commandContext = { actor, correlationId: state.sessionId, causationId: job.jobId, projectId: state.projectId };
  if (action.matchOn) {
    const filter = Object.fromEntries(
      action.matchOn.map((name) => {
        const columnId = columnOf(name).columnId;
        return [`v.${columnId}`, encodeCell(values[columnId] ?? null)];
      }),
    );
    const match = await deps.documentStore.collection(tableRecordsCollection(table._id)).findOne(filter, { projection: { _id: 1 } });
    if (match) {
      const history = await deps.eventStore.readStream(toRecordStreamId(match._id));
      if (history.some((e) => (e.metadata as { causationId?: string }).causationId === job.jobId)) return result(match._id, false);
      await deps.pipeline({
        decider: recordDecider,
        schemas: recordSchemas,
        streamId: toRecordStreamId(match._id),
        command: { type: 'UpdateRecord', data: { ...context, values: input }, metadata: { actor, now } },
        context: commandContext,
      });
      return result(match._id, false);
    }
  }
  try {
    await deps.pipeline({
      decider: recordDecider,
      schemas: recordSchemas,
      streamId: toRecordStreamId(recordId),
      newStream: true,
      command: { type: 'CreateRecord', data: { ...context, recordId, values: input }, metadata: { actor, now } },
      context: commandContext,
    });
  } catch (error) {
    if (!isAlreadyThere(error)) throw error;
  }
  return result(recordId, true);
};

/**
 * Runs an automated job's action once. The effects of `create-task` and `write-record` are written here, each
 * idempotent by the job id; `notify` and `set-session-sbs` have their effect in the job's `SessionJobFinished` itself
 * (the notifier derives the notifications from its result; the decider appends `SessionSbsCodeChanged`).
 */
export const runAction = async (deps: ActionDeps, run: ActionRun): Promise<ActionOutcome> => {
  const { action, state } = run;
  const scope = templateScopeOf(state);
  switch (action.type) {
    case 'create-task':
      return createTask(deps, run, action);
    case 'write-record':
      return writeRecord(deps, run, action);
    case 'notify': {
      const result: NotifyResult = { notify: { to: await usersOf(deps, run, action.to), message: renderTemplate(action.message, scope) } };
      return done(result as unknown as JobResult);
    }
    case 'wait': {
      const days = WAIT_DAYS.exec(action.until.trim());
      const text = days ? null : renderTemplate(action.until, scope).trim();
      const until = days ? Date.parse(run.openedAt) + Number(days[1]) * DAY_MS : Date.parse(text!);
      if (Number.isNaN(until)) throw new DomainError(format(workflowMessages.actionInvalidDate, { value: text ?? action.until }), 422);
      if (until > run.now.getTime()) return { done: false, until: new Date(until) };
      return done({ waitedUntil: new Date(until).toISOString() });
    }
    case 'set-session-sbs': {
      const code = renderTemplate(action.code, scope).trim();
      const known = code === '' ? [] : await readModelLookups(deps.documentStore).knownSbsCodes(state.projectId, [code]);
      if (!known.includes(code)) throw new DomainError(tableMessages.notAnSbsCode, 422);
      return done({ sbsCode: code }, code);
    }
  }
};
