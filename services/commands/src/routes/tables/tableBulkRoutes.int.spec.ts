import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableBulkRoutes, tableQueryRoutes, tableRoutes, type ColumnView, type TableView } from '@stramien/api';
import { tableMessages } from '@stramien/domain';
import { expectRefused, jobEnded } from '../../testing/expectations';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createTablesWorld, type TablesWorld } from './tableTesting';

let server: TestServer;
let w: TablesWorld;
let userToken: string;
let table: TableView;
let col: Record<'name' | 'count' | 'done', ColumnView>;

beforeAll(async () => {
  server = await startTestServer();
  w = await createTablesWorld(server);
  userToken = await server.signIn(DEMO.user);
  table = await w.table();
  col = {
    name: await w.column(table.id, { name: 'Name', type: 'text' }),
    count: await w.column(table.id, { name: 'Count', type: 'integer' }),
    done: await w.column(table.id, { name: 'Done', type: 'boolean' }),
  };
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const create = (values: Record<string, string | number | boolean | null>, tableId = table.id) =>
  w.user.call(tableRoutes.createRecord, { body: { table: { id: tableId }, values } });
const storeRevision = (tableId = table.id, projectId = w.adminProjectId, api = w.user) =>
  api.call(tableRoutes.storeRevision, { body: { table: tableId, project: projectId } });

const fileOf = async (id: string): Promise<string> =>
  (await fetch(`${server.url}/api/downloads/${id}`, { headers: { authorization: `Bearer ${userToken}` } })).text();

/** every record of the table now, or as of a revision: id -> values */
const tableAt = async (revision?: string) => {
  const page = await w.user.call(tableQueryRoutes.records, {
    query: { 'project[id]': w.adminProjectId, 'table[id]': table.id, 'filter[limit]': '0', ...(revision ? { revision } : {}) },
  });
  return Object.fromEntries(page.data.map((r) => [r.id, r.values]));
};

describe('POST /api/revision/{id}/restore', () => {
  it('stores the present as a revision, then brings back deleted, created and changed records', async () => {
    const kept = (await create({ [col.name.id]: 'Kept', [col.count.id]: 1, [col.done.id]: true })).data.id;
    const changed = (await create({ [col.name.id]: 'Changed', [col.count.id]: 2, [col.done.id]: false })).data.id;
    const deleted = (await create({ [col.name.id]: 'Deleted', [col.count.id]: 3 })).data.id;
    const revision = (await storeRevision()).data;
    await w.user.call(tableRoutes.updateRecord, {
      params: { id: changed },
      body: { values: { [col.name.id]: 'Renamed', [col.done.id]: true } },
    });
    await w.user.call(tableRoutes.deleteRecord, { params: { id: deleted } });
    const added = (await create({ [col.name.id]: 'Added' })).data.id;
    const before = await tableAt();

    const started = await w.user.call(tableBulkRoutes.restoreRevision, { params: { id: revision.id }, body: {} });
    expect(started.message).toBe(tableMessages.restoreStarted);
    const job = await jobEnded(w.user, started.data.id);
    expect(job.state).toBe('finished');

    expect(await tableAt()).toEqual(await tableAt(revision.id));
    expect(Object.keys(await tableAt()).sort()).toEqual([kept, changed, deleted].sort());
    // the state before the restore is a revision of its own, newest first
    const revisions = (await w.user.call(tableQueryRoutes.revisions, { query: { 'project[id]': w.adminProjectId, 'table[id]': table.id } }))
      .data;
    expect(revisions[1]!.id).toBe(revision.id);
    expect(await tableAt(revisions[0]!.id)).toEqual(before);
    const file = await fileOf(started.data.id);
    expect(file).toContain(`${added},RecordDeleted`);
    expect(file).toContain(`${deleted},RecordCreated`);
    expect(file).toContain(`${changed},RecordRestored`);
    expect(file).not.toContain(kept);
  });

  it("answers 404 'Revision not found' for an unknown revision, and appends nothing", async () => {
    const answer = await expectRefused(server, () => w.user.call(tableBulkRoutes.restoreRevision, { params: { id: randomUUID() } }), 404);
    expect(answer.message).toBe(tableMessages.revisionNotFound);
  });

  it("answers 404 'Revision not found' for a revision of another licence's table", async () => {
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    const revision = (await storeRevision(foreign.id, w.otherLicenceProjectId, w.admin)).data;
    const answer = await expectRefused(server, () => w.user.call(tableBulkRoutes.restoreRevision, { params: { id: revision.id } }), 404);
    expect(answer.message).toBe(tableMessages.revisionNotFound);
  });

  it('answers 403 to a member who may write the table but not manage it, and appends nothing', async () => {
    const team = await w.memberTeam();
    const shared = await w.table(w.memberProjectId, w.admin);
    await w.admin.call(tableRoutes.createPermission, { body: { table: shared.id, team, read: true, write: true } });
    const revision = (await storeRevision(shared.id, w.memberProjectId, w.admin)).data;
    await expectRefused(server, () => w.user.call(tableBulkRoutes.restoreRevision, { params: { id: revision.id } }), 403);
  });
});

describe('POST /api/project/{id}/table/{tableId}/export', () => {
  let exported: TableView;
  beforeAll(async () => {
    exported = await w.table();
    const name = await w.column(exported.id, { name: 'Name', type: 'text' });
    const size = await w.column(exported.id, { name: 'Size', type: 'integer' });
    await w.column(exported.id, { name: '=Formula', type: 'boolean' });
    for (const [n, s] of [
      ['Bay', 3],
      ['=HYPERLINK("x")', 1],
      ['Attic', 2],
    ] as const)
      await create({ [name.id]: n, [size.id]: s }, exported.id);
    col = { ...col, name, count: size };
  });

  it("answers 'Export jobs are started. …' and the file has the column names and the found records in the query's order", async () => {
    const started = await w.user.call(tableBulkRoutes.exportTable, {
      params: { id: w.adminProjectId, tableId: exported.id },
      body: {
        conditions: [{ conditions: [{ column: col.count.id, operator: 'gt', value: 1 }] }],
        sort: { column: col.count.id, order: 'DESC' },
      },
    });
    expect(started.message).toBe('Export jobs are started. You will find result files on downloads page.');
    expect((await jobEnded(w.user, started.data.id)).state).toBe('finished');
    const text = await fileOf(started.data.id);
    expect(text.replace('\uFEFF', '').split('\n')).toEqual(["Name,Size,'=Formula", 'Bay,3,', 'Attic,2,', '']);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const started = await w.user.call(tableBulkRoutes.exportTable, { params: { id: w.adminProjectId, tableId: exported.id }, body: {} });
    expect((await jobEnded(w.user, started.data.id)).state).toBe('finished');
    const text = await fileOf(started.data.id);
    expect(text).toContain(`"'=HYPERLINK(""x"")",1,`);
  });

  it('writes XLSX (a zip) when asked', async () => {
    const started = await w.user.call(tableBulkRoutes.exportTable, {
      params: { id: w.adminProjectId, tableId: exported.id },
      body: { format: 'xlsx' },
    });
    const job = await jobEnded(w.user, started.data.id);
    expect(job.state).toBe('finished');
    expect(job.name).toMatch(/\.xlsx$/);
    const res = await fetch(`${server.url}/api/downloads/${started.data.id}`, { headers: { authorization: `Bearer ${userToken}` } });
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('answers 400 for a query on an unknown column, and appends nothing', async () => {
    await expectRefused(
      server,
      () =>
        w.user.call(tableBulkRoutes.exportTable, {
          params: { id: w.adminProjectId, tableId: exported.id },
          body: { conditions: [{ conditions: [{ column: 'nope', operator: 'equals', value: 1 }] }] },
        }),
      400,
    );
  });

  it('answers 404 for a table of another project or licence, and appends nothing', async () => {
    await expectRefused(
      server,
      () => w.user.call(tableBulkRoutes.exportTable, { params: { id: w.memberProjectId, tableId: exported.id }, body: {} }),
      404,
    );
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    await expectRefused(
      server,
      () => w.user.call(tableBulkRoutes.exportTable, { params: { id: w.otherLicenceProjectId, tableId: foreign.id }, body: {} }),
      404,
    );
  });
});
