import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityRoutes, tableRoutes, teamRoutes } from '@stramien/api';
import { COLUMN_TYPES, messages, tableMessages } from '@stramien/domain';
import { expectRefused } from '../../testing/expectations';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createTablesWorld, unique, type TablesWorld } from './tableTesting';

let server: TestServer;
let w: TablesWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await createTablesWorld(server);
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/table', () => {
  it('creates a table for a project admin and answers its view', async () => {
    const res = await w.user.call(tableRoutes.createTable, { body: { project: { id: w.adminProjectId }, name: '  Rooms  ' } });
    expect(res.position).toBeGreaterThan(0);
    expect(res.data).toMatchObject({
      name: 'Rooms',
      project: { id: w.adminProjectId },
      columns: [],
      relations: [],
      record_count: 0,
      record_count_capped: false,
      module: false,
      access: { manage: true, write: true, read: true },
    });
  });

  it('takes the project as an id too, and marks module tables', async () => {
    const res = await w.user.call(tableRoutes.createTable, { body: { project: w.adminProjectId, name: unique('CFFA_DHME_X') } });
    expect(res.data.module).toBe(true);
  });

  it("refuses an empty name with 'Required.' and a too long one with 400, appending nothing", async () => {
    const empty = await expectRefused(server, () => w.table(w.adminProjectId, w.user, '  '), 422);
    expect(empty.errors).toEqual({ name: ['Required.'] });
    await expectRefused(server, () => w.table(w.adminProjectId, w.user, 'x'.repeat(101)), 400);
  });

  it('answers 403 to an ordinary member and 404 for a project of another licence or unknown', async () => {
    expect((await expectRefused(server, () => w.table(w.memberProjectId), 403)).message).toBe(messages.shared.forbidden);
    await expectRefused(server, () => w.table(w.otherLicenceProjectId), 404);
    await expectRefused(server, () => w.table(w.foreignProjectId), 404);
    await expectRefused(server, () => w.table(randomUUID()), 404);
  });
});

describe('PUT and DELETE /api/table/:id', () => {
  it('renames a table and answers the new view', async () => {
    const table = await w.table();
    const res = await w.user.call(tableRoutes.updateTable, { params: { id: table.id }, body: { name: 'Spaces' } });
    expect(res.data).toMatchObject({ id: table.id, name: 'Spaces' });
  });

  it('deletes a table: afterwards its id answers 404', async () => {
    const table = await w.table();
    await w.user.call(tableRoutes.deleteTable, { params: { id: table.id } });
    await expectRefused(server, () => w.user.call(tableRoutes.updateTable, { params: { id: table.id }, body: { name: 'Again' } }), 404);
    await expectRefused(server, () => w.user.call(tableRoutes.deleteTable, { params: { id: table.id } }), 404);
  });

  it("answers 404 'Table not found.' for a table of another licence and an unknown id", async () => {
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    const answer = await expectRefused(
      server,
      () => w.user.call(tableRoutes.updateTable, { params: { id: foreign.id }, body: { name: 'Mine' } }),
      404,
    );
    expect(answer.message).toBe(tableMessages.notFound);
    await expectRefused(server, () => w.user.call(tableRoutes.deleteTable, { params: { id: randomUUID() } }), 404);
  });
});

describe('POST /api/column', () => {
  it('adds a column of each of the 11 types, in order', async () => {
    const table = await w.table();
    const target = await w.table();
    for (const type of COLUMN_TYPES) {
      const options_value = type === 'dropdown' ? { options: ['a', 'b'] } : type === 'table' ? { table: target.id } : null;
      const column = await w.column(table.id, { name: `Col ${type}`, type, options_value });
      expect(column).toMatchObject({ name: `Col ${type}`, type, options_value });
    }
    const renamed = await w.user.call(tableRoutes.updateTable, { params: { id: table.id }, body: { name: table.name } });
    expect(renamed.data.columns.map((c) => c.type)).toEqual([...COLUMN_TYPES]);
    expect(renamed.data.columns.map((c) => c.position)).toEqual(COLUMN_TYPES.map((_, i) => i));
  });

  it('reads options_value given as JSON text', async () => {
    const table = await w.table();
    const column = await w.column(table.id, { name: 'Colour', type: 'dropdown', options_value: '{"options":["red","green"]}' });
    expect(column.options_value).toEqual({ options: ['red', 'green'] });
  });

  it('refuses options that do not fit the type, keyed options_value, appending nothing', async () => {
    const table = await w.table();
    const answer = await expectRefused(
      server,
      () => w.column(table.id, { name: 'Colour', type: 'dropdown', options_value: { options: [] } }),
      422,
    );
    expect(answer.errors).toEqual({ options_value: [tableMessages.dropdownOptionsRequired] });
    await expectRefused(server, () => w.column(table.id, { name: 'Colour', type: 'colour' as never }), 400);
  });

  it('refuses a table column pointing at a table of another project', async () => {
    const table = await w.table();
    const elsewhere = await w.table(w.otherLicenceProjectId, w.admin);
    const answer = await expectRefused(
      server,
      () => w.column(table.id, { name: 'Link', type: 'table', options_value: { table: elsewhere.id } }),
      422,
    );
    expect(answer.errors).toEqual({ options_value: [tableMessages.targetTableNotFound] });
  });

  it('refuses a second column of the same name with 409', async () => {
    const table = await w.table();
    await w.column(table.id, { name: 'Name', type: 'text' });
    expect((await expectRefused(server, () => w.column(table.id, { name: 'NAME', type: 'text' }), 409)).message).toBe(
      tableMessages.columnNameTaken,
    );
  });

  it('answers 404 for a table of another licence', async () => {
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    await expectRefused(server, () => w.column(foreign.id, { name: 'Mine', type: 'text' }), 404);
  });
});

describe('PUT and DELETE /api/column/:id, relations', () => {
  it('renames a column, refuses a change of its type, and deletes it with its relations', async () => {
    const table = await w.table();
    const target = await w.table();
    const link = await w.column(table.id, { name: 'Floor', type: 'table', options_value: { table: target.id } });
    const renamed = await w.user.call(tableRoutes.updateColumn, { params: { id: link.id }, body: { name: 'Storey' } });
    expect(renamed.data).toMatchObject({ id: link.id, name: 'Storey', type: 'table' });
    const typeChange = await expectRefused(
      server,
      () => w.user.call(tableRoutes.updateColumn, { params: { id: link.id }, body: { type: 'text' } }),
      422,
    );
    expect(typeChange.errors).toEqual({ type: [tableMessages.columnTypeFixed] });

    const relation = await w.user.call(tableRoutes.createRelation, {
      params: { id: w.adminProjectId },
      body: { table: { id: table.id }, column: { id: link.id } },
    });
    expect(relation.data).toMatchObject({ column: { id: link.id }, target_table: { id: target.id } });
    const deleted = await w.user.call(tableRoutes.deleteColumn, { params: { id: link.id } });
    expect(deleted.data.columns).toEqual([]);
    expect(deleted.data.relations).toEqual([]);
    await expectRefused(server, () => w.user.call(tableRoutes.deleteColumn, { params: { id: link.id } }), 404);
  });

  it('removes a relation by id, 404 under another project', async () => {
    const table = await w.table();
    const target = await w.table();
    const link = await w.column(table.id, { name: 'Floor', type: 'table', options_value: { table: target.id } });
    const relation = (
      await w.user.call(tableRoutes.createRelation, { params: { id: w.adminProjectId }, body: { table: table.id, column: link.id } })
    ).data;
    await expectRefused(
      server,
      () => w.user.call(tableRoutes.deleteRelation, { params: { id: w.memberProjectId, relationId: relation.id } }),
      404,
    );
    const after = await w.user.call(tableRoutes.deleteRelation, { params: { id: w.adminProjectId, relationId: relation.id } });
    expect(after.data.relations).toEqual([]);
  });

  it('refuses a relation on a column that is not of type table, and under another project', async () => {
    const table = await w.table();
    const text = await w.column(table.id, { name: 'Name', type: 'text' });
    const answer = await expectRefused(
      server,
      () => w.user.call(tableRoutes.createRelation, { params: { id: w.adminProjectId }, body: { table: table.id, column: text.id } }),
      422,
    );
    expect(answer.errors).toEqual({ column: [tableMessages.relationNeedsTableColumn] });
    await expectRefused(
      server,
      () => w.user.call(tableRoutes.createRelation, { params: { id: w.memberProjectId }, body: { table: table.id, column: text.id } }),
      404,
    );
  });

  it('answers 404 for a column of another licence and for an unknown column', async () => {
    const foreign = await w.table(w.otherLicenceProjectId, w.admin);
    const column = await w.column(foreign.id, { name: 'Theirs', type: 'text' }, w.admin);
    await expectRefused(server, () => w.user.call(tableRoutes.updateColumn, { params: { id: column.id }, body: { name: 'Mine' } }), 404);
    await expectRefused(server, () => w.user.call(tableRoutes.deleteColumn, { params: { id: column.id } }), 404);
    await expectRefused(server, () => w.user.call(tableRoutes.deleteColumn, { params: { id: randomUUID() } }), 404);
  });
});

describe('table permissions', () => {
  it('give a team read or write; the team view lists them; change and revoke', async () => {
    const teamId = await w.memberTeam();
    const table = await w.table(w.memberProjectId, w.admin);
    const granted = await w.admin.call(tableRoutes.createPermission, {
      body: { table: { id: table.id }, team: { id: teamId }, read: true, write: false },
    });
    expect(granted.data).toMatchObject({
      table: { id: table.id },
      project: { id: w.memberProjectId },
      team: { id: teamId },
      read: true,
      write: false,
    });
    await expectRefused(
      server,
      () => w.admin.call(tableRoutes.createPermission, { body: { table: table.id, team: teamId, read: true, write: true } }),
      409,
    );
    const teamView = await w.admin.call(teamRoutes.permissions, { params: { id: teamId } });
    expect(teamView.data.tables).toEqual([granted.data]);

    const changed = await w.admin.call(tableRoutes.updatePermission, { params: { id: granted.data.id }, body: { write: true } });
    expect(changed.data).toMatchObject({ read: true, write: true });
    await w.admin.call(tableRoutes.deletePermission, { params: { id: granted.data.id } });
    await expectRefused(server, () => w.admin.call(tableRoutes.deletePermission, { params: { id: granted.data.id } }), 404);
  });

  it('refuse a team of another project', async () => {
    const table = await w.table();
    const teamId = await w.memberTeam();
    const answer = await expectRefused(
      server,
      () => w.user.call(tableRoutes.createPermission, { body: { table: table.id, team: teamId, read: true, write: true } }),
      422,
    );
    expect(answer.errors).toEqual({ team: [tableMessages.teamNotInProject] });
  });

  it('decide what a member sees: nothing without a permission (404), reading with read, not managing (403)', async () => {
    const table = await w.table(w.memberProjectId, w.admin);
    const rename = () => w.user.call(tableRoutes.updateTable, { params: { id: table.id }, body: { name: 'Taken over' } });
    expect((await expectRefused(server, rename, 404)).message).toBe(tableMessages.notFound);
    const teamId = await w.memberTeam();
    await w.admin.call(tableRoutes.createPermission, { body: { table: table.id, team: teamId, read: true, write: true } });
    expect((await expectRefused(server, rename, 403)).message).toBe(messages.shared.forbidden);
    await expectRefused(
      server,
      () => w.user.call(tableRoutes.storeRevision, { body: { table: table.id, project: w.memberProjectId } }),
      403,
    );
  });
});

describe('POST /api/revision', () => {
  it('stores a named log position: the head when stored, the reason as given', async () => {
    const table = await w.table();
    const head = await w.head();
    const res = await w.user.call(tableRoutes.storeRevision, {
      body: { table: { id: table.id }, project: { id: w.adminProjectId }, reason: 'Before import' },
    });
    expect(res.data).toMatchObject({ name: 'Before import', reason: 'Before import', table: { id: table.id }, position: head });
  });

  it("defaults the reason to the time and the user's last name (spec 2 §3)", async () => {
    const table = await w.table();
    const me = await w.user.call(identityRoutes.currentUser);
    const res = await w.user.call(tableRoutes.storeRevision, { body: { table: table.id, project: w.adminProjectId } });
    expect(res.data.reason).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z ${me.lastname}$`));
    expect(res.data.created_by.id).toBe(me.id);
  });

  it('answers 404 for the table under another project', async () => {
    const table = await w.table();
    await expectRefused(
      server,
      () => w.user.call(tableRoutes.storeRevision, { body: { table: table.id, project: w.memberProjectId } }),
      404,
    );
  });
});

describe('a table of a deleted team permission', () => {
  it('is invisible again to the team once revoked', async () => {
    const table = await w.table(w.memberProjectId, w.admin);
    const teamId = await w.memberTeam();
    const permission = (
      await w.admin.call(tableRoutes.createPermission, { body: { table: table.id, team: teamId, read: true, write: false } })
    ).data;
    await w.admin.call(tableRoutes.deletePermission, { params: { id: permission.id } });
    await expectRefused(server, () => w.user.call(tableRoutes.createColumn, { body: { table: table.id, name: 'X', type: 'text' } }), 404);
  });
});
