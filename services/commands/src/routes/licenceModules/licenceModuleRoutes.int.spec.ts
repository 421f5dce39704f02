import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { licenceModuleRoutes, licenceRoutes, projectRoutes } from '@stramien/api';
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
  it('lists the whole catalogue; the demo licence holds its standard modules (all but the manufacturing ones)', async () => {
    const list = await w.admin.call(licenceModuleRoutes.list, { params: { id: w.demoLicenceId } });
    expect(list.data).toHaveLength(MODULE_CATALOGUE.length);
    expect(
      list.data
        .filter((m) => m.licensed)
        .map((m) => m.id)
        .sort(),
    ).toEqual(
      MODULE_CATALOGUE.filter((m) => !m.manufacturing)
        .map((m) => m.id)
        .sort(),
    );
    expect(list.data.find((m) => m.id === 'dhme-hall-dashboard')).toMatchObject({ manufacturing: true, available: false });
    expect(list.data.find((m) => m.id === 'build-order')).toMatchObject({ manufacturing: false, available: true, licensed: true });
  });

  it('offers projects exactly the modules the licence holds: one taken away can be neither chosen nor added', async () => {
    const offered = async () => (await w.admin.call(licenceRoutes.modules, { params: { id: w.demoLicenceId } })).map((m) => m.id);
    const held = (await w.admin.call(licenceModuleRoutes.list, { params: { id: w.demoLicenceId } })).data.filter((m) => m.licensed);
    expect((await offered()).sort()).toEqual(held.map((m) => m.id).sort());

    const removed = await w.admin.call(licenceModuleRoutes.remove, { params: { moduleId: 'build-order', licenseId: w.demoLicenceId } });
    expect(removed.message).toBe('Successfully updated module Build Order');
    expect(removed.data.find((m) => m.id === 'build-order')?.licensed).toBe(false);
    expect(await offered()).not.toContain('build-order');
    const suffix = randomUUID().slice(0, 6);
    const refused = await failure(
      w.admin.call(projectRoutes.create, {
        body: { license: w.demoLicenceId, name: `P ${suffix}`, number: suffix, modules: ['build-order'] },
      }),
    );
    expect(refused.status).toBe(422);
    const added = await failure(
      w.admin.call(projectRoutes.addModule, { params: { moduleId: 'build-order', projectId: w.foreignProjectId }, body: {} }),
    );
    expect(added.status).toBe(422);
    expect(
      await failure(w.admin.call(licenceModuleRoutes.remove, { params: { moduleId: 'build-order', licenseId: w.demoLicenceId } })),
    ).toMatchObject({ status: 404, message: licenceModuleMessages.notLicensed });

    const back = await w.admin.call(licenceModuleRoutes.add, { params: { moduleId: 'build-order', licenseId: w.demoLicenceId } });
    expect(back.data.find((m) => m.id === 'build-order')?.licensed).toBe(true);
    expect(await offered()).toContain('build-order');
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
