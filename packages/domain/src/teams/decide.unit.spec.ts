import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { teamDecider, type TeamCommand } from './decide';
import { teamMessages } from './messages';
import type { TeamEvent } from './team';
import { toTeamStreamId } from './teamStream';

const spec = deciderSpec(teamDecider);
const metadata = { actor: { userId: 'admin', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const command = <T extends TeamCommand['type']>(type: T, data: Extract<TeamCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<TeamCommand, { type: T }>;

const created: TeamEvent = { type: 'TeamCreated', data: { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: 'Design' } };
const deleted: TeamEvent = { type: 'TeamDeleted', data: { teamId: 't1', projectId: 'p1' } };
const withUser: TeamEvent = { type: 'TeamUserAdded', data: { teamId: 't1', userId: 'u1' } };
const withModule: TeamEvent = { type: 'TeamModuleAdded', data: { teamId: 't1', moduleId: 'build-order' } };

describe('Team', () => {
  it('lives in the stream team-<id>', () => expect(toTeamStreamId('t1')).toBe('team-t1'));

  describe('when created', () => {
    it('records the trimmed name, its project and licence', () =>
      spec
        .given([])
        .when(command('CreateTeam', { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: '  Design ', nameTaken: false }))
        .then([created]));
    it("refuses an empty name with 'Required.'", () =>
      spec
        .given([])
        .when(command('CreateTeam', { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: '   ', nameTaken: false }))
        .thenThrows(teamMessages.nameRequired, 422));
    it('refuses a name another team of the project has', () =>
      spec
        .given([])
        .when(command('CreateTeam', { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: 'Design', nameTaken: true }))
        .thenThrows(teamMessages.nameTaken, 409));
    it('refuses to create the same team twice', () =>
      spec
        .given([created])
        .when(command('CreateTeam', { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: 'Other', nameTaken: false }))
        .thenThrows(teamMessages.alreadyExists, 409));
    it('starts without users, modules and with every general app off', () => {
      const state = fold(teamDecider, [created]);
      expect(state).toMatchObject({
        userIds: [],
        modules: [],
        general: { workflows: false, tables: false, sbs: false, labels: false, tasks: false },
      });
    });
  });

  describe('when renamed', () => {
    it('records the new name', () =>
      spec
        .given([created])
        .when(command('RenameTeam', { name: 'Engineering', nameTaken: false }))
        .then([{ type: 'TeamRenamed', data: { teamId: 't1', name: 'Engineering' } }]));
    it('appends nothing for the same name', () =>
      spec
        .given([created])
        .when(command('RenameTeam', { name: ' Design ', nameTaken: false }))
        .then([]));
    it('refuses a taken name', () =>
      spec
        .given([created])
        .when(command('RenameTeam', { name: 'Build', nameTaken: true }))
        .thenThrows(teamMessages.nameTaken, 409));
    it('answers 404 for a team that does not exist', () =>
      spec
        .given([])
        .when(command('RenameTeam', { name: 'Build', nameTaken: false }))
        .thenThrows(teamMessages.notFound, 404));
  });

  describe('when deleted', () => {
    it('records the deletion', () => spec.given([created]).when(command('DeleteTeam', {})).then([deleted]));
    it('refuses every later command with 404', () => {
      spec.given([created, deleted]).when(command('DeleteTeam', {})).thenThrows(teamMessages.notFound, 404);
      spec
        .given([created, deleted])
        .when(command('AddTeamUser', { userId: 'u1', userInLicence: true }))
        .thenThrows(teamMessages.notFound, 404);
    });
  });

  describe('when adding a user', () => {
    it('records a user of the licence', () =>
      spec
        .given([created])
        .when(command('AddTeamUser', { userId: 'u1', userInLicence: true }))
        .then([withUser]));
    it('appends nothing for a user who is already in the team', () =>
      spec
        .given([created, withUser])
        .when(command('AddTeamUser', { userId: 'u1', userInLicence: true }))
        .then([]));
    it("answers 404 for a user outside the project's licence", () =>
      spec
        .given([created])
        .when(command('AddTeamUser', { userId: 'u9', userInLicence: false }))
        .thenThrows(teamMessages.userNotFound, 404));
  });

  describe('when removing a user', () => {
    it('records the removal', () =>
      spec
        .given([created, withUser])
        .when(command('RemoveTeamUser', { userId: 'u1' }))
        .then([{ type: 'TeamUserRemoved', data: { teamId: 't1', userId: 'u1' } }]));
    it('answers 404 for a user who is not in the team', () =>
      spec
        .given([created])
        .when(command('RemoveTeamUser', { userId: 'u1' }))
        .thenThrows(teamMessages.userNotFound, 404));
  });

  describe('when giving a module', () => {
    it('records a module of the project', () =>
      spec
        .given([created])
        .when(command('AddTeamModule', { moduleId: 'build-order', projectHasModule: true }))
        .then([withModule]));
    it('answers 404 for a module outside the catalogue', () =>
      spec
        .given([created])
        .when(command('AddTeamModule', { moduleId: 'no-such-module', projectHasModule: true }))
        .thenThrows(teamMessages.moduleNotFound, 404));
    it('refuses a module the project does not have', () =>
      spec
        .given([created])
        .when(command('AddTeamModule', { moduleId: 'build-order', projectHasModule: false }))
        .thenThrows(teamMessages.moduleNotInProject, 422));
    it('appends nothing for a module the team already has', () =>
      spec
        .given([created, withModule])
        .when(command('AddTeamModule', { moduleId: 'build-order', projectHasModule: true }))
        .then([]));
    it('takes a module away', () =>
      spec
        .given([created, withModule])
        .when(command('RemoveTeamModule', { moduleId: 'build-order' }))
        .then([{ type: 'TeamModuleRemoved', data: { teamId: 't1', moduleId: 'build-order' } }]));
    it('answers 404 when taking away a module the team does not have', () =>
      spec
        .given([created])
        .when(command('RemoveTeamModule', { moduleId: 'build-order' }))
        .thenThrows(teamMessages.moduleNotFound, 404));
  });

  describe('when changing the general permissions', () => {
    it('records the full set of flags after merging the given ones', () =>
      spec
        .given([created])
        .when(command('SetTeamGeneralPermissions', { general: { sbs: true, tasks: true } }))
        .then([
          {
            type: 'TeamGeneralPermissionsChanged',
            data: { teamId: 't1', general: { workflows: false, tables: false, sbs: true, labels: false, tasks: true } },
          },
        ]));
    it('appends nothing when no flag changes', () =>
      spec
        .given([created])
        .when(command('SetTeamGeneralPermissions', { general: { sbs: false } }))
        .then([]));
  });

  describe('when changing the SBS permissions', () => {
    it('records the new list', () =>
      spec
        .given([created])
        .when(command('SetTeamSbsPermissions', { sbs: [{ code: 'A.1', access: 'write' }] }))
        .then([{ type: 'TeamSbsPermissionsChanged', data: { teamId: 't1', sbs: [{ code: 'A.1', access: 'write' }] } }]));
    it('refuses the same code twice', () =>
      spec
        .given([created])
        .when(
          command('SetTeamSbsPermissions', {
            sbs: [
              { code: 'A.1', access: 'write' },
              { code: 'A.1', access: 'read' },
            ],
          }),
        )
        .thenThrows(teamMessages.duplicateSbsCode, 422));
    it('appends nothing for the same list in another order', () =>
      spec
        .given([
          created,
          {
            type: 'TeamSbsPermissionsChanged',
            data: {
              teamId: 't1',
              sbs: [
                { code: 'A', access: 'read' },
                { code: 'B', access: 'write' },
              ],
            },
          },
        ])
        .when(
          command('SetTeamSbsPermissions', {
            sbs: [
              { code: 'B', access: 'write' },
              { code: 'A', access: 'read' },
            ],
          }),
        )
        .then([]));
  });

  describe('when changing the workflow permissions', () => {
    it('records the new list', () =>
      spec
        .given([created])
        .when(command('SetTeamWorkflowPermissions', { workflows: [{ workflowId: 'w1', access: 'read' }] }))
        .then([{ type: 'TeamWorkflowPermissionsChanged', data: { teamId: 't1', workflows: [{ workflowId: 'w1', access: 'read' }] } }]));
    it('refuses the same workflow twice', () =>
      spec
        .given([created])
        .when(
          command('SetTeamWorkflowPermissions', {
            workflows: [
              { workflowId: 'w1', access: 'read' },
              { workflowId: 'w1', access: 'write' },
            ],
          }),
        )
        .thenThrows(teamMessages.duplicateWorkflow, 422));
  });
});
