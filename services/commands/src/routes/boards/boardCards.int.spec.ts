import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardRoutes, labelRoutes, type Board } from '@stramien/api';
import { boardMessages, taskMessages, toTaskStreamId, type LaneRule } from '@stramien/domain';
import { TASKS_COLLECTION, type TaskDoc } from '@stramien/projections/tasks/tasks';
import { expectRefused } from '../../testing/expectations';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createTeamsWorld, failure, type TeamsWorld } from '../teams/testFixtures';
import { seedBoardTask, type SeededTask } from './testTasks';

let server: TestServer;
let w: TeamsWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await createTeamsWorld(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const head = () => server.adapters.eventStore.headPosition();
const seedTask = (o: Omit<SeededTask, 'licenceId' | 'projectId' | 'createdBy'> & Partial<SeededTask> = {}) =>
  seedBoardTask(server, { licenceId: w.demoLicenceId, projectId: w.memberProjectId, createdBy: w.userId, ...o });
const taskDoc = async (taskId: string) => server.adapters.documentStore.collection<TaskDoc>(TASKS_COLLECTION).findOne({ _id: taskId });

const open: LaneRule = { kind: 'status', status: 'open' };
const closed: LaneRule = { kind: 'status', status: 'closed' };
const board = async (rules: LaneRule[], projectId: string | null = w.memberProjectId, api = () => w.user): Promise<Board> => {
  const created = (
    await api().call(boardRoutes.create, {
      body: { name: `Board ${randomUUID().slice(0, 6)}`, project: projectId ? { id: projectId } : null },
    })
  ).data;
  let last = created;
  for (const [i, rule] of rules.entries())
    last = (await api().call(boardRoutes.addLane, { params: { id: created.id }, body: { name: `Lane ${i}`, rule } })).data;
  return last;
};
const cardsOf = async (b: Board) => {
  const lanes = (await w.user.call(boardRoutes.cards, { params: { id: b.id } })).data;
  return lanes.map((l) => l.cards.map((c) => c.id));
};
const move = (b: Board, taskId: string, lane: number, index = 0) =>
  w.user.call(boardRoutes.moveCard, { params: { id: b.id, taskId }, body: { lane_id: b.lanes[lane]!.id, index } });

describe('GET /api/boards/:id/cards', () => {
  it("puts each task the user may see in the first lane whose rule it meets, leaving out others' private tasks", async () => {
    const b = await board([open, closed]);
    const [mine, done, othersPrivate, myPrivate, elsewhere] = [
      await seedTask(),
      await seedTask({ status: 'closed' }),
      await seedTask({ createdBy: w.adminId, assignedTo: w.adminId, isPrivate: true }),
      await seedTask({ isPrivate: true }),
      await seedTask({ projectId: w.adminProjectId }),
    ];
    const lanes = await cardsOf(b);
    expect(lanes[0]).toEqual(expect.arrayContaining([mine, myPrivate]));
    expect(lanes[1]).toContain(done);
    expect(lanes.flat()).not.toContain(othersPrivate);
    expect(lanes.flat()).not.toContain(elsewhere);
    const card = (await w.user.call(boardRoutes.cards, { params: { id: b.id } })).data[0]!.cards.find((c) => c.id === mine);
    expect(card).toMatchObject({ id: mine, status: 'open', priority: 'normal', assigned_to: w.userId, project: w.memberProjectId });
  });

  it('shows the tasks of every project the user can see on a board without a project, never of a project they cannot', async () => {
    const b = await board([open], null);
    const inMember = await seedTask();
    const inAdmin = await seedTask({ projectId: w.adminProjectId });
    const foreign = await seedTask({ projectId: w.foreignProjectId, createdBy: w.adminId, assignedTo: w.adminId });
    const [lane] = await cardsOf(b);
    expect(lane).toEqual(expect.arrayContaining([inMember, inAdmin]));
    expect(lane).not.toContain(foreign);
  });

  it("answers 404 for another user's board", async () => {
    const b = await board([open]);
    await expectRefused(server, () => w.admin.call(boardRoutes.cards, { params: { id: b.id } }), 404, boardMessages.notFound);
  });
});

describe('PUT /api/boards/:id/cards/:taskId', () => {
  it("closes a task dropped from the 'open' lane on the 'closed' lane", async () => {
    const b = await board([open, closed]);
    const taskId = await seedTask();
    const res = await move(b, taskId, 1);
    expect(res.data).toMatchObject({ id: taskId, status: 'closed', lane_id: b.lanes[1]!.id });
    expect((await taskDoc(taskId))?.status).toBe('closed');
    const lanes = await cardsOf(b);
    expect(lanes[0]).not.toContain(taskId);
    expect(lanes[1]![0]).toBe(taskId);
  });

  it('reopens a canceled task before closing it, and reopens a closed one dropped on open', async () => {
    const b = await board([open, closed]);
    const canceled = await seedTask({ status: 'canceled' });
    expect((await move(b, canceled, 1)).data.status).toBe('closed');
    const events = (await server.adapters.eventStore.readStream(toTaskStreamId(canceled))).map((e) => e.type);
    expect(events.slice(-2)).toEqual(['TaskReopened', 'TaskClosed']);
    expect((await move(b, canceled, 0)).data.status).toBe('open');
  });

  it('keeps the order of the cards placed in a lane', async () => {
    const b = await board([open]);
    const [first, second, third] = [await seedTask(), await seedTask(), await seedTask()];
    await move(b, first, 0, 0);
    await move(b, second, 0, 0);
    await move(b, third, 0, 1);
    const [lane] = await cardsOf(b);
    expect(lane!.slice(0, 3)).toEqual([second, third, first]);
  });

  it('reassigns a task dropped on an assignee lane, and refuses an assignee who cannot see the project (nothing placed)', async () => {
    const b = await board([{ kind: 'assignee', userId: w.adminId }]);
    const taskId = await seedTask();
    expect((await move(b, taskId, 0)).data.assigned_to).toBe(w.adminId);
    // the admin's board shows a project the user is not in: the task refuses the user as its assignee
    const adminBoard = await board([{ kind: 'assignee', userId: w.userId }], w.foreignProjectId, () => w.admin);
    const foreign = await seedTask({ projectId: w.foreignProjectId, createdBy: w.adminId, assignedTo: w.adminId });
    const before = await head();
    const answer = await failure(
      w.admin.call(boardRoutes.moveCard, {
        params: { id: adminBoard.id, taskId: foreign },
        body: { lane_id: adminBoard.lanes[0]!.id, index: 0 },
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.errors).toHaveProperty('assigned_to');
    expect(await head()).toBe(before);
  });

  it('adds the label of a label lane, and takes off the label of the lane the card came from', async () => {
    const label = async () =>
      (
        await w.admin.call(labelRoutes.create, {
          body: { title: `L ${randomUUID().slice(0, 6)}`, color: '#f00', license: { id: w.demoLicenceId } },
        })
      ).data.id;
    const [red, blue] = [await label(), await label()];
    const b = await board([
      { kind: 'label', labelId: red },
      { kind: 'label', labelId: blue },
    ]);
    const taskId = await seedTask({ labels: [red] });
    expect((await move(b, taskId, 1)).data.labels).toEqual([blue]);
    expect((await taskDoc(taskId))?.labels).toEqual([blue]);
  });

  it('keeps a card in a manual lane without changing the task', async () => {
    const b = await board([open, { kind: 'manual' }]);
    const taskId = await seedTask();
    const res = await move(b, taskId, 1);
    expect(res.data).toMatchObject({ status: 'open', lane_id: b.lanes[1]!.id });
    expect((await cardsOf(b))[1]).toEqual([taskId]);
  });

  it("answers 404 for another user's board, others' private task, a task of another project and an unknown lane, appending nothing", async () => {
    const b = await board([open, closed]);
    const taskId = await seedTask();
    await expectRefused(
      server,
      () => w.admin.call(boardRoutes.moveCard, { params: { id: b.id, taskId }, body: { lane_id: b.lanes[1]!.id, index: 0 } }),
      404,
      boardMessages.notFound,
    );
    const hidden = await seedTask({ createdBy: w.adminId, assignedTo: w.adminId, isPrivate: true });
    await expectRefused(server, () => move(b, hidden, 1), 404, taskMessages.notFound);
    const elsewhere = await seedTask({ projectId: w.adminProjectId });
    await expectRefused(server, () => move(b, elsewhere, 1), 404, taskMessages.notFound);
    await expectRefused(server, () => move(b, randomUUID(), 1), 404, taskMessages.notFound);
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.moveCard, { params: { id: b.id, taskId }, body: { lane_id: randomUUID(), index: 0 } }),
      404,
      boardMessages.laneNotFound,
    );
  });

  it.each([
    ['no lane', { index: 0 }],
    ['a negative index', { lane_id: randomUUID(), index: -1 }],
    ['a fractional index', { lane_id: randomUUID(), index: 0.5 }],
    ['an unknown field', { lane_id: randomUUID(), index: 0, status: 'closed' }],
  ])('answers 400 for %s', async (_, body) => {
    const b = await board([open]);
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.moveCard, { params: { id: b.id, taskId: randomUUID() }, body: body as never }),
      400,
    );
  });
});
