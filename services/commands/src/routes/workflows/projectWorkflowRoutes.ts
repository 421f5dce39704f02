import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectWorkflowRoutes, type ProjectWorkflowView, type WorkflowRoleView } from '@stramien/api';
import {
  can,
  DomainError,
  isLiveWorkflow,
  projectWorkflowDecider,
  projectWorkflowSchemas,
  toProjectWorkflowStreamId,
  workflowMessages,
  type ProjectWorkflowRights,
  type ProjectWorkflowState,
  type WorkflowRole,
} from '@stramien/domain';
import { PROJECT_WORKFLOWS_COLLECTION, type ProjectWorkflowDoc } from '@stramien/projections/workflows/projectWorkflows';
import { addRoute } from '../../plugins/route';
import { requireProjectAccess, TEAMS_COLLECTION, type TeamPermissionDoc } from '../../plugins/permissionSubject';
import { createCommandHandler } from '../../pipeline/commandHandler';
import {
  loadProjectWorkflowVersion,
  loadWorkflowAccess,
  loadWorkflowDefinition,
  workflowRightsIn,
  type WorkflowAccess,
} from '../../access/workflowAccess';
import { latestVersionsOf, licenceWorkflowsOf } from './projectWorkflowLookups';

const roleView = (role: WorkflowRole): WorkflowRoleView => ({ id: role.roleId, name: role.name, teams: role.teamIds, nodes: role.nodeIds });

type ViewSource = Pick<ProjectWorkflowState, 'projectWorkflowId' | 'projectId' | 'workflowId' | 'name' | 'version' | 'roles'>;

const workflowView = (workflow: ViewSource, { read, write, admin }: ProjectWorkflowRights, latestVersion: number): ProjectWorkflowView => ({
  id: workflow.projectWorkflowId,
  project_id: workflow.projectId,
  workflow_id: workflow.workflowId,
  name: workflow.name,
  version: workflow.version,
  latest_version: latestVersion,
  roles: workflow.roles.map(roleView),
  permissions: { read, write, admin },
});

const fromDoc = (doc: ProjectWorkflowDoc): ViewSource => ({ ...doc, projectWorkflowId: doc._id });

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name) || 0;

/**
 * Project workflows and roles (spec 2 §7 "Project workflows"; docs/workflows.md). Load (`loadWorkflowAccess`: 404 for
 * a project workflow the user may not see or of another project, 403 without the right) -> the facts a command needs
 * (the builder workflow is of the project's licence and the version published; a team is the project's; a node is in
 * the version) -> decide and append -> the resulting view, built from the folded state.
 */
export const registerProjectWorkflowRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const handle = createCommandHandler(app, {
    decider: projectWorkflowDecider,
    schemas: projectWorkflowSchemas,
    toStreamId: toProjectWorkflowStreamId,
  });
  const store = deps.adapters.documentStore;
  const projectWorkflows = store.collection<ProjectWorkflowDoc>(PROJECT_WORKFLOWS_COLLECTION);
  const teams = store.collection<TeamPermissionDoc>(TEAMS_COLLECTION);

  /** the builder workflow's newest published version; 0 once it is deleted (its versions still run) */
  const latestVersionOf = async (workflowId: string): Promise<number> => (await latestVersionsOf(deps, [workflowId])).get(workflowId)!;

  const decide = (request: FastifyRequest, access: WorkflowAccess, command: Parameters<typeof handle>[2]) =>
    handle(request, access.workflow.projectWorkflowId, command, { actor: access.actor, projectId: access.workflow.projectId });

  /** decide a role command and answer the role as it is after it */
  const decideOnRole = async (request: FastifyRequest, access: WorkflowAccess, roleId: string, command: Parameters<typeof handle>[2]) => {
    const result = await decide(request, access, command);
    return { data: roleView(result.state.roles.find((r) => r.roleId === roleId)!), position: result.position };
  };

  const admin = (request: FastifyRequest, params: { id: string; workflowId: string }) =>
    loadWorkflowAccess(deps, request, params.id, params.workflowId, 'admin');

  addRoute(app, projectWorkflowRoutes.list, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project');
    const docs = (await projectWorkflows.find({ projectId: params.id })).filter((doc) => workflowRightsIn(access, doc._id).read);
    const latest = await latestVersionsOf(
      deps,
      docs.map((d) => d.workflowId),
    );
    return {
      data: docs.map((doc) => workflowView(fromDoc(doc), workflowRightsIn(access, doc._id), latest.get(doc.workflowId)!)).sort(byName),
    };
  });

  addRoute(app, projectWorkflowRoutes.permissions, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project');
    const docs = await projectWorkflows.find({ projectId: params.id });
    return {
      data: {
        admin: can(access.subject, 'project-settings'),
        workflows: docs.map((doc) => ({ id: doc._id, ...workflowRightsIn(access, doc._id) })),
      },
    };
  });

  addRoute(app, projectWorkflowRoutes.inLicense, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const [published, inProject] = await Promise.all([
      licenceWorkflowsOf(deps, access.project.licenceId),
      projectWorkflows.find({ projectId: params.id }),
    ]);
    return {
      data: published
        .map((w) => ({ ...w, project_workflows: inProject.filter((d) => d.workflowId === w.id).map((d) => d._id) }))
        .sort(byName),
    };
  });

  addRoute(app, projectWorkflowRoutes.add, async ({ params, body, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const definition = await loadWorkflowDefinition(deps, body.workflow);
    if (!isLiveWorkflow(definition.state) || definition.state.licenceId !== access.project.licenceId)
      throw new DomainError(workflowMessages.notFound, 404);
    const version = body.version ?? definition.state.version;
    const projectWorkflowId = randomUUID();
    const result = await handle(
      request,
      projectWorkflowId,
      {
        type: 'AddProjectWorkflow',
        data: {
          projectWorkflowId,
          projectId: params.id,
          workflowId: body.workflow,
          name: body.name ?? definition.state.name,
          version,
          versionPublished: definition.versions.has(version),
          alreadyInProject: (await projectWorkflows.count({ projectId: params.id, workflowId: body.workflow })) > 0,
        },
      },
      {
        actor: { userId: access.user.userId, licenceId: access.project.licenceId, isSystemAdmin: access.user.isSystemAdmin },
        projectId: params.id,
      },
    );
    return {
      data: workflowView(result.state, workflowRightsIn(access, projectWorkflowId), definition.state.version),
      position: result.position,
    };
  });

  addRoute(app, projectWorkflowRoutes.get, async ({ params, request }) => {
    const access = await loadWorkflowAccess(deps, request, params.id, params.workflowId, 'read');
    return { data: workflowView(access.workflow, access, await latestVersionOf(access.workflow.workflowId)) };
  });

  addRoute(app, projectWorkflowRoutes.update, async ({ params, body, request }) => {
    const access = await admin(request, params);
    const definition = await loadWorkflowDefinition(deps, access.workflow.workflowId);
    const result = await decide(request, access, {
      type: 'ChangeProjectWorkflow',
      data: {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.version !== undefined ? { version: body.version } : {}),
        versionPublished: body.version !== undefined && definition.versions.has(body.version),
      },
    });
    const latest = isLiveWorkflow(definition.state) ? definition.state.version : 0;
    return { data: workflowView(result.state, access, latest), position: result.position };
  });

  addRoute(app, projectWorkflowRoutes.remove, async ({ params, request }) => {
    const access = await admin(request, params);
    const result = await decide(request, access, { type: 'RemoveProjectWorkflow', data: {} });
    return { position: result.position };
  });

  addRoute(app, projectWorkflowRoutes.roles, async ({ params, request }) => {
    const access = await loadWorkflowAccess(deps, request, params.id, params.workflowId, 'read');
    return { data: access.workflow.roles.map(roleView) };
  });

  addRoute(app, projectWorkflowRoutes.createRole, async ({ params, body, request }) => {
    const access = await admin(request, params);
    const roleId = randomUUID();
    return decideOnRole(request, access, roleId, { type: 'CreateWorkflowRole', data: { roleId, name: body.name } });
  });

  addRoute(app, projectWorkflowRoutes.updateRole, async ({ params, body, request }) => {
    const access = await admin(request, params);
    return decideOnRole(request, access, params.roleId, { type: 'RenameWorkflowRole', data: { roleId: params.roleId, name: body.name } });
  });

  addRoute(app, projectWorkflowRoutes.deleteRole, async ({ params, request }) => {
    const access = await admin(request, params);
    const result = await decide(request, access, { type: 'DeleteWorkflowRole', data: { roleId: params.roleId } });
    return { position: result.position };
  });

  addRoute(app, projectWorkflowRoutes.roleTeams, async ({ params, request }) => {
    const access = await loadWorkflowAccess(deps, request, params.id, params.workflowId, 'read');
    const { roles } = access.workflow;
    const projectTeams = await teams.find({ projectId: params.id });
    return {
      data: projectTeams
        .map((team) => ({ id: team._id, name: team.name, roles: roles.filter((r) => r.teamIds.includes(team._id)).map((r) => r.roleId) }))
        .sort(byName),
    };
  });

  addRoute(app, projectWorkflowRoutes.addRoleTeam, async ({ params, body, request }) => {
    const access = await admin(request, params);
    const team = await teams.findOne({ _id: body.group, projectId: params.id });
    return decideOnRole(request, access, params.roleId, {
      type: 'AddWorkflowRoleTeam',
      data: { roleId: params.roleId, teamId: body.group, teamInProject: team !== null },
    });
  });

  addRoute(app, projectWorkflowRoutes.removeRoleTeam, async ({ params, request }) => {
    const access = await admin(request, params);
    return decideOnRole(request, access, params.roleId, {
      type: 'RemoveWorkflowRoleTeam',
      data: { roleId: params.roleId, teamId: params.teamId },
    });
  });

  addRoute(app, projectWorkflowRoutes.roleNodes, async ({ params, request }) => {
    const access = await loadWorkflowAccess(deps, request, params.id, params.workflowId, 'read');
    const graph = await loadProjectWorkflowVersion(deps, access.workflow);
    const { roles } = access.workflow;
    return {
      data: (graph?.nodes ?? []).map((node) => {
        const config = graph!.blocks.find((b) => b.blockId === node.blockId)?.config ?? null;
        return {
          id: node.nodeId,
          block_name: config?.name ?? '',
          start: node.start,
          manual: config !== null && 'panels' in config,
          roles: roles.filter((r) => r.nodeIds.includes(node.nodeId)).map((r) => r.roleId),
        };
      }),
    };
  });

  addRoute(app, projectWorkflowRoutes.addRoleNode, async ({ params, body, request }) => {
    const access = await admin(request, params);
    const graph = await loadProjectWorkflowVersion(deps, access.workflow);
    return decideOnRole(request, access, params.roleId, {
      type: 'AddWorkflowRoleNode',
      data: { roleId: params.roleId, nodeId: body.node, nodeInVersion: graph?.nodes.some((n) => n.nodeId === body.node) ?? false },
    });
  });

  addRoute(app, projectWorkflowRoutes.removeRoleNode, async ({ params, request }) => {
    const access = await admin(request, params);
    return decideOnRole(request, access, params.roleId, {
      type: 'RemoveWorkflowRoleNode',
      data: { roleId: params.roleId, nodeId: params.nodeId },
    });
  });
};
