import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardRoutes, labelRoutes, type Board } from '@stramien/api';
import { boardMessages, projectMessages, type LaneRule } from '@stramien/domain';
import { expectRefused } from '../../testing/expectations';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createUser } from '../identity/accountTesting';
import { createTeamsWorld, failure, type TeamsWorld } from '../teams/testFixtures';

let server: TestServer;
let w: TeamsWorld;
/** a user of the other licence only */
let stranger: ReturnType<TestServer['api']>;
beforeAll(async () => {
  server = await startTestServer();
  w = await createTeamsWorld(server);
  const adminToken = await server.signIn({ email: 'admin@stramien.test', password: 'Admin#Pass123' });
  stranger = server.api((await createUser(server, adminToken, w.otherLicenceId, { label: 'stranger' })).token);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const boardName = () => `Board ${randomUUID().slice(0, 6)}`;
const open: LaneRule = { kind: 'status', status: 'open' };
const closed: LaneRule = { kind: 'status', status: 'closed' };
const newBoard = async (body: { project?: { id: string } | null; is_default?: boolean } = {}): Promise<Board> =>
  (await w.user.call(boardRoutes.create, { body: { name: boardName(), ...body } })).data;
const withLanes = async (): Promise<Board> => {
  const board = await newBoard();
  await w.user.call(boardRoutes.addLane, { params: { id: board.id }, body: { name: 'Open', rule: open } });
  return (await w.user.call(boardRoutes.addLane, { params: { id: board.id }, body: { name: 'Closed', rule: closed } })).data;
};

describe('POST /api/boards', () => {
  it('creates a board of the user, with no lanes, that the list shows', async () => {
    const name = boardName();
    const res = await w.user.call(boardRoutes.create, { body: { name: ` ${name} ` } });
    expect(res).toMatchObject({
      data: { id: expect.any(String), name, is_default: false, project: null, lanes: [] },
      message: `Board ${name} created`,
    });
    expect((await w.user.call(boardRoutes.list)).data.map((b) => b.id)).toContain(res.data.id);
  });

  it('creates a board of a project the user can see', async () => {
    const board = await newBoard({ project: { id: w.memberProjectId } });
    expect(board.project).toEqual({ id: w.memberProjectId });
  });

  it("refuses an empty name with 'Required.' and a field message", async () => {
    const answer = await expectRefused(
      server,
      () => w.user.call(boardRoutes.create, { body: { name: '  ' } }),
      422,
      boardMessages.nameRequired,
    );
    expect(answer.errors).toEqual({ name: [boardMessages.nameRequired] });
  });

  it.each([
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['no name', {}],
    ['an unknown field', { name: 'x', lanes: [] }],
    ['a project id that is not a uuid', { name: 'x', project: { id: 'p' } }],
    ['a default flag that is not a boolean', { name: 'x', is_default: 'yes' }],
  ])('answers 400 for %s, appending nothing', async (_, body) => {
    await expectRefused(server, () => w.user.call(boardRoutes.create, { body: body as never }), 400);
  });

  it.each([
    ['a project the user is not a member of', () => w.foreignProjectId],
    ['a project of another licence', () => w.otherLicenceProjectId],
    ['an unknown project', () => randomUUID()],
  ])('answers 404 for %s', async (_, projectId) => {
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.create, { body: { name: 'x', project: { id: projectId() } } }),
      404,
      projectMessages.notFound,
    );
  });

  it('makes a new default board the only default', async () => {
    const first = await newBoard({ is_default: true });
    const second = await newBoard({ is_default: true });
    const list = (await w.user.call(boardRoutes.list)).data;
    expect(list.filter((b) => b.is_default).map((b) => b.id)).toEqual([second.id]);
    expect(list.find((b) => b.id === first.id)?.is_default).toBe(false);
  });
});

describe('GET /api/boards', () => {
  it("lists the user's own boards, oldest first, never another user's", async () => {
    const mine = [await newBoard(), await newBoard()];
    const theirs = (await w.admin.call(boardRoutes.create, { body: { name: boardName() } })).data;
    const ids = (await w.user.call(boardRoutes.list)).data.map((b) => b.id);
    expect(ids.filter((id) => mine.some((b) => b.id === id))).toEqual(mine.map((b) => b.id));
    expect(ids).not.toContain(theirs.id);
    expect((await stranger.call(boardRoutes.list)).data.map((b) => b.id)).not.toContain(mine[0]!.id);
  });

  it('answers 401 without a token', async () => {
    expect((await failure(server.api().call(boardRoutes.list))).status).toBe(401);
  });
});

describe('GET /api/boards/:id', () => {
  it('answers the board with its lanes in order', async () => {
    const board = await withLanes();
    const res = await w.user.call(boardRoutes.get, { params: { id: board.id } });
    expect(res.data.lanes.map((l) => [l.name, l.rule])).toEqual([
      ['Open', open],
      ['Closed', closed],
    ]);
  });

  it("answers 404 for another user's board, one of another licence's user, and an unknown id", async () => {
    const board = await newBoard();
    for (const api of [w.admin, stranger])
      expect(await failure(api.call(boardRoutes.get, { params: { id: board.id } }))).toMatchObject({
        status: 404,
        message: boardMessages.notFound,
      });
    expect((await failure(w.user.call(boardRoutes.get, { params: { id: randomUUID() } }))).status).toBe(404);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    expect((await failure(w.user.call(boardRoutes.get, { params: { id: 'nope' } }))).status).toBe(400);
  });
});

describe('PUT /api/boards/:id', () => {
  it('renames a board, changes its project and makes it the default instead of the previous one', async () => {
    const before = await newBoard({ is_default: true });
    const board = await newBoard();
    const res = await w.user.call(boardRoutes.update, {
      params: { id: board.id },
      body: { name: 'Renamed', project: { id: w.adminProjectId }, is_default: true },
    });
    expect(res.data).toMatchObject({ name: 'Renamed', project: { id: w.adminProjectId }, is_default: true });
    expect((await w.user.call(boardRoutes.get, { params: { id: before.id } })).data.is_default).toBe(false);
    const cleared = await w.user.call(boardRoutes.update, { params: { id: board.id }, body: { project: null, is_default: false } });
    expect(cleared.data).toMatchObject({ project: null, is_default: false });
  });

  it("refuses an empty name with 'Required.', appending nothing", async () => {
    const board = await newBoard();
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.update, { params: { id: board.id }, body: { name: '' } }),
      422,
      boardMessages.nameRequired,
    );
  });

  it('answers 400 for an unknown field and 404 for a project of another licence', async () => {
    const board = await newBoard();
    await expectRefused(server, () => w.user.call(boardRoutes.update, { params: { id: board.id }, body: { owner: 'me' } as never }), 400);
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.update, { params: { id: board.id }, body: { project: { id: w.otherLicenceProjectId } } }),
      404,
    );
  });

  it("answers 404 for another user's board, appending nothing", async () => {
    const board = await newBoard();
    await expectRefused(
      server,
      () => w.admin.call(boardRoutes.update, { params: { id: board.id }, body: { name: 'Mine now' } }),
      404,
      boardMessages.notFound,
    );
    await expectRefused(server, () => stranger.call(boardRoutes.update, { params: { id: board.id }, body: { name: 'Mine now' } }), 404);
  });
});

describe('DELETE /api/boards/:id', () => {
  it('deletes a board: it is gone from the list and answers 404 after', async () => {
    const board = await newBoard();
    expect(await w.user.call(boardRoutes.delete, { params: { id: board.id } })).toMatchObject({ message: boardMessages.deleted });
    expect((await w.user.call(boardRoutes.list)).data.map((b) => b.id)).not.toContain(board.id);
    await expectRefused(server, () => w.user.call(boardRoutes.delete, { params: { id: board.id } }), 404, boardMessages.notFound);
    await expectRefused(server, () => w.user.call(boardRoutes.get, { params: { id: board.id } }), 404);
  });

  it("answers 404 for another user's board, appending nothing", async () => {
    const board = await newBoard();
    await expectRefused(server, () => w.admin.call(boardRoutes.delete, { params: { id: board.id } }), 404);
    await expectRefused(server, () => stranger.call(boardRoutes.delete, { params: { id: board.id } }), 404);
  });
});

describe('POST /api/boards/:id/lanes', () => {
  it('adds lanes at the end or at an index', async () => {
    const board = await withLanes();
    const res = await w.user.call(boardRoutes.addLane, {
      params: { id: board.id },
      body: { name: 'Later', rule: { kind: 'manual' }, index: 0 },
    });
    expect(res.data.lanes.map((l) => l.name)).toEqual(['Later', 'Open', 'Closed']);
  });

  it('takes an assignee lane for a user of the licence and a label lane for a label of the licence', async () => {
    const board = await newBoard();
    const label = await w.admin.call(labelRoutes.create, {
      body: { title: `L ${randomUUID().slice(0, 6)}`, color: '#00f', license: { id: w.demoLicenceId } },
    });
    await w.user.call(boardRoutes.addLane, {
      params: { id: board.id },
      body: { name: 'Mine', rule: { kind: 'assignee', userId: w.userId } },
    });
    const res = await w.user.call(boardRoutes.addLane, {
      params: { id: board.id },
      body: { name: 'Urgent', rule: { kind: 'label', labelId: label.data.id } },
    });
    expect(res.data.lanes.map((l) => l.rule.kind)).toEqual(['assignee', 'label']);
  });

  it('refuses a second lane with the same rule (409), appending nothing', async () => {
    const board = await withLanes();
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.addLane, { params: { id: board.id }, body: { name: 'Open again', rule: open } }),
      409,
      boardMessages.ruleTaken,
    );
  });

  it('answers 404 for a user of another licence or an unknown label as the rule', async () => {
    const board = await newBoard();
    for (const rule of [
      { kind: 'assignee', userId: w.outsiderId },
      { kind: 'label', labelId: randomUUID() },
    ] satisfies LaneRule[])
      await expectRefused(
        server,
        () => w.user.call(boardRoutes.addLane, { params: { id: board.id }, body: { name: 'X', rule } }),
        404,
        boardMessages.ruleTargetNotFound,
      );
  });

  it("refuses an empty name with 'Required.'", async () => {
    const board = await newBoard();
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.addLane, { params: { id: board.id }, body: { name: '', rule: open } }),
      422,
      boardMessages.nameRequired,
    );
  });

  it.each([
    ['an unknown rule kind', { name: 'X', rule: { kind: 'priority', priority: 'high' } }],
    ['an unknown status', { name: 'X', rule: { kind: 'status', status: 'done' } }],
    ['no rule', { name: 'X' }],
    ['a negative index', { name: 'X', rule: { kind: 'manual' }, index: -1 }],
  ])('answers 400 for %s', async (_, body) => {
    const board = await newBoard();
    await expectRefused(server, () => w.user.call(boardRoutes.addLane, { params: { id: board.id }, body: body as never }), 400);
  });

  it("answers 404 for another user's board, appending nothing", async () => {
    const board = await newBoard();
    await expectRefused(
      server,
      () => w.admin.call(boardRoutes.addLane, { params: { id: board.id }, body: { name: 'X', rule: open } }),
      404,
    );
    await expectRefused(
      server,
      () => stranger.call(boardRoutes.addLane, { params: { id: board.id }, body: { name: 'X', rule: open } }),
      404,
    );
  });
});

describe('PUT /api/boards/:id/lanes/:laneId', () => {
  it("changes a lane's name and rule, and moves it", async () => {
    const board = await withLanes();
    const closedLane = board.lanes[1]!;
    const res = await w.user.call(boardRoutes.updateLane, {
      params: { id: board.id, laneId: closedLane.id },
      body: { name: 'Canceled', rule: { kind: 'status', status: 'canceled' }, index: 0 },
    });
    expect(res.data.lanes.map((l) => [l.name, l.rule])).toEqual([
      ['Canceled', { kind: 'status', status: 'canceled' }],
      ['Open', open],
    ]);
  });

  it('refuses the rule of another lane (409) and an unknown lane (404), appending nothing', async () => {
    const board = await withLanes();
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.updateLane, { params: { id: board.id, laneId: board.lanes[1]!.id }, body: { rule: open } }),
      409,
      boardMessages.ruleTaken,
    );
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.updateLane, { params: { id: board.id, laneId: randomUUID() }, body: { name: 'X' } }),
      404,
      boardMessages.laneNotFound,
    );
  });

  it('answers 400 for bad input and 404 on another user’s board', async () => {
    const board = await withLanes();
    const params = { id: board.id, laneId: board.lanes[0]!.id };
    await expectRefused(server, () => w.user.call(boardRoutes.updateLane, { params, body: { name: 'x'.repeat(101) } }), 400);
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.updateLane, { params: { ...params, laneId: 'lane' }, body: { name: 'X' } }),
      400,
    );
    await expectRefused(server, () => w.admin.call(boardRoutes.updateLane, { params, body: { name: 'X' } }), 404);
  });
});

describe('DELETE /api/boards/:id/lanes/:laneId', () => {
  it('removes a lane', async () => {
    const board = await withLanes();
    const res = await w.user.call(boardRoutes.deleteLane, { params: { id: board.id, laneId: board.lanes[0]!.id } });
    expect(res.data.lanes.map((l) => l.name)).toEqual(['Closed']);
  });

  it("answers 404 for an unknown lane and another user's board, appending nothing", async () => {
    const board = await withLanes();
    await expectRefused(
      server,
      () => w.user.call(boardRoutes.deleteLane, { params: { id: board.id, laneId: randomUUID() } }),
      404,
      boardMessages.laneNotFound,
    );
    await expectRefused(server, () => w.admin.call(boardRoutes.deleteLane, { params: { id: board.id, laneId: board.lanes[0]!.id } }), 404);
    await expectRefused(server, () => stranger.call(boardRoutes.deleteLane, { params: { id: board.id, laneId: board.lanes[0]!.id } }), 404);
  });
});
