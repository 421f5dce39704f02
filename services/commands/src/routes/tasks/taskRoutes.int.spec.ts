import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { taskRoutes } from '@stramien/api';
import { format, taskMessages, workflowMessages } from '@stramien/domain';
import { failure } from '../teams/testFixtures';
import { appendTaskEvents, createTask, newTask, tasksSuite } from './taskTestKit';

const w = tasksSuite();

describe('POST /api/tasks-create', () => {
  it('creates a task with the next number of its project and answers "Successfully created task \'{title}\'"', async () => {
    const first = await w.user.call(taskRoutes.create, {
      body: newTask(w, { title: 'Pour the slab', due: '2026-03-02T09:00:00+01:00', description: 'Level 2' }),
    });
    expect(first.message).toBe("Successfully created task 'Pour the slab'");
    expect(first.data).toMatchObject({
      title: 'Pour the slab',
      description: 'Level 2',
      status: 'open',
      priority: 'normal',
      assigned_to: w.userId,
      created_by: w.userId,
      project: w.projectId,
      license: w.licenceId,
      due: '2026-03-02T08:00:00.000Z',
      is_private: false,
      children_count: 0,
      activities: [],
    });
    const second = await createTask(w.user, newTask(w));
    expect(second.number).toBe(first.data.number + 1);
    expect((await w.colleague.call(taskRoutes.get, { params: { id: first.data.id } })).data.title).toBe('Pour the slab');
  });

  it('refuses what spec 1 §5 refuses, with its texts, appending nothing and taking no number', async () => {
    const before = await createTask(w.user, newTask(w));
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { title: ' ' }) }))).toMatchObject({
      status: 422,
      message: taskMessages.titleRequired,
      errors: { title: [taskMessages.required] },
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { assigned_to: null }) }))).toMatchObject({
      status: 422,
      message: taskMessages.assigneeRequired,
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { project: null }) }))).toMatchObject({
      status: 422,
      errors: { project: [taskMessages.required] },
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { priority: null }) }))).toMatchObject({
      status: 422,
      errors: { priority: [taskMessages.required] },
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { description: 'x'.repeat(251) }) }))).toMatchObject({
      status: 422,
      message: taskMessages.descriptionTooLong,
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { automated: true }) }))).toMatchObject({
      status: 422,
      message: taskMessages.automationRequired,
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { due: 'tomorrow' }) }))).toMatchObject({
      status: 422,
      errors: { due: [taskMessages.invalidDate] },
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { assigned_to: w.outsiderId }) }))).toMatchObject({
      status: 422,
      message: taskMessages.assigneeCannotSeeProject,
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { parent: randomUUID() }) }))).toMatchObject({
      status: 404,
      message: taskMessages.parentNotFound,
    });
    expect(await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { labels: [randomUUID()] }) }))).toMatchObject({
      status: 404,
    });
    const after = await createTask(w.user, newTask(w));
    expect(after.number).toBe(before.number + 1);
  });

  it.each([
    ['an unknown field', { urgent: true }],
    ['a project id that is not a uuid', { project: 'p1' }],
    ['a title of 600 characters', { title: 'x'.repeat(600) }],
    ['labels that are not ids', { labels: ['red'] }],
  ])('answers 400 for %s', async (_, over) => {
    expect((await w.refused(() => w.user.call(taskRoutes.create, { body: { ...newTask(w), ...over } as never }))).status).toBe(400);
  });

  it('answers 404 for a project the user cannot see and for one of another licence', async () => {
    for (const project of [w.foreignProjectId, w.otherLicenceProjectId]) {
      expect((await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { project }) }))).status).toBe(404);
    }
    expect((await w.refused(() => w.user.call(taskRoutes.create, { body: newTask(w, { license: w.otherLicenceId }) }))).status).toBe(404);
  });

  it('answers a retried creation (same id) with the task it created, taking no second number', async () => {
    const id = randomUUID();
    const first = await createTask(w.user, newTask(w, { id, title: 'Once' }));
    const again = await w.user.call(taskRoutes.create, { body: newTask(w, { id, title: 'Once' }) });
    expect(again.data).toMatchObject({ id, number: first.number });
    expect((await createTask(w.user, newTask(w))).number).toBe(first.number + 1);
  });
});

describe('PUT /api/tasks/:id', () => {
  it("changes details, assignee and schedule in one command, answers 'Successfully updated task', and the history says who changed what", async () => {
    const task = await createTask(w.user, newTask(w, { title: 'Draft' }));
    const res = await w.user.call(taskRoutes.update, {
      params: { id: task.id },
      body: { title: 'Final', assigned_to: w.colleagueId, planned_start: '2026-04-01', due: '2026-04-03' },
    });
    expect(res.message).toBe(taskMessages.updated);
    expect(res.data).toMatchObject({ title: 'Final', assigned_to: w.colleagueId, planned_start: '2026-04-01', due: '2026-04-03' });
    const history = (await w.user.call(taskRoutes.history, { params: { id: task.id } })).data;
    expect(history.map((h) => h.action)).toEqual(['TaskCreated', 'TaskUpdated', 'TaskAssigned', 'TaskRescheduled']);
    expect(history[2]).toMatchObject({ user_id: w.userId, changes: [{ field: 'assigned_to', from: w.userId, to: w.colleagueId }] });
  });

  it('refuses a bad change with its text and appends nothing', async () => {
    const task = await createTask(w.user, newTask(w));
    expect(await w.refused(() => w.user.call(taskRoutes.update, { params: { id: task.id }, body: { title: '' } }))).toMatchObject({
      status: 422,
      message: taskMessages.titleRequired,
    });
    expect(
      await w.refused(() =>
        w.user.call(taskRoutes.update, { params: { id: task.id }, body: { planned_start: '2026-05-02', planned_end: '2026-05-01' } }),
      ),
    ).toMatchObject({ status: 422, errors: { planned_end: [taskMessages.plannedEndBeforeStart] } });
    expect(
      await w.refused(() => w.user.call(taskRoutes.update, { params: { id: task.id }, body: { assigned_to: w.outsiderId } })),
    ).toMatchObject({ status: 422, message: taskMessages.assigneeCannotSeeProject });
    expect(
      (await w.refused(() => w.user.call(taskRoutes.update, { params: { id: task.id }, body: { colour: 'red' } as never }))).status,
    ).toBe(400);
  });

  it('refuses a parent that would make the task a subtask of itself', async () => {
    const parent = await createTask(w.user, newTask(w));
    const child = await createTask(w.user, newTask(w, { parent: parent.id }));
    expect((await w.user.call(taskRoutes.get, { params: { id: parent.id } })).data.children_count).toBe(1);
    expect(await w.refused(() => w.user.call(taskRoutes.update, { params: { id: parent.id }, body: { parent: child.id } }))).toMatchObject({
      status: 409,
      message: taskMessages.parentCycle,
    });
    const children = await w.user.call(taskRoutes.children, { params: { id: parent.id } });
    expect(children.data.map((c) => c.id)).toEqual([child.id]);
    expect(children.meta).toEqual({ current_page: 1, per_page: 50, total: 1, last_page: 1 });
  });
});

describe('close, cancel, reopen and execute', () => {
  it('closes and reopens; a closed task is read-only; a canceled one cannot be closed', async () => {
    const task = await createTask(w.user, newTask(w));
    expect((await w.user.call(taskRoutes.close, { params: { id: task.id } })).data.status).toBe('closed');
    expect(await w.refused(() => w.user.call(taskRoutes.update, { params: { id: task.id }, body: { title: 'Late' } }))).toMatchObject({
      status: 409,
      message: format(taskMessages.notOpen, { status: 'closed' }),
    });
    expect(await w.refused(() => w.user.call(taskRoutes.cancel, { params: { id: task.id } }))).toMatchObject({
      status: 409,
      message: taskMessages.cancelClosed,
    });
    const reopened = await w.user.call(taskRoutes.reopen, { params: { id: task.id } });
    expect(reopened).toMatchObject({ message: taskMessages.reopened, data: { status: 'open' } });
    expect((await w.user.call(taskRoutes.cancel, { params: { id: task.id } })).data.status).toBe('canceled');
    expect(await w.refused(() => w.user.call(taskRoutes.close, { params: { id: task.id } }))).toMatchObject({
      status: 409,
      message: taskMessages.closeCanceled,
    });
  });

  it('executes an automated task only', async () => {
    const plain = await createTask(w.user, newTask(w));
    expect(await w.refused(() => w.user.call(taskRoutes.execute, { params: { id: plain.id } }))).toMatchObject({
      status: 422,
      message: taskMessages.notAutomated,
    });
    const automated = await createTask(w.user, newTask(w, { automated: true, automation_id: 'flow-1' }));
    expect((await w.user.call(taskRoutes.execute, { params: { id: automated.id } })).message).toBe(taskMessages.executed);
  });

  it('answers where the job of a task of type workflow is, and appends nothing', async () => {
    const where = { sessionId: 's1', jobId: 'j1', projectId: 'p1', projectWorkflowId: 'pw1', nodeId: 'n1' };
    const task = await createTask(w.user, newTask(w, { task_type: { type: 'workflow' }, metadata: where }));
    const history = async () => (await w.user.call(taskRoutes.history, { params: { id: task.id } })).data.length;
    const before = await history();
    const answer = await w.user.call(taskRoutes.execute, { params: { id: task.id } });
    expect(answer).toMatchObject({
      message: workflowMessages.openJob,
      data: { id: task.id, status: 'open' },
      workflow_job: { session_id: 's1', job_id: 'j1', node_id: 'n1', project_id: 'p1', project_workflow_id: 'pw1' },
    });
    expect(await history()).toBe(before);
  });
});

describe('private tasks', () => {
  it('are visible to their creator and assignee only: everyone else, admins included, gets 404', async () => {
    const task = await createTask(w.user, newTask(w, { is_private: true, assigned_to: w.userId, title: 'Secret' }));
    expect((await w.user.call(taskRoutes.get, { params: { id: task.id } })).data.is_private).toBe(true);
    for (const api of [w.colleague, w.admin]) {
      expect(await w.refused(() => api.call(taskRoutes.get, { params: { id: task.id } }))).toMatchObject({
        status: 404,
        message: taskMessages.notFound,
      });
      expect((await w.refused(() => api.call(taskRoutes.close, { params: { id: task.id } }))).status).toBe(404);
      expect((await w.refused(() => api.call(taskRoutes.update, { params: { id: task.id }, body: { title: 'x' } }))).status).toBe(404);
      expect((await w.refused(() => api.call(taskRoutes.delete, { params: { id: task.id } }))).status).toBe(404);
      const list = await api.call(taskRoutes.query, { query: { 'filter[project]': w.projectId, per_page: 500 } });
      expect(list.data.map((t) => t.id)).not.toContain(task.id);
      const gantt = await api.call(taskRoutes.gantt, { params: { id: w.projectId } });
      expect(gantt.data.map((t) => t.id)).not.toContain(task.id);
    }
    await w.user.call(taskRoutes.update, { params: { id: task.id }, body: { assigned_to: w.colleagueId } });
    expect((await w.colleague.call(taskRoutes.get, { params: { id: task.id } })).data.title).toBe('Secret');
  });
});

describe('tasks of other licences and projects', () => {
  it('answer 404 to every task call, and unknown ids too', async () => {
    const foreign = await createTask(w.admin, newTask(w, { project: w.foreignProjectId, assigned_to: w.adminId }));
    for (const id of [foreign.id, randomUUID()]) {
      expect(await w.refused(() => w.user.call(taskRoutes.get, { params: { id } }))).toMatchObject({
        status: 404,
        message: taskMessages.notFound,
      });
      expect((await w.refused(() => w.user.call(taskRoutes.history, { params: { id } }))).status).toBe(404);
      expect((await w.refused(() => w.user.call(taskRoutes.children, { params: { id } }))).status).toBe(404);
      expect((await w.refused(() => w.user.call(taskRoutes.reopen, { params: { id } }))).status).toBe(404);
      expect((await w.refused(() => w.user.call(taskRoutes.deleteMany, { body: { tasks: [id] } }))).status).toBe(404);
    }
    expect((await w.refused(() => w.user.call(taskRoutes.gantt, { params: { id: w.foreignProjectId } }))).status).toBe(404);
    expect((await w.refused(() => w.user.call(taskRoutes.licenceQuery, { params: { id: w.otherLicenceId }, body: {} }))).status).toBe(404);
    expect((await w.refused(() => w.user.call(taskRoutes.query, { query: { 'filter[license]': w.otherLicenceId } }))).status).toBe(404);
  });
});

describe('deleting', () => {
  it('refuses a task with subtasks, deletes children before parents in one call, then answers 404', async () => {
    const parent = await createTask(w.user, newTask(w));
    const child = await createTask(w.user, newTask(w, { parent: parent.id }));
    const grandchild = await createTask(w.user, newTask(w, { parent: child.id }));
    expect(await w.refused(() => w.user.call(taskRoutes.delete, { params: { id: parent.id } }))).toMatchObject({
      status: 409,
      message: taskMessages.hasChildren,
    });
    expect(await w.refused(() => w.user.call(taskRoutes.deleteMany, { body: { tasks: [parent.id, child.id] } }))).toMatchObject({
      status: 409,
      message: taskMessages.hasChildren,
    });
    const res = await w.user.call(taskRoutes.deleteMany, { body: { tasks: [parent.id, grandchild.id, child.id] } });
    expect(res).toMatchObject({ message: format(taskMessages.deletedMany, { count: 3 }), deleted: [grandchild.id, child.id, parent.id] });
    expect((await failure(w.user.call(taskRoutes.get, { params: { id: parent.id } }))).status).toBe(404);
    // its history stays in the log
    expect((await w.server.adapters.eventStore.readStream(`task-${parent.id}`)).map((e) => e.type)).toContain('TaskDeleted');
  });

  it('deletes a single task', async () => {
    const task = await createTask(w.user, newTask(w));
    expect((await w.user.call(taskRoutes.delete, { params: { id: task.id } })).message).toBe(taskMessages.deleted);
    expect((await w.refused(() => w.user.call(taskRoutes.delete, { params: { id: task.id } }))).status).toBe(404);
  });
});

describe('POST /api/tasks (query)', () => {
  it("filters by project, assignee ('me'), status and today, sorts and pages with meta", async () => {
    const suffix = randomUUID().slice(0, 6);
    const today = '2026-06-15';
    const mine = await createTask(w.user, newTask(w, { title: `Q ${suffix} a`, due: `${today}T10:00:00Z` }));
    const dated = await createTask(w.user, newTask(w, { title: `Q ${suffix} b`, due: today }));
    const theirs = await createTask(w.user, newTask(w, { title: `Q ${suffix} c`, due: today, assigned_to: w.colleagueId }));
    await createTask(w.user, newTask(w, { title: `Q ${suffix} d`, due: '2026-06-16' }));
    const todays = await w.user.call(taskRoutes.query, {
      query: { 'filter[today]': '1', 'filter[day]': today, 'filter[assigned_to]': 'me', sort: 'number' },
    });
    expect(todays.data.map((t) => t.id)).toEqual([mine.id, dated.id]);
    const search = await w.user.call(taskRoutes.query, {
      query: { 'filter[project]': w.projectId, 'filter[search]': `q ${suffix}`, sort: '-number', per_page: 2, page: 2 },
    });
    expect(search.meta).toEqual({ current_page: 2, per_page: 2, total: 4, last_page: 2 });
    expect(search.data.map((t) => t.id)).toEqual([dated.id, mine.id]);
    await w.user.call(taskRoutes.close, { params: { id: theirs.id } });
    const closed = await w.user.call(taskRoutes.query, {
      query: { 'filter[search]': `q ${suffix}`, 'filter[status]': 'closed,canceled' },
    });
    expect(closed.data.map((t) => t.id)).toEqual([theirs.id]);
    const columns = await w.user.call(taskRoutes.query, {
      query: { 'filter[project]': w.projectId },
      body: {
        filters: [
          { column: 'title', operator: 'contains', values: [suffix] },
          { column: 'assigned_to', operator: '=', values: [w.colleagueId] },
          { column: 'due', operator: null, values: ['ignored while composing'] },
        ],
      },
    });
    expect(columns.data.map((t) => t.id)).toEqual([theirs.id]);
  });

  it('shows an outsider of the project none of its tasks', async () => {
    await createTask(w.user, newTask(w));
    const seen = await w.outsider.call(taskRoutes.query, { query: { per_page: 500 } });
    expect(seen.data.filter((t) => t.project === w.projectId)).toEqual([]);
    expect((await failure(w.outsider.call(taskRoutes.query, { query: { 'filter[project]': w.projectId } }))).status).toBe(404);
  });

  it.each([
    ['an unknown filter', { 'filter[colour]': 'red' }],
    ['an unknown status', { 'filter[status]': 'done' }],
    ['an unknown sort key', { sort: 'colour' }],
    ['a page size over 500', { per_page: 501 }],
    ['a day that is not a date', { 'filter[day]': 'today' }],
  ])('answers 400 for %s', async (_, query) => {
    expect((await failure(w.user.call(taskRoutes.query, { query: query as never }))).status).toBe(400);
  });

  it('answers 400 for an unknown filter column', async () => {
    expect(
      (await failure(w.user.call(taskRoutes.query, { body: { filters: [{ column: 'colour', operator: '=', values: ['red'] }] } }))).status,
    ).toBe(400);
  });
});

describe('POST /api/licenses/:id/tasks/query', () => {
  it('answers the matching tasks and their subtasks down to depth', async () => {
    const tag = `L${randomUUID().slice(0, 6)}`;
    const root = await createTask(w.user, newTask(w, { title: `${tag} root` }));
    const child = await createTask(w.user, newTask(w, { title: 'child', parent: root.id }));
    const grandchild = await createTask(w.user, newTask(w, { title: 'grandchild', parent: child.id }));
    const body = { filters: [{ column: 'title', operator: 'contains' as const, values: [tag] }] };
    const flat = await w.user.call(taskRoutes.licenceQuery, { params: { id: w.licenceId }, body: { ...body, depth: 0 } });
    expect(flat.data.map((t) => t.id)).toEqual([root.id]);
    expect(flat.data[0]!.children_count).toBe(1);
    expect(flat.children).toEqual([]);
    const deep = await w.user.call(taskRoutes.licenceQuery, { params: { id: w.licenceId }, body: { ...body, depth: 2 } });
    expect(deep.children.map((t) => [t.id, t.parent])).toEqual([
      [child.id, root.id],
      [grandchild.id, child.id],
    ]);
  });

  it('answers 400 for a depth over 10', async () => {
    expect((await failure(w.user.call(taskRoutes.licenceQuery, { params: { id: w.licenceId }, body: { depth: 11 } }))).status).toBe(400);
  });
});

describe('GET /api/project/:id/tasks/gantt', () => {
  it("answers the project's tasks with schedule, parents and relations on both sides", async () => {
    const a = await createTask(w.user, newTask(w, { planned_start: '2026-07-01', due: '2026-07-03' }));
    const b = await createTask(w.user, newTask(w, { planned_start: '2026-07-04', due: '2026-07-08', parent: a.id }));
    await appendTaskEvents(
      w.server,
      b.id,
      [{ type: 'TaskRelationAdded', data: { taskId: b.id, relation: { taskId: a.id, kind: 'predecessor' } } }],
      w.userId,
      w.licenceId,
    );
    const gantt = (await w.user.call(taskRoutes.gantt, { params: { id: w.projectId } })).data;
    const ga = gantt.find((t) => t.id === a.id)!;
    const gb = gantt.find((t) => t.id === b.id)!;
    expect(ga).toMatchObject({ children_count: 1, relations: [{ task: b.id, kind: 'successor', number: b.number }] });
    expect(gb).toMatchObject({
      parent: a.id,
      planned_start: '2026-07-04',
      due: '2026-07-08',
      relations: [{ task: a.id, kind: 'predecessor' }],
    });
    expect((await w.user.call(taskRoutes.get, { params: { id: a.id } })).data.relations).toEqual([
      { task: b.id, kind: 'successor', number: b.number, title: b.title },
    ]);
  });
});
