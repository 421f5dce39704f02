import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelRoutes, teamRoutes } from '@stramien/api';
import { labelMessages, messages } from '@stramien/domain';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createTeamsWorld, failure, type TeamsWorld } from '../teams/testFixtures';

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
const title = () => `Label ${randomUUID().slice(0, 6)}`;

describe('POST /api/labels', () => {
  it('creates a licence-wide label for a licence admin, with a normalised colour', async () => {
    const name = title();
    const res = await w.admin.call(labelRoutes.create, { body: { title: name, color: 'A1B2C3', license: { id: w.demoLicenceId } } });
    expect(res.data).toEqual({ id: expect.any(String), title: name, color: '#a1b2c3', project: null, license: { id: w.demoLicenceId } });
    const list = await w.user.call(labelRoutes.list, { query: { 'filter[license]': w.demoLicenceId } });
    expect(list.data.map((l) => l.id)).toContain(res.data.id);
  });

  it("refuses a colour that is not 3 or 6 hex digits with 'Invalid HEX color.', appending nothing", async () => {
    const before = await head();
    expect(await failure(w.admin.call(labelRoutes.create, { body: { title: title(), color: '#12345' } }))).toEqual({
      status: 422,
      message: labelMessages.invalidColor,
      errors: { color: [labelMessages.invalidColor] },
    });
    expect(await head()).toBe(before);
  });

  it("refuses an empty title with 'Required.'", async () => {
    expect(await failure(w.admin.call(labelRoutes.create, { body: { title: ' ', color: '#fff' } }))).toMatchObject({
      status: 422,
      message: labelMessages.titleRequired,
    });
  });

  it.each([
    ['a title over 100 characters', { title: 'x'.repeat(101), color: '#fff' }],
    ['no colour', { title: 'x' }],
    ['an unknown field', { title: 'x', color: '#fff', urgent: true }],
    ['a project id that is not a uuid', { title: 'x', color: '#fff', project: { id: 'p' } }],
  ])('answers 400 for %s', async (_, body) => {
    expect((await failure(w.admin.call(labelRoutes.create, { body: body as never }))).status).toBe(400);
  });

  it('answers 403 to an ordinary user for a licence-wide label', async () => {
    expect(await failure(w.user.call(labelRoutes.create, { body: { title: title(), color: '#fff' } }))).toMatchObject({
      status: 403,
      message: messages.shared.forbidden,
    });
  });

  it('answers 404 for a licence the user is not in', async () => {
    expect(
      (await failure(w.user.call(labelRoutes.create, { body: { title: title(), color: '#fff', license: { id: w.otherLicenceId } } })))
        .status,
    ).toBe(404);
  });

  it('lets a project admin create a label of their project', async () => {
    const res = await w.user.call(labelRoutes.create, { body: { title: title(), color: '#0f0', project: { id: w.adminProjectId } } });
    expect(res.data.project).toEqual({ id: w.adminProjectId });
  });

  it("needs the project's labels app for a member, which a team can grant", async () => {
    const body = { title: title(), color: '#00f', project: { id: w.memberProjectId } };
    expect((await failure(w.user.call(labelRoutes.create, { body }))).status).toBe(403);
    const team = await w.admin.call(teamRoutes.create, { body: { project: { id: w.memberProjectId }, name: `Labellers ${randomUUID()}` } });
    await w.admin.call(teamRoutes.addUser, {
      params: { id: team.data.id },
      body: { project: { id: w.memberProjectId }, user: { id: w.userId } },
    });
    await w.admin.call(teamRoutes.setGeneralPermissions, { params: { id: team.data.id }, body: { labels: true } });
    expect((await w.user.call(labelRoutes.create, { body })).data.title).toBe(body.title);
  });

  it('answers 404 for a project of another licence', async () => {
    expect(
      (
        await failure(
          w.admin.call(labelRoutes.create, {
            body: { title: title(), color: '#fff', license: { id: w.demoLicenceId }, project: { id: w.otherLicenceProjectId } },
          }),
        )
      ).status,
    ).toBe(404);
  });
});

describe('GET /api/labels', () => {
  it("shows an ordinary user the licence-wide labels and their projects' labels only", async () => {
    const mine = await w.user.call(labelRoutes.create, { body: { title: title(), color: '#123', project: { id: w.adminProjectId } } });
    const elsewhere = await w.admin.call(labelRoutes.create, {
      body: { title: title(), color: '#123', project: { id: w.foreignProjectId } },
    });
    const seen = (await w.user.call(labelRoutes.list)).data.map((l) => l.id);
    expect(seen).toContain(mine.data.id);
    expect(seen).not.toContain(elsewhere.data.id);
    const all = (await w.admin.call(labelRoutes.list, { query: { 'filter[license]': w.demoLicenceId } })).data.map((l) => l.id);
    expect(all).toEqual(expect.arrayContaining([mine.data.id, elsewhere.data.id]));
  });

  it('filters by project: the licence-wide labels and that project', async () => {
    const wide = await w.admin.call(labelRoutes.create, { body: { title: title(), color: '#123' } });
    const other = await w.admin.call(labelRoutes.create, { body: { title: title(), color: '#123', project: { id: w.memberProjectId } } });
    const seen = (await w.user.call(labelRoutes.list, { query: { 'filter[project]': w.adminProjectId } })).data.map((l) => l.id);
    expect(seen).toContain(wide.data.id);
    expect(seen).not.toContain(other.data.id);
  });

  it('answers 404 for another licence and 400 for a malformed one', async () => {
    expect((await failure(w.user.call(labelRoutes.list, { query: { 'filter[license]': w.otherLicenceId } }))).status).toBe(404);
    expect((await failure(w.user.call(labelRoutes.list, { query: { 'filter[license]': 'mine' } }))).status).toBe(400);
  });
});

describe('PUT and DELETE /api/labels/:id', () => {
  it('changes the title and colour, then deletes the label', async () => {
    const created = await w.admin.call(labelRoutes.create, { body: { title: title(), color: '#123' } });
    const updated = await w.admin.call(labelRoutes.update, { params: { id: created.data.id }, body: { title: 'Blocked', color: '#F00' } });
    expect(updated.data).toMatchObject({ title: 'Blocked', color: '#f00' });
    expect(await failure(w.admin.call(labelRoutes.update, { params: { id: created.data.id }, body: { color: 'red' } }))).toMatchObject({
      status: 422,
      message: labelMessages.invalidColor,
    });
    expect((await w.admin.call(labelRoutes.delete, { params: { id: created.data.id } })).message).toBe(labelMessages.deleted);
    expect((await failure(w.admin.call(labelRoutes.delete, { params: { id: created.data.id } }))).status).toBe(404);
  });

  it('answers 403 to an ordinary user on a licence-wide label', async () => {
    const created = await w.admin.call(labelRoutes.create, { body: { title: title(), color: '#123' } });
    expect((await failure(w.user.call(labelRoutes.update, { params: { id: created.data.id }, body: { title: 'Mine' } }))).status).toBe(403);
    expect((await failure(w.user.call(labelRoutes.delete, { params: { id: created.data.id } }))).status).toBe(403);
  });

  it('answers 404 for a label of another licence', async () => {
    const created = await w.admin.call(labelRoutes.create, { body: { title: title(), color: '#123', license: { id: w.otherLicenceId } } });
    expect(await failure(w.user.call(labelRoutes.update, { params: { id: created.data.id }, body: { title: 'Mine' } }))).toMatchObject({
      status: 404,
      message: labelMessages.notFound,
    });
    expect((await failure(w.user.call(labelRoutes.delete, { params: { id: created.data.id } }))).status).toBe(404);
  });
});
