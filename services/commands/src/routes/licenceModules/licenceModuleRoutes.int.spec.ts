import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceModuleRoutes } from '@stramien/api';
import { licenceModuleMessages, MODULE_CATALOGUE, messages } from '@stramien/domain';
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

describe('module licensing', () => {
  it('lists the whole catalogue with nothing licensed at first, manufacturing modules unavailable to an ordinary licence', async () => {
    const list = await w.admin.call(licenceModuleRoutes.list, { params: { id: w.demoLicenceId } });
    expect(list.data).toHaveLength(MODULE_CATALOGUE.length);
    expect(list.data.every((m) => !m.licensed)).toBe(true);
    expect(list.data.find((m) => m.id === 'dhme-hall-dashboard')).toMatchObject({ manufacturing: true, available: false });
    expect(list.data.find((m) => m.id === 'build-order')).toMatchObject({ manufacturing: false, available: true });
  });

  it("lets a system admin license a module and take it away, answering 'Successfully updated module {name}'", async () => {
    const added = await w.admin.call(licenceModuleRoutes.add, { params: { moduleId: 'build-order', licenseId: w.demoLicenceId } });
    expect(added.message).toBe('Successfully updated module Build Order');
    expect(added.data.find((m) => m.id === 'build-order')?.licensed).toBe(true);
    const listed = await w.admin.call(licenceModuleRoutes.list, { params: { id: w.demoLicenceId } });
    expect(listed.data.filter((m) => m.licensed).map((m) => m.id)).toEqual(['build-order']);
    const removed = await w.admin.call(licenceModuleRoutes.remove, { params: { moduleId: 'build-order', licenseId: w.demoLicenceId } });
    expect(removed.data.find((m) => m.id === 'build-order')?.licensed).toBe(false);
    expect(
      await failure(w.admin.call(licenceModuleRoutes.remove, { params: { moduleId: 'build-order', licenseId: w.demoLicenceId } })),
    ).toMatchObject({ status: 404, message: licenceModuleMessages.notLicensed });
  });

  it('refuses a manufacturing module for a licence without the manufacturer marker', async () => {
    expect(
      await failure(w.admin.call(licenceModuleRoutes.add, { params: { moduleId: 'dhme-library', licenseId: w.demoLicenceId } })),
    ).toMatchObject({ status: 422, message: licenceModuleMessages.manufacturingOnly });
  });

  it('answers 404 for a module outside the catalogue and 400 for a malformed one', async () => {
    expect(
      await failure(w.admin.call(licenceModuleRoutes.add, { params: { moduleId: 'no-such', licenseId: w.demoLicenceId } })),
    ).toMatchObject({
      status: 404,
      message: licenceModuleMessages.moduleNotFound,
    });
    expect(
      (await failure(w.admin.call(licenceModuleRoutes.add, { params: { moduleId: 'No Such', licenseId: w.demoLicenceId } }))).status,
    ).toBe(400);
    expect((await failure(w.admin.call(licenceModuleRoutes.add, { params: { moduleId: 'fourd', licenseId: 'x' } }))).status).toBe(400);
  });

  it('answers 403 to a user who is not a licence admin, 404 for a licence they are not in', async () => {
    const before = await server.adapters.eventStore.headPosition();
    expect(await failure(w.user.call(licenceModuleRoutes.list, { params: { id: w.demoLicenceId } }))).toMatchObject({
      status: 403,
      message: messages.shared.forbidden,
    });
    expect(
      (await failure(w.user.call(licenceModuleRoutes.add, { params: { moduleId: 'fourd', licenseId: w.demoLicenceId } }))).status,
    ).toBe(403);
    expect(
      (await failure(w.user.call(licenceModuleRoutes.remove, { params: { moduleId: 'fourd', licenseId: w.demoLicenceId } }))).status,
    ).toBe(403);
    expect((await failure(w.user.call(licenceModuleRoutes.list, { params: { id: w.otherLicenceId } }))).status).toBe(404);
    expect(
      (await failure(w.user.call(licenceModuleRoutes.add, { params: { moduleId: 'fourd', licenseId: w.otherLicenceId } }))).status,
    ).toBe(404);
    expect(await server.adapters.eventStore.headPosition()).toBe(before);
  });
});
