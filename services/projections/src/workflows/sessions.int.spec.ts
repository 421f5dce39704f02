import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProjections, type ProjectionsHarness } from '../testing/projectionHarness';
import { randomUUID } from 'node:crypto';
import { toJobId, toSessionStreamId, type SessionEvent } from '@stramien/domain';
import { automatedConfig, graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import { toEnvelope } from '../runner/projectionRunner';
import { applyBatch } from '../runner/projectionRunner';
import type { Projection } from '../runner/projection';
import { WORKFLOW_SESSIONS_COLLECTION, workflowSessionsProjection, type WorkflowSessionDoc } from './sessions';
import { WORKFLOW_JOBS_COLLECTION, workflowJobsProjection, type WorkflowJobDoc } from './sessionJobs';

let h: ProjectionsHarness;

beforeEach(async () => {
  h = await startProjections([workflowSessionsProjection, workflowJobsProjection]);
});
afterEach(() => h.stop());

const S = randomUUID();
const P = 'p-1';
const graph = graphOf({ a: manualConfig(), b: automatedConfig(), c: manualConfig() }, ['a>b', 'b>c']);
const job = (nodeId: string) => ({ sessionId: S, projectId: P, jobId: toJobId(S, nodeId), nodeId });
const started: SessionEvent = {
  type: 'SessionStarted',
  data: {
    sessionId: S,
    projectId: P,
    projectWorkflowId: 'pw-1',
    workflowId: 'w-1',
    workflowName: 'Inspection',
    version: 2,
    name: 'Block A',
    sbsCode: null,
    startedBy: 'ann',
    graph,
    jobs: ['a', 'b', 'c'].map((nodeId) => ({ jobId: toJobId(S, nodeId), nodeId })),
  },
};
/** started, a assigned, saved and finished, b failed then retried and finished, the code changed */
const history: [SessionEvent, string][] = [
  [started, '2026-01-01T08:00:00.000Z'],
  [{ type: 'SessionJobOpened', data: job('a') }, '2026-01-01T08:00:00.000Z'],
  [{ type: 'SessionJobAssigned', data: { ...job('a'), userId: 'bob', previousUserId: null, assignment: 1 } }, '2026-01-01T08:01:00.000Z'],
  [{ type: 'SessionJobPanelSaved', data: { ...job('a'), values: { remarks: 'x' } } }, '2026-01-01T08:02:00.000Z'],
  [{ type: 'SessionJobFinished', data: { ...job('a'), values: { remarks: 'x' }, result: null } }, '2026-01-01T09:00:00.000Z'],
  [{ type: 'SessionJobOpened', data: job('b') }, '2026-01-01T09:00:00.000Z'],
  [{ type: 'SessionJobFailed', data: { ...job('b'), error: 'Down', attempts: 8 } }, '2026-01-01T10:00:00.000Z'],
];

const append = async (events: [SessionEvent, string][]) => {
  const { position } = await h.eventStore.append(
    toSessionStreamId(S),
    events.map(([e, at]) => ({
      id: randomUUID(),
      type: e.type,
      data: e.data,
      metadata: { userId: 'ann', licenceId: 'l1', projectId: P, correlationId: 'c', causationId: 'c', occurredAt: at },
    })),
    'any',
  );
  expect(await h.runner.waitForPosition(position, 5000)).toBe(true);
};
const sessionDoc = () => h.documentStore.collection<WorkflowSessionDoc>(WORKFLOW_SESSIONS_COLLECTION).findOne({ _id: S });
const jobDocs = async () =>
  Object.fromEntries(
    (await h.documentStore.collection<WorkflowJobDoc>(WORKFLOW_JOBS_COLLECTION).find({ sessionId: S })).map(({ _position, ...doc }) => [
      doc.nodeId,
      doc,
    ]),
  );

describe('the workflow_sessions and workflow_jobs read models', () => {
  it('hold a session with its progress and counts, and its jobs with status, assignee, error and times', async () => {
    await append(history);
    expect(await sessionDoc()).toMatchObject({
      projectWorkflowId: 'pw-1',
      workflowName: 'Inspection',
      name: 'Block A',
      status: 'running',
      progress: 33,
      jobsTotal: 3,
      jobsFinished: 1,
      jobsFailed: 1,
      jobs: [
        { nodeId: 'a', status: 'finished' },
        { nodeId: 'b', status: 'failed' },
        { nodeId: 'c', status: 'waiting' },
      ],
      createdAt: '2026-01-01T08:00:00.000Z',
      finishedAt: null,
    });
    const jobs = await jobDocs();
    expect(jobs.a).toMatchObject({ manual: true, status: 'finished', assignee: 'bob', openedAt: '2026-01-01T08:00:00.000Z' });
    expect(jobs.a!.finishedAt).toBe('2026-01-01T09:00:00.000Z');
    expect(jobs.b).toMatchObject({ manual: false, status: 'failed', error: 'Down', attempts: 8, projectWorkflowId: 'pw-1' });
    expect(jobs.c).toMatchObject({ status: 'waiting', openedAt: null });

    await append([
      [{ type: 'SessionJobRetried', data: job('b') }, '2026-01-02T08:00:00.000Z'],
      [{ type: 'SessionJobFinished', data: { ...job('b'), values: {}, result: { taskId: 't' } } }, '2026-01-02T08:01:00.000Z'],
      [
        { type: 'SessionSbsCodeChanged', data: { sessionId: S, projectId: P, sbsCode: 'A.1', previousSbsCode: null } },
        '2026-01-02T08:01:00.000Z',
      ],
      [{ type: 'SessionJobOpened', data: job('c') }, '2026-01-02T08:01:00.000Z'],
      [{ type: 'SessionJobFinished', data: { ...job('c'), values: {}, result: null } }, '2026-01-03T08:00:00.000Z'],
      [{ type: 'SessionFinished', data: { sessionId: S, projectId: P } }, '2026-01-03T08:00:00.000Z'],
    ]);
    expect(await sessionDoc()).toMatchObject({
      status: 'finished',
      progress: 100,
      jobsFailed: 0,
      sbsCode: 'A.1',
      finishedAt: '2026-01-03T08:00:00.000Z',
    });
    expect((await jobDocs()).b).toMatchObject({ status: 'finished', error: null });
  });

  it('remove a deleted session and its jobs', async () => {
    await append(history);
    await append([[{ type: 'SessionDeleted', data: { sessionId: S, projectId: P } }, '2026-01-02T00:00:00.000Z']]);
    expect(await sessionDoc()).toBeNull();
    expect(await jobDocs()).toEqual({});
  });

  it('leave the same documents when the same events are handled twice', async () => {
    await append(history);
    const recorded = (await h.eventStore.readStream(toSessionStreamId(S))).map(toEnvelope);
    const scratch = h.documentStore.collection(`${WORKFLOW_SESSIONS_COLLECTION}__twice`);
    await applyBatch(workflowSessionsProjection as unknown as Projection, scratch, recorded);
    const once = await scratch.findOne({ _id: S });
    await applyBatch(workflowSessionsProjection as unknown as Projection, scratch, recorded);
    expect(await scratch.findOne({ _id: S })).toEqual(once);
    // the jobs projection applies its batches itself: the whole stream again, then a part of it, changes nothing
    const jobsBefore = await jobDocs();
    await workflowJobsProjection.applyEvents(h.documentStore, recorded);
    await workflowJobsProjection.applyEvents(h.documentStore, recorded.slice(2));
    expect(await jobDocs()).toEqual(jobsBefore);
  });
});
