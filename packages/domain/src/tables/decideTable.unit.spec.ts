import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { DomainError } from '../shared/domainError';
import { tableDecider, defaultRevisionReason, type TableCommand } from './decideTable';
import { tableMessages } from './messages';
import type { Column, TableEvent } from './table';
import { toRecordStreamId, toTableStreamId } from './tableStream';

const spec = deciderSpec(tableDecider);
const metadata = { actor: { userId: 'admin', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const command = <T extends TableCommand['type']>(type: T, data: Extract<TableCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<TableCommand, { type: T }>;
const decide = (events: TableEvent[], c: TableCommand) => tableDecider.decide(c, fold(tableDecider, events));
const ids = { tableId: 't1', projectId: 'p1' };

const created: TableEvent = { type: 'TableCreated', data: { ...ids, name: 'Rooms' } };
const deleted: TableEvent = { type: 'TableDeleted', data: ids };
const nameColumn: Column = { columnId: 'c1', name: 'Name', type: 'text', options: null, position: 0 };
const linkColumn: Column = { columnId: 'c2', name: 'Floor', type: 'table', options: { table: 't2' }, position: 1 };
const withName: TableEvent = { type: 'ColumnAdded', data: { ...ids, column: nameColumn } };
const withLink: TableEvent = { type: 'ColumnAdded', data: { ...ids, column: linkColumn } };
const relation: TableEvent = {
  type: 'RelationAdded',
  data: { ...ids, relation: { relationId: 'rel1', columnId: 'c2', targetTableId: 't2' } },
};
const granted: TableEvent = {
  type: 'TablePermissionGranted',
  data: { ...ids, permission: { permissionId: 'perm1', teamId: 'team1', read: true, write: false } },
};

describe('Table', () => {
  it('lives in the stream table-<id>, its records in record-<id>', () => {
    expect(toTableStreamId('t1')).toBe('table-t1');
    expect(toRecordStreamId('r1')).toBe('record-r1');
  });

  describe('when created', () => {
    it('records the trimmed name and its project', () =>
      spec
        .given([])
        .when(command('CreateTable', { ...ids, name: ' Rooms ', nameTaken: false }))
        .then([created]));
    it('refuses an empty name, a taken name and a second creation', () => {
      expect(decide([], command('CreateTable', { ...ids, name: ' ', nameTaken: false }))).toMatchObject({
        status: 422,
        errors: { name: ['Required.'] },
      });
      spec
        .given([])
        .when(command('CreateTable', { ...ids, name: 'Rooms', nameTaken: true }))
        .thenThrows(tableMessages.nameTaken, 409);
      spec
        .given([created])
        .when(command('CreateTable', { ...ids, name: 'Other', nameTaken: false }))
        .thenThrows(tableMessages.alreadyExists, 409);
    });
  });

  describe('when renamed', () => {
    it('records the new and the previous name', () =>
      spec
        .given([created])
        .when(command('RenameTable', { name: 'Spaces', nameTaken: false }))
        .then([{ type: 'TableRenamed', data: { ...ids, name: 'Spaces', previousName: 'Rooms' } }]));
    it('appends nothing for the same name, and may change only its case', () => {
      spec
        .given([created])
        .when(command('RenameTable', { name: 'Rooms', nameTaken: true }))
        .then([]);
      spec
        .given([created])
        .when(command('RenameTable', { name: 'ROOMS', nameTaken: true }))
        .then([{ type: 'TableRenamed', data: { ...ids, name: 'ROOMS', previousName: 'Rooms' } }]);
    });
  });

  describe('when deleted', () => {
    it('records the deletion and refuses every later command with 404', () => {
      spec.given([created]).when(command('DeleteTable', {})).then([deleted]);
      spec.given([created, deleted]).when(command('DeleteTable', {})).thenThrows(tableMessages.notFound, 404);
      spec
        .given([created, deleted])
        .when(command('RenameTable', { name: 'X', nameTaken: false }))
        .thenThrows(tableMessages.notFound, 404);
    });
  });

  describe('when a column is added', () => {
    const add = (data: Partial<Extract<TableCommand, { type: 'AddColumn' }>['data']>) =>
      command('AddColumn', {
        columnId: 'c3',
        name: 'Colour',
        type: 'dropdown',
        options: { options: ['red'] },
        targetTableLive: false,
        ...data,
      });
    it('records it after the last column, with its checked options', () =>
      spec
        .given([created, withName])
        .when(add({ options: '{"options":[" red ","green"]}' }))
        .then([
          {
            type: 'ColumnAdded',
            data: {
              ...ids,
              column: { columnId: 'c3', name: 'Colour', type: 'dropdown', options: { options: ['red', 'green'] }, position: 1 },
            },
          },
        ]));
    it('refuses options that do not fit the type, keyed options_value', () => {
      expect(decide([created], add({ options: { options: [] } }))).toMatchObject({
        status: 422,
        errors: { options_value: [tableMessages.dropdownOptionsRequired] },
      });
      expect(decide([created], add({ type: 'integer', options: { options: ['a'] } }))).toMatchObject({
        errors: { options_value: [tableMessages.noOptionsForType] },
      });
    });
    it('refuses a table column whose target is not a live table of the project', () =>
      expect(decide([created], add({ type: 'table', options: { table: 't9' }, targetTableLive: false }))).toMatchObject({
        status: 422,
        errors: { options_value: [tableMessages.targetTableNotFound] },
      }));
    it('refuses a name another column has, in any case', () =>
      spec
        .given([created, withName])
        .when(add({ name: 'name' }))
        .thenThrows(tableMessages.columnNameTaken, 409));
  });

  describe('when a column is updated', () => {
    it('records only what changed, each from and to', () =>
      spec
        .given([created, withName])
        .when(command('UpdateColumn', { columnId: 'c1', name: 'Title', position: 0, targetTableLive: false }))
        .then([{ type: 'ColumnUpdated', data: { ...ids, columnId: 'c1', changes: { name: { from: 'Name', to: 'Title' } } } }]));
    it('refuses a change of type and answers 404 for an unknown column', () => {
      expect(
        decide([created, withName], command('UpdateColumn', { columnId: 'c1', type: 'integer', targetTableLive: false })),
      ).toMatchObject({
        errors: { type: [tableMessages.columnTypeFixed] },
      });
      spec
        .given([created])
        .when(command('UpdateColumn', { columnId: 'c9', name: 'X', targetTableLive: false }))
        .thenThrows(tableMessages.columnNotFound, 404);
    });
  });

  describe('when a column is deleted', () => {
    it('removes its relations in the same event (spec 2 §4)', () => {
      spec
        .given([created, withName, withLink, relation])
        .when(command('DeleteColumn', { columnId: 'c2' }))
        .then([{ type: 'ColumnDeleted', data: { ...ids, columnId: 'c2', removedRelationIds: ['rel1'] } }]);
      const state = fold(tableDecider, [
        created,
        withName,
        withLink,
        relation,
        { type: 'ColumnDeleted', data: { ...ids, columnId: 'c2', removedRelationIds: ['rel1'] } },
      ]);
      expect(state.columns.map((c) => c.columnId)).toEqual(['c1']);
      expect(state.relations).toEqual([]);
    });
  });

  describe('relations', () => {
    it('join a table column to its target table, once', () => {
      spec
        .given([created, withLink])
        .when(command('AddRelation', { relationId: 'rel1', columnId: 'c2' }))
        .then([relation]);
      spec
        .given([created, withLink, relation])
        .when(command('AddRelation', { relationId: 'rel2', columnId: 'c2' }))
        .thenThrows(tableMessages.relationExists, 409);
    });
    it('need a column of type table', () =>
      expect(decide([created, withName], command('AddRelation', { relationId: 'rel1', columnId: 'c1' }))).toMatchObject({
        errors: { column: [tableMessages.relationNeedsTableColumn] },
      }));
    it('are removed by id, 404 for an unknown one', () => {
      spec
        .given([created, withLink, relation])
        .when(command('RemoveRelation', { relationId: 'rel1' }))
        .then([{ type: 'RelationRemoved', data: { ...ids, relationId: 'rel1' } }]);
      spec
        .given([created])
        .when(command('RemoveRelation', { relationId: 'rel1' }))
        .thenThrows(tableMessages.relationNotFound, 404);
    });
  });

  describe('team permissions', () => {
    const grant = (teamInProject = true) =>
      command('GrantTablePermission', { permissionId: 'perm1', teamId: 'team1', read: true, write: false, teamInProject });
    it('give a team of the project read or write, one permission per team', () => {
      spec.given([created]).when(grant()).then([granted]);
      spec.given([created, granted]).when(grant()).thenThrows(tableMessages.permissionExists, 409);
      expect(decide([created], grant(false))).toMatchObject({ status: 422, errors: { team: [tableMessages.teamNotInProject] } });
    });
    it('change and revoke by id', () => {
      spec
        .given([created, granted])
        .when(command('ChangeTablePermission', { permissionId: 'perm1', write: true }))
        .then([{ type: 'TablePermissionChanged', data: { ...ids, permissionId: 'perm1', read: true, write: true } }]);
      spec
        .given([created, granted])
        .when(command('ChangeTablePermission', { permissionId: 'perm1', read: true }))
        .then([]);
      spec
        .given([created, granted])
        .when(command('RevokeTablePermission', { permissionId: 'perm1' }))
        .then([{ type: 'TablePermissionRevoked', data: { ...ids, permissionId: 'perm1' } }]);
      spec
        .given([created])
        .when(command('RevokeTablePermission', { permissionId: 'perm1' }))
        .thenThrows(tableMessages.permissionNotFound, 404);
    });
  });

  describe('when a revision is stored', () => {
    it('records a named log position', () =>
      spec
        .given([created])
        .when(command('StoreRevision', { revisionId: 'rev1', reason: ' Before import ', position: 42 }))
        .then([{ type: 'RevisionStored', data: { ...ids, revisionId: 'rev1', reason: 'Before import', position: 42 } }]));
    it('defaults its reason to the time and the last name of the user (spec 2 §3)', () =>
      expect(defaultRevisionReason('2026-01-01T00:00:00.000Z', 'Jansen')).toBe('2026-01-01T00:00:00.000Z Jansen'));
    it('refuses an empty reason', () =>
      expect(decide([created], command('StoreRevision', { revisionId: 'rev1', reason: '', position: 1 }))).toBeInstanceOf(DomainError));
  });

  describe('when a revision is restored', () => {
    const stored: TableEvent = { type: 'RevisionStored', data: { ...ids, revisionId: 'rev1', reason: 'Before', position: 7 } };
    const restore = { revisionId: 'rev1', newRevisionId: 'rev2', reason: 'Now', position: 42, jobId: 'job1' };
    it('first stores the present as a new revision, then marks the restore and its job', () =>
      spec
        .given([created, stored])
        .when(command('RestoreRevision', restore))
        .then([
          { type: 'RevisionStored', data: { ...ids, revisionId: 'rev2', reason: 'Now', position: 42 } },
          { type: 'RevisionRestoreStarted', data: { ...ids, revisionId: 'rev1', newRevisionId: 'rev2', jobId: 'job1' } },
        ]));
    it("refuses a revision the table does not have: 'Revision not found'", () =>
      spec.given([created]).when(command('RestoreRevision', restore)).thenThrows(tableMessages.revisionNotFound, 404));
  });
});
