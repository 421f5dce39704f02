import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionRoutes, companyRoutes, labelRoutes, licenceModuleRoutes, projectRoutes } from '@stramien/api';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { failure } from '../identity/accountTesting';

/** Issue 6, D5: an id of a licence that does not exist answers 404 on every licence-scoped route, even to a system admin. */
let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.signIn(DEMO.admin);
});
afterAll(async () => {
  await server?.close();
});

describe('A licence that does not exist', () => {
  it('answers 404 to a system admin on companies, collections, labels, modules and projects', async () => {
    const ghost = randomUUID();
    const api = server.api(adminToken);
    const calls: (() => Promise<unknown>)[] = [
      () => api.call(companyRoutes.create, { params: { id: ghost }, body: { name: 'Ghost BV' } }),
      () => api.call(companyRoutes.list, { params: { id: ghost } }),
      () => api.call(collectionRoutes.create, { params: { id: ghost }, body: { name: 'Ghost' } }),
      () => api.call(labelRoutes.create, { body: { title: 'Ghost', color: '#ff0000', license: { id: ghost } } }),
      () => api.call(labelRoutes.list, { query: { 'filter[license]': ghost } }),
      () => api.call(licenceModuleRoutes.list, { params: { id: ghost } }),
      () => api.call(projectRoutes.list, { query: { license: ghost } }),
    ];
    for (const call of calls) expect((await failure(call())).status).toBe(404);
  });
});
