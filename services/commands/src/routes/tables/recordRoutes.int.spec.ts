import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRoutes, sbsRoutes, tableRoutes, type ColumnView, type TableView } from '@stramien/api';
import { messages, tableMessages } from '@stramien/domain';
import { expectRefused } from '../../testing/expectations';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createTablesWorld, type TablesWorld } from './tableTesting';

let server: TestServer;
let w: TablesWorld;
/** a table of the admin project with a text, an integer, a boolean, a dropdown and a table column */
let table: TableView;
let floors: TableView;
let col: Record<'name' | 'count' | 'done' | 'colour' | 'floor', ColumnView>;
let floorId: string;

beforeAll(async () => {
  server = await startTestServer();
  w = await createTablesWorld(server);
  floors = await w.table();
  const floorName = await w.column(floors.id, { name: 'Name', type: 'text' });
  floorId = (await w.user.call(tableRoutes.createRecord, { body: { table: floors.id, values: { [floorName.id]: 'Ground' } } })).data.id;
  table = await w.table();
  col = {
    name: await w.column(table.id, { name: 'Name', type: 'text' }),
    count: await w.column(table.id, { name: 'Count', type: 'integer' }),
    done: await w.column(table.id, { name: 'Done', type: 'boolean' }),
    colour: await w.column(table.id, { name: 'Colour', type: 'dropdown', options_value: { options: ['red', 'green'] } }),
    floor: await w.column(table.id, { name: 'Floor', type: 'table', options_value: { table: floors.id } }),
  };
});
afterAll(async () => {
  await server?.close();
});

const create = (values: Record<string, string | number | boolean | null>, api = w.user, tableId = table.id) =>
  api.call(tableRoutes.createRecord, { body: { table: { id: tableId }, values } });

describe('POST /api/record', () => {
  it('stores each value as its column type reads it, and answers the record', async () => {
    const me = (await w.user.call(tableRoutes.updateTable, { params: { id: table.id }, body: { name: table.name } })).data;
    expect(me.access.write).toBe(true);
    const res = await create({
      [col.name.id]: 'Hall',
      [col.count.id]: '3',
      [col.done.id]: '1',
      [col.colour.id]: 'red',
      [col.floor.id]: floorId,
    });
    expect(res.data).toMatchObject({
      table: { id: table.id },
      project: { id: w.adminProjectId },
      values: { [col.name.id]: 'Hall', [col.count.id]: 3, [col.done.id]: true, [col.colour.id]: 'red', [col.floor.id]: floorId },
      created_by: { id: w.userId },
      updated_by: { id: w.userId },
    });
    expect(res.data.created_at).toBe(res.data.updated_at);
  });

  it("takes a code of the project's SBS in an sbscode cell and refuses any other, appending nothing", async () => {
    const code = `SB-${randomUUID().slice(0, 8)}`;
    await w.user.call(sbsRoutes.create, { params: { id: w.adminProjectId }, body: { code, label: 'Ground floor' } });
    const sbs = await w.column(table.id, { name: `SBS ${randomUUID().slice(0, 4)}`, type: 'sbscode' });
    expect((await create({ [sbs.id]: code })).data.values).toEqual({ [sbs.id]: code });
    const answer = await expectRefused(server, () => create({ [sbs.id]: `${code}-X` }), 422);
    expect(answer.errors).toEqual({ [sbs.id]: [tableMessages.notAnSbsCode] });
  });

  it('passes null and empty values through as null', async () => {
    const res = await create({ [col.count.id]: '', [col.done.id]: null });
    expect(res.data.values).toEqual({ [col.count.id]: null, [col.done.id]: null });
  });

  it('refuses bad cells with one message per column id, appending nothing', async () => {
    const unknown = randomUUID();
    const answer = await expectRefused(
      server,
      () =>
        create({ [col.count.id]: 'three', [col.done.id]: 'maybe', [col.colour.id]: 'blue', [col.floor.id]: randomUUID(), [unknown]: 'x' }),
      422,
    );
    expect(answer.message).toBe(messages.shared.invalidInput);
    expect(answer.errors).toEqual({
      [col.count.id]: ['Enter a whole number.'],
      [col.done.id]: ['Choose yes or no.'],
      [col.colour.id]: [tableMessages.notAnOption],
      [col.floor.id]: [tableMessages.notARecordOfTarget],
      [unknown]: [tableMessages.unknownColumn],
    });
  });

  it('refuses a table cell naming a record of another table', async () => {
    const other = (await create({ [col.name.id]: 'Not a floor' })).data.id;
    const answer = await expectRefused(server, () => create({ [col.floor.id]: other }), 422);
    expect(answer.errors).toEqual({ [col.floor.id]: [tableMessages.notARecordOfTarget] });
  });

  it('answers 404 for a table of another licence and 400 for malformed input', async () => {
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    await expectRefused(server, () => create({}, w.user, foreign.id), 404);
    await expectRefused(
      server,
      () => w.user.call(tableRoutes.createRecord, { body: { table: table.id, values: { x: { deep: 1 } } } as never }),
      400,
    );
    await expectRefused(server, () => w.user.call(tableRoutes.createRecord, { body: { table: 'not-an-id', values: {} } }), 400);
  });
});

describe('PUT /api/record/:id', () => {
  it("changes only the cells sent and answers 'Record updated successfully'", async () => {
    const record = (await create({ [col.name.id]: 'Hall', [col.count.id]: 1 })).data;
    const res = await w.user.call(tableRoutes.updateRecord, { params: { id: record.id }, body: { values: { [col.count.id]: 2 } } });
    expect(res.message).toBe('Record updated successfully');
    expect(res.data.values).toEqual({ [col.name.id]: 'Hall', [col.count.id]: 2 });
    expect(res.data.created_at).toBe(record.created_at);
  });

  it('refuses a bad cell with its column id, appending nothing', async () => {
    const record = (await create({ [col.count.id]: 1 })).data;
    const answer = await expectRefused(
      server,
      () => w.user.call(tableRoutes.updateRecord, { params: { id: record.id }, body: { values: { [col.count.id]: 1.5 } } }),
      422,
    );
    expect(answer.errors).toEqual({ [col.count.id]: ['Enter a whole number.'] });
  });

  it("answers 404 'Record not found.' for a record of another licence and an unknown id", async () => {
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    const theirs = (await create({}, w.admin, foreign.id)).data;
    const answer = await expectRefused(
      server,
      () => w.user.call(tableRoutes.updateRecord, { params: { id: theirs.id }, body: { values: {} } }),
      404,
    );
    expect(answer.message).toBe(tableMessages.recordNotFound);
    await expectRefused(server, () => w.user.call(tableRoutes.updateRecord, { params: { id: randomUUID() }, body: { values: {} } }), 404);
  });
});

describe('DELETE /api/record/:id and /api/records', () => {
  it("deletes a record; deleting it again answers 404 'Failed to delete record'", async () => {
    const record = (await create({ [col.name.id]: 'Gone' })).data;
    await w.user.call(tableRoutes.deleteRecord, { params: { id: record.id } });
    const answer = await expectRefused(server, () => w.user.call(tableRoutes.deleteRecord, { params: { id: record.id } }), 404);
    expect(answer.message).toBe('Failed to delete record');
    await expectRefused(server, () => w.user.call(tableRoutes.updateRecord, { params: { id: record.id }, body: { values: {} } }), 404);
  });

  it("deletes several records and answers 'Successfully deleted records'", async () => {
    const ids = [(await create({})).data.id, (await create({})).data.id];
    const res = await w.user.call(tableRoutes.deleteRecords, { body: { records: ids } });
    expect(res).toMatchObject({ message: 'Successfully deleted records', deleted: 2 });
    for (const id of ids) await expectRefused(server, () => w.user.call(tableRoutes.deleteRecord, { params: { id } }), 404);
  });

  it('deletes nothing when one record is refused, and refuses more than 500 at once', async () => {
    const kept = (await create({})).data.id;
    const answer = await expectRefused(
      server,
      () => w.user.call(tableRoutes.deleteRecords, { body: { records: [kept, randomUUID()] } }),
      404,
    );
    expect(answer.message).toBe('Failed to delete record');
    await w.user.call(tableRoutes.updateRecord, { params: { id: kept }, body: { values: {} } });
    const tooMany = await expectRefused(
      server,
      () => w.user.call(tableRoutes.deleteRecords, { body: { records: Array.from({ length: 501 }, () => randomUUID()) } }),
      400,
    );
    expect(tooMany.errors).toEqual({ records: ['Delete at most 500 records at once; clear the table for more.'] });
  });
});

describe("a member's records through team permissions", () => {
  it('read-only: 403 on writes; write: allowed; none: 404', async () => {
    const shared = await w.table(w.memberProjectId, w.admin);
    const name = await w.column(shared.id, { name: 'Name', type: 'text' }, w.admin);
    const record = (await create({ [name.id]: 'Theirs' }, w.admin, shared.id)).data;
    const edit = () => w.user.call(tableRoutes.updateRecord, { params: { id: record.id }, body: { values: { [name.id]: 'Mine' } } });
    await expectRefused(server, edit, 404);
    await expectRefused(server, () => create({}, w.user, shared.id), 404);
    const teamId = await w.memberTeam();
    const permission = (
      await w.admin.call(tableRoutes.createPermission, { body: { table: shared.id, team: teamId, read: true, write: false } })
    ).data;
    expect((await expectRefused(server, edit, 403)).message).toBe(messages.shared.forbidden);
    await expectRefused(server, () => w.user.call(tableRoutes.deleteRecords, { body: { records: [record.id] } }), 403);
    await w.admin.call(tableRoutes.updatePermission, { params: { id: permission.id }, body: { write: true } });
    expect((await edit()).data.values).toEqual({ [name.id]: 'Mine' });
    expect((await create({ [name.id]: 'New' }, w.user, shared.id)).data.created_by).toEqual({ id: w.userId });
  });
});

describe('DELETE /api/records/clear', () => {
  it('deletes every record of the table in a background job, listed in its download', async () => {
    const cleared = await w.table();
    const name = await w.column(cleared.id, { name: 'Name', type: 'text' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ [name.id]: `Row ${i}` }, w.user, cleared.id)).data.id);
    const kept = (await create({ [col.name.id]: 'Another table' })).data.id;
    const started = await w.user.call(tableRoutes.clearRecords, { body: { table: { id: cleared.id } } });
    expect(started.message).toBe(tableMessages.clearStarted);
    for (let i = 0; (await w.user.call(jobRoutes.get, { params: { jobId: started.data.id } })).data.state !== 'finished'; i++) {
      if (i > 200) throw new Error('the clear job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const id of ids) await expectRefused(server, () => w.user.call(tableRoutes.deleteRecord, { params: { id } }), 404);
    await w.user.call(tableRoutes.updateRecord, { params: { id: kept }, body: { values: {} } });
  });

  it('needs the manage right: 404 for a table of another licence', async () => {
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    await expectRefused(server, () => w.user.call(tableRoutes.clearRecords, { body: { table: foreign.id } }), 404);
  });
});
