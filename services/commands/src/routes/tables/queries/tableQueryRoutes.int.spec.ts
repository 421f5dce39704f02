import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableQueryRoutes, tableRoutes, type Body, type ColumnView, type TableView } from '@stramien/api';
import { tableMessages } from '@stramien/domain';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import { failure } from '../../teams/testFixtures';
import { createTablesWorld, unique, type TablesWorld } from '../tableTesting';

let server: TestServer;
let w: TablesWorld;
let table: TableView;
let name: ColumnView;
let size: ColumnView;
let done: ColumnView;
let status: ColumnView;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  w = await createTablesWorld(server);
  table = await w.table(w.adminProjectId, w.user, unique('Rooms'));
  name = await w.column(table.id, { name: 'Name', type: 'text' });
  size = await w.column(table.id, { name: 'Size', type: 'integer' });
  done = await w.column(table.id, { name: 'Done', type: 'boolean' });
  status = await w.column(table.id, { name: 'Status', type: 'dropdown', options_value: { options: ['open', 'built'] } });
  for (const [key, values] of Object.entries({
    hall: { [name.id]: 'Hall', [size.id]: 30, [done.id]: true, [status.id]: 'built' },
    kitchen: { [name.id]: 'Kitchen', [size.id]: 12, [done.id]: false, [status.id]: 'open' },
    attic: { [name.id]: 'Attic', [size.id]: 20, [done.id]: null, [status.id]: 'built' },
  })) {
    ids[key] = (await w.user.call(tableRoutes.createRecord, { body: { table: table.id, values } })).data.id;
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const records = async (query: Record<string, string | number> = {}) =>
  w.user.call(tableQueryRoutes.records, {
    query: { 'project[id]': w.adminProjectId, 'table[id]': table.id, ...query },
    minPosition: await w.head(),
  });
const namesOf = (page: { data: { values: Record<string, unknown> }[] }) => page.data.map((r) => r.values[name.id]);

describe('GET /api/tables and /api/tables/:id', () => {
  it("lists the project's tables with columns, counts and access; module tables only when asked", async () => {
    const module = await w.table(w.adminProjectId, w.user, `CFFA_DHME_${randomUUID().slice(0, 6)}`);
    const list = await w.user.call(tableQueryRoutes.list, { query: { 'project[id]': w.adminProjectId }, minPosition: await w.head() });
    const mine = list.data.find((t) => t.id === table.id)!;
    expect(mine).toMatchObject({
      record_count: 3,
      record_count_capped: false,
      module: false,
      access: { manage: true, write: true, read: true },
    });
    expect(mine.columns.map((c) => c.name)).toEqual(['Name', 'Size', 'Done', 'Status']);
    expect(list.data.map((t) => t.id)).not.toContain(module.id);
    const withModules = await w.user.call(tableQueryRoutes.list, { query: { 'project[id]': w.adminProjectId, module: '1' } });
    expect(withModules.data.map((t) => t.id)).toContain(module.id);
    expect((await w.user.call(tableQueryRoutes.get, { params: { id: table.id } })).data.record_count).toBe(3);
  });

  it("answers 404 for another project's table, a project the user cannot see, and a table without a team permission", async () => {
    const foreign = await w.table(w.foreignProjectId, w.admin);
    const members = await w.table(w.memberProjectId, w.admin);
    for (const id of [foreign.id, members.id, randomUUID()]) {
      expect(await failure(w.user.call(tableQueryRoutes.get, { params: { id } }))).toMatchObject({
        status: 404,
        message: tableMessages.notFound,
      });
    }
    expect((await failure(w.user.call(tableQueryRoutes.list, { query: { 'project[id]': w.otherLicenceProjectId } }))).status).toBe(404);
    const crossed = await failure(
      w.user.call(tableQueryRoutes.records, { query: { 'project[id]': w.memberProjectId, 'table[id]': table.id } }),
    );
    expect(crossed.status).toBe(404);
    // a team permission makes the member's table readable, not manageable
    const team = await w.memberTeam();
    await w.admin.call(tableRoutes.createPermission, { body: { table: members.id, team, read: true, write: false } });
    const seen = await w.user.call(tableQueryRoutes.get, { params: { id: members.id }, minPosition: await w.head() });
    expect(seen.data.access).toEqual({ manage: false, write: false, read: true });
    expect(
      (await failure(w.user.call(tableQueryRoutes.permissions, { query: { 'project[id]': w.memberProjectId, 'table[id]': members.id } })))
        .status,
    ).toBe(403);
    const permissions = await w.admin.call(tableQueryRoutes.permissions, { query: { 'project[id]': w.memberProjectId } });
    expect(permissions.data).toEqual([
      expect.objectContaining({ table: { id: members.id }, team: expect.objectContaining({ id: team }), read: true, write: false }),
    ]);
  });
});

describe('GET /api/records', () => {
  it('filters by a column (value read by its type), sorts, pages and counts', async () => {
    expect(namesOf(await records())).toEqual(['Hall', 'Kitchen', 'Attic']);
    expect(namesOf(await records({ [`filter[${status.id}]`]: 'built', 'sort[column]': size.id, 'sort[order]': 'ASC' }))).toEqual([
      'Attic',
      'Hall',
    ]);
    const page = await records({ [`filter[${done.id}]`]: '1' });
    expect([namesOf(page), page.data[0]!.values[done.id], page.count, page.count_capped]).toEqual([['Hall'], true, 1, false]);
    const first = await records({ 'filter[limit]': 2 });
    expect([namesOf(first), first.count]).toEqual([['Hall', 'Kitchen'], 3]);
    expect(namesOf(await records({ cursor: first.next_cursor! }))).toEqual(['Attic']);
    expect(namesOf(await records({ 'filter[limit]': 1, 'filter[offset]': 1, 'sort[column]': name.id }))).toEqual(['Hall']);
    expect((await records({ 'filter[limit]': 0 })).data).toHaveLength(3);
  });

  it('refuses a filter on an unknown column, a value its type does not read, and a bad cursor: 400 with the field', async () => {
    expect(await failure(records({ [`filter[${randomUUID()}]`]: 'x' }))).toMatchObject({ status: 400 });
    expect((await failure(records({ [`filter[${size.id}]`]: 'big' }))).errors).toEqual({
      [`filter[${size.id}]`]: ['Enter a whole number.'],
    });
    expect((await failure(records({ [`filter[${status.id}]`]: 'gone' }))).errors).toEqual({
      [`filter[${status.id}]`]: [tableMessages.notAnOption],
    });
    expect((await failure(records({ cursor: 'bm90IGpzb24' }))).status).toBe(400);
    expect((await failure(records({ 'sort[column]': 'nope' }))).status).toBe(400);
    expect((await failure(records({ revision: randomUUID() }))).message).toBe(tableMessages.revisionNotFound);
  });

  it('answers the table as it was at a moment and at a revision, with the columns it had', async () => {
    const revision = (
      await w.user.call(tableRoutes.storeRevision, { body: { table: table.id, project: w.adminProjectId, reason: 'before' } })
    ).data;
    const moment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await w.user.call(tableRoutes.updateRecord, { params: { id: ids.hall! }, body: { values: { [name.id]: 'Great hall' } } });
    const extra = await w.column(table.id, { name: 'Floor', type: 'integer' });
    const now = await records();
    expect(namesOf(now)[0]).toBe('Great hall');
    expect(now.columns.map((c) => c.id)).toContain(extra.id);
    for (const past of [await records({ timestamp: moment }), await records({ revision: revision.id })]) {
      expect(namesOf(past)).toEqual(['Hall', 'Kitchen', 'Attic']);
      expect(past.columns.map((c) => c.id)).not.toContain(extra.id);
      expect(past.as_of).not.toBeNull();
    }
    expect((await records({ timestamp: '2000-01-01T00:00:00Z' })).data).toEqual([]);
  });
});

describe('history, revisions, compare and changes', () => {
  it("lists a record's history: who, when, the event and each cell's old and new value", async () => {
    const id = (await w.user.call(tableRoutes.createRecord, { body: { table: table.id, values: { [name.id]: 'Shed', [done.id]: false } } }))
      .data.id;
    await w.user.call(tableRoutes.updateRecord, { params: { id }, body: { values: { [done.id]: true } } });
    await w.user.call(tableRoutes.deleteRecord, { params: { id } });
    const history = await w.user.call(tableQueryRoutes.recordHistory, { params: { id }, minPosition: await w.head() });
    expect(history.data.map((h) => [h.event, h.by.id])).toEqual([
      ['RecordCreated', w.userId],
      ['RecordUpdated', w.userId],
      ['RecordDeleted', w.userId],
    ]);
    expect(history.data[1]!.cells).toEqual([{ column: { id: done.id, name: 'Done' }, from: false, to: true }]);
    expect(history.data[0]!.by.name).not.toBe('');
    expect(await failure(w.user.call(tableQueryRoutes.record, { params: { id } }))).toMatchObject({
      status: 404,
      message: tableMessages.recordNotFound,
    });
    expect((await failure(w.admin.call(tableQueryRoutes.recordHistory, { params: { id: randomUUID() } }))).status).toBe(404);
  });

  it('compares revisions and Actual (added, removed, changed cells), lists revisions newest first and the changes of a span', async () => {
    const started = new Date().toISOString();
    const first = (await w.user.call(tableRoutes.storeRevision, { body: { table: table.id, project: w.adminProjectId, reason: 'one' } }))
      .data;
    await w.user.call(tableRoutes.updateRecord, { params: { id: ids.kitchen! }, body: { values: { [size.id]: 13 } } });
    await w.user.call(tableRoutes.deleteRecord, { params: { id: ids.attic! } });
    const added = (await w.user.call(tableRoutes.createRecord, { body: { table: table.id, values: { [name.id]: 'Porch' } } })).data.id;
    const second = (await w.user.call(tableRoutes.storeRevision, { body: { table: table.id, project: w.adminProjectId, reason: 'two' } }))
      .data;
    const minPosition = await w.head();
    const revisions = await w.user.call(tableQueryRoutes.revisions, {
      query: { 'project[id]': w.adminProjectId, 'table[id]': table.id },
      minPosition,
    });
    expect(revisions.data.slice(0, 2).map((r) => r.reason)).toEqual(['two', 'one']);
    for (const to of [second.id, 'actual']) {
      const diff = (
        await w.user.call(tableQueryRoutes.compareRevisions, {
          query: { 'project[id]': w.adminProjectId, 'table[id]': table.id, from: first.id, to },
          minPosition,
        })
      ).data;
      expect([diff.added.map((r) => r.id), diff.removed.map((r) => r.id)]).toEqual([[added], [ids.attic]]);
      expect(diff.changed.map((c) => [c.id, c.cells])).toEqual([
        [ids.kitchen, [{ column: { id: size.id, name: 'Size' }, from: 12, to: 13 }]],
      ]);
    }
    const compare = (from: string, to: string) =>
      w.user.call(tableQueryRoutes.compareRevisions, { query: { 'project[id]': w.adminProjectId, 'table[id]': table.id, from, to } });
    expect((await failure(compare(randomUUID(), 'actual'))).message).toBe(tableMessages.revisionNotFound);
    expect((await failure(compare(first.id, randomUUID()))).message).toBe(tableMessages.compareRevisionNotFound);
    const changes = await w.user.call(tableQueryRoutes.changes, { params: { id: table.id }, query: { from: started }, minPosition });
    expect(changes.data.map((c) => [c.event, c.record.id])).toEqual([
      ['RecordUpdated', ids.kitchen],
      ['RecordDeleted', ids.attic],
      ['RecordCreated', added],
    ]);
  });
});

describe('POST /api/project/:id/table/:tableId/query', () => {
  const query = async (body: Body<typeof tableQueryRoutes.query>) =>
    w.user.call(tableQueryRoutes.query, { params: { id: w.adminProjectId, tableId: table.id }, body, minPosition: await w.head() });

  it('combines AND/OR groups; a condition without operator or value does not count', async () => {
    const all = await query({ conditions: [{ conditions: [{ column: size.id, operator: 'gt', value: null }, { column: name.id }] }] });
    expect(all.count).toBeGreaterThanOrEqual(3);
    const some = await query({
      match: 'OR',
      conditions: [
        { match: 'AND', conditions: [{ column: size.id, operator: 'between', value: [10, 12] }] },
        {
          match: 'AND',
          conditions: [
            { column: name.id, operator: 'starts_with', value: 'gre' },
            { column: done.id, operator: 'equals', value: true },
          ],
        },
      ],
      sort: { column: name.id, order: 'DESC' },
    });
    expect(namesOf(some)).toEqual(['Great hall']);
    const empty = await query({ conditions: [{ conditions: [{ column: done.id, operator: 'empty' }] }] });
    expect(namesOf(empty)).toEqual(expect.arrayContaining(['Porch']));
  });

  it('refuses an operator that does not fit the column type, and a value of the wrong type', async () => {
    const wrong = await failure(query({ conditions: [{ conditions: [{ column: done.id, operator: 'contains', value: 'x' }] }] }));
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.errors!)).toEqual(['conditions.0.conditions.0.operator']);
    expect((await failure(query({ conditions: [{ conditions: [{ column: size.id, operator: 'lt', value: 'ten' }] }] }))).errors).toEqual({
      'conditions.0.conditions.0.value': ['Enter a whole number.'],
    });
  });
});

describe('relations', () => {
  it("lists the project's relations and a record's related records both ways", async () => {
    const rooms = await w.table(w.adminProjectId, w.user, unique('Buildings'));
    const label = await w.column(rooms.id, { name: 'Label', type: 'text' });
    const building = (await w.user.call(tableRoutes.createRecord, { body: { table: rooms.id, values: { [label.id]: 'B1' } } })).data.id;
    const link = await w.column(table.id, { name: 'Building', type: 'table', options_value: { table: rooms.id } });
    const relation = (
      await w.user.call(tableRoutes.createRelation, { params: { id: w.adminProjectId }, body: { table: table.id, column: link.id } })
    ).data;
    await w.user.call(tableRoutes.updateRecord, { params: { id: ids.kitchen! }, body: { values: { [link.id]: building } } });
    const minPosition = await w.head();
    const relations = await w.user.call(tableQueryRoutes.relations, {
      params: { id: w.adminProjectId },
      query: { 'filter[table]': table.id },
      minPosition,
    });
    expect(relations.data).toEqual([
      {
        id: relation.id,
        project: { id: w.adminProjectId },
        table: { id: table.id },
        column: { id: link.id },
        target_table: { id: rooms.id },
      },
    ]);
    const out = await w.user.call(tableQueryRoutes.recordRelations, { params: { id: ids.kitchen! }, minPosition });
    expect(out.data.map((r) => [r.direction, r.record.id])).toEqual([['outgoing', building]]);
    const back = await w.user.call(tableQueryRoutes.recordRelations, { params: { id: building }, minPosition });
    expect(back.data.map((r) => [r.direction, r.record.id])).toEqual([['incoming', ids.kitchen]]);
  });
});
