import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableQueryRoutes, tableRoutes, type ColumnView, type TableView } from '@stramien/api';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createTablesWorld, type TablesWorld } from './tableTesting';

/**
 * Record edits are answered from the record's stream, before the read models have them (docs/performance.md 46.): the
 * projections hold their batches for a minute here unless somebody waits for a position, so what waits and what does
 * not shows.
 */
let server: TestServer;
let w: TablesWorld;
let table: TableView;
let name: ColumnView;

beforeAll(async () => {
  server = await startTestServer({ STRAMIEN_PROJECTION_COALESCE_MS: '60000' });
  w = await createTablesWorld(server);
  table = await w.table();
  name = await w.column(table.id, { name: 'Name', type: 'text' });
});
afterAll(async () => {
  await server?.close();
});

const projected = () => server.projections.runner.position();
const names = async (api = w.user, minPosition?: number) =>
  (
    await api.call(tableQueryRoutes.records, {
      query: { 'project[id]': w.adminProjectId, 'table[id]': table.id, 'filter[limit]': '0' },
      ...(minPosition ? { minPosition } : {}),
    })
  ).data.map((r) => r.values[name.id]);

describe('record edits and the read models', () => {
  it("are answered from the record's stream before the read models have them, and the editor's next read waits for them", async () => {
    const created = await w.user.call(tableRoutes.createRecord, { body: { table: table.id, values: { [name.id]: 'Hall' } } });
    expect(created.data.values).toEqual({ [name.id]: 'Hall' });
    const edited = await w.user.call(tableRoutes.updateRecord, {
      params: { id: created.data.id },
      body: { values: { [name.id]: 'Lobby' } },
    });
    expect(edited.data.values).toEqual({ [name.id]: 'Lobby' });
    expect(projected()).toBeLessThan(edited.position);
    expect(await names()).toEqual(['Lobby']);
    expect(projected()).toBeGreaterThanOrEqual(edited.position);
  });

  it("do not wait for the read models between one user's edits, and another user's read sees them with X-Min-Position", async () => {
    const created = await w.user.call(tableRoutes.createRecord, { body: { table: table.id, values: { [name.id]: 'Attic' } } });
    const first = await w.user.call(tableRoutes.updateRecord, { params: { id: created.data.id }, body: { values: { [name.id]: 'Loft' } } });
    const second = await w.user.call(tableRoutes.updateRecord, {
      params: { id: created.data.id },
      body: { values: { [name.id]: 'Roof' } },
    });
    expect(second.data.values).toEqual({ [name.id]: 'Roof' });
    expect(projected()).toBeLessThan(first.position);
    expect(await names(w.admin, second.position)).toEqual(['Lobby', 'Roof']);
  });

  it("make the editor's next command wait for them", async () => {
    const created = await w.user.call(tableRoutes.createRecord, { body: { table: table.id, values: { [name.id]: 'Cellar' } } });
    expect(projected()).toBeLessThan(created.position);
    await w.user.call(tableRoutes.updateTable, { params: { id: table.id }, body: { name: table.name } });
    expect(projected()).toBeGreaterThanOrEqual(created.position);
  });
});
