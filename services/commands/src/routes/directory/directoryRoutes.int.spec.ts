import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionRoutes, companyRoutes } from '@stramien/api';
import { messages, namedEntityMessages } from '@stramien/domain';
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

const name = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

describe.each([
  ['companies', companyRoutes, 'Company not found.'],
  ['collections', collectionRoutes, 'Collection not found.'],
] as const)('%s', (kind, routes, notFoundMessage) => {
  it('are created, listed by name, changed and deleted by a system admin', async () => {
    const first = name('B');
    const created = await w.admin.call(routes.create, {
      params: { id: w.demoLicenceId },
      body: { name: ` ${first} `, description: 'First' },
    });
    expect(created.data).toMatchObject({ name: first, description: 'First', license: { id: w.demoLicenceId } });
    await w.admin.call(routes.create, { params: { id: w.demoLicenceId }, body: { name: name('A') } });
    const list = await w.admin.call(routes.list, { params: { id: w.demoLicenceId } });
    const names = list.data.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const updated = await w.admin.call(routes.update, { params: { id: created.data.id }, body: { description: 'Changed' } });
    expect(updated.data).toMatchObject({ name: first, description: 'Changed' });
    await w.admin.call(routes.delete, { params: { id: created.data.id } });
    expect((await w.admin.call(routes.list, { params: { id: w.demoLicenceId } })).data.map((d) => d.id)).not.toContain(created.data.id);
    expect(await failure(w.admin.call(routes.delete, { params: { id: created.data.id } }))).toMatchObject({
      status: 404,
      message: notFoundMessage,
    });
  });

  it('refuses a name the licence already uses, and an empty one', async () => {
    const taken = name('Taken');
    await w.admin.call(routes.create, { params: { id: w.demoLicenceId }, body: { name: taken } });
    expect(
      await failure(w.admin.call(routes.create, { params: { id: w.demoLicenceId }, body: { name: taken.toLowerCase() } })),
    ).toMatchObject({
      status: 409,
      message: namedEntityMessages.nameTaken,
    });
    expect(await failure(w.admin.call(routes.create, { params: { id: w.demoLicenceId }, body: { name: '  ' } }))).toMatchObject({
      status: 422,
      message: namedEntityMessages.nameRequired,
    });
    expect((await failure(w.admin.call(routes.create, { params: { id: w.demoLicenceId }, body: { name: 'x'.repeat(101) } }))).status).toBe(
      400,
    );
    expect(
      (await failure(w.admin.call(routes.create, { params: { id: w.demoLicenceId }, body: { name: 'x', city: 'Utrecht' } as never })))
        .status,
    ).toBe(400);
  });

  it('answer 403 to an ordinary user and 404 for a licence or entity they are not in', async () => {
    const before = await server.adapters.eventStore.headPosition();
    expect(await failure(w.user.call(routes.list, { params: { id: w.demoLicenceId } }))).toMatchObject({
      status: 403,
      message: messages.shared.forbidden,
    });
    expect((await failure(w.user.call(routes.create, { params: { id: w.demoLicenceId }, body: { name: 'Mine' } }))).status).toBe(403);
    expect((await failure(w.user.call(routes.list, { params: { id: w.otherLicenceId } }))).status).toBe(404);
    expect(await server.adapters.eventStore.headPosition()).toBe(before);
    const far = await w.admin.call(routes.create, { params: { id: w.otherLicenceId }, body: { name: name(kind) } });
    expect(await failure(w.user.call(routes.update, { params: { id: far.data.id }, body: { name: 'Mine' } }))).toMatchObject({
      status: 404,
      message: notFoundMessage,
    });
  });
});
