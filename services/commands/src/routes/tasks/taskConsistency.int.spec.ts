import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRoutes } from '@stramien/api';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { failure } from '../teams/testFixtures';
import { createTasksWorld, type TasksWorld } from './taskTestKit';

/**
 * Updates of a task's plain details are answered from the task's stream, before the read models have them
 * (docs/performance.md 48.); an update that changes what access checks and facts read (the private flag, the
 * assignee) settles. The projections hold their batches for a minute here unless somebody waits for a position, so
 * what waits and what does not shows.
 */
let server: TestServer;
let w: TasksWorld;

beforeAll(async () => {
  server = await startTestServer({ STRAMIEN_PROJECTION_COALESCE_MS: '60000' });
  w = await createTasksWorld(server);
});
afterAll(async () => {
  await server?.close();
});

const projected = () => server.projections.runner.position();
/** a task of the user's project, created by `api` (the user by default) and assigned to the user */
const newTask = async (api = w.user) =>
  (await api.call(taskRoutes.create, { body: { title: 'Hall', priority: 'normal', project: w.projectId, assigned_to: w.userId } })).data;

describe('task updates and the read models', () => {
  it("answer an update of plain details before the read models have it, and the editor's next read waits for it", async () => {
    const task = await newTask();
    const updated = await w.user.call(taskRoutes.update, { params: { id: task.id }, body: { title: 'Lobby', priority: 'high' } });
    expect([updated.data.title, updated.data.priority]).toEqual(['Lobby', 'high']);
    expect(projected()).toBeLessThan(updated.position);
    const read = await w.user.call(taskRoutes.get, { params: { id: task.id } });
    expect([read.data.title, read.data.priority]).toEqual(['Lobby', 'high']);
    expect(projected()).toBeGreaterThanOrEqual(updated.position);
  });

  it("do not wait for the read models between one user's updates, and another user's read sees them with X-Min-Position", async () => {
    const task = await newTask();
    const first = await w.user.call(taskRoutes.update, { params: { id: task.id }, body: { priority: 'high' } });
    const second = await w.user.call(taskRoutes.update, { params: { id: task.id }, body: { priority: 'urgent', title: 'Attic' } });
    expect([second.data.priority, second.data.title]).toEqual(['urgent', 'Attic']);
    expect(projected()).toBeLessThan(first.position);
    const seen = await w.colleague.call(taskRoutes.get, { params: { id: task.id }, minPosition: second.position });
    expect([seen.data.priority, seen.data.title]).toEqual(['urgent', 'Attic']);
  });

  it('settle an update that makes a task private, so at its answer nobody else can read the task any more', async () => {
    const task = await newTask();
    await w.colleague.call(taskRoutes.get, { params: { id: task.id } });
    const hidden = await w.user.call(taskRoutes.update, { params: { id: task.id }, body: { is_private: true } });
    expect(projected()).toBeGreaterThanOrEqual(hidden.position);
    expect((await failure(w.colleague.call(taskRoutes.get, { params: { id: task.id } }))).status).toBe(404);
  });

  it('read a task again once the read model changed, though an earlier read of it is kept (docs/performance.md 49.)', async () => {
    const task = await newTask();
    // read twice: the document and its visible subtask count are kept for the colleague
    for (let i = 0; i < 2; i++) expect((await w.colleague.call(taskRoutes.get, { params: { id: task.id } })).data.children_count).toBe(0);
    const child = (
      await w.user.call(taskRoutes.create, {
        body: { title: 'Door', priority: 'normal', project: w.projectId, assigned_to: w.userId, parent: task.id },
      })
    ).data;
    expect((await w.colleague.call(taskRoutes.get, { params: { id: task.id } })).data.children_count).toBe(1);
    const renamed = await w.user.call(taskRoutes.update, { params: { id: task.id }, body: { title: 'Porch' } });
    // held for a minute: the colleague sees the rename when asking for its position, though the old title was kept
    const seen = await w.colleague.call(taskRoutes.get, { params: { id: task.id }, minPosition: renamed.position });
    expect([seen.data.title, seen.data.children_count]).toEqual(['Porch', 1]);
    await w.user.call(taskRoutes.update, { params: { id: child.id }, body: { is_private: true } });
    expect((await w.colleague.call(taskRoutes.get, { params: { id: task.id } })).data.children_count).toBe(0);
    expect((await w.user.call(taskRoutes.get, { params: { id: task.id } })).data.children_count).toBe(1);
  });

  it('settle an update that gives a private task to someone else, so its former assignee is refused at once', async () => {
    const task = await newTask(w.admin);
    await w.admin.call(taskRoutes.update, { params: { id: task.id }, body: { is_private: true } });
    expect((await w.user.call(taskRoutes.get, { params: { id: task.id } })).data.id).toBe(task.id);
    const given = await w.admin.call(taskRoutes.update, { params: { id: task.id }, body: { assigned_to: w.colleagueId } });
    expect(projected()).toBeGreaterThanOrEqual(given.position);
    expect((await failure(w.user.call(taskRoutes.update, { params: { id: task.id }, body: { priority: 'low' } }))).status).toBe(404);
    expect((await w.colleague.call(taskRoutes.get, { params: { id: task.id } })).data.assigned_to).toBe(w.colleagueId);
  });
});
