import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { projectWorkflowDecider, type ProjectWorkflowCommand } from './decideProjectWorkflow';
import { workflowMessages } from './messages';
import { teamsOfNode, type ProjectWorkflowEvent } from './projectWorkflow';
import { commandOf } from './testFixtures';
import { toProjectWorkflowStreamId } from './workflowStream';

const spec = deciderSpec(projectWorkflowDecider);
const command = commandOf<ProjectWorkflowCommand>();
const decide = (events: ProjectWorkflowEvent[], c: ProjectWorkflowCommand) =>
  projectWorkflowDecider.decide(c, fold(projectWorkflowDecider, events));
const ids = { projectWorkflowId: 'pw1', projectId: 'p1' };
const add = { ...ids, workflowId: 'w1', name: 'Inspection', version: 2, versionPublished: true, alreadyInProject: false };

const added: ProjectWorkflowEvent = { type: 'ProjectWorkflowAdded', data: { ...ids, workflowId: 'w1', name: 'Inspection', version: 2 } };
const removed: ProjectWorkflowEvent = { type: 'ProjectWorkflowRemoved', data: ids };
const role: ProjectWorkflowEvent = { type: 'WorkflowRoleCreated', data: { ...ids, roleId: 'r1', name: 'Inspector' } };
const team: ProjectWorkflowEvent = { type: 'WorkflowRoleTeamAdded', data: { ...ids, roleId: 'r1', teamId: 't1' } };
const roleNode: ProjectWorkflowEvent = { type: 'WorkflowRoleNodeAdded', data: { ...ids, roleId: 'r1', nodeId: 'n1' } };

describe('Project workflow', () => {
  it('lives in the stream projectWorkflow-<id>', () => expect(toProjectWorkflowStreamId('pw1')).toBe('projectWorkflow-pw1'));

  describe('when added', () => {
    it('records the workflow, its name and the published version new sessions start on', () =>
      spec
        .given([])
        .when(command('AddProjectWorkflow', { ...add, name: ' Inspection ' }))
        .then([added]));
    it('refuses a version that is not published, a workflow already in the project and an empty name', () => {
      expect(decide([], command('AddProjectWorkflow', { ...add, versionPublished: false }))).toMatchObject({
        status: 422,
        errors: { version: [workflowMessages.versionNotPublished] },
      });
      expect(decide([], command('AddProjectWorkflow', { ...add, version: 0 }))).toMatchObject({
        errors: { version: [workflowMessages.versionNotPublished] },
      });
      spec
        .given([])
        .when(command('AddProjectWorkflow', { ...add, alreadyInProject: true }))
        .thenThrows(workflowMessages.projectWorkflowExists, 409);
      expect(decide([], command('AddProjectWorkflow', { ...add, name: '' }))).toMatchObject({ errors: { name: ['Required.'] } });
      spec.given([added]).when(command('AddProjectWorkflow', add)).thenThrows(workflowMessages.projectWorkflowExists, 409);
    });
  });

  describe('when changed', () => {
    it('records the name and version after the change, nothing when nothing changes', () => {
      spec
        .given([added])
        .when(command('ChangeProjectWorkflow', { version: 3, versionPublished: true }))
        .then([{ type: 'ProjectWorkflowChanged', data: { ...ids, name: 'Inspection', version: 3 } }]);
      spec
        .given([added])
        .when(command('ChangeProjectWorkflow', { name: 'Inspection', version: 2, versionPublished: false }))
        .then([]);
    });
    it('refuses a version that is not published', () =>
      expect(decide([added], command('ChangeProjectWorkflow', { version: 9, versionPublished: false }))).toMatchObject({
        errors: { version: [workflowMessages.versionNotPublished] },
      }));
  });

  describe('when removed', () => {
    it('refuses every later command with 404', () => {
      spec.given([added]).when(command('RemoveProjectWorkflow', {})).then([removed]);
      spec.given([added, removed]).when(command('RemoveProjectWorkflow', {})).thenThrows(workflowMessages.projectWorkflowNotFound, 404);
      spec
        .given([added, removed])
        .when(command('CreateWorkflowRole', { roleId: 'r1', name: 'X' }))
        .thenThrows(workflowMessages.projectWorkflowNotFound, 404);
    });
  });

  describe('roles', () => {
    it('are created, renamed and deleted, names unique without case', () => {
      spec
        .given([added])
        .when(command('CreateWorkflowRole', { roleId: 'r1', name: ' Inspector ' }))
        .then([role]);
      spec
        .given([added, role])
        .when(command('CreateWorkflowRole', { roleId: 'r2', name: 'inspector' }))
        .thenThrows(workflowMessages.roleNameTaken, 409);
      spec
        .given([added, role])
        .when(command('RenameWorkflowRole', { roleId: 'r1', name: 'Checker' }))
        .then([{ type: 'WorkflowRoleRenamed', data: { ...ids, roleId: 'r1', name: 'Checker' } }]);
      spec
        .given([added, role])
        .when(command('RenameWorkflowRole', { roleId: 'r1', name: 'Inspector' }))
        .then([]);
      spec
        .given([added, role])
        .when(command('DeleteWorkflowRole', { roleId: 'r1' }))
        .then([{ type: 'WorkflowRoleDeleted', data: { ...ids, roleId: 'r1' } }]);
      spec
        .given([added])
        .when(command('DeleteWorkflowRole', { roleId: 'r1' }))
        .thenThrows(workflowMessages.roleNotFound, 404);
    });
    it('are given to teams of the project, each once', () => {
      spec
        .given([added, role])
        .when(command('AddWorkflowRoleTeam', { roleId: 'r1', teamId: 't1', teamInProject: true }))
        .then([team]);
      expect(decide([added, role], command('AddWorkflowRoleTeam', { roleId: 'r1', teamId: 't9', teamInProject: false }))).toMatchObject({
        status: 422,
        errors: { group: ['This team is not part of the project.'] },
      });
      spec
        .given([added, role, team])
        .when(command('AddWorkflowRoleTeam', { roleId: 'r1', teamId: 't1', teamInProject: true }))
        .thenThrows(workflowMessages.roleTeamExists, 409);
      spec
        .given([added, role, team])
        .when(command('RemoveWorkflowRoleTeam', { roleId: 'r1', teamId: 't1' }))
        .then([{ type: 'WorkflowRoleTeamRemoved', data: { ...ids, roleId: 'r1', teamId: 't1' } }]);
      spec
        .given([added, role])
        .when(command('RemoveWorkflowRoleTeam', { roleId: 'r1', teamId: 't1' }))
        .thenThrows(workflowMessages.roleTeamNotFound, 404);
    });
    it('are given to nodes of the version, each once', () => {
      spec
        .given([added, role])
        .when(command('AddWorkflowRoleNode', { roleId: 'r1', nodeId: 'n1', nodeInVersion: true }))
        .then([roleNode]);
      expect(decide([added, role], command('AddWorkflowRoleNode', { roleId: 'r1', nodeId: 'n9', nodeInVersion: false }))).toMatchObject({
        errors: { node: [workflowMessages.nodeNotInVersion] },
      });
      spec
        .given([added, role, roleNode])
        .when(command('AddWorkflowRoleNode', { roleId: 'r1', nodeId: 'n1', nodeInVersion: true }))
        .thenThrows(workflowMessages.roleNodeExists, 409);
      spec
        .given([added, role, roleNode])
        .when(command('RemoveWorkflowRoleNode', { roleId: 'r1', nodeId: 'n1' }))
        .then([{ type: 'WorkflowRoleNodeRemoved', data: { ...ids, roleId: 'r1', nodeId: 'n1' } }]);
      spec
        .given([added, role])
        .when(command('RemoveWorkflowRoleNode', { roleId: 'r1', nodeId: 'n1' }))
        .thenThrows(workflowMessages.roleNodeNotFound, 404);
    });
    it('say which teams may take a node’s jobs; a deleted role takes its teams and nodes along', () => {
      const other: ProjectWorkflowEvent[] = [
        { type: 'WorkflowRoleCreated', data: { ...ids, roleId: 'r2', name: 'Backup' } },
        { type: 'WorkflowRoleTeamAdded', data: { ...ids, roleId: 'r2', teamId: 't2' } },
        { type: 'WorkflowRoleTeamAdded', data: { ...ids, roleId: 'r2', teamId: 't1' } },
        { type: 'WorkflowRoleNodeAdded', data: { ...ids, roleId: 'r2', nodeId: 'n1' } },
      ];
      const state = fold(projectWorkflowDecider, [added, role, team, roleNode, ...other]);
      expect(teamsOfNode(state, 'n1')).toEqual(['t1', 't2']);
      expect(teamsOfNode(state, 'n2')).toEqual([]);
      const after = fold(projectWorkflowDecider, [
        added,
        role,
        team,
        roleNode,
        { type: 'WorkflowRoleDeleted', data: { ...ids, roleId: 'r1' } },
      ]);
      expect(teamsOfNode(after, 'n1')).toEqual([]);
    });
  });
});
