import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRoutes } from '@stramien/api';
import { messages, teamMessages } from '@stramien/domain';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createTeamsWorld, failure, type TeamsWorld } from './testFixtures';

let server: TestServer;
let w: TeamsWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await createTeamsWorld(server);
});
afterAll(async () => {
  await server?.close();
});

const head = () => server.adapters.eventStore.headPosition();
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;
const createTeam = async (projectId = w.adminProjectId, name = unique('Team'), api = w.user) =>
  (await api.call(teamRoutes.create, { body: { project: { id: projectId }, name } })).data;

describe('POST /api/team', () => {
  it("creates a team for a project admin and answers 'Successfully created team {name}'", async () => {
    const res = await w.user.call(teamRoutes.create, { body: { project: { id: w.adminProjectId }, name: '  Design  ' } });
    expect(res.message).toBe('Successfully created team Design');
    expect(res.position).toBeGreaterThan(0);
    expect(res.data).toMatchObject({
      name: 'Design',
      project: { id: w.adminProjectId },
      user_ids: [],
      modules: [],
      general: { workflows: false, tables: false, sbs: false, labels: false, tasks: false },
    });
    const list = await w.user.call(teamRoutes.list, { query: { 'project[id]': w.adminProjectId } });
    expect(list.data.map((t) => t.id)).toContain(res.data.id);
  });

  it('refuses a name another team of the project has, in any case', async () => {
    const name = unique('Clash');
    await createTeam(w.adminProjectId, name);
    const before = await head();
    expect(await failure(createTeam(w.adminProjectId, name.toUpperCase()))).toMatchObject({ status: 409, message: teamMessages.nameTaken });
    expect(await head()).toBe(before);
  });

  it('allows the same name in another project', async () => {
    const name = unique('Shared');
    await createTeam(w.adminProjectId, name);
    expect((await createTeam(w.foreignProjectId, name, w.admin)).name).toBe(name);
  });

  it("refuses an empty name with 'Required.'", async () => {
    expect(await failure(createTeam(w.adminProjectId, '   '))).toMatchObject({
      status: 422,
      message: teamMessages.nameRequired,
      errors: { name: [teamMessages.nameRequired] },
    });
  });

  it.each([
    ['a name over 100 characters', { project: { id: 'P' }, name: 'x'.repeat(101) }],
    ['no project', { name: 'Team' }],
    ['a project id that is not a uuid', { project: { id: 'p1' }, name: 'Team' }],
    ['an unknown field', { project: { id: 'P' }, name: 'Team', colour: 'red' }],
  ])('answers 400 for %s, appending nothing', async (_, raw) => {
    const body = JSON.parse(JSON.stringify(raw).replace('"P"', JSON.stringify(w.adminProjectId))) as never;
    const before = await head();
    expect((await failure(w.user.call(teamRoutes.create, { body }))).status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('answers 403 to a member without project admin rights', async () => {
    const before = await head();
    expect(await failure(createTeam(w.memberProjectId))).toMatchObject({ status: 403, message: messages.shared.forbidden });
    expect(await head()).toBe(before);
  });

  it('answers 404 for a project the user is not a member of, and for a project of another licence', async () => {
    expect((await failure(createTeam(w.foreignProjectId))).status).toBe(404);
    expect((await failure(createTeam(w.otherLicenceProjectId))).status).toBe(404);
    expect((await failure(createTeam(randomUUID()))).status).toBe(404);
  });

  it('lets a system admin create a team in any licence', async () => {
    expect((await createTeam(w.otherLicenceProjectId, unique('Root'), w.admin)).project.id).toBe(w.otherLicenceProjectId);
  });
});

describe('GET /api/teams', () => {
  it('lists the teams of the project by name, with their users on request', async () => {
    const team = await createTeam(w.adminProjectId, unique('AAA listed'));
    await w.user.call(teamRoutes.addUser, { params: { id: team.id }, body: { project: { id: w.adminProjectId }, user: { id: w.userId } } });
    const plain = await w.user.call(teamRoutes.list, { query: { 'project[id]': w.adminProjectId } });
    const names = plain.data.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(plain.data.find((t) => t.id === team.id)).not.toHaveProperty('users');
    const full = await w.user.call(teamRoutes.list, { query: { 'project[id]': w.adminProjectId, withUsers: '1' } });
    expect(full.data.find((t) => t.id === team.id)?.users).toEqual([{ id: w.userId, name: 'Demo User', email: expect.any(String) }]);
  });

  it('lets an ordinary member read the teams of their project', async () => {
    await createTeam(w.memberProjectId, unique('Visible'), w.admin);
    const list = await w.user.call(teamRoutes.list, { query: { 'project[id]': w.memberProjectId } });
    expect(list.data.length).toBeGreaterThan(0);
  });

  it('answers 404 for a project of another licence and 400 without a project', async () => {
    expect((await failure(w.user.call(teamRoutes.list, { query: { 'project[id]': w.otherLicenceProjectId } }))).status).toBe(404);
    expect((await failure(w.user.call(teamRoutes.list, { query: {} as never }))).status).toBe(400);
    expect(
      (await failure(w.user.call(teamRoutes.list, { query: { 'project[id]': w.adminProjectId, withUsers: 'yes' as never } }))).status,
    ).toBe(400);
  });
});

describe('PUT /api/team/:id', () => {
  it('renames a team', async () => {
    const team = await createTeam();
    const res = await w.user.call(teamRoutes.update, {
      params: { id: team.id },
      body: { project: { id: w.adminProjectId }, name: 'Renamed ' + team.id },
    });
    expect(res.data.name).toBe('Renamed ' + team.id);
  });
  it('answers 404 when the team is not in the given project', async () => {
    const team = await createTeam();
    expect(
      (await failure(w.user.call(teamRoutes.update, { params: { id: team.id }, body: { project: { id: w.memberProjectId }, name: 'x' } })))
        .status,
    ).toBe(404);
  });
  it('answers 404 for a team of another licence', async () => {
    const team = await createTeam(w.otherLicenceProjectId, unique('Far'), w.admin);
    expect((await failure(w.user.call(teamRoutes.update, { params: { id: team.id }, body: { name: 'Mine now' } }))).status).toBe(404);
  });
});

describe('DELETE /api/team/:id', () => {
  it("deletes a team and answers 'Successfully deleted team'", async () => {
    const team = await createTeam();
    const res = await w.user.call(teamRoutes.delete, { params: { id: team.id }, body: { project: { id: w.adminProjectId } } });
    expect(res.message).toBe('Successfully deleted team');
    const list = await w.user.call(teamRoutes.list, { query: { 'project[id]': w.adminProjectId } });
    expect(list.data.map((t) => t.id)).not.toContain(team.id);
    expect(
      (await failure(w.user.call(teamRoutes.users, { params: { id: team.id }, query: { 'project[id]': w.adminProjectId } }))).status,
    ).toBe(404);
  });
  it('answers 400 without the project in the body', async () => {
    const team = await createTeam();
    expect((await failure(w.user.call(teamRoutes.delete, { params: { id: team.id }, body: {} as never }))).status).toBe(400);
  });
});

describe('team users', () => {
  it("adds users of the project's licence, lists and removes them", async () => {
    const team = await createTeam();
    const project = { id: w.adminProjectId };
    await w.user.call(teamRoutes.addUser, { params: { id: team.id }, body: { project, user: { id: w.userId } } });
    const added = await w.user.call(teamRoutes.addUser, { params: { id: team.id }, body: { project, user: { id: w.adminId } } });
    expect(added.data.user_ids.sort()).toEqual([w.userId, w.adminId].sort());
    const users = await w.user.call(teamRoutes.users, { params: { id: team.id }, query: { 'project[id]': w.adminProjectId } });
    expect(users.data.map((u) => u.name)).toEqual(['Demo Admin', 'Demo User']);
    const removed = await w.user.call(teamRoutes.removeUser, {
      params: { id: team.id, userId: w.adminId },
      query: { 'project[id]': w.adminProjectId },
    });
    expect(removed.data.user_ids).toEqual([w.userId]);
  });

  it('answers 404 for a user of another licence and for an unknown user, appending nothing', async () => {
    const team = await createTeam();
    const before = await head();
    const add = (userId: string) =>
      failure(
        w.user.call(teamRoutes.addUser, { params: { id: team.id }, body: { project: { id: w.adminProjectId }, user: { id: userId } } }),
      );
    expect(await add(w.outsiderId)).toMatchObject({ status: 404, message: teamMessages.userNotFound });
    expect(await add(randomUUID())).toMatchObject({ status: 404, message: teamMessages.userNotFound });
    expect(await head()).toBe(before);
  });

  it('answers 404 when removing a user who is not in the team', async () => {
    const team = await createTeam();
    expect(
      await failure(
        w.user.call(teamRoutes.removeUser, { params: { id: team.id, userId: w.adminId }, query: { 'project[id]': w.adminProjectId } }),
      ),
    ).toMatchObject({ status: 404, message: teamMessages.userNotFound });
  });

  it('answers 400 for a malformed user id', async () => {
    const team = await createTeam();
    expect(
      (
        await failure(
          w.user.call(teamRoutes.addUser, { params: { id: team.id }, body: { project: { id: w.adminProjectId }, user: { id: 'me' } } }),
        )
      ).status,
    ).toBe(400);
  });
});

describe('team modules', () => {
  it("gives and takes a module the project has, listed with the catalogue's names", async () => {
    const team = await createTeam();
    const added = await w.user.call(teamRoutes.addModule, { params: { id: team.id, moduleId: 'build-order' } });
    expect(added.data.modules).toEqual(['build-order']);
    const modules = await w.user.call(teamRoutes.modules, { params: { id: team.id } });
    expect(modules.data).toEqual([
      { id: 'build-order', name: 'Build Order', icon: 'sort-numerical', route: 'build-order', category: 'planning' },
    ]);
    const removed = await w.user.call(teamRoutes.removeModule, { params: { id: team.id, moduleId: 'build-order' } });
    expect(removed.data.modules).toEqual([]);
  });

  it('refuses a module the project does not have with 422, and an unknown one with 404', async () => {
    const team = await createTeam();
    expect(await failure(w.user.call(teamRoutes.addModule, { params: { id: team.id, moduleId: 'fourd' } }))).toMatchObject({
      status: 422,
      message: teamMessages.moduleNotInProject,
    });
    expect(await failure(w.user.call(teamRoutes.addModule, { params: { id: team.id, moduleId: 'no-such-module' } }))).toMatchObject({
      status: 404,
      message: teamMessages.moduleNotFound,
    });
    expect((await failure(w.user.call(teamRoutes.addModule, { params: { id: team.id, moduleId: 'Bad Module!' } }))).status).toBe(400);
  });
});

describe('team permissions', () => {
  it('changes the general flags one by one and keeps the others', async () => {
    const team = await createTeam();
    const first = await w.user.call(teamRoutes.setGeneralPermissions, { params: { id: team.id }, body: { sbs: true, tasks: true } });
    expect(first.data).toEqual({ workflows: false, tables: false, sbs: true, labels: false, tasks: true });
    await w.user.call(teamRoutes.setGeneralPermissions, { params: { id: team.id }, body: { tasks: false } });
    const read = await w.user.call(teamRoutes.generalPermissions, { params: { id: team.id } });
    expect(read.data).toEqual({ workflows: false, tables: false, sbs: true, labels: false, tasks: false });
    expect(
      (await failure(w.user.call(teamRoutes.setGeneralPermissions, { params: { id: team.id }, body: { sbs: 'yes' } as never }))).status,
    ).toBe(400);
    expect(
      (await failure(w.user.call(teamRoutes.setGeneralPermissions, { params: { id: team.id }, body: { boards: true } as never }))).status,
    ).toBe(400);
  });

  it('replaces the SBS permissions and refuses a code twice', async () => {
    const team = await createTeam();
    const sbs = [
      { code: 'A.1', access: 'write' as const },
      { code: 'B', access: 'read' as const },
    ];
    expect((await w.user.call(teamRoutes.setSbsPermissions, { params: { id: team.id }, body: { sbs } })).data).toEqual(sbs);
    expect((await w.user.call(teamRoutes.sbsPermissions, { params: { id: team.id } })).data).toEqual(sbs);
    expect(
      await failure(
        w.user.call(teamRoutes.setSbsPermissions, {
          params: { id: team.id },
          body: {
            sbs: [
              { code: 'A', access: 'read' },
              { code: 'A', access: 'write' },
            ],
          },
        }),
      ),
    ).toMatchObject({ status: 422, message: teamMessages.duplicateSbsCode });
    expect(
      (
        await failure(
          w.user.call(teamRoutes.setSbsPermissions, { params: { id: team.id }, body: { sbs: [{ code: 'A', access: 'admin' }] } as never }),
        )
      ).status,
    ).toBe(400);
  });

  it('replaces the workflow permissions', async () => {
    const team = await createTeam();
    const workflows = [{ workflow_id: randomUUID(), access: 'write' as const }];
    expect((await w.user.call(teamRoutes.setWorkflowPermissions, { params: { id: team.id }, body: { workflows } })).data).toEqual(
      workflows,
    );
    expect((await w.user.call(teamRoutes.workflowPermissions, { params: { id: team.id } })).data).toEqual(workflows);
    expect(
      (
        await failure(
          w.user.call(teamRoutes.setWorkflowPermissions, {
            params: { id: team.id },
            body: { workflows: [{ workflow_id: 'w1', access: 'read' }] },
          }),
        )
      ).status,
    ).toBe(400);
  });

  it('answers every permission of a team in one call', async () => {
    const team = await createTeam();
    await w.user.call(teamRoutes.addModule, { params: { id: team.id, moduleId: 'gis-viewer' } });
    await w.user.call(teamRoutes.setGeneralPermissions, { params: { id: team.id }, body: { labels: true } });
    const all = await w.user.call(teamRoutes.permissions, { params: { id: team.id } });
    expect(all.data).toEqual({
      general: { workflows: false, tables: false, sbs: false, labels: true, tasks: false },
      modules: ['gis-viewer'],
      sbs: [],
      workflows: [],
      tables: [],
    });
  });
});

describe('a member without project admin rights', () => {
  it('gets 403 for every change and for the permission reads, and nothing is appended', async () => {
    const team = await createTeam(w.memberProjectId, unique('Guarded'), w.admin);
    const id = team.id;
    const project = { id: w.memberProjectId };
    const before = await head();
    const calls: (() => Promise<unknown>)[] = [
      () => w.user.call(teamRoutes.update, { params: { id }, body: { name: 'Taken over' } }),
      () => w.user.call(teamRoutes.delete, { params: { id }, body: { project } }),
      () => w.user.call(teamRoutes.addUser, { params: { id }, body: { project, user: { id: w.userId } } }),
      () => w.user.call(teamRoutes.removeUser, { params: { id, userId: w.userId }, query: { 'project[id]': w.memberProjectId } }),
      () => w.user.call(teamRoutes.addModule, { params: { id, moduleId: 'build-order' } }),
      () => w.user.call(teamRoutes.removeModule, { params: { id, moduleId: 'build-order' } }),
      () => w.user.call(teamRoutes.permissions, { params: { id } }),
      () => w.user.call(teamRoutes.modules, { params: { id } }),
      () => w.user.call(teamRoutes.sbsPermissions, { params: { id } }),
      () => w.user.call(teamRoutes.setSbsPermissions, { params: { id }, body: { sbs: [] } }),
      () => w.user.call(teamRoutes.workflowPermissions, { params: { id } }),
      () => w.user.call(teamRoutes.setWorkflowPermissions, { params: { id }, body: { workflows: [] } }),
      () => w.user.call(teamRoutes.generalPermissions, { params: { id } }),
      () => w.user.call(teamRoutes.setGeneralPermissions, { params: { id }, body: { sbs: true } }),
    ];
    for (const call of calls) expect(await failure(call())).toMatchObject({ status: 403, message: messages.shared.forbidden });
    expect(await head()).toBe(before);
    // reading the team's users is part of seeing the project
    expect((await w.user.call(teamRoutes.users, { params: { id }, query: { 'project[id]': w.memberProjectId } })).data).toEqual([]);
  });
});

describe('a team of another licence', () => {
  it('answers 404 to every call, never its data', async () => {
    const team = await createTeam(w.otherLicenceProjectId, unique('Hidden'), w.admin);
    const id = team.id;
    const calls: (() => Promise<unknown>)[] = [
      () => w.user.call(teamRoutes.users, { params: { id }, query: { 'project[id]': w.otherLicenceProjectId } }),
      () => w.user.call(teamRoutes.permissions, { params: { id } }),
      () => w.user.call(teamRoutes.modules, { params: { id } }),
      () => w.user.call(teamRoutes.generalPermissions, { params: { id } }),
      () => w.user.call(teamRoutes.setGeneralPermissions, { params: { id }, body: { sbs: true } }),
      () => w.user.call(teamRoutes.addModule, { params: { id, moduleId: 'build-order' } }),
      () => w.user.call(teamRoutes.delete, { params: { id }, body: { project: { id: w.otherLicenceProjectId } } }),
    ];
    for (const call of calls) {
      const answer = await failure(call());
      expect(answer.status).toBe(404);
      expect(answer.message).not.toContain(team.name);
    }
  });
  it('answers 404 for an unknown team id', async () => {
    expect(await failure(w.user.call(teamRoutes.permissions, { params: { id: randomUUID() } }))).toMatchObject({
      status: 404,
      message: teamMessages.notFound,
    });
  });
});
