import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  derivedId,
  sessionDecider,
  sessionSchemas,
  toJobId,
  toRecordStreamId,
  toSessionStreamId,
  toTaskStreamId,
  type Action,
  type SessionCommand,
} from '@stramien/domain';
import { automatedConfig, graphOf } from '@stramien/domain/workflows/testFixtures';
import { createCommandPipeline, createSqliteEventStore, type RecordedEvent } from '@stramien/infra';
import { KILL_AFTER_EFFECT, WORKFLOWS_FAULT_ENV } from '@stramien/workflows';
import { json, signIn, type Json } from './support/allInOne';
import { defineService, repoRoot } from './support/service';

/**
 * issue 9 "Security and reliability": a process manager killed (SIGKILL) between an automated job's effect and its
 * finish event does the effect once after its restart. The one-process runtime of `npm start` runs two sessions,
 * one whose automated job writes a record (`write-record`) and one whose job creates a task (`create-task`). With
 * STRAMIEN_WORKFLOWS_FAULT=kill-after-effect the process SIGKILLs itself right after an effect it wrote and before
 * the job's SessionJobFinished (docs/workflows.md: the moment is hit every time, not by a timing guess). The first
 * run dies after one effect; the second (still with the fault) finds that effect written, finishes its job without
 * writing it again, and dies after the other effect; the third (no fault) finishes that one. The log, read after
 * the runs, holds each effect once and each finish once.
 */
const ADMIN = { email: 'admin@workflow-kill.test', password: 'Admin#Pass123' };

let dir: string;
let fault = false;
const dataDir = () => join(dir, 'data');
const env = () => ({
  STRAMIEN_DATA_DIR: dataDir(),
  STRAMIEN_ADMIN_EMAIL: ADMIN.email,
  STRAMIEN_ADMIN_PASSWORD: ADMIN.password,
  ...(fault ? { [WORKFLOWS_FAULT_ENV]: KILL_AFTER_EFFECT } : {}),
});
const script = join(repoRoot, 'services', 'commands', 'src', 'allInOne.ts');
/** served and ready (health) */
const server = defineService({ script, http: true, ready: 'health', env });
/** a run that is to kill itself: nothing waited for but its exit */
const doomed = defineService({ script, http: true, env });

const ok = async (answer: Promise<{ status: number; body: Json }>): Promise<Json> => {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
};

/** the events of the log (read while no server writes) */
const logOf = async (): Promise<RecordedEvent[]> => {
  const store = createSqliteEventStore({ file: join(dataDir(), 'events.sqlite') });
  try {
    return await store.readAll({ after: 0, maxCount: 1_000_000 });
  } finally {
    await store.close();
  }
};

/** a session started as `POST /project/{id}/session` starts it: SessionStarted and the start job's SessionJobOpened */
const startSession = async (sessionId: string, action: Action, who: { userId: string; licenceId: string; projectId: string }) => {
  const store = createSqliteEventStore({ file: join(dataDir(), 'events.sqlite') });
  try {
    const actor = { userId: who.userId, licenceId: who.licenceId };
    await createCommandPipeline({ eventStore: store })({
      decider: sessionDecider,
      schemas: sessionSchemas,
      streamId: toSessionStreamId(sessionId),
      command: {
        type: 'StartSession',
        data: {
          sessionId,
          projectId: who.projectId,
          projectWorkflowId: 'pw-kill',
          workflowId: 'w-kill',
          workflowName: 'Kill',
          version: 1,
          graph: graphOf({ n1: automatedConfig(action, 'Effect') }),
          name: `Session ${sessionId.slice(0, 4)}`,
          sbsCode: null,
          sbsCodeKnown: true,
        },
        metadata: { actor, now: new Date().toISOString() },
      } as SessionCommand,
      context: { actor, correlationId: sessionId, causationId: sessionId, projectId: who.projectId },
    });
  } finally {
    await store.close();
  }
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-workflow-kill-'));
});
afterAll(() => {
  server.killAll();
  doomed.killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the workflow process manager killed between an effect and its finish', () => {
  it('does each effect once after its restart and finishes each job once', async () => {
    // a project with the table the write-record job writes into, through the API
    let run = await server.start();
    const token = await signIn(run.url, ADMIN);
    const me = await ok(json(`${run.url}/api/user`, { method: 'GET', token }));
    const licenceId = me.licenses[0].id as string;
    const userId = me.id as string;
    const projectId = (
      await ok(json(`${run.url}/api/project`, { method: 'POST', token, body: { license: licenceId, name: 'Kill', number: 'K1' } }))
    ).data.id as string;
    const tableId = (await ok(json(`${run.url}/api/table`, { method: 'POST', token, body: { project: projectId, name: 'Rooms' } }))).data
      .id as string;
    await ok(json(`${run.url}/api/column`, { method: 'POST', token, body: { table: tableId, name: 'Name', type: 'text' } }));
    await run.kill('SIGTERM');

    const who = { userId, licenceId, projectId };
    const recordSession = 'aaaaaaaa-0000-4000-8000-000000000001';
    const taskSession = 'aaaaaaaa-0000-4000-8000-000000000002';
    await startSession(recordSession, { type: 'write-record', table: 'Rooms', values: { Name: '{{session.name}}' } }, who);
    await startSession(
      taskSession,
      { type: 'create-task', title: 'Follow {{session.name}}', assignTo: 'session-starter', priority: 'high' },
      who,
    );
    const recordId = derivedId(toJobId(recordSession, 'n1'), 'record');
    const taskId = derivedId(toJobId(taskSession, 'n1'), 'task');

    const count = (log: RecordedEvent[], streamId: string, type: string) =>
      log.filter((e) => e.streamId === streamId && e.type === type).length;
    const effects = (log: RecordedEvent[]) => ({
      record: count(log, toRecordStreamId(recordId), 'RecordCreated'),
      task: count(log, toTaskStreamId(taskId), 'TaskCreated'),
      recordJobFinished: count(log, toSessionStreamId(recordSession), 'SessionJobFinished'),
      taskJobFinished: count(log, toSessionStreamId(taskSession), 'SessionJobFinished'),
    });

    // with the fault: dies right after the first effect, before its finish
    fault = true;
    run = await doomed.start();
    expect(await run.exited).toMatchObject({ signal: 'SIGKILL' });
    const first = effects(await logOf());
    expect(first.record + first.task).toBe(1);
    expect(first.recordJobFinished + first.taskJobFinished).toBe(0);

    // still with the fault: finishes the first job without writing its effect again, dies after the second effect
    run = await doomed.start();
    expect(await run.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(effects(await logOf())).toEqual({
      record: 1,
      task: 1,
      recordJobFinished: first.record,
      taskJobFinished: first.task,
    });

    // without the fault: the second job finishes too
    fault = false;
    run = await server.start();
    await expect
      .poll(async () => effects(await logOf()), { timeout: 60_000, interval: 250 })
      .toEqual({ record: 1, task: 1, recordJobFinished: 1, taskJobFinished: 1 });
    const records = await ok(
      json(`${run.url}/api/records?project[id]=${projectId}&table[id]=${tableId}&filter[limit]=0`, {
        method: 'GET',
        token: await signIn(run.url, ADMIN),
      }),
    );
    expect((records.data as { id: string }[]).map((r) => r.id)).toEqual([recordId]);
    await run.kill('SIGTERM');
    const log = await logOf();
    expect(effects(log)).toEqual({ record: 1, task: 1, recordJobFinished: 1, taskJobFinished: 1 });
    expect(log.filter((e) => e.streamId === toRecordStreamId(recordId))[0]!.metadata).toMatchObject({
      causationId: toJobId(recordSession, 'n1'),
    });
  }, 300_000);
});
