import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sbsRoutes, tableQueryRoutes, tableRoutes, type ColumnView, type MultiQueryPart, type TableView } from '@stramien/api';
import { tableMessages } from '@stramien/domain';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import { failure } from '../../teams/testFixtures';
import { createTablesWorld, unique, type TablesWorld } from '../tableTesting';
import { TABLE_EXPORT_KIND } from '@stramien/jobs';

let server: TestServer;
let w: TablesWorld;
let rooms: TableView;
let floors: TableView;
let name: ColumnView;
let size: ColumnView;
let sbs: ColumnView;
let floor: ColumnView;
let floorName: ColumnView;
const code = `SBS-${randomUUID().slice(0, 6)}`;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  w = await createTablesWorld(server);
  await w.user.call(sbsRoutes.create, { params: { id: w.adminProjectId }, body: { code, label: 'Ground floor' } });
  floors = await w.table(w.adminProjectId, w.user, unique('Floors'));
  floorName = await w.column(floors.id, { name: 'Floor', type: 'text' });
  ids.ground = (await w.user.call(tableRoutes.createRecord, { body: { table: floors.id, values: { [floorName.id]: 'Ground' } } })).data.id;
  rooms = await w.table(w.adminProjectId, w.user, unique('Rooms'));
  name = await w.column(rooms.id, { name: 'Name', type: 'text' });
  size = await w.column(rooms.id, { name: 'Size', type: 'integer' });
  sbs = await w.column(rooms.id, { name: 'Code', type: 'sbscode' });
  floor = await w.column(rooms.id, { name: 'Floor', type: 'table', options_value: { table: floors.id } });
  for (const [key, values] of Object.entries({
    hall: { [name.id]: 'Entrance Hall', [size.id]: 30, [sbs.id]: code, [floor.id]: ids.ground! },
    kitchen: { [name.id]: 'Kitchen', [size.id]: 12, [sbs.id]: code },
    attic: { [name.id]: 'Attic', [size.id]: 20, [sbs.id]: null },
  })) {
    ids[key] = (await w.user.call(tableRoutes.createRecord, { body: { table: rooms.id, values } })).data.id;
  }
  await w.user.call(tableRoutes.updateRecord, { params: { id: ids.hall! }, body: { values: { [size.id]: 31 } } });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const namesOf = (records: { values: Record<string, unknown> }[]) => records.map((r) => r.values[name.id]);

describe('POST /api/tables/query', () => {
  it('answers per alias the records of each table, by table name or id, with the asked columns and conditions', async () => {
    const answer = await w.user.call(tableQueryRoutes.multiQuery, {
      body: {
        tables: [
          {
            table: rooms.name,
            project: w.adminProjectId,
            alias: 'rooms',
            columns: [{ column: 'name' }, { column: size.id, conditions: [{ operator: 'gt', value: 15 }] }],
            sort: { column: 'Size', order: 'DESC' },
            records: 10,
          },
          { table: floors.id, project: { id: w.adminProjectId }, alias: 'floors' },
        ],
      },
      minPosition: await w.head(),
    });
    expect(namesOf(answer.data.rooms!.data)).toEqual(['Entrance Hall', 'Attic']);
    expect(answer.data.rooms!.data[0]!.values).toEqual({ [name.id]: 'Entrance Hall', [size.id]: 31 });
    expect(answer.data.rooms!.columns.map((c) => c.name)).toEqual(['Name', 'Size']);
    expect(answer.data.rooms).toMatchObject({ table: { id: rooms.id, name: rooms.name }, count: 2, count_capped: false });
    expect(answer.data.floors!.data.map((r) => r.id)).toEqual([ids.ground]);
  });

  it('refuses bad parts with a field message each and answers 404 for a table the user may not read', async () => {
    const bad = await failure(
      w.user.call(tableQueryRoutes.multiQuery, {
        body: {
          tables: [
            { table: rooms.id, project: w.adminProjectId, alias: 'x', columns: [{ column: 'Nope' }] },
            { table: floors.id, project: w.adminProjectId, alias: 'x', sort: { column: 'Nope' } },
            { table: floors.id, project: w.memberProjectId, alias: 'y' },
          ],
        },
      }),
    );
    expect(bad).toMatchObject({ status: 400, errors: { 'tables.2.project': [tableMessages.oneProject] } });
    const twice = await failure(
      w.user.call(tableQueryRoutes.multiQuery, {
        body: {
          tables: [
            { table: rooms.id, project: w.adminProjectId, alias: 'x', columns: [{ column: 'Nope' }] },
            { table: floors.id, project: w.adminProjectId, alias: 'x', sort: { column: 'Nope' } },
            {
              table: rooms.id,
              project: w.adminProjectId,
              alias: 'z',
              columns: [{ column: size.id, conditions: [{ operator: 'contains', value: 'a' }] }],
            },
          ],
        },
      }),
    );
    expect(twice.status).toBe(400);
    expect(twice.errors).toMatchObject({
      'tables.0.columns.0.column': [tableMessages.unknownColumn],
      'tables.1.alias': [tableMessages.aliasTaken],
      'tables.1.sort.column': [tableMessages.unknownColumn],
      'tables.2.columns.0.conditions.0.operator': [expect.any(String)],
    });
    const foreign = await w.table(w.foreignProjectId, w.admin);
    const members = await w.table(w.memberProjectId, w.admin);
    for (const [table, project] of [
      [foreign.id, w.foreignProjectId],
      [members.id, w.memberProjectId],
      [randomUUID(), w.adminProjectId],
      ['No such table', w.adminProjectId],
    ] as const) {
      expect(await failure(w.user.call(tableQueryRoutes.multiQuery, { body: { tables: [{ table, project }] } }))).toMatchObject({
        status: 404,
      });
    }
    expect((await failure(w.user.call(tableQueryRoutes.multiQuery, { body: { tables: [] } }))).status).toBe(400);
  });

  describe('joined through a relation column', () => {
    const joined = async (tables: MultiQueryPart[]) =>
      (await w.user.call(tableQueryRoutes.multiQuery, { body: { tables }, minPosition: await w.head() })).data;
    const upper = async () => {
      const upperId = (await w.user.call(tableRoutes.createRecord, { body: { table: floors.id, values: { [floorName.id]: 'Upper' } } }))
        .data.id;
      await w.user.call(tableRoutes.createRecord, { body: { table: rooms.id, values: { [name.id]: 'Loft', [floor.id]: upperId } } });
      return upperId;
    };
    let upperId: string;
    beforeAll(async () => {
      upperId = await upper();
    });
    const project = () => w.adminProjectId;

    it("answers a part's records that the earlier part's matches link to, through this table's column", async () => {
      const data = await joined([
        {
          table: floors.id,
          project: project(),
          alias: 'f',
          columns: [{ column: floorName.id, conditions: [{ operator: 'equals', value: 'Ground' }] }],
        },
        { table: rooms.id, project: project(), alias: 'r', join: { alias: 'f', column: 'floor' } },
      ]);
      expect(data.f!.data.map((r) => r.id)).toEqual([ids.ground]);
      expect(namesOf(data.r!.data)).toEqual(['Entrance Hall']);
      expect(data.r!.count).toBe(1);
    });

    it("answers the records the earlier part's cells name, through that table's column, conditions included", async () => {
      const data = await joined([
        {
          table: rooms.id,
          project: project(),
          alias: 'r',
          columns: [{ column: name.id, conditions: [{ operator: 'starts_with', value: 'lo' }] }],
        },
        // the floors table has a text column named Floor too: the join takes the column that links the tables
        { table: floors.id, project: project(), alias: 'f', join: { alias: 'r', column: 'Floor' } },
      ]);
      expect(data.f!.data.map((r) => r.id)).toEqual([upperId]);
      const none = await joined([
        {
          table: rooms.id,
          project: project(),
          alias: 'r',
          columns: [{ column: name.id, conditions: [{ operator: 'equals', value: 'Kitchen' }] }],
        },
        { table: floors.id, project: project(), alias: 'f', join: { alias: 'r', column: floor.id } },
      ]);
      expect(none.f).toMatchObject({ data: [], count: 0 });
    });

    it('refuses a join to a part not named before it, or through a column that does not link the two tables', async () => {
      const bad = await failure(
        w.user.call(tableQueryRoutes.multiQuery, {
          body: {
            tables: [
              { table: rooms.id, project: project(), alias: 'r', join: { alias: 'f', column: 'Floor' } },
              { table: floors.id, project: project(), alias: 'f' },
              { table: floors.id, project: project(), alias: 'g', join: { alias: 'r', column: 'Name' } },
            ],
          },
        }),
      );
      expect(bad).toMatchObject({
        status: 400,
        errors: { 'tables.0.join.alias': [tableMessages.joinAliasUnknown], 'tables.2.join.column': [tableMessages.joinColumnUnlinked] },
      });
    });
  });
});

describe('POST /api/project/:id/tables/query and /export', () => {
  it('queries the tables of the project in the path; another project is 404', async () => {
    const answer = await w.user.call(tableQueryRoutes.projectMultiQuery, {
      params: { id: w.adminProjectId },
      body: { tables: [{ table: rooms.id, columns: [{ column: 'Name', conditions: [{ operator: 'starts_with', value: 'kit' }] }] }] },
      minPosition: await w.head(),
    });
    expect(namesOf(answer.data[rooms.id]!.data)).toEqual(['Kitchen']);
    expect(
      await failure(
        w.user.call(tableQueryRoutes.projectMultiQuery, { params: { id: w.foreignProjectId }, body: { tables: [{ table: rooms.id }] } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(
        w.user.call(tableQueryRoutes.projectMultiQuery, {
          params: { id: w.adminProjectId },
          body: { tables: [{ table: rooms.id, project: w.memberProjectId }] },
        }),
      ),
    ).toMatchObject({ status: 400, errors: { 'tables.0.project': [tableMessages.oneProject] } });
  });

  it("starts one export job per table with the spec's message; nothing is started for a refused call", async () => {
    const before = await w.head();
    const answer = await w.user.call(tableQueryRoutes.projectMultiExport, {
      params: { id: w.adminProjectId },
      body: {
        tables: [
          { table: rooms.id, alias: 'r' },
          { table: floors.name, alias: 'f' },
        ],
        format: 'csv',
      },
    });
    expect(answer.message).toBe(tableMessages.exportStarted);
    expect(answer.data.map((j) => [j.alias, j.table.id])).toEqual([
      ['r', rooms.id],
      ['f', floors.id],
    ]);
    const requested = (await server.adapters.eventStore.readAll({ after: before })).filter((e) => e.type === 'JobRequested');
    expect(requested.map((e) => (e.data as { kind: string; params: { tableId: string } }).params.tableId)).toEqual([rooms.id, floors.id]);
    expect(requested.every((e) => (e.data as { kind: string }).kind === TABLE_EXPORT_KIND)).toBe(true);
    const head = await w.head();
    await failure(
      w.user.call(tableQueryRoutes.projectMultiExport, {
        params: { id: w.adminProjectId },
        body: { tables: [{ table: rooms.id, sort: { column: 'x' } }] },
      }),
    );
    // the jobs of the first call may still be running: only requests count
    expect((await server.adapters.eventStore.readAll({ after: head })).filter((e) => e.type === 'JobRequested')).toEqual([]);
  });
});

describe('GET /api/tables/sbs', () => {
  it('lists the readable tables whose records hold the code, with how many', async () => {
    const answer = await w.user.call(tableQueryRoutes.sbsTables, {
      query: { 'project[id]': w.adminProjectId, sbs_code: code },
      minPosition: await w.head(),
    });
    expect(answer.data).toEqual([
      {
        table: { id: rooms.id, name: rooms.name },
        project: { id: w.adminProjectId },
        columns: [{ id: sbs.id, name: 'Code' }],
        count: 2,
        count_capped: false,
      },
    ]);
    const none = await w.user.call(tableQueryRoutes.sbsTables, { query: { 'project[id]': w.adminProjectId, sbs_code: 'NOPE' } });
    expect(none.data).toEqual([]);
  });

  it('answers 404 for a project the user cannot see and 400 without a code', async () => {
    expect(
      (await failure(w.user.call(tableQueryRoutes.sbsTables, { query: { 'project[id]': w.otherLicenceProjectId, sbs_code: code } })))
        .status,
    ).toBe(404);
    expect(
      (await failure(w.user.call(tableQueryRoutes.sbsTables, { query: { 'project[id]': w.adminProjectId, sbs_code: '' } }))).status,
    ).toBe(400);
  });
});

describe('GET /api/record/document/:id', () => {
  it("shows each column's name, type, value and text: the linked record's display text, the SBS label, and the revision count", async () => {
    const { data } = await w.user.call(tableQueryRoutes.recordDocument, { params: { id: ids.hall! }, minPosition: await w.head() });
    expect(data).toMatchObject({
      id: ids.hall,
      table: { id: rooms.id, name: rooms.name },
      project: { id: w.adminProjectId },
      created_by: { id: w.userId },
      updated_by: { id: w.userId },
      revision_count: 2,
    });
    expect(data.fields).toEqual([
      { column: { id: name.id, name: 'Name', type: 'text' }, value: 'Entrance Hall', display: 'Entrance Hall', record: null, sbs: null },
      { column: { id: size.id, name: 'Size', type: 'integer' }, value: 31, display: '31', record: null, sbs: null },
      {
        column: { id: sbs.id, name: 'Code', type: 'sbscode' },
        value: code,
        display: `${code} - Ground floor`,
        record: null,
        sbs: { code, label: 'Ground floor' },
      },
      {
        column: { id: floor.id, name: 'Floor', type: 'table' },
        value: ids.ground,
        display: 'Ground',
        record: { id: ids.ground, table: { id: floors.id }, display: 'Ground' },
        sbs: null,
      },
    ]);
  });

  it("answers 404 for another project's record, an unknown id and a table the user may not read", async () => {
    const members = await w.table(w.memberProjectId, w.admin);
    const text = await w.column(members.id, { name: 'T', type: 'text' }, w.admin);
    const hidden = (await w.admin.call(tableRoutes.createRecord, { body: { table: members.id, values: { [text.id]: 'x' } } })).data.id;
    for (const id of [hidden, randomUUID()]) {
      expect(await failure(w.user.call(tableQueryRoutes.recordDocument, { params: { id } }))).toMatchObject({
        status: 404,
        message: tableMessages.recordNotFound,
      });
    }
  });
});

describe('POST /api/search', () => {
  it('finds records whose text cells contain the value in any case, grouped by table, capped by limit', async () => {
    const answer = await w.user.call(tableQueryRoutes.search, {
      body: { project: w.adminProjectId, value: 'HALL' },
      minPosition: await w.head(),
    });
    expect(answer.data.map((t) => [t.table.id, t.data.map((r) => r.id), t.capped, t.complete])).toEqual([
      [rooms.id, [ids.hall], false, true],
    ]);
    const capped = await w.user.call(tableQueryRoutes.search, {
      body: { project: { id: w.adminProjectId }, value: 'EN', limit: 1, tables: [rooms.id] },
    });
    // newest first: the kitchen was made after the hall
    expect(capped.data.map((t) => [t.data.map((r) => r.id), t.capped])).toEqual([[[ids.kitchen], true]]);
    // a regular expression's characters are searched as text
    expect((await w.user.call(tableQueryRoutes.search, { body: { project: w.adminProjectId, value: '.*' } })).data).toEqual([]);
  });

  it('refuses a value shorter than 2 characters and answers 404 for a table or project the user cannot see', async () => {
    expect(await failure(w.user.call(tableQueryRoutes.search, { body: { project: w.adminProjectId, value: 'a' } }))).toMatchObject({
      status: 400,
      errors: { value: [expect.any(String)] },
    });
    const members = await w.table(w.memberProjectId, w.admin);
    expect(
      (await failure(w.user.call(tableQueryRoutes.search, { body: { project: w.adminProjectId, value: 'ab', tables: [members.id] } })))
        .status,
    ).toBe(404);
    expect((await failure(w.user.call(tableQueryRoutes.search, { body: { project: w.otherLicenceProjectId, value: 'ab' } }))).status).toBe(
      404,
    );
  });
});
