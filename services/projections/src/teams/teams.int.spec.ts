import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProjections, type ProjectionsHarness } from '../testing/projectionHarness';
import { randomUUID } from 'node:crypto';
import { toTeamStreamId, type TeamEvent } from '@stramien/domain';
import { teamsProjection, type TeamDoc } from './teams';

let h: ProjectionsHarness;

const meta = { userId: 'admin', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' };
const envelope = (event: TeamEvent) => ({ id: randomUUID(), ...event, metadata: meta });
const append = async (teamId: string, events: TeamEvent[]) => {
  const stream = await h.eventStore.readStream(toTeamStreamId(teamId));
  const last = stream[stream.length - 1];
  const { position } = await h.eventStore.append(toTeamStreamId(teamId), events.map(envelope), last ? last.revision : 'no_stream');
  expect(await h.runner.waitForPosition(position, 5000)).toBe(true);
};
const teams = () => h.documentStore.collection<TeamDoc>('teams');

beforeEach(async () => {
  h = await startProjections([teamsProjection]);
});
afterEach(() => h.stop());

describe('the teams read model', () => {
  it('holds the shape the permission subject reads', async () => {
    await append('t1', [
      { type: 'TeamCreated', data: { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: 'Design' } },
      { type: 'TeamUserAdded', data: { teamId: 't1', userId: 'u1' } },
      { type: 'TeamUserAdded', data: { teamId: 't1', userId: 'u2' } },
      { type: 'TeamModuleAdded', data: { teamId: 't1', moduleId: 'build-order' } },
      {
        type: 'TeamGeneralPermissionsChanged',
        data: { teamId: 't1', general: { workflows: false, tables: true, sbs: true, labels: false, tasks: true } },
      },
      { type: 'TeamSbsPermissionsChanged', data: { teamId: 't1', sbs: [{ code: 'A', access: 'read' }] } },
      { type: 'TeamWorkflowPermissionsChanged', data: { teamId: 't1', workflows: [{ workflowId: 'w1', access: 'write' }] } },
      {
        type: 'TeamTablePermissionSet',
        data: { teamId: 't1', permission: { id: 'pm1', tableId: 'tb1', read: true, create: true, update: false, delete: false } },
      },
      { type: 'TeamUserRemoved', data: { teamId: 't1', userId: 'u1' } },
      { type: 'TeamRenamed', data: { teamId: 't1', name: 'Engineering' } },
    ]);
    expect(await teams().findOne({ _id: 't1' })).toMatchObject({
      _id: 't1',
      projectId: 'p1',
      licenceId: 'l1',
      name: 'Engineering',
      userIds: ['u2'],
      general: { workflows: false, tables: true, sbs: true, labels: false, tasks: true },
      modules: ['build-order'],
      sbs: [{ code: 'A', access: 'read' }],
      workflows: [{ workflowId: 'w1', access: 'write' }],
      tables: [{ id: 'pm1', tableId: 'tb1', read: true, create: true, update: false, delete: false }],
    });
  });

  it('finds the teams of a member in a project', async () => {
    await append('t1', [
      { type: 'TeamCreated', data: { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: 'A' } },
      { type: 'TeamUserAdded', data: { teamId: 't1', userId: 'u1' } },
    ]);
    await append('t2', [
      { type: 'TeamCreated', data: { teamId: 't2', projectId: 'p2', licenceId: 'l1', name: 'B' } },
      { type: 'TeamUserAdded', data: { teamId: 't2', userId: 'u1' } },
    ]);
    const found = await teams().find({ projectId: 'p1', userIds: 'u1' });
    expect(found.map((t) => t._id)).toEqual(['t1']);
  });

  it('changes a table permission in place and removes it', async () => {
    const permission = { id: 'pm1', tableId: 'tb1', read: true, create: false, update: false, delete: false };
    await append('t1', [
      { type: 'TeamCreated', data: { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: 'A' } },
      { type: 'TeamTablePermissionSet', data: { teamId: 't1', permission } },
      { type: 'TeamTablePermissionSet', data: { teamId: 't1', permission: { ...permission, delete: true } } },
    ]);
    expect((await teams().findOne({ _id: 't1' }))?.tables).toEqual([{ ...permission, delete: true }]);
    await append('t1', [{ type: 'TeamTablePermissionRemoved', data: { teamId: 't1', permissionId: 'pm1' } }]);
    expect((await teams().findOne({ _id: 't1' }))?.tables).toEqual([]);
  });

  it('drops a deleted team', async () => {
    await append('t1', [
      { type: 'TeamCreated', data: { teamId: 't1', projectId: 'p1', licenceId: 'l1', name: 'A' } },
      { type: 'TeamDeleted', data: { teamId: 't1', projectId: 'p1' } },
    ]);
    expect(await teams().count()).toBe(0);
  });
});
