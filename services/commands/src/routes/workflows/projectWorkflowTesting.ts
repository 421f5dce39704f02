import { randomUUID } from 'node:crypto';
import { projectWorkflowRoutes, teamRoutes, type ProjectWorkflowView, type WorkflowSessionView } from '@stramien/api';
import { toJobId, toWorkflowStreamId, type WorkflowGraph } from '@stramien/domain';
import { automatedConfig, graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import type { TestServer } from '../../testing/testServer';
import { createTablesWorld, type TablesWorld } from '../tables/tableTesting';

type Api = ReturnType<TestServer['api']>;

/** Three nodes: a manual start 'intake' (block 'Intake'), then 'review' (manual, 'Review'), then 'notify' (automated). */
export const THREE_NODES: WorkflowGraph = graphOf(
  { intake: manualConfig(undefined, 'Intake'), review: manualConfig(undefined, 'Review'), notify: automatedConfig() },
  ['intake>review', 'review>notify'],
);

/**
 * A builder workflow with one published version per graph, appended straight to the event log (the builder's routes
 * are not what the project workflow tests are about); answers its id once the read models have it.
 */
export const publishWorkflow = async (
  server: TestServer,
  {
    licenceId,
    userId,
    graphs = [THREE_NODES],
    name = `Workflow ${randomUUID().slice(0, 6)}`,
  }: { licenceId: string; userId: string; graphs?: WorkflowGraph[]; name?: string },
): Promise<string> => {
  const workflowId = randomUUID();
  const metadata = { userId, licenceId, correlationId: 'test', causationId: 'test', occurredAt: new Date().toISOString() };
  const { position } = await server.adapters.eventStore.append(
    toWorkflowStreamId(workflowId),
    [
      { id: randomUUID(), type: 'WorkflowCreated', data: { workflowId, licenceId, name }, metadata },
      ...graphs.map((graph, i) => ({ id: randomUUID(), type: 'WorkflowPublished', data: { workflowId, version: i + 1, graph }, metadata })),
    ],
    'no_stream',
  );
  await server.projections.runner.waitForPosition(position, 5000);
  return workflowId;
};

/**
 * The tables world (DEMO.user project admin of one project, member of another, outside a third; a project of another
 * licence) plus builder workflows published straight into the event log (the builder's routes are not what these
 * tests are about), and project workflows added through the API.
 */
export interface WorkflowsWorld extends TablesWorld {
  /** a builder workflow of `licenceId` (the demo licence by default) with one published version per graph */
  published(graphs?: WorkflowGraph[], licenceId?: string, name?: string): Promise<string>;
  /** a published workflow added to `projectId` (the admin project by default) by `api` (the project admin DEMO.user) */
  projectWorkflow(projectId?: string, api?: Api, graphs?: WorkflowGraph[]): Promise<ProjectWorkflowView>;
}

export const createWorkflowsWorld = async (server: TestServer): Promise<WorkflowsWorld> => {
  const w = await createTablesWorld(server);
  const published = (graphs: WorkflowGraph[] = [THREE_NODES], licenceId = w.demoLicenceId, name?: string) =>
    publishWorkflow(server, { licenceId, userId: w.adminId, graphs, ...(name !== undefined ? { name } : {}) });
  const projectWorkflow = async (projectId = w.adminProjectId, api = w.user, graphs?: WorkflowGraph[]) =>
    (await api.call(projectWorkflowRoutes.add, { params: { id: projectId }, body: { workflow: await published(graphs) } })).data;
  return { ...w, published, projectWorkflow };
};

/**
 * A project workflow of the member project with the role 'Inspector' on every node, held by `teamId`, and the team's
 * `access` to it (added by the admin).
 */
export const memberWorkflow = async (
  w: WorkflowsWorld,
  teamId: string,
  graph: WorkflowGraph,
  access: 'read' | 'write' = 'read',
): Promise<ProjectWorkflowView> => {
  const workflow = (
    await w.admin.call(projectWorkflowRoutes.add, { params: { id: w.memberProjectId }, body: { workflow: await w.published([graph]) } })
  ).data;
  const params = { id: w.memberProjectId, workflowId: workflow.id };
  const role = (await w.admin.call(projectWorkflowRoutes.createRole, { params, body: { name: 'Inspector' } })).data;
  await w.admin.call(projectWorkflowRoutes.addRoleTeam, { params: { ...params, roleId: role.id }, body: { group: teamId } });
  for (const node of graph.nodes)
    await w.admin.call(projectWorkflowRoutes.addRoleNode, { params: { ...params, roleId: role.id }, body: { node: node.nodeId } });
  const held = await w.admin.call(teamRoutes.workflowPermissions, { params: { id: teamId } });
  await w.admin.call(teamRoutes.setWorkflowPermissions, {
    params: { id: teamId },
    body: { workflows: [...held.data, { workflow_id: workflow.id, access }] },
  });
  return workflow;
};

/** The path parameters of a session's job */
export const jobParams = (w: WorkflowsWorld, session: WorkflowSessionView, nodeId: string, projectId = w.memberProjectId) => ({
  id: projectId,
  jobId: toJobId(session.id, nodeId),
});

/** the log's head once the workflow process manager has read all of it and appended nothing more for 50 ms */
export const settled = async (server: TestServer, w: WorkflowsWorld): Promise<number> => {
  for (;;) {
    const head = await w.head();
    if (server.workflows.position() >= head) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if ((await w.head()) === head) return head;
    } else await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
