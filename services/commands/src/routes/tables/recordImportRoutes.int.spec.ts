import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRoutes, recordImportRoutes, tableQueryRoutes, tableRoutes, type ColumnView, type TableView } from '@stramien/api';
import { jobMessages, tableMessages } from '@stramien/domain';
import { expectRefused, jobEnded } from '../../testing/expectations';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createTablesWorld, type TablesWorld } from './tableTesting';

let server: TestServer;
let w: TablesWorld;
/** a table of the admin project with a column of the types a spreadsheet fills */
let table: TableView;
let floors: TableView;
let col: Record<'name' | 'count' | 'size' | 'done' | 'date' | 'colour' | 'floor', ColumnView>;
let floorId: string;

const BOM = '\uFEFF';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

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
    size: await w.column(table.id, { name: 'Size', type: 'float' }),
    done: await w.column(table.id, { name: 'Done', type: 'boolean' }),
    date: await w.column(table.id, { name: 'Delivered', type: 'date' }),
    colour: await w.column(table.id, { name: 'Colour', type: 'dropdown', options_value: { options: ['rood', 'groen'] } }),
    floor: await w.column(table.id, { name: 'Floor', type: 'table', options_value: { table: floors.id } }),
  };
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** a Dutch Excel export: BOM, `;`, decimal commas, day-first dates, ja/nee, a quoted newline, CRLF */
const dutch = (rows: string[]) => `${BOM}Name;Count;Size;Done;Delivered;Colour;Floor;Remark\r\n${rows.join('\r\n')}\r\n`;
const goodRows = () => [
  `"Hal\r\nnoord";1.234;1.234,5;ja;31-12-2024;rood;${floorId};x`,
  `Kelder;12;0,25;nee;01.02.2025;groen;;`,
  `Zolder;;;;;;;`,
];

const verify = (text: string, over: Record<string, unknown> = {}, api = w.user, tableId = table.id) =>
  api.call(recordImportRoutes.verify, { body: { table: { id: tableId }, file: base64(text), ...over } });
const startImport = (text: string, over: Record<string, unknown> = {}, api = w.user, tableId = table.id) =>
  api.call(recordImportRoutes.import, { body: { table: tableId, file: base64(text), ...over } });

const recordsOf = async (tableId: string) =>
  (
    await w.user.call(tableQueryRoutes.records, {
      query: { 'project[id]': w.adminProjectId, 'table[id]': tableId, 'filter[limit]': '0' },
      minPosition: await w.head(),
    })
  ).data;

describe('POST /api/records/verify', () => {
  it('reads a Dutch Excel file (BOM, semicolons, decimal commas, day-first dates, ja/nee, a quoted newline) without errors', async () => {
    const before = await w.head();
    const { data } = await verify(dutch(goodRows()));
    expect(data).toEqual({
      headers: ['Name', 'Count', 'Size', 'Done', 'Delivered', 'Colour', 'Floor', 'Remark'],
      delimiter: ';',
      rows: 3,
      mapping: {
        Name: col.name.id,
        Count: col.count.id,
        Size: col.size.id,
        Done: col.done.id,
        Delivered: col.date.id,
        Colour: col.colour.id,
        Floor: col.floor.id,
        Remark: null,
      },
      total_errors: 0,
      errors: [],
    });
    expect(await w.head()).toBe(before);
  });

  it('lists every refused cell by row and column with the messages of POST /record, a page at a time', async () => {
    const text = [
      'name,COUNT , size,done,delivered,colour,floor',
      'A,1.5,x,maybe,2024-02-30,blue,00000000-0000-4000-8000-000000000000',
      'B,2,"1,5",true,2024-02-28,rood,',
      'C,three,2.5,false,,,',
    ].join('\n');
    const { data } = await verify(text);
    expect(data.delimiter).toBe(',');
    expect(data.mapping).toMatchObject({ name: col.name.id, 'COUNT ': col.count.id, ' size': col.size.id });
    expect(data.total_errors).toBe(8);
    expect(data.errors.map((e) => [e.row, e.header, e.value, e.key])).toEqual([
      [1, 'COUNT ', '1.5', 'validation.notWholeNumber'],
      [1, ' size', 'x', 'validation.notNumber'],
      [1, 'done', 'maybe', 'validation.notBoolean'],
      [1, 'delivered', '2024-02-30', 'validation.invalidDate'],
      [1, 'colour', 'blue', 'tables.notAnOption'],
      [1, 'floor', '00000000-0000-4000-8000-000000000000', 'tables.notARecordOfTarget'],
      // a comma file has no decimal commas
      [2, ' size', '1,5', 'validation.notNumber'],
      [3, 'COUNT ', 'three', 'validation.notWholeNumber'],
    ]);
    expect(data.errors[4]).toMatchObject({ column: col.colour.id, message: tableMessages.notAnOption });
    const page = (await verify(text, { offset: 6, limit: 5 })).data;
    expect(page.total_errors).toBe(8);
    expect(page.errors.map((e) => e.row)).toEqual([2, 3]);
  });

  it('uses the mapping sent: headers left out are not imported', async () => {
    const { data } = await verify('Label;Count\nx;1,0\n', { mapping: { Label: col.name.id } });
    expect(data.mapping).toEqual({ Label: col.name.id, Count: null });
    expect(data.total_errors).toBe(0);
  });

  it('refuses with 422 and appends nothing: bad base64, an empty file, no CSV, a header twice, a mapping that does not fit', async () => {
    const other = await w.table();
    const otherColumn = await w.column(other.id, { name: 'Name', type: 'text' });
    const bad = await expectRefused(
      server,
      () => w.user.call(recordImportRoutes.verify, { body: { table: table.id, file: 'not base64!' } }),
      422,
    );
    expect(bad.message).toBe(tableMessages.importInvalidBase64);
    expect((await expectRefused(server, () => verify(''), 400)).status).toBe(400);
    expect((await expectRefused(server, () => verify(`${BOM}\r\n\r\n`), 422)).message).toBe(tableMessages.importEmpty);
    expect((await expectRefused(server, () => verify('Name,Count\n"open,1\n'), 422)).message).toMatch(
      /^The file could not be read as CSV \(line \d+\)\.$/,
    );
    expect((await expectRefused(server, () => verify('Name,Name\na,b\n'), 422)).message).toBe(
      'The file has the header "Name" more than once.',
    );
    const unknownHeader = await expectRefused(server, () => verify('Name\na\n', { mapping: { Nope: col.name.id } }), 422);
    expect(unknownHeader).toMatchObject({
      message: 'The file has no header "Nope".',
      errors: { mapping: ['The file has no header "Nope".'] },
    });
    expect((await expectRefused(server, () => verify('Name\na\n', { mapping: { Name: otherColumn.id } }), 422)).message).toBe(
      tableMessages.unknownColumn,
    );
    expect((await expectRefused(server, () => verify('A,B\na,b\n', { mapping: { A: col.name.id, B: col.name.id } }), 422)).message).toBe(
      tableMessages.importColumnTwice,
    );
    await expectRefused(server, () => startImport('Name\na\n', { mapping: { Name: otherColumn.id } }), 422);
    await expectRefused(server, () => startImport(`${BOM}`), 422);
  });

  it("answers 404 for another licence's table, 404 without a permission and 403 with read only", async () => {
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    await expectRefused(server, () => verify('Name\na\n', {}, w.user, foreign.id), 404);
    await expectRefused(server, () => startImport('Name\na\n', {}, w.user, foreign.id), 404);
    // a project of the same licence that the user is not a member of
    const elsewhere = await w.table(w.foreignProjectId, w.admin);
    await expectRefused(server, () => verify('Name\na\n', {}, w.user, elsewhere.id), 404);
    await expectRefused(server, () => startImport('Name\na\n', {}, w.user, elsewhere.id), 404);
    const shared = await w.table(w.memberProjectId, w.admin);
    await w.column(shared.id, { name: 'Name', type: 'text' }, w.admin);
    await expectRefused(server, () => verify('Name\na\n', {}, w.user, shared.id), 404);
    const teamId = await w.memberTeam();
    await w.admin.call(tableRoutes.createPermission, { body: { table: shared.id, team: teamId, read: true, write: false } });
    await expectRefused(server, () => verify('Name\na\n', {}, w.user, shared.id), 403);
    await expectRefused(server, () => startImport('Name\na\n', {}, w.user, shared.id), 403);
  });
});

describe('POST /api/records/import', () => {
  it('imports a Dutch Excel file in a background job: every row one record, progress in rows, the rows and records in its file', async () => {
    const target = await w.table();
    const columns = {
      name: await w.column(target.id, { name: 'Name', type: 'text' }),
      count: await w.column(target.id, { name: 'Count', type: 'integer' }),
      size: await w.column(target.id, { name: 'Size', type: 'float' }),
      done: await w.column(target.id, { name: 'Done', type: 'boolean' }),
      date: await w.column(target.id, { name: 'Delivered', type: 'date' }),
      floor: await w.column(target.id, { name: 'Floor', type: 'table', options_value: { table: floors.id } }),
    };
    const started = await startImport(dutch(goodRows()), {}, w.user, target.id);
    expect(started.message).toBe(tableMessages.importStarted);
    expect(started.data).toMatchObject({ kind: 'records-import', state: 'requested', reason: null });
    const job = await jobEnded(w.user, started.data.id);
    expect(job).toMatchObject({ state: 'finished', progress: { done: 3, total: 3, percent: 100 } });
    const records = await recordsOf(target.id);
    expect(records.map((r) => r.values)).toEqual([
      {
        [columns.name.id]: 'Hal\r\nnoord',
        [columns.count.id]: 1234,
        [columns.size.id]: 1234.5,
        [columns.done.id]: true,
        [columns.date.id]: '2024-12-31',
        [columns.floor.id]: floorId,
      },
      {
        [columns.name.id]: 'Kelder',
        [columns.count.id]: 12,
        [columns.size.id]: 0.25,
        [columns.done.id]: false,
        [columns.date.id]: '2025-02-01',
        [columns.floor.id]: null,
      },
      {
        [columns.name.id]: 'Zolder',
        [columns.count.id]: null,
        [columns.size.id]: null,
        [columns.done.id]: null,
        [columns.date.id]: null,
        [columns.floor.id]: null,
      },
    ]);
    expect(records.every((r) => r.created_by.id === w.userId)).toBe(true);
    const token = await server.signIn(DEMO.user);
    const file = await fetch(`${server.url}/api/downloads/${job.id}`, { headers: { authorization: `Bearer ${token}` } });
    const lines = (await file.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('row,record');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['1', '2', '3']);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1]))).toEqual(new Set(records.map((r) => r.id)));
  });

  it('writes nothing when a cell is invalid: the job fails with the message that sends the client to /records/verify', async () => {
    const target = await w.table();
    const name = await w.column(target.id, { name: 'Name', type: 'text' });
    await w.column(target.id, { name: 'Count', type: 'integer' });
    const rows = Array.from({ length: 1_200 }, (_, i) => `Row ${i + 1};${i === 1_100 ? 'many' : i}`);
    const text = `Name;Count\n${rows.join('\n')}\n`;
    const started = await startImport(text, {}, w.user, target.id);
    const job = await jobEnded(w.user, started.data.id);
    expect(job).toMatchObject({ state: 'failed', reason: tableMessages.importInvalid });
    expect(await recordsOf(target.id)).toEqual([]);
    const created = await server.adapters.eventStore.readAll({ after: 0, maxCount: 100_000, filter: { eventTypes: ['RecordCreated'] } });
    expect(created.filter((e) => (e.data as { tableId: string }).tableId === target.id)).toEqual([]);
    // the second call of spec 2 §5: the errors
    const { data } = await verify(text, {}, w.user, target.id);
    expect(data.errors).toEqual([
      expect.objectContaining({ row: 1_101, header: 'Count', value: 'many', key: 'validation.notWholeNumber' }),
    ]);
    expect(data.mapping.Name).toBe(name.id);
  });
});

describe('POST /api/jobs/:jobId/cancel', () => {
  it("cancels the owner's job once; 409 when it has ended; 404 for anyone else", async () => {
    const target = await w.table();
    await w.column(target.id, { name: 'Name', type: 'text' });
    const started = await startImport('Name\na\n', {}, w.user, target.id);
    await expectRefused(server, () => w.admin.call(jobRoutes.cancel, { params: { jobId: started.data.id } }), 404);
    const job = await jobEnded(w.user, started.data.id);
    expect(job.state).toBe('finished');
    const late = await expectRefused(server, () => w.user.call(jobRoutes.cancel, { params: { jobId: started.data.id } }), 409);
    expect(late.message).toBe(jobMessages.alreadyFinished);
  });
});
