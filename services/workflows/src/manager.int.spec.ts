import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  derivedId,
  fold,
  NO_PANEL_FACTS,
  recordDecider,
  recordSchemas,
  sessionDecider,
  sessionSchemas,
  taskDecider,
  toJobId,
  toRecordStreamId,
  toSessionStreamId,
  toTaskStreamId,
  type Action,
  type Column,
  type SessionCommand,
  type SessionEvent,
  type TaskEvent,
  workflowTaskId,
} from '@stramien/domain';
import { automatedConfig, graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import { createCommandPipeline, createEmbeddedDocumentStore, createSqliteEventStore, type Doc } from '@stramien/infra';
import { TABLES_COLLECTION, tableRecordsCollection } from '@stramien/projections/tables/tableDocs';
import { SBS_NODES_COLLECTION } from '@stramien/projections/sbs/sbsNodes';
import { takeTaskNumber } from '@stramien/commands/routes/tasks/taskCommands';
import { runAction, type WorkflowTaskPorts } from './actions';
import { createWorkflowManager, JOB_ATTEMPTS, type WorkflowManagerOptions } from './manager';
import { WORKFLOW_MANAGER_CHECKPOINT, WORKFLOW_TIMERS_COLLECTION, type WorkflowTimerDoc } from './timers';

/**
 * The process manager against real stores (SQLite event log, embedded document store): sessions are driven through
 * the session decider as the routes drive them; the read models an action reads (tables, records, SBS) are written
 * as their projections write them.
 */
const LICENCE = 'licence-1';
const PROJECT = 'project-1';
const STARTER = 'starter';
const TABLE = 'table-rooms';
const columns: Column[] = [
  { columnId: 'c-name', name: 'Name', type: 'text', options: null, position: 0 },
  { columnId: 'c-size', name: 'Size', type: 'float', options: null, position: 1 },
];
const T0 = new Date('2026-03-02T08:00:00.000Z');

let dir: string;
let stores: ReturnType<typeof open>;
let clock: Date;
let managers: ReturnType<typeof createWorkflowManager>[] = [];
const open = (dataDir: string) => ({
  eventStore: createSqliteEventStore({ file: join(dataDir, 'events.sqlite') }),
  documentStore: createEmbeddedDocumentStore({ file: join(dataDir, 'documents.sqlite') }),
});
const tasks: WorkflowTaskPorts = {
  takeTaskNumber: (projectId, taskId, actor, now) => takeTaskNumber(stores.eventStore, projectId, taskId, actor, now),
  canSeeProject: async (userId) => userId !== 'outsider',
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-workflow-manager-'));
  stores = open(dir);
  clock = T0;
});
afterEach(async () => {
  for (const m of managers) await m.stop();
  managers = [];
  await stores.eventStore.close();
  await stores.documentStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (options: Partial<WorkflowManagerOptions> = {}) => {
  const manager = createWorkflowManager({ ...stores, tasks, now: () => clock, pollMs: 5, onError: () => undefined, ...options });
  managers.push(manager);
  await manager.start();
  return manager;
};
const stop = async (manager: ReturnType<typeof createWorkflowManager>) => {
  await manager.stop();
  managers = managers.filter((m) => m !== manager);
};

/** a session command as its route sends it (by the starter, at the test's clock) */
const send = (sessionId: string, command: Omit<SessionCommand, 'metadata'>, userId = STARTER) => {
  const actor = { userId, licenceId: LICENCE };
  return createCommandPipeline({ eventStore: stores.eventStore })({
    decider: sessionDecider,
    schemas: sessionSchemas,
    streamId: toSessionStreamId(sessionId),
    command: { ...command, metadata: { actor, now: clock.toISOString() } } as SessionCommand,
    context: { actor, correlationId: sessionId, causationId: sessionId, projectId: PROJECT },
  });
};

let sessions = 0;
const startSession = async (graph: ReturnType<typeof graphOf>, name = 'Block A') => {
  const sessionId = `session-${++sessions}`;
  await send(sessionId, {
    type: 'StartSession',
    data: {
      sessionId,
      projectId: PROJECT,
      projectWorkflowId: 'pw-1',
      workflowId: 'w-1',
      workflowName: 'Inspection',
      version: 1,
      graph,
      name,
      sbsCode: null,
      sbsCodeKnown: true,
    },
  });
  return sessionId;
};
const sessionOf = async (sessionId: string) =>
  fold(
    sessionDecider,
    (await stores.eventStore.readStream(toSessionStreamId(sessionId))).map((r) => ({ type: r.type, data: r.data }) as SessionEvent),
  );
const jobOf = async (sessionId: string, nodeId: string) => (await sessionOf(sessionId)).jobs.find((j) => j.nodeId === nodeId)!;
const eventsOf = async (streamId: string) => stores.eventStore.readStream(streamId);
const taskOf = async (taskId: string) =>
  fold(
    taskDecider,
    (await eventsOf(toTaskStreamId(taskId))).map((r) => ({ type: r.type, data: r.data }) as TaskEvent),
  );
const timers = () => stores.documentStore.collection<WorkflowTimerDoc>(WORKFLOW_TIMERS_COLLECTION);
const addTable = () =>
  stores.documentStore
    .collection<Doc>(TABLES_COLLECTION)
    .insertOne({ _id: TABLE, licenceId: LICENCE, projectId: PROJECT, name: 'Rooms', columns, deleted: false });
/** one automated node */
const single = (action: Action) => graphOf({ n1: automatedConfig(action, 'Step') });
/** the manager crashes once right after the effect (the finish is then appended by the next try) */
const crashOnce = () => {
  let crashed = false;
  return {
    afterEffect: () => {
      if (crashed) return;
      crashed = true;
      throw new Error('crashed after the effect');
    },
  };
};
const finished = (sessionId: string, nodeId = 'n1') =>
  expect.poll(async () => (await jobOf(sessionId, nodeId)).status, { timeout: 10_000 }).toBe('finished');

describe('the workflow process manager', () => {
  describe('a create-task job', () => {
    it('creates the task derivedId(job, task) once, with the rendered title and due date, even when it crashed before the finish', async () => {
      await start(crashOnce());
      const sessionId = await startSession(
        single({ type: 'create-task', title: 'Check {{session.name}}', assignTo: 'session-starter', priority: 'high', dueInDays: 3 }),
      );
      await finished(sessionId);
      const jobId = toJobId(sessionId, 'n1');
      const taskId = derivedId(jobId, 'task');
      const task = await taskOf(taskId);
      expect(task).toMatchObject({ title: 'Check Block A', assignedTo: STARTER, priority: 'high', status: 'open', projectId: PROJECT });
      expect(task.due?.slice(0, 10)).toBe('2026-03-05');
      expect((await eventsOf(toTaskStreamId(taskId))).filter((e) => e.type === 'TaskCreated')).toHaveLength(1);
      expect((await jobOf(sessionId, 'n1')).result).toEqual({ taskId });
      // the manager removes its timer after the session's event is stored, so the read model may show the job first
      await expect.poll(() => timers().count({}), { timeout: 10_000 }).toBe(0);
    });

    it('run twice for the same opening, makes one task and takes one number', async () => {
      const sessionId = await startSession(single({ type: 'create-task', title: 'Check', assignTo: { user: 'u1' }, priority: 'normal' }));
      const state = await sessionOf(sessionId);
      const run = {
        state,
        job: state.jobs[0]!,
        action: { type: 'create-task', title: 'Check', assignTo: { user: 'u1' }, priority: 'normal' } as Action,
        licenceId: LICENCE,
        openedAt: T0.toISOString(),
        now: T0,
      };
      const deps = { ...stores, pipeline: createCommandPipeline({ eventStore: stores.eventStore }), tasks };
      const first = await runAction(deps, run);
      const second = await runAction(deps, run);
      expect(first).toMatchObject({ done: true, wrote: true });
      expect(second).toEqual({ done: true, result: (first as { result: unknown }).result });
      const taskId = derivedId(state.jobs[0]!.jobId, 'task');
      expect((await eventsOf(toTaskStreamId(taskId))).map((e) => e.type)).toEqual(['TaskCreated']);
      expect(await eventsOf(`taskCounter-${PROJECT}`)).toHaveLength(1);
    });
  });

  describe('a write-record job', () => {
    it('creates the record derivedId(job, record) once with its rendered values, even when it crashed before the finish', async () => {
      await addTable();
      await start(crashOnce());
      const sessionId = await startSession(
        single({ type: 'write-record', table: 'Rooms', values: { Name: '{{session.name}}', Size: '12.5' } }),
      );
      await finished(sessionId);
      const recordId = derivedId(toJobId(sessionId, 'n1'), 'record');
      const events = await eventsOf(toRecordStreamId(recordId));
      expect(events.map((e) => e.type)).toEqual(['RecordCreated']);
      expect(events[0]!.data).toMatchObject({ tableId: TABLE, values: { 'c-name': 'Block A', 'c-size': 12.5 } });
      expect(events[0]!.metadata).toMatchObject({ causationId: toJobId(sessionId, 'n1'), userId: STARTER });
      expect((await jobOf(sessionId, 'n1')).result).toEqual({ tableId: TABLE, recordId, created: true });
    });

    it('updates the record matchOn finds, once, by the job id as causation id', async () => {
      await addTable();
      // the record as the records projection has it, and its stream
      const existing = 'record-existing';
      await createCommandPipeline({ eventStore: stores.eventStore })({
        decider: recordDecider,
        schemas: recordSchemas,
        streamId: toRecordStreamId(existing),
        command: {
          type: 'CreateRecord',
          data: {
            tableId: TABLE,
            projectId: PROJECT,
            columns,
            knownRecords: [],
            knownSbsCodes: [],
            recordId: existing,
            values: { 'c-name': 'Block A', 'c-size': 1 },
          },
          metadata: { actor: { userId: 'u1', licenceId: LICENCE }, now: T0.toISOString() },
        },
        context: { actor: { userId: 'u1', licenceId: LICENCE }, correlationId: 'c', causationId: 'c', projectId: PROJECT },
      });
      await stores.documentStore
        .collection<Doc>(tableRecordsCollection(TABLE))
        .insertOne({ _id: existing, _seq: 1, v: { 'c-name': 'Block A', 'c-size': 1 } });
      await start(crashOnce());
      const sessionId = await startSession(
        single({ type: 'write-record', table: 'Rooms', values: { Name: '{{session.name}}', Size: '7' }, matchOn: ['Name'] }),
      );
      await finished(sessionId);
      const events = await eventsOf(toRecordStreamId(existing));
      expect(events.map((e) => e.type)).toEqual(['RecordCreated', 'RecordUpdated']);
      expect(events[1]!.data).toMatchObject({ changes: { 'c-size': { from: 1, to: 7 } } });
      expect(events[1]!.metadata).toMatchObject({ causationId: toJobId(sessionId, 'n1') });
      expect(await eventsOf(toRecordStreamId(derivedId(toJobId(sessionId, 'n1'), 'record')))).toEqual([]);
    });
  });

  describe('jobs addressed to a role', () => {
    it("give a task to the first member of the role's teams who can see the project, and notify every member", async () => {
      const ids = { projectWorkflowId: 'pw-1', projectId: PROJECT, roleId: 'role-1' };
      const metadata = { userId: 'admin', licenceId: LICENCE, correlationId: 'c', causationId: 'c', occurredAt: T0.toISOString() };
      await stores.eventStore.append(
        'projectWorkflow-pw-1',
        [
          { id: 'e1', type: 'WorkflowRoleCreated', data: { ...ids, name: 'Inspector' }, metadata },
          { id: 'e2', type: 'WorkflowRoleTeamAdded', data: { ...ids, teamId: 'team-1' }, metadata },
          { id: 'e3', type: 'WorkflowRoleTeamAdded', data: { ...ids, teamId: 'team-2' }, metadata },
        ],
        'no_stream',
      );
      // the teams read model; team-3 holds no role; 'outsider' cannot see the project
      await stores.documentStore.collection<Doc>('teams').insertMany([
        { _id: 'team-1', projectId: PROJECT, userIds: ['outsider', 'u3'] },
        { _id: 'team-2', projectId: PROJECT, userIds: ['u2'] },
        { _id: 'team-3', projectId: PROJECT, userIds: ['u1'] },
      ]);
      await start();
      const task = await startSession(
        single({ type: 'create-task', title: 'Inspect', assignTo: { role: 'Inspector' }, priority: 'normal' }),
      );
      const notify = await startSession(single({ type: 'notify', to: { role: 'Inspector' }, message: 'Look' }));
      const nobody = await startSession(single({ type: 'notify', to: { role: 'Nobody' }, message: 'Look' }));
      await finished(task);
      await finished(notify);
      expect((await taskOf(derivedId(toJobId(task, 'n1'), 'task'))).assignedTo).toBe('u2');
      expect((await jobOf(notify, 'n1')).result).toEqual({ notify: { to: ['outsider', 'u2', 'u3'], message: 'Look' } });
      await expect
        .poll(async () => (await timers().findOne({ _id: toJobId(nobody, 'n1') }))?.error, { timeout: 10_000 })
        .toBe('No user of this project holds the role Nobody.');
    });
  });

  describe('a notify job', () => {
    it('finishes with the recipients and the rendered message in its result (the notifier sends them)', async () => {
      await start();
      const sessionId = await startSession(single({ type: 'notify', to: 'session-starter', message: 'Done: {{session.name}}' }));
      await finished(sessionId);
      expect((await jobOf(sessionId, 'n1')).result).toEqual({ notify: { to: [STARTER], message: 'Done: Block A' } });
    });
  });

  describe('a set-session-sbs job', () => {
    it("sets the session's SBS code to a code of the project's SBS", async () => {
      await stores.documentStore.collection<Doc>(SBS_NODES_COLLECTION).insertOne({
        _id: 'sbs-1',
        projectId: PROJECT,
        versionId: PROJECT,
        code: '01.02',
        label: 'Hall',
        parentKey: '',
        childCount: 0,
        search: '',
      });
      await start();
      const sessionId = await startSession(single({ type: 'set-session-sbs', code: '01.02' }));
      await finished(sessionId);
      expect((await sessionOf(sessionId)).sbsCode).toBe('01.02');
      expect((await eventsOf(toSessionStreamId(sessionId))).map((e) => e.type)).toContain('SessionSbsCodeChanged');
    });
  });

  describe('a job whose action fails', () => {
    it(`retries after 1, 2, 4 … s, fails after ${JOB_ATTEMPTS} attempts with the error, and runs again when retried`, async () => {
      await start();
      const sessionId = await startSession(single({ type: 'write-record', table: 'Rooms', values: { Name: 'x' } }));
      const jobId = toJobId(sessionId, 'n1');
      const waits: number[] = [];
      for (let attempt = 1; attempt < JOB_ATTEMPTS; attempt++) {
        await expect.poll(async () => (await timers().findOne({ _id: jobId }))?.attempts, { timeout: 10_000 }).toBe(attempt);
        const timer = (await timers().findOne({ _id: jobId }))!;
        expect(timer.error).toBe('This project has no table Rooms.');
        waits.push((Date.parse(timer.dueAt) - clock.getTime()) / 1000);
        clock = new Date(Date.parse(timer.dueAt) - 1);
        await new Promise((resolve) => setTimeout(resolve, 30));
        expect((await timers().findOne({ _id: jobId }))!.attempts).toBe(attempt);
        clock = new Date(timer.dueAt);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);
      await expect.poll(async () => (await jobOf(sessionId, 'n1')).status, { timeout: 10_000 }).toBe('failed');
      expect(await jobOf(sessionId, 'n1')).toMatchObject({ error: 'This project has no table Rooms.', attempts: JOB_ATTEMPTS });
      // the manager removes its timer after the session's event is stored, so the read model may show the job first
      await expect.poll(() => timers().count({}), { timeout: 10_000 }).toBe(0);

      await addTable();
      await send(sessionId, { type: 'RetryAutomatedJob', data: { jobId } }, 'admin');
      await finished(sessionId);
    });
  });

  describe('a wait job', () => {
    it('keeps its due time in workflow_timers, survives a restart, and finishes when the time comes', async () => {
      const first = await start();
      const sessionId = await startSession(single({ type: 'wait', until: '+2d' }));
      const jobId = toJobId(sessionId, 'n1');
      await expect
        .poll(async () => (await timers().findOne({ _id: jobId }))?.dueAt, { timeout: 10_000 })
        .toBe(new Date(T0.getTime() + 2 * 86_400_000).toISOString());
      await stop(first);

      clock = new Date(T0.getTime() + 86_400_000);
      await start();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await jobOf(sessionId, 'n1')).status).toBe('open');
      clock = new Date(T0.getTime() + 2 * 86_400_000 + 1);
      await finished(sessionId);
      expect((await jobOf(sessionId, 'n1')).result).toEqual({ waitedUntil: new Date(T0.getTime() + 2 * 86_400_000).toISOString() });
    });
  });

  describe('its checkpoint', () => {
    it("moves past a session's events at once, past the rest of the log within a second, and when it stops", async () => {
      const manager = await start();
      const checkpoint = async () =>
        (await stores.documentStore.collection<Doc & { position: number }>('_checkpoints').findOne({ _id: WORKFLOW_MANAGER_CHECKPOINT }))
          ?.position;
      const other = (n: number) =>
        stores.eventStore.append(`other-${n}`, [{ id: randomUUID(), type: 'Other', data: {}, metadata: {} }], 'no_stream');
      const read = (position: number) => expect.poll(() => manager.position(), { timeout: 10_000 }).toBe(position);

      const sessionId = await startSession(single({ type: 'wait', until: '+2d' }));
      await expect.poll(async () => timers().findOne({ _id: toJobId(sessionId, 'n1') }), { timeout: 10_000 }).not.toBeNull();
      const afterSession = await stores.eventStore.headPosition();
      await read(afterSession);
      expect(await checkpoint()).toBe(afterSession);

      // other events are read, and the checkpoint stays where it was for now
      for (let n = 0; n < 5; n++) await other(n);
      await read(afterSession + 5);
      expect(await checkpoint()).toBe(afterSession);

      // within a second it follows, with no further event
      await expect.poll(checkpoint, { timeout: 3_000, interval: 50 }).toBe(afterSession + 5);

      // and stopping saves what was read since
      await other(5);
      await read(afterSession + 6);
      expect(await checkpoint()).toBe(afterSession + 5);
      await stop(manager);
      expect(await checkpoint()).toBe(afterSession + 6);
    });
  });

  describe('a manual job', () => {
    it("becomes a task of type workflow for its assignee; a reassignment cancels it and gives the next one's; the finish closes it", async () => {
      await start();
      const sessionId = await startSession(graphOf({ n1: manualConfig(), n2: manualConfig() }, ['n1>n2']));
      const jobId = toJobId(sessionId, 'n1');
      await send(sessionId, { type: 'AssignSessionJob', data: { jobId, userId: 'u1', userMayTake: true } }, 'admin');
      const first = workflowTaskId(jobId, 1);
      await expect.poll(async () => (await taskOf(first)).exists, { timeout: 10_000 }).toBe(true);
      expect(await taskOf(first)).toMatchObject({
        title: 'Check (Block A)',
        assignedTo: 'u1',
        status: 'open',
        taskType: { type: 'workflow' },
        metadata: { sessionId, jobId, projectId: PROJECT, projectWorkflowId: 'pw-1', nodeId: 'n1' },
      });

      await send(sessionId, { type: 'AssignSessionJob', data: { jobId, userId: 'u2', userMayTake: true } }, 'admin');
      const second = workflowTaskId(jobId, 2);
      await expect.poll(async () => (await taskOf(second)).assignedTo, { timeout: 10_000 }).toBe('u2');
      await expect.poll(async () => (await taskOf(first)).status, { timeout: 10_000 }).toBe('canceled');

      await send(sessionId, { type: 'FinishSessionJob', data: { jobId, values: { remarks: 'fine' }, facts: NO_PANEL_FACTS } }, 'u2');
      await expect.poll(async () => (await taskOf(second)).status, { timeout: 10_000 }).toBe('closed');
      expect((await taskOf(first)).status).toBe('canceled');
    });
  });
});
