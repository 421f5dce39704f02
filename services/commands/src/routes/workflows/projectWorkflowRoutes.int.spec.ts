import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectWorkflowRoutes as routes, teamRoutes } from '@stramien/api';
import { messages, tableMessages, workflowMessages } from '@stramien/domain';
import { graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { failure } from '../teams/testFixtures';
import { unique } from '../tables/tableTesting';
import { createWorkflowsWorld, THREE_NODES, type WorkflowsWorld } from './projectWorkflowTesting';

let server: TestServer;
let w: WorkflowsWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await createWorkflowsWorld(server);
});
afterAll(async () => {
  await server?.close();
});

/** the call fails with this status and appends nothing */
const refused = async (call: () => Promise<unknown>, status: number) => {
  const before = await w.head();
  const answer = await failure(call());
  expect(answer.status).toBe(status);
  expect(await w.head()).toBe(before);
  return answer;
};

const ALL = { read: true, write: true, admin: true };
const TWO_VERSIONS = [
  THREE_NODES,
  graphOf({ start: manualConfig(undefined, 'Start'), end: manualConfig(undefined, 'End') }, ['start>end']),
];

/** a project workflow of the member project (added by the system admin) and DEMO.user's team there with `access` on it */
const memberProjectWorkflow = async (access: 'read' | 'write' | null) => {
  const workflow = await w.projectWorkflow(w.memberProjectId, w.admin);
  const teamId = await w.memberTeam();
  if (access)
    await w.admin.call(teamRoutes.setWorkflowPermissions, {
      params: { id: teamId },
      body: { workflows: [{ workflow_id: workflow.id, access }] },
    });
  return { workflow, teamId };
};

const params = (workflowId: string, projectId = w.adminProjectId) => ({ id: projectId, workflowId });

describe('POST /api/project/:id/workflow', () => {
  it("adds a published workflow of the project's licence on its newest version, named as the builder names it", async () => {
    const workflowId = await w.published(TWO_VERSIONS, w.demoLicenceId, 'Inspection');
    const res = await w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: workflowId } });
    expect(res.position).toBeGreaterThan(0);
    expect(res.data).toMatchObject({
      project_id: w.adminProjectId,
      workflow_id: workflowId,
      name: 'Inspection',
      version: 2,
      latest_version: 2,
      roles: [],
      permissions: ALL,
    });
  });

  it('takes a given version and name', async () => {
    const workflowId = await w.published(TWO_VERSIONS);
    const res = await w.user.call(routes.add, {
      params: { id: w.adminProjectId },
      body: { workflow: workflowId, version: 1, name: ' Intake ' },
    });
    expect(res.data).toMatchObject({ name: 'Intake', version: 1, latest_version: 2 });
  });

  it('refuses a version that was never published, and a workflow without any version (422)', async () => {
    const workflowId = await w.published(TWO_VERSIONS);
    const answer = await refused(
      () => w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: workflowId, version: 3 } }),
      422,
    );
    expect(answer.errors).toEqual({ version: [workflowMessages.versionNotPublished] });
    const draftOnly = await w.published([]);
    await refused(() => w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: draftOnly } }), 422);
  });

  it('refuses the same workflow twice in a project (409)', async () => {
    const workflowId = await w.published();
    await w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: workflowId } });
    const answer = await refused(() => w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: workflowId } }), 409);
    expect(answer.message).toBe(workflowMessages.projectWorkflowExists);
  });

  it('answers 404 for a workflow of another licence or an unknown one', async () => {
    const foreign = await w.published([THREE_NODES], w.otherLicenceId);
    const answer = await refused(() => w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: foreign } }), 404);
    expect(answer.message).toBe(workflowMessages.notFound);
    await refused(() => w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: randomUUID() } }), 404);
  });

  it('answers 403 to an ordinary member, 404 for a project of another licence, one the user is not in, or an unknown one', async () => {
    const workflowId = await w.published();
    const add = (projectId: string) => () => w.user.call(routes.add, { params: { id: projectId }, body: { workflow: workflowId } });
    expect((await refused(add(w.memberProjectId), 403)).message).toBe(messages.shared.forbidden);
    await refused(add(w.otherLicenceProjectId), 404);
    await refused(add(w.foreignProjectId), 404);
    await refused(add(randomUUID()), 404);
  });

  it('refuses a blank name (422), a too long one and a malformed body (400)', async () => {
    const workflowId = await w.published();
    const add = (body: object) => () =>
      w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: workflowId, ...body } as never });
    expect((await refused(add({ name: '  ' }), 422)).errors).toEqual({ name: ['Required.'] });
    await refused(add({ name: 'x'.repeat(101) }), 400);
    await refused(add({ version: 0 }), 400);
    await refused(add({ extra: true }), 400);
    await refused(() => w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: 'not-a-uuid' } }), 400);
  });
});

describe('GET /api/project/:id/workflows and …/workflows/permissions', () => {
  it('list every project workflow to a project admin, by name', async () => {
    const { id } = await w.projectWorkflow();
    const { data } = await w.user.call(routes.list, { params: { id: w.adminProjectId } });
    expect(data.map((d) => d.id)).toContain(id);
    expect(data.every((d) => d.project_id === w.adminProjectId && d.permissions.admin)).toBe(true);
    expect(data.map((d) => d.name)).toEqual([...data.map((d) => d.name)].sort((a, b) => a.localeCompare(b)));
    const permissions = await w.user.call(routes.permissions, { params: { id: w.adminProjectId } });
    expect(permissions.data.admin).toBe(true);
    expect(permissions.data.workflows).toContainEqual({ id, ...ALL });
  });

  it("show a member only the workflows their teams' workflow permissions name, with those rights", async () => {
    const readable = await memberProjectWorkflow('read');
    const writable = await memberProjectWorkflow('write');
    const hidden = await memberProjectWorkflow(null);
    const { data } = await w.user.call(routes.list, { params: { id: w.memberProjectId } });
    const ids = data.map((d) => d.id);
    expect(ids).toContain(readable.workflow.id);
    expect(ids).toContain(writable.workflow.id);
    expect(ids).not.toContain(hidden.workflow.id);
    expect(data.find((d) => d.id === readable.workflow.id)!.permissions).toEqual({ read: true, write: false, admin: false });
    const permissions = (await w.user.call(routes.permissions, { params: { id: w.memberProjectId } })).data;
    expect(permissions.admin).toBe(false);
    expect(permissions.workflows).toContainEqual({ id: readable.workflow.id, read: true, write: false, admin: false });
    expect(permissions.workflows).toContainEqual({ id: writable.workflow.id, read: true, write: true, admin: false });
    expect(permissions.workflows).toContainEqual({ id: hidden.workflow.id, read: false, write: false, admin: false });
  });

  it('answer 404 for a project of another licence or one the user is not in', async () => {
    for (const id of [w.otherLicenceProjectId, w.foreignProjectId, randomUUID()]) {
      expect((await failure(w.user.call(routes.list, { params: { id } }))).status).toBe(404);
      expect((await failure(w.user.call(routes.permissions, { params: { id } }))).status).toBe(404);
    }
  });
});

describe('GET /api/project/:id/workflow/:workflowId', () => {
  it('answers the project workflow with its roles', async () => {
    const created = await w.projectWorkflow();
    const { data } = await w.user.call(routes.get, { params: params(created.id) });
    expect(data).toEqual(created);
  });

  it('answers a member whose team may read it, with read rights only', async () => {
    const { workflow } = await memberProjectWorkflow('read');
    const { data } = await w.user.call(routes.get, { params: params(workflow.id, w.memberProjectId) });
    expect(data.permissions).toEqual({ read: true, write: false, admin: false });
  });

  it('answers 404 to a member without a team permission on it, under another project, and for an unknown id', async () => {
    const { workflow } = await memberProjectWorkflow(null);
    const answer = await failure(w.user.call(routes.get, { params: params(workflow.id, w.memberProjectId) }));
    expect(answer).toMatchObject({ status: 404, message: workflowMessages.projectWorkflowNotFound });
    const mine = await w.projectWorkflow();
    expect((await failure(w.user.call(routes.get, { params: params(mine.id, w.memberProjectId) }))).status).toBe(404);
    expect((await failure(w.admin.call(routes.get, { params: params(mine.id, w.otherLicenceProjectId) }))).status).toBe(404);
    expect((await failure(w.user.call(routes.get, { params: params(randomUUID()) }))).status).toBe(404);
  });
});

describe('PUT /api/project/:id/workflow/:workflowId', () => {
  it('renames and changes the version to another published one', async () => {
    const workflowId = await w.published(TWO_VERSIONS);
    const { data: created } = await w.user.call(routes.add, {
      params: { id: w.adminProjectId },
      body: { workflow: workflowId, version: 1 },
    });
    const res = await w.user.call(routes.update, { params: params(created.id), body: { name: 'Renamed', version: 2 } });
    expect(res.data).toMatchObject({ name: 'Renamed', version: 2, latest_version: 2 });
    const unchanged = await w.user.call(routes.update, { params: params(created.id), body: { version: 2 } });
    expect(unchanged.data.version).toBe(2);
  });

  it('refuses a version that was never published (422)', async () => {
    const created = await w.projectWorkflow();
    const answer = await refused(() => w.user.call(routes.update, { params: params(created.id), body: { version: 7 } }), 422);
    expect(answer.errors).toEqual({ version: [workflowMessages.versionNotPublished] });
  });

  it('answers 403 to a member whose team may start sessions, 404 to one without a permission', async () => {
    const writable = await memberProjectWorkflow('write');
    await refused(() => w.user.call(routes.update, { params: params(writable.workflow.id, w.memberProjectId), body: { name: 'X' } }), 403);
    const hidden = await memberProjectWorkflow(null);
    await refused(() => w.user.call(routes.update, { params: params(hidden.workflow.id, w.memberProjectId), body: { name: 'X' } }), 404);
  });
});

describe('DELETE /api/project/:id/workflow/:workflowId', () => {
  it('removes the workflow from the project: it is gone from the list and answers 404 after', async () => {
    const created = await w.projectWorkflow();
    await w.user.call(routes.remove, { params: params(created.id) });
    const { data } = await w.user.call(routes.list, { params: { id: w.adminProjectId } });
    expect(data.map((d) => d.id)).not.toContain(created.id);
    await refused(() => w.user.call(routes.remove, { params: params(created.id) }), 404);
    await refused(() => w.user.call(routes.get, { params: params(created.id) }), 404);
  });

  it('may add the same builder workflow again once removed', async () => {
    const workflowId = await w.published();
    const first = await w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: workflowId } });
    await w.user.call(routes.remove, { params: params(first.data.id) });
    const again = await w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: workflowId } });
    expect(again.data.id).not.toBe(first.data.id);
  });

  it('answers 403 to a member whose team may read it', async () => {
    const { workflow } = await memberProjectWorkflow('read');
    await refused(() => w.user.call(routes.remove, { params: params(workflow.id, w.memberProjectId) }), 403);
  });
});

describe('the roles of a project workflow', () => {
  it('creates, renames and deletes a role; GET …/roles lists them', async () => {
    const workflow = await w.projectWorkflow();
    const created = await w.user.call(routes.createRole, { params: params(workflow.id), body: { name: ' Inspector ' } });
    expect(created.data).toMatchObject({ name: 'Inspector', teams: [], nodes: [] });
    const renamed = await w.user.call(routes.updateRole, {
      params: { ...params(workflow.id), roleId: created.data.id },
      body: { name: 'Checker' },
    });
    expect(renamed.data.name).toBe('Checker');
    expect((await w.user.call(routes.roles, { params: params(workflow.id) })).data).toEqual([renamed.data]);
    await w.user.call(routes.deleteRole, { params: { ...params(workflow.id), roleId: created.data.id } });
    expect((await w.user.call(routes.roles, { params: params(workflow.id) })).data).toEqual([]);
    await refused(() => w.user.call(routes.deleteRole, { params: { ...params(workflow.id), roleId: created.data.id } }), 404);
  });

  it('refuses a name the workflow already has (409), a blank one (422) and a too long one (400)', async () => {
    const workflow = await w.projectWorkflow();
    await w.user.call(routes.createRole, { params: params(workflow.id), body: { name: 'Inspector' } });
    const taken = await refused(() => w.user.call(routes.createRole, { params: params(workflow.id), body: { name: 'inspector' } }), 409);
    expect(taken.message).toBe(workflowMessages.roleNameTaken);
    await refused(() => w.user.call(routes.createRole, { params: params(workflow.id), body: { name: ' ' } }), 422);
    await refused(() => w.user.call(routes.createRole, { params: params(workflow.id), body: { name: 'x'.repeat(101) } }), 400);
  });

  it('answers 404 for a role of another project workflow', async () => {
    const [a, b] = [await w.projectWorkflow(), await w.projectWorkflow()];
    const role = (await w.user.call(routes.createRole, { params: params(a.id), body: { name: 'Inspector' } })).data;
    const answer = await refused(
      () => w.user.call(routes.updateRole, { params: { ...params(b.id), roleId: role.id }, body: { name: 'X' } }),
      404,
    );
    expect(answer.message).toBe(workflowMessages.roleNotFound);
  });

  it('lets a member whose team may read the workflow see its roles, not change them (403)', async () => {
    const { workflow } = await memberProjectWorkflow('read');
    const role = (await w.admin.call(routes.createRole, { params: params(workflow.id, w.memberProjectId), body: { name: 'Inspector' } }))
      .data;
    expect((await w.user.call(routes.roles, { params: params(workflow.id, w.memberProjectId) })).data).toEqual([role]);
    await refused(() => w.user.call(routes.createRole, { params: params(workflow.id, w.memberProjectId), body: { name: 'X' } }), 403);
    await refused(() => w.user.call(routes.deleteRole, { params: { ...params(workflow.id, w.memberProjectId), roleId: role.id } }), 403);
  });
});

describe("a role's teams", () => {
  it("gives a role to a team of the project and takes it back; GET …/roles/teams lists the project's teams with their roles", async () => {
    const workflow = await w.projectWorkflow();
    const team = (await w.user.call(teamRoutes.create, { body: { project: { id: w.adminProjectId }, name: unique('Team') } })).data;
    const role = (await w.user.call(routes.createRole, { params: params(workflow.id), body: { name: 'Inspector' } })).data;
    const roleParams = { ...params(workflow.id), roleId: role.id };
    const added = await w.user.call(routes.addRoleTeam, { params: roleParams, body: { group: team.id } });
    expect(added.data.teams).toEqual([team.id]);
    const listed = (await w.user.call(routes.roleTeams, { params: params(workflow.id) })).data;
    expect(listed.find((t) => t.id === team.id)).toEqual({ id: team.id, name: team.name, roles: [role.id] });
    const twice = await refused(() => w.user.call(routes.addRoleTeam, { params: roleParams, body: { group: team.id } }), 409);
    expect(twice.message).toBe(workflowMessages.roleTeamExists);
    const removed = await w.user.call(routes.removeRoleTeam, { params: { ...roleParams, teamId: team.id } });
    expect(removed.data.teams).toEqual([]);
    await refused(() => w.user.call(routes.removeRoleTeam, { params: { ...roleParams, teamId: team.id } }), 404);
  });

  it('refuses a team of another project (422) and a malformed one (400)', async () => {
    const workflow = await w.projectWorkflow();
    const role = (await w.user.call(routes.createRole, { params: params(workflow.id), body: { name: 'Inspector' } })).data;
    const roleParams = { ...params(workflow.id), roleId: role.id };
    const other = (await w.admin.call(teamRoutes.create, { body: { project: { id: w.memberProjectId }, name: unique('Team') } })).data;
    const answer = await refused(() => w.user.call(routes.addRoleTeam, { params: roleParams, body: { group: other.id } }), 422);
    expect(answer.errors).toEqual({ group: [tableMessages.teamNotInProject] });
    await refused(() => w.user.call(routes.addRoleTeam, { params: roleParams, body: { group: 'team' } }), 400);
  });
});

describe("a role's nodes", () => {
  it("lists the version's nodes by block name, gives a role a node and takes it back", async () => {
    const workflow = await w.projectWorkflow();
    const role = (await w.user.call(routes.createRole, { params: params(workflow.id), body: { name: 'Reviewer' } })).data;
    const roleParams = { ...params(workflow.id), roleId: role.id };
    const added = await w.user.call(routes.addRoleNode, { params: roleParams, body: { node: 'review' } });
    expect(added.data.nodes).toEqual(['review']);
    const nodes = (await w.user.call(routes.roleNodes, { params: params(workflow.id) })).data;
    expect(nodes).toEqual([
      { id: 'intake', block_name: 'Intake', start: true, manual: true, roles: [] },
      { id: 'review', block_name: 'Review', start: false, manual: true, roles: [role.id] },
      { id: 'notify', block_name: 'Notify', start: false, manual: false, roles: [] },
    ]);
    await refused(() => w.user.call(routes.addRoleNode, { params: roleParams, body: { node: 'review' } }), 409);
    const removed = await w.user.call(routes.removeRoleNode, { params: { ...roleParams, nodeId: 'review' } });
    expect(removed.data.nodes).toEqual([]);
    await refused(() => w.user.call(routes.removeRoleNode, { params: { ...roleParams, nodeId: 'review' } }), 404);
  });

  it("refuses a node that is not part of the workflow's version (422) and a malformed one (400)", async () => {
    const workflow = await w.projectWorkflow();
    const role = (await w.user.call(routes.createRole, { params: params(workflow.id), body: { name: 'Reviewer' } })).data;
    const roleParams = { ...params(workflow.id), roleId: role.id };
    const answer = await refused(() => w.user.call(routes.addRoleNode, { params: roleParams, body: { node: 'elsewhere' } }), 422);
    expect(answer.errors).toEqual({ node: [workflowMessages.nodeNotInVersion] });
    await refused(() => w.user.call(routes.addRoleNode, { params: roleParams, body: { node: '../x' } }), 400);
  });

  it("reads the nodes of the version the project workflow runs, not the builder's newest", async () => {
    const workflowId = await w.published(TWO_VERSIONS);
    const { data } = await w.user.call(routes.add, { params: { id: w.adminProjectId }, body: { workflow: workflowId, version: 2 } });
    const nodes = (await w.user.call(routes.roleNodes, { params: params(data.id) })).data;
    expect(nodes.map((n) => n.block_name)).toEqual(['Start', 'End']);
    const role = (await w.user.call(routes.createRole, { params: params(data.id), body: { name: 'R' } })).data;
    await refused(
      () => w.user.call(routes.addRoleNode, { params: { ...params(data.id), roleId: role.id }, body: { node: 'review' } }),
      422,
    );
  });
});
