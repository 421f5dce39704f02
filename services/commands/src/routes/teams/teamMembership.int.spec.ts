import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelRoutes, projectRoutes, teamRoutes } from '@stramien/api';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createUser, type TestUser } from '../identity/accountTesting';
import { createTeamsWorld, failure, type TeamsWorld } from './testFixtures';

/** Issue 6: a user in a team of a project is a member of that project, with the team's rights (docs/teams.md). */
let server: TestServer;
let w: TeamsWorld;
let plain: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  w = await createTeamsWorld(server);
  plain = await createUser(server, await server.signIn(DEMO.admin), w.demoLicenceId, { label: 'teamonly' });
});
afterAll(async () => {
  await server?.close();
});

describe('A licence user added to a team of a project they are not listed in', () => {
  it('sees the project as a member with the team’s general permissions and modules, and loses it when removed', async () => {
    const projectId = w.foreignProjectId;
    const me = server.api(plain.token);
    expect((await failure(me.call(projectRoutes.get, { params: { id: projectId } }))).status).toBe(404);

    const team = (await w.admin.call(teamRoutes.create, { body: { project: { id: projectId }, name: 'Site crew' } })).data;
    await w.admin.call(teamRoutes.addUser, { params: { id: team.id }, body: { project: { id: projectId }, user: { id: plain.id } } });
    await w.admin.call(teamRoutes.setGeneralPermissions, { params: { id: team.id }, body: { tables: true, labels: true } });
    const { position } = await w.admin.call(teamRoutes.addModule, { params: { id: team.id, moduleId: 'build-order' } });
    await server.projections.runner.waitForPosition(position, 5000);

    const project = await me.call(projectRoutes.get, { params: { id: projectId } });
    expect(project.is_member).toBe(true);
    expect(project.generalPermissions).toEqual({ workflows: false, tables: true, sbs: false, labels: true, tasks: false });
    expect(project.modules.map((m) => [m.id, m.accessible])).toEqual([
      ['build-order', true],
      ['gis-viewer', false],
    ]);
    // what the overview and the project's screens read
    expect((await me.call(teamRoutes.list, { query: { 'project[id]': projectId } })).data.map((t) => t.id)).toContain(team.id);
    expect((await me.call(labelRoutes.list, { query: { 'filter[project]': projectId, 'filter[license]': w.demoLicenceId } })).data).toEqual(
      [],
    );
    // and "my projects" agrees with the API
    const mine = await me.call(projectRoutes.list, { query: { license: w.demoLicenceId } });
    expect(mine.map((p) => p.id)).toContain(projectId);

    const removed = await w.admin.call(teamRoutes.removeUser, {
      params: { id: team.id, userId: plain.id },
      query: { 'project[id]': projectId },
    });
    await server.projections.runner.waitForPosition(removed.position, 5000);
    expect((await failure(me.call(projectRoutes.get, { params: { id: projectId } }))).status).toBe(404);
    expect((await me.call(projectRoutes.list, { query: { license: w.demoLicenceId } })).map((p) => p.id)).not.toContain(projectId);
  });
});
