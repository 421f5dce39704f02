import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProjections, type ProjectionsHarness } from '../testing/projectionHarness';
import { randomUUID } from 'node:crypto';
import { toProjectWorkflowStreamId, type ProjectWorkflowEvent } from '@stramien/domain';
import { applyBatch, toEnvelope } from '../runner/projectionRunner';
import type { Projection } from '../runner/projection';
import { PROJECT_WORKFLOWS_COLLECTION, getProjectWorkflowById, projectWorkflowsProjection } from './projectWorkflows';

let h: ProjectionsHarness;

const projection = projectWorkflowsProjection as unknown as Projection;
const PW = 'pw-1';
const ids = { projectWorkflowId: PW, projectId: 'p-1' };
const meta = (occurredAt: string) => ({
  userId: 'admin',
  licenceId: 'l1',
  projectId: 'p-1',
  correlationId: 'c',
  causationId: 'c',
  occurredAt,
});
const ev = (e: ProjectWorkflowEvent, at = '2026-01-01T00:00:00.000Z') => ({
  id: randomUUID(),
  type: e.type,
  data: e.data,
  metadata: meta(at),
});

beforeEach(async () => {
  h = await startProjections([projection]);
});
afterEach(() => h.stop());

const history: ProjectWorkflowEvent[] = [
  { type: 'ProjectWorkflowAdded', data: { ...ids, workflowId: 'w-1', name: 'Inspection', version: 1 } },
  { type: 'WorkflowRoleCreated', data: { ...ids, roleId: 'r1', name: 'Inspector' } },
  { type: 'WorkflowRoleCreated', data: { ...ids, roleId: 'r2', name: 'Planner' } },
  { type: 'WorkflowRoleTeamAdded', data: { ...ids, roleId: 'r1', teamId: 't1' } },
  { type: 'WorkflowRoleTeamAdded', data: { ...ids, roleId: 'r1', teamId: 't2' } },
  { type: 'WorkflowRoleNodeAdded', data: { ...ids, roleId: 'r1', nodeId: 'review' } },
  { type: 'WorkflowRoleNodeAdded', data: { ...ids, roleId: 'r2', nodeId: 'intake' } },
  { type: 'WorkflowRoleTeamRemoved', data: { ...ids, roleId: 'r1', teamId: 't2' } },
  { type: 'WorkflowRoleRenamed', data: { ...ids, roleId: 'r2', name: 'Scheduler' } },
];

const append = async (events: ProjectWorkflowEvent[], at?: string, expected: 'no_stream' | number = 'no_stream') => {
  const { position } = await h.eventStore.append(
    toProjectWorkflowStreamId(PW),
    events.map((e) => ev(e, at)),
    expected,
  );
  expect(await h.runner.waitForPosition(position, 5000)).toBe(true);
};

describe('the project_workflows read model', () => {
  it('holds a project workflow with its roles, their teams and nodes', async () => {
    await append(history);
    expect(await getProjectWorkflowById(h.documentStore, PW)).toMatchObject({
      _id: PW,
      projectId: 'p-1',
      licenceId: 'l1',
      workflowId: 'w-1',
      name: 'Inspection',
      version: 1,
      roles: [
        { roleId: 'r1', name: 'Inspector', teamIds: ['t1'], nodeIds: ['review'] },
        { roleId: 'r2', name: 'Scheduler', teamIds: [], nodeIds: ['intake'] },
      ],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await h.documentStore.collection(PROJECT_WORKFLOWS_COLLECTION).count({ projectId: 'p-1' })).toBe(1);
  });

  it('follows a change of name and version, deleted roles and removed nodes, and drops a removed workflow', async () => {
    await append(history);
    await append(
      [
        { type: 'ProjectWorkflowChanged', data: { ...ids, name: 'Inspection 2', version: 2 } },
        { type: 'WorkflowRoleDeleted', data: { ...ids, roleId: 'r1' } },
        { type: 'WorkflowRoleNodeRemoved', data: { ...ids, roleId: 'r2', nodeId: 'intake' } },
      ],
      '2026-02-01T00:00:00.000Z',
      history.length - 1,
    );
    expect(await getProjectWorkflowById(h.documentStore, PW)).toMatchObject({
      name: 'Inspection 2',
      version: 2,
      roles: [{ roleId: 'r2', name: 'Scheduler', teamIds: [], nodeIds: [] }],
      updatedAt: '2026-02-01T00:00:00.000Z',
    });
    await append([{ type: 'ProjectWorkflowRemoved', data: ids }], undefined, history.length + 2);
    expect(await getProjectWorkflowById(h.documentStore, PW)).toBeNull();
  });

  it('leaves the same document when the same events are handled twice', async () => {
    await append(history);
    const recorded = (await h.eventStore.readStream(toProjectWorkflowStreamId(PW))).map(toEnvelope);
    const collection = h.documentStore.collection('project_workflows__twice');
    await applyBatch(projection, collection, recorded);
    const once = await collection.findOne({ _id: PW });
    await applyBatch(projection, collection, recorded);
    expect(await collection.findOne({ _id: PW })).toEqual(once);
  });
});
