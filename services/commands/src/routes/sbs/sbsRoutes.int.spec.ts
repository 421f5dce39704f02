import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRoutes, sbsRoutes, type Download } from '@stramien/api';
import { format, messages, sbsMessages } from '@stramien/domain';
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
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** a job of the user once it has ended (finished, failed or canceled) */
const untilEnded = async (jobId: string): Promise<Download> => {
  for (let i = 0; i < 600; i++) {
    const { data } = await w.user.call(jobRoutes.get, { params: { jobId } });
    if (data.state !== 'requested' && data.state !== 'running') return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the job did not end');
};
/** starts a bulk call's job and waits for its end; the reads after it see everything the job wrote (X-Min-Position) */
const bulk = async (started: Promise<{ message: string; data: { id: string } }>) => {
  const answer = await started;
  const job = await untilEnded(answer.data.id);
  return { ...answer, job, minPosition: await head() };
};

/** a fresh version of the admin project, so each test starts from an empty SBS */
const freshVersion = async (projectId = w.adminProjectId) =>
  (await w.user.call(sbsRoutes.createVersion, { params: { id: projectId }, body: { name: `V ${Math.random()}` } })).data.id;
const create = (version: string, code: string, parent_code?: string, label = `Label ${code}`) =>
  w.user.call(sbsRoutes.create, {
    params: { id: w.adminProjectId },
    body: { version, code, label, ...(parent_code ? { parent_code } : {}) },
  });

describe('POST /api/project/:id/sbs', () => {
  it('creates roots and children and answers the record', async () => {
    const version = await freshVersion();
    const root = await create(version, ' A ', undefined, 'Label A');
    expect(root.message).toBe('SBS record A created.');
    expect(root.data).toMatchObject({ code: 'A', label: 'Label A', parent_code: null, hasChildren: false, version: { id: version } });
    const child = await create(version, 'A.1', 'A');
    expect(child.data).toMatchObject({ code: 'A.1', parent_code: 'A' });
    const got = await w.user.call(sbsRoutes.get, { params: { id: w.adminProjectId, sbsId: root.data.id } });
    expect(got.data).toMatchObject({ code: 'A', hasChildren: true });
  });

  it('refuses a code the version has, and writes nothing', async () => {
    const version = await freshVersion();
    await create(version, 'A');
    const before = await head();
    expect(await failure(create(version, 'A'))).toMatchObject({ status: 409, message: 'The code A is already used in this SBS version.' });
    expect(await head()).toBe(before);
  });

  it('allows the same code in another version', async () => {
    await create(await freshVersion(), 'SAME');
    expect((await create(await freshVersion(), 'SAME')).data.code).toBe('SAME');
  });

  it('refuses a parent code the version does not have', async () => {
    expect(await failure(create(await freshVersion(), 'B', 'NOPE'))).toMatchObject({
      status: 422,
      errors: { parent: ['Parent code NOPE is not in this SBS version.'] },
    });
  });

  it("refuses an empty code with 'Required.' and a malformed body with 400", async () => {
    const version = await freshVersion();
    expect(await failure(create(version, '  '))).toMatchObject({ status: 422, errors: { code: [sbsMessages.codeRequired] } });
    expect((await failure(create(version, 'x'.repeat(101)))).status).toBe(400);
    const unknownField = w.user.call(sbsRoutes.create, { params: { id: w.adminProjectId }, body: { code: 'A', colour: 'red' } as never });
    expect((await failure(unknownField)).status).toBe(400);
  });

  it('is refused to a member without the right (403) and to a non-member (404)', async () => {
    const body = { code: 'A' };
    expect(await failure(w.user.call(sbsRoutes.create, { params: { id: w.memberProjectId }, body }))).toMatchObject({
      status: 403,
      message: messages.shared.forbidden,
    });
    expect((await failure(w.user.call(sbsRoutes.create, { params: { id: w.foreignProjectId }, body }))).status).toBe(404);
    expect((await failure(w.user.call(sbsRoutes.create, { params: { id: w.otherLicenceProjectId }, body }))).status).toBe(404);
  });

  it('answers 404 for a version of another project', async () => {
    const foreignVersion = (await w.admin.call(sbsRoutes.createVersion, { params: { id: w.foreignProjectId }, body: { name: 'F' } })).data
      .id;
    expect(await failure(create(foreignVersion, 'A'))).toMatchObject({ status: 404, message: sbsMessages.versionNotFound });
  });
});

describe('reading the SBS', () => {
  it('lists roots with hasChildren, children lazily, filters and searches', async () => {
    const version = await freshVersion();
    const a = await create(version, 'A', undefined, 'Building');
    await create(version, 'A.1', 'A', 'Walls');
    await create(version, 'A.1.1', 'A.1', 'Inner door');
    await create(version, 'B', undefined, 'Garden');
    const p = { id: w.adminProjectId };
    const tree = await w.user.call(sbsRoutes.tree, { params: p, query: { version } });
    expect(tree.data.map((n) => [n.code, n.hasChildren])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    const children = await w.user.call(sbsRoutes.children, { params: { ...p, sbsId: a.data.id }, query: {} });
    expect(children.data.map((n) => [n.code, n.parent_code, n.hasChildren])).toEqual([['A.1', 'A', true]]);
    const byParent = await w.user.call(sbsRoutes.list, { params: p, query: { 'filter[version]': version, 'filter[parent]': 'A.1' } });
    expect(byParent.data.map((n) => n.code)).toEqual(['A.1.1']);
    const byLabel = await w.user.call(sbsRoutes.list, { params: p, query: { 'filter[version]': version, 'filter[label]': 'DOOR' } });
    expect(byLabel.data.map((n) => n.code)).toEqual(['A.1.1']);
    const flat = await w.user.call(sbsRoutes.search, { params: p, query: { version, value: 'door' } });
    expect(flat.data.map((n) => n.code)).toEqual(['A.1.1']);
    // a search matches where a code segment or a label word starts (docs/sbs.md "Search")
    const flatCodes = async (value: string) =>
      (await w.user.call(sbsRoutes.search, { params: p, query: { version, value } })).data.map((n) => n.code);
    expect(await flatCodes('1.1 INNER')).toEqual(['A.1.1']);
    expect(await flatCodes('.1')).toEqual(['A.1', 'A.1.1']);
    expect(await flatCodes('oor')).toEqual([]);
    const found = await w.user.call(sbsRoutes.treeSearch, { params: p, query: { version, value: 'door' } });
    expect(found.data.map((n) => [n.code, n.parent_code])).toEqual([
      ['A', null],
      ['A.1', 'A'],
      ['A.1.1', 'A.1'],
    ]);
  });

  it('finds a value longer than a search term by its start, then checks it whole', async () => {
    const version = await freshVersion();
    await create(version, 'L.1', undefined, 'Prefabricated concrete stair flights, level 1');
    await create(version, 'L.2', undefined, 'Prefabricated concrete stair flights, level 2');
    const codes = async (value: string) =>
      (await w.user.call(sbsRoutes.search, { params: { id: w.adminProjectId }, query: { version, value } })).data.map((n) => n.code);
    expect(await codes('Prefabricated concrete stair flights, level 2')).toEqual(['L.2']);
    expect(await codes('concrete stair flights, level')).toEqual(['L.1', 'L.2']);
  });

  it('lets any member read, but not manage', async () => {
    const p = { id: w.memberProjectId };
    expect((await w.user.call(sbsRoutes.tree, { params: p, query: {} })).data).toEqual([]);
    expect((await w.user.call(sbsRoutes.permissions, { params: p })).data).toEqual({ read: true, manage: false });
    expect((await w.user.call(sbsRoutes.permissions, { params: { id: w.adminProjectId } })).data).toEqual({ read: true, manage: true });
  });

  it("answers 404 for another project's record", async () => {
    const foreign = await w.admin.call(sbsRoutes.create, { params: { id: w.foreignProjectId }, body: { code: 'F' } });
    const asked = { id: w.adminProjectId, sbsId: foreign.data.id };
    expect(await failure(w.user.call(sbsRoutes.get, { params: asked }))).toMatchObject({ status: 404, message: sbsMessages.notFound });
    expect((await failure(w.user.call(sbsRoutes.history, { params: asked }))).status).toBe(404);
    expect((await failure(w.user.call(sbsRoutes.delete, { params: asked }))).status).toBe(404);
    expect((await failure(w.user.call(sbsRoutes.get, { params: { id: w.foreignProjectId, sbsId: foreign.data.id } }))).status).toBe(404);
  });

  it('refuses an empty search with 400', async () => {
    expect((await failure(w.user.call(sbsRoutes.search, { params: { id: w.adminProjectId }, query: { value: ' ' } }))).status).toBe(400);
  });
});

describe('changing and deleting', () => {
  it('moves, renames and keeps children under the renamed code', async () => {
    const version = await freshVersion();
    const a = await create(version, 'A');
    const b = await create(version, 'B');
    const a1 = await create(version, 'A.1', 'A');
    const p = { id: w.adminProjectId };
    const moved = await w.user.call(sbsRoutes.update, { params: { ...p, sbsId: a1.data.id }, body: { code: 'B.1', parent_code: 'B' } });
    expect(moved.data).toMatchObject({ code: 'B.1', parent_code: 'B', label: 'Label A.1' });
    await w.user.call(sbsRoutes.update, { params: { ...p, sbsId: b.data.id }, body: { code: 'BB' } });
    const children = await w.user.call(sbsRoutes.children, { params: { ...p, sbsId: b.data.id }, query: {} });
    expect(children.data.map((n) => [n.code, n.parent_code])).toEqual([['B.1', 'BB']]);
    expect((await w.user.call(sbsRoutes.get, { params: { ...p, sbsId: a.data.id } })).data.hasChildren).toBe(false);
  });

  it('refuses a move below itself', async () => {
    const version = await freshVersion();
    const a = await create(version, 'A');
    await create(version, 'A.1', 'A');
    const result = await failure(
      w.user.call(sbsRoutes.update, { params: { id: w.adminProjectId, sbsId: a.data.id }, body: { code: 'A', parent_code: 'A.1' } }),
    );
    expect(result).toMatchObject({ status: 422, message: 'The parent A.1 lies below this record.' });
  });

  it('refuses to delete a record with children, deletes it with them in one call', async () => {
    const version = await freshVersion();
    const a = await create(version, 'A');
    const a1 = await create(version, 'A.1', 'A');
    const p = { id: w.adminProjectId };
    expect(await failure(w.user.call(sbsRoutes.delete, { params: { ...p, sbsId: a.data.id } }))).toMatchObject({
      status: 409,
      message: sbsMessages.hasChildren,
    });
    const before = await head();
    expect((await failure(w.user.call(sbsRoutes.deleteMany, { params: p, body: { ids: [a.data.id] } }))).status).toBe(409);
    expect(await head()).toBe(before);
    const res = await bulk(w.user.call(sbsRoutes.deleteMany, { params: p, body: { ids: [a.data.id, a1.data.id] } }));
    expect(res.message).toBe(format(sbsMessages.deleteStarted, { count: 2 }));
    expect(res.job).toMatchObject({ state: 'finished', progress: { done: 2, total: 2 } });
    expect((await w.user.call(sbsRoutes.tree, { params: p, query: { version }, minPosition: res.minPosition })).data).toEqual([]);
  });

  it("answers 404 for another project's record in a bulk delete, and starts nothing", async () => {
    const version = await freshVersion();
    const mine = await create(version, 'MINE');
    const foreign = await w.admin.call(sbsRoutes.create, { params: { id: w.memberProjectId }, body: { code: 'THEIRS' } });
    const p = { id: w.adminProjectId };
    const before = await head();
    expect(await failure(w.user.call(sbsRoutes.deleteMany, { params: p, body: { ids: [mine.data.id, foreign.data.id] } }))).toMatchObject({
      status: 404,
      message: sbsMessages.notFound,
    });
    expect(await head()).toBe(before);
  });

  it('clears a version in a job, children first, and lists the deleted records in its file', async () => {
    const version = await freshVersion();
    const a = await create(version, 'A');
    const a1 = await create(version, 'A.1', 'A');
    const other = await freshVersion();
    await create(other, 'KEPT');
    const p = { id: w.adminProjectId };
    const res = await bulk(w.user.call(sbsRoutes.clear, { params: p, query: { version } }));
    expect(res.message).toBe(sbsMessages.clearStarted);
    expect(res.job).toMatchObject({ state: 'finished', progress: { done: 2, total: 2 } });
    const minPosition = res.minPosition;
    expect((await w.user.call(sbsRoutes.list, { params: p, query: { 'filter[version]': version }, minPosition })).data).toEqual([]);
    expect((await w.user.call(sbsRoutes.list, { params: p, query: { 'filter[version]': other }, minPosition })).data).toHaveLength(1);
    const deleted = (await server.adapters.eventStore.readAll({ after: 0, filter: { eventTypes: ['SbsNodeDeleted'] } }))
      .filter((e) => e.metadata.correlationId === res.data.id)
      .map((e) => (e.data as { nodeId: string }).nodeId);
    expect(deleted).toEqual([a1.data.id, a.data.id]);
  });

  it("answers 404 for another project's version, and starts nothing", async () => {
    const theirs = await w.admin.call(sbsRoutes.createVersion, { params: { id: w.memberProjectId }, body: { name: 'Theirs' } });
    const p = { id: w.adminProjectId };
    const before = await head();
    const version = theirs.data.id;
    expect(await failure(w.user.call(sbsRoutes.clear, { params: p, query: { version } }))).toMatchObject({
      status: 404,
      message: sbsMessages.versionNotFound,
    });
    expect(await head()).toBe(before);
  });

  it('lets the owner cancel a bulk job, which stops between two chunks', async () => {
    const version = await freshVersion();
    const rows = Array.from({ length: 1_200 }, (_, i) => `C${i},Label ${i},`).join('\n');
    const p = { id: w.adminProjectId };
    const started = await w.user.call(sbsRoutes.import, { params: p, body: { version, file: base64(`code,label,parent code\n${rows}`) } });
    const canceled = await w.user.call(jobRoutes.cancel, { params: { jobId: started.data.id } });
    expect(canceled.data.state).toBe('canceled');
    const job = await untilEnded(started.data.id);
    expect(job.state).toBe('canceled');
    // at most the chunk at work when the cancel came was written (chunks of 500)
    const list = await w.user.call(sbsRoutes.list, {
      params: p,
      query: { 'filter[version]': version, 'filter[limit]': 0 },
      minPosition: await head(),
    });
    expect([0, 500]).toContain(list.data.length);
    // a finished job cannot be canceled
    const done = await bulk(w.user.call(sbsRoutes.clear, { params: p, query: { version } }));
    expect(await failure(w.user.call(jobRoutes.cancel, { params: { jobId: done.data.id } }))).toMatchObject({ status: 409 });
  });
});

describe('POST /api/project/:id/sbs-import', () => {
  it('refuses a file with one bad row, answering the row, and writes nothing; the fixed file imports', async () => {
    const version = await freshVersion();
    const p = { id: w.adminProjectId };
    const bad = 'code;label;parent code\nA;Building;\nA.1;Walls;A\nA.2;Roof;X\n';
    const before = await head();
    expect(await failure(w.user.call(sbsRoutes.import, { params: p, body: { version, file: base64(bad) } }))).toMatchObject({
      status: 422,
      message: sbsMessages.importFailed,
      errors: { 'row 4': ['Parent code X is not in this SBS version.'] },
    });
    expect(await head()).toBe(before);
    const fixed = await bulk(w.user.call(sbsRoutes.import, { params: p, body: { version, file: base64(bad.replace(';X', ';A')) } }));
    expect(fixed.message).toBe(format(sbsMessages.importStarted, { count: 3 }));
    expect(fixed.job).toMatchObject({ state: 'finished', progress: { done: 3, total: 3 } });
    const tree = await w.user.call(sbsRoutes.treeSearch, { params: p, query: { version, value: 'roof' }, minPosition: fixed.minPosition });
    expect(tree.data.map((n) => n.code)).toEqual(['A', 'A.2']);
    const again = await bulk(
      w.user.call(sbsRoutes.import, {
        params: p,
        body: { version, file: base64('code,label,parent code\nA.2,Roof tiles,A\nA.1,Walls,A') },
      }),
    );
    expect(again.job.state).toBe('finished');
    const changed = (await server.adapters.eventStore.readAll({ after: 0, filter: { eventTypes: ['SbsNodeCreated', 'SbsNodeUpdated'] } }))
      .filter((e) => e.metadata.correlationId === again.data.id)
      .map((e) => [e.type, (e.data as { code: string; label: string }).label]);
    // A.1 is as the file says: only A.2 changes
    expect(changed).toEqual([['SbsNodeUpdated', 'Roof tiles']]);
  });

  it("refuses another project's version (404) and a member without the right (403), and starts nothing", async () => {
    const file = base64('code,label\nA,Building');
    const before = await head();
    expect((await failure(w.user.call(sbsRoutes.import, { params: { id: w.foreignProjectId }, body: { file } }))).status).toBe(404);
    expect((await failure(w.user.call(sbsRoutes.import, { params: { id: w.memberProjectId }, body: { file } }))).status).toBe(403);
    expect(await head()).toBe(before);
    const elsewhere = await w.admin.call(sbsRoutes.createVersion, { params: { id: w.memberProjectId }, body: { name: 'Theirs too' } });
    const after = await head();
    expect(
      (await failure(w.user.call(sbsRoutes.import, { params: { id: w.adminProjectId }, body: { file, version: elsewhere.data.id } })))
        .status,
    ).toBe(404);
    expect(await head()).toBe(after);
  });

  it('refuses a file that is not base64 or has no header', async () => {
    const p = { id: w.adminProjectId };
    expect(await failure(w.user.call(sbsRoutes.import, { params: p, body: { file: '***' } }))).toMatchObject({
      status: 422,
      message: sbsMessages.invalidBase64,
    });
    expect(await failure(w.user.call(sbsRoutes.import, { params: p, body: { file: base64('A,B,C') } }))).toMatchObject({
      status: 422,
      message: sbsMessages.importHeader,
    });
  });
});

describe('history and time travel', () => {
  it("answers a record's changes with who and when, and the tree as it was", async () => {
    const version = await freshVersion();
    const a = await create(version, 'A', undefined, 'Old');
    await pause();
    const between = new Date().toISOString();
    await pause();
    const p = { id: w.adminProjectId };
    await w.user.call(sbsRoutes.update, { params: { ...p, sbsId: a.data.id }, body: { code: 'A', label: 'New' } });
    await create(version, 'B');
    const history = await w.user.call(sbsRoutes.history, { params: { ...p, sbsId: a.data.id } });
    expect(history.data.map((h) => [h.op, h.changes])).toEqual([
      [
        'created',
        [
          { field: 'code', from: null, to: 'A' },
          { field: 'label', from: null, to: 'Old' },
        ],
      ],
      ['updated', [{ field: 'label', from: 'Old', to: 'New' }]],
    ]);
    expect(history.data[1]!.user).toEqual({ id: w.userId, name: expect.any(String) });
    const then = await w.user.call(sbsRoutes.tree, { params: p, query: { version, timestamp: between } });
    expect(then.data.map((n) => [n.code, n.label])).toEqual([['A', 'Old']]);
    // a record deleted since is still there, with its children, as of the earlier moment
    const child = await create(version, 'A.1', 'A');
    await pause();
    const withChild = new Date().toISOString();
    await pause();
    await bulk(w.user.call(sbsRoutes.deleteMany, { params: p, body: { ids: [a.data.id, child.data.id] } }));
    await create(version, 'A', undefined, 'New');
    const children = await w.user.call(sbsRoutes.children, { params: { ...p, sbsId: a.data.id }, query: { timestamp: withChild } });
    expect(children.data.map((n) => [n.code, n.parent_code])).toEqual([['A.1', 'A']]);
    expect((await failure(w.user.call(sbsRoutes.children, { params: { ...p, sbsId: a.data.id }, query: {} }))).status).toBe(404);
    const now = await w.user.call(sbsRoutes.tree, { params: p, query: { version } });
    expect(now.data.map((n) => [n.code, n.label])).toEqual([
      ['A', 'New'],
      ['B', 'Label B'],
    ]);
  });
});

describe('versions', () => {
  it('lists the default version first, scopes the lists, and deletes a version but not the default', async () => {
    const p = { id: w.adminProjectId };
    const version = await freshVersion();
    const list = await w.user.call(sbsRoutes.versions, { params: p });
    expect(list.data[0]).toEqual({ id: w.adminProjectId, name: 'Default', isDefault: true, created_at: null });
    expect(list.data.map((v) => v.id)).toContain(version);
    await create(version, 'ONLY-HERE');
    const inDefault = await w.user.call(sbsRoutes.search, { params: p, query: { value: 'ONLY-HERE' } });
    expect(inDefault.data).toEqual([]);
    await w.user.call(sbsRoutes.deleteVersion, { params: { ...p, versionId: version } });
    expect(await failure(w.user.call(sbsRoutes.tree, { params: p, query: { version } }))).toMatchObject({
      status: 404,
      message: sbsMessages.versionNotFound,
    });
    expect(await failure(w.user.call(sbsRoutes.deleteVersion, { params: { ...p, versionId: w.adminProjectId } }))).toMatchObject({
      status: 409,
      message: sbsMessages.defaultVersion,
    });
  });
});
