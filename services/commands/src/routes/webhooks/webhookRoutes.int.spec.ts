import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenRoutes, eventRoutes, labelRoutes, webhookRoutes } from '@stramien/api';
import { apiTokenMessages, format, webhookMessages } from '@stramien/domain';
import { startReceiver, verifies } from '@stramien/webhooks/testing';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createTeamsWorld, failure, type TeamsWorld } from '../teams/testFixtures';
import { createUser } from '../identity/accountTesting';

let server: TestServer;
let w: TeamsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let secrets: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS: '127.0.0.0/8' });
  w = await createTeamsWorld(server);
  receiver = await startReceiver({ secrets: () => secrets });
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const head = () => server.adapters.eventStore.headPosition();
const create = (url = receiver.url) =>
  w.admin.call(webhookRoutes.create, { params: { id: w.demoLicenceId }, body: { url, eventTypes: ['label.*'], description: 'ERP' } });

describe('webhook endpoints', () => {
  it('answers the secret once, delivers signed events, logs them, redelivers one and rotates the secret', async () => {
    const created = await create();
    secrets = [created.data.secret];
    expect(created.data).toMatchObject({
      url: receiver.url,
      eventTypes: ['label.*'],
      enabled: true,
      secretHint: created.data.secret.slice(-4),
    });
    expect(created.message).toBe(webhookMessages.created);
    const listed = await w.admin.call(webhookRoutes.list, { params: { id: w.demoLicenceId } });
    const entry = listed.data.find((e) => e.id === created.data.id)!;
    expect(entry).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(created.data.secret);

    const label = await w.admin.call(labelRoutes.create, { body: { title: 'Hook', color: '#ff0000', license: { id: w.demoLicenceId } } });
    await expect
      .poll(() => receiver.received.filter((r) => (r.body as { type: string }).type === 'label.LabelCreated').length, { timeout: 10_000 })
      .toBe(1);
    const first = receiver.received.find((r) => (r.body as { type: string }).type === 'label.LabelCreated')!;
    expect(first.verified).toBe(true);
    expect(first.body).toMatchObject({ data: { licenceId: w.demoLicenceId, data: { labelId: label.data.id } } });

    const log = await w.admin.call(webhookRoutes.deliveries, {
      params: { id: created.data.id },
      query: { status: 'delivered', eventType: 'label.*' },
    });
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ eventId: first.id, eventType: 'label.LabelCreated', status: 'delivered', attempts: 1 });
    expect(log.data[0]!.log[0]).toMatchObject({ statusCode: 204, attempt: 1 });
    expect((await w.admin.call(webhookRoutes.deliveries, { params: { id: created.data.id }, query: { status: 'failed' } })).data).toEqual(
      [],
    );

    await w.admin.call(webhookRoutes.redeliver, { params: { id: created.data.id, eventId: first.id }, body: {} });
    await expect.poll(() => receiver.received.filter((r) => r.id === first.id).length, { timeout: 10_000 }).toBe(2);

    const rotated = await w.admin.call(webhookRoutes.rotateSecret, { params: { id: created.data.id }, body: { graceSeconds: 60 } });
    expect(rotated.data.secret).not.toBe(created.data.secret);
    expect(rotated.data.previousSecretValidUntil).not.toBeNull();
    await w.admin.call(labelRoutes.create, { body: { title: 'Hook 2', color: '#ff0000', license: { id: w.demoLicenceId } } });
    await expect
      .poll(() => receiver.received.filter((r) => (r.body as { type: string }).type === 'label.LabelCreated').length, { timeout: 10_000 })
      .toBe(3);
    const last = receiver.received.at(-1)!;
    expect(verifies(last, rotated.data.secret) && verifies(last, created.data.secret)).toBe(true);
    await w.admin.call(webhookRoutes.delete, { params: { id: created.data.id } });
  });

  it('pages the delivery log with a cursor and counts what the filters match; replays a range of some event types', async () => {
    const created = await create();
    const before = receiver.received.length;
    const from = new Date().toISOString();
    const titles = ['Page 1', 'Page 2', 'Page 3'];
    for (const title of titles)
      await w.admin.call(labelRoutes.create, { body: { title, color: '#0000ff', license: { id: w.demoLicenceId } } });
    await expect.poll(() => receiver.received.length - before, { timeout: 10_000 }).toBe(3);
    const id = created.data.id;
    const firstPage = await w.admin.call(webhookRoutes.deliveries, { params: { id }, query: { limit: 2 } });
    expect(firstPage.total).toBe(3);
    expect(firstPage.data).toHaveLength(2);
    const secondPage = await w.admin.call(webhookRoutes.deliveries, {
      params: { id },
      query: { limit: 2, before: firstPage.data[1]!.position },
    });
    expect(secondPage.total).toBe(3);
    expect(secondPage.data).toHaveLength(1);
    expect(new Set([...firstPage.data, ...secondPage.data].map((d) => d.eventId)).size).toBe(3);
    const none = await w.admin.call(webhookRoutes.deliveries, { params: { id }, query: { eventType: 'task.*' } });
    expect(none).toEqual({ data: [], total: 0 });

    const range = { from, to: new Date(Date.now() + 60_000).toISOString() };
    const head0 = await head();
    expect(await failure(w.admin.call(webhookRoutes.replay, { params: { id }, body: { ...range, eventTypes: ['Label'] } }))).toMatchObject({
      status: 400,
    });
    expect(await head()).toBe(head0);
    // a pattern the endpoint does not want replays nothing; its own pattern replays the three
    await w.admin.call(webhookRoutes.replay, { params: { id }, body: { ...range, eventTypes: ['task.*'] } });
    await w.admin.call(webhookRoutes.replay, { params: { id }, body: { ...range, eventTypes: ['label.LabelCreated'] } });
    await expect.poll(() => receiver.received.length - before, { timeout: 10_000 }).toBe(6);
    await w.admin.call(webhookRoutes.delete, { params: { id } });
  });

  it('refuses a private target, plain http to a public name and a malformed pattern, appending nothing', async () => {
    const before = await head();
    for (const url of ['https://169.254.169.254/latest', 'https://10.0.0.1/x', 'https://[::1]/x']) {
      expect(await failure(create(url))).toMatchObject({ status: 422, message: webhookMessages.urlPrivate });
    }
    expect(
      await failure(
        w.admin.call(webhookRoutes.create, { params: { id: w.demoLicenceId }, body: { url: 'https://erp.example.com', eventTypes: [] } }),
      ),
    ).toMatchObject({ status: 400 });
    expect(await head()).toBe(before);
  });

  it("answers 404 for another licence's endpoints and deliveries, and 403 to a user who is not its admin", async () => {
    const created = await create();
    const otherAdmin = await createUser(server, await server.signIn(DEMO.admin), w.otherLicenceId, { label: 'oadmin', isAdmin: true });
    const other = server.api(otherAdmin.token);
    for (const call of [
      () => other.call(webhookRoutes.get, { params: { id: created.data.id } }),
      () => other.call(webhookRoutes.deliveries, { params: { id: created.data.id }, query: {} }),
      () => other.call(webhookRoutes.rotateSecret, { params: { id: created.data.id }, body: {} }),
      () => other.call(webhookRoutes.redeliver, { params: { id: created.data.id, eventId: 'x' }, body: {} }),
      () => other.call(webhookRoutes.list, { params: { id: w.demoLicenceId } }),
    ])
      expect((await failure(call())).status).toBe(404);
    expect((await failure(w.user.call(webhookRoutes.get, { params: { id: created.data.id } }))).status).toBe(403);
  });

  it('admits an API token only with the webhooks:manage scope', async () => {
    const adminToken = await server.signIn(DEMO.admin);
    const admin = server.api(adminToken);
    const token = async (scopes: Array<'read' | 'write' | 'webhooks:manage'>) =>
      (await admin.call(apiTokenRoutes.createApiToken, { body: { name: `t ${scopes.join()}`, scopes } })).data.token;
    const readWrite = server.api(await token(['read', 'write']));
    expect(await failure(readWrite.call(webhookRoutes.list, { params: { id: w.demoLicenceId } }))).toMatchObject({
      status: 403,
      message: format(apiTokenMessages.scopeMissing, { scope: 'webhooks:manage' }),
    });
    const manager = server.api(await token(['read', 'webhooks:manage']));
    expect((await manager.call(webhookRoutes.list, { params: { id: w.demoLicenceId } })).data.length).toBeGreaterThan(0);
  });

  it("feeds the licence's events after a cursor to a token with events:read, redacted and filtered like webhooks", async () => {
    // a licence admin (not a system admin, who sees every licence)
    const licenceAdmin = await createUser(server, await server.signIn(DEMO.admin), w.demoLicenceId, { label: 'feedadmin', isAdmin: true });
    const admin = server.api(licenceAdmin.token);
    const token = async (scopes: Array<'read' | 'write' | 'events:read'>) =>
      server.api((await admin.call(apiTokenRoutes.createApiToken, { body: { name: `feed ${scopes.join()}`, scopes } })).data.token);
    const reader = await token(['read', 'events:read']);
    for (const title of ['Feed 1', 'Feed 2'])
      await w.admin.call(labelRoutes.create, { body: { title, color: '#00ff00', license: { id: w.demoLicenceId } } });
    expect(await failure((await token(['read'])).call(eventRoutes.feed, { query: { license: w.demoLicenceId } }))).toMatchObject({
      status: 403,
    });
    const all = await reader.call(eventRoutes.feed, { query: { license: w.demoLicenceId, limit: 10_000 } });
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.every((e) => e.data.licenceId === w.demoLicenceId)).toBe(true);
    expect(JSON.stringify(all.data)).not.toMatch(/passwordHash|tokenHash|secretHash|"secret"|sessionId/);
    expect(all.data.some((e) => e.type.startsWith('webhookEndpoint.'))).toBe(false);
    const labels = await reader.call(eventRoutes.feed, { query: { license: w.demoLicenceId, types: 'label.*', limit: 1 } });
    expect(labels.data.map((e) => e.type)).toEqual(['label.LabelCreated']);
    expect(labels.hasMore).toBe(true);
    const rest = await reader.call(eventRoutes.feed, { query: { license: w.demoLicenceId, types: 'label.*', after: labels.next } });
    expect(rest.data.every((e) => e.type.startsWith('label.') && e.data.position > labels.next)).toBe(true);
    expect(rest.hasMore).toBe(false);
    expect((await failure(reader.call(eventRoutes.feed, { query: { license: w.otherLicenceId } }))).status).toBe(404);
  });
});
