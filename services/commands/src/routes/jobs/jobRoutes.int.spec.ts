import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRoutes, jobRoutes, notificationRoutes, type Download } from '@stramien/api';
import { jobMessages, notificationMessages } from '@stramien/domain';
import { TASKS_COLLECTION } from '@stramien/projections';
import { jobEnded } from '../../testing/expectations';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createTeamsWorld, failure, type TeamsWorld } from '../teams/testFixtures';

let server: TestServer;
let w: TeamsWorld;
let userToken: string;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  w = await createTeamsWorld(server);
  [userToken, adminToken] = await Promise.all([server.signIn(DEMO.user), server.signIn(DEMO.admin)]);
  const task = (title: string, over: Record<string, unknown> = {}) => ({
    _id: randomUUID(),
    licenceId: w.demoLicenceId,
    projectId: w.memberProjectId,
    number: 1,
    title,
    status: 'open',
    priority: 'normal',
    assignedTo: w.adminId,
    createdBy: w.adminId,
    isPrivate: false,
    labels: [],
    ...over,
    visibility: over.isPrivate ? 'private' : 'public',
  });
  await server.adapters.documentStore
    .collection(TASKS_COLLECTION)
    .insertMany([
      task('Pour the foundation', { priority: 'urgent' }),
      task('Order bricks'),
      task('Secret of the admin', { isPrivate: true, priority: 'urgent' }),
      task('Mine and private', { isPrivate: true, assignedTo: w.userId, priority: 'urgent' }),
      task('In a project the user is not in', { projectId: w.foreignProjectId, priority: 'urgent' }),
      task('In another licence', { licenceId: w.otherLicenceId, projectId: w.otherLicenceProjectId, priority: 'urgent' }),
    ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const head = () => server.adapters.eventStore.headPosition();

const fetchFile = (id: string, token: string) =>
  fetch(`${server.url}/api/downloads/${id}`, { headers: { authorization: `Bearer ${token}` } });

describe('POST /api/tasks/export', () => {
  let exported: { id: string; download: Download };
  beforeAll(async () => {
    const res = await w.user.call(jobRoutes.exportTasks, {
      body: { format: 'csv', filters: [{ column: 'priority', operator: '=', values: ['urgent'] }] },
    });
    expect(res.message).toBe(jobMessages.exportStarted);
    exported = { id: res.data.id, download: await jobEnded(w.user, res.data.id) };
  });

  it("answers 'Export jobs are started. You will find result files on downloads page.' and the job finishes with a CSV", () => {
    expect(exported.download).toMatchObject({
      id: exported.id,
      kind: 'tasks-export',
      state: 'finished',
      name: expect.stringMatching(/^tasks-\d{4}-\d{2}-\d{2}-\d{6}\.csv$/),
      content_type: 'text/csv; charset=utf-8',
      progress: { percent: 100 },
    });
  });

  it('exports only the tasks the query finds and the user may see', async () => {
    const res = await fetchFile(exported.id, userToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename="${exported.download.name}"`);
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(exported.download.size);
    expect(text).toContain('Pour the foundation');
    expect(text).toContain('Mine and private');
    for (const hidden of ['Order bricks', 'Secret of the admin', 'In a project the user is not in', 'In another licence'])
      expect(text).not.toContain(hidden);
  });

  it('lists the file in GET /api/downloads for its owner only', async () => {
    const mine = await w.user.call(downloadRoutes.list);
    expect(mine.data.map((d) => d.id)).toContain(exported.id);
    const admins = await w.admin.call(downloadRoutes.list);
    expect(admins.data.map((d) => d.id)).not.toContain(exported.id);
  });

  it('answers 404 to anyone but the owner, for the file and for the job', async () => {
    expect((await fetchFile(exported.id, adminToken)).status).toBe(404);
    expect((await failure(w.admin.call(jobRoutes.get, { params: { jobId: exported.id } }))).status).toBe(404);
    expect((await fetchFile(randomUUID(), userToken)).status).toBe(404);
    expect((await fetch(`${server.url}/api/downloads/${exported.id}`)).status).toBe(401);
  });

  it('sends the owner a download notification with downloadId and downloadFilename', async () => {
    let found: unknown;
    for (let i = 0; i < 100 && !found; i++) {
      const { data } = await w.user.call(notificationRoutes.list, { query: { limit: 10 } });
      found = data.find((n) => n.type === 'download' && n.data.downloadId === exported.id);
      if (!found) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found).toMatchObject({ type: 'download', data: { downloadId: exported.id, downloadFilename: exported.download.name } });
  });

  it('exports XLSX', async () => {
    const res = await w.user.call(jobRoutes.exportTasks, { body: { format: 'xlsx' } });
    const done = await jobEnded(w.user, res.data.id);
    expect(done).toMatchObject({ state: 'finished', name: expect.stringMatching(/\.xlsx$/) });
    const file = await fetchFile(res.data.id, userToken);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('exports one project when asked, and answers 404 for a project the user cannot see, appending nothing', async () => {
    const res = await w.user.call(jobRoutes.exportTasks, { body: { format: 'csv', project: { id: w.memberProjectId } } });
    expect((await jobEnded(w.user, res.data.id)).state).toBe('finished');
    const before = await head();
    for (const id of [w.foreignProjectId, w.otherLicenceProjectId, randomUUID()]) {
      expect((await failure(w.user.call(jobRoutes.exportTasks, { body: { project: { id } } }))).status).toBe(404);
    }
    expect(await head()).toBe(before);
  });

  it.each([
    ['an unknown format', { format: 'pdf' }],
    ['an unknown column', { filters: [{ column: 'password', operator: '=', values: ['x'] }] }],
    ['an unknown operator', { filters: [{ column: 'title', operator: 'like', values: ['x'] }] }],
    ['an unknown field', { format: 'csv', all: true }],
    ['a project id that is not a uuid', { project: { id: 'p' } }],
  ])('answers 400 for %s, appending nothing', async (_, body) => {
    const before = await head();
    expect((await failure(w.user.call(jobRoutes.exportTasks, { body: body as never }))).status).toBe(400);
    expect(await head()).toBe(before);
  });

  it('answers 401 without a token', async () => {
    expect((await failure(server.api().call(jobRoutes.exportTasks, { body: {} }))).status).toBe(401);
  });
});

describe('the mark-read calls', () => {
  const notification = (recipientId: string, createdAt: string) => ({
    _id: `${randomUUID()}:${recipientId}`,
    recipientId,
    licenceId: w.demoLicenceId,
    type: 'default' as const,
    data: { message: 'Hello', status: 'info' },
    createdAt,
    readAt: null,
  });
  const store = () => server.adapters.documentStore.collection(NOTIFICATIONS);
  const NOTIFICATIONS = 'notifications';

  it('marks one of my notifications read, keeps its first read time, and answers 404 for anyone else’s', async () => {
    const mine = notification(w.userId, '2026-01-01T00:00:00.000Z');
    const theirs = notification(w.adminId, '2026-01-01T00:00:00.000Z');
    await store().insertMany([mine, theirs]);
    const read = await w.user.call(notificationRoutes.markRead, { params: { id: mine._id } });
    expect(read.data).toMatchObject({ id: mine._id, read_at: expect.any(String) });
    const again = await w.user.call(notificationRoutes.markRead, { params: { id: mine._id } });
    expect(again.data.read_at).toBe(read.data.read_at);
    expect(await failure(w.user.call(notificationRoutes.markRead, { params: { id: theirs._id } }))).toMatchObject({
      status: 404,
      message: notificationMessages.notFound,
    });
    expect((await store().findOne({ _id: theirs._id }))?.readAt).toBeNull();
    expect((await failure(w.user.call(notificationRoutes.markRead, { params: { id: 'bad id!' } }))).status).toBe(400);
  });

  it('marks all of mine read, and clears only mine', async () => {
    await store().insertMany([notification(w.userId, '2026-01-02T00:00:00.000Z'), notification(w.userId, '2026-01-03T00:00:00.000Z')]);
    const theirs = notification(w.adminId, '2026-01-02T00:00:00.000Z');
    await store().insertOne(theirs);
    const before = await head();
    const all = await w.user.call(notificationRoutes.markAllRead);
    expect(all.data.count).toBeGreaterThanOrEqual(2);
    expect((await w.user.call(notificationRoutes.list, { query: { limit: 100 } })).data.every((n) => n.read_at !== null)).toBe(true);
    const cleared = await w.user.call(notificationRoutes.clear);
    expect(cleared.data.count).toBeGreaterThanOrEqual(2);
    expect((await w.user.call(notificationRoutes.list, { query: { limit: 100 } })).data).toEqual([]);
    expect(await store().findOne({ _id: theirs._id })).not.toBeNull();
    expect(await head()).toBe(before);
  });
});
