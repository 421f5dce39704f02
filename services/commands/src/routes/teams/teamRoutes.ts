import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isQueryTrue, teamRoutes, toPermissionView, type Team, type TeamUser } from '@stramien/api';
import {
  DomainError,
  findModule,
  format,
  normaliseTeamName,
  teamDecider,
  teamMessages,
  teamSchemas,
  toTeamStreamId,
  type PermissionCheck,
  type TeamState,
} from '@stramien/domain';
import type { TeamDoc, UserDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadProjectAccess, type ProjectAccess } from '../../access/projectAccess';
import { tablePermissionsOfTeam } from '../tables/tableLookups';

type TeamLike = Pick<TeamDoc, '_id' | 'name' | 'projectId' | 'userIds' | 'modules' | 'general'>;

const teamNotFound = () => new DomainError(teamMessages.notFound, 404);

const toTeam = (team: TeamLike, users?: TeamUser[]): Team => ({
  id: team._id,
  name: team.name,
  project: { id: team.projectId },
  user_ids: [...team.userIds],
  ...(users ? { users } : {}),
  modules: [...team.modules],
  general: { ...team.general },
});

const stateToTeam = (state: TeamState): Team =>
  toTeam({
    _id: state.teamId,
    name: state.name,
    projectId: state.projectId,
    userIds: state.userIds,
    modules: state.modules,
    general: state.general,
  });

/**
 * Teams of a project (spec 2 §7 Teams): reading needs project access, every change needs
 * `project-settings`. A team id of another project or licence answers 404.
 */
export const registerTeamRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore } = deps.adapters;
  const teams = documentStore.collection<TeamDoc>('teams');
  const users = documentStore.collection<UserDoc>('users');

  const usersOf = async (ids: string[]): Promise<TeamUser[]> => {
    if (ids.length === 0) return [];
    const docs = await users.find({ _id: { $in: ids } });
    return docs.map((u) => ({ id: u._id, name: u.name, email: u.email })).sort((a, b) => a.name.localeCompare(b.name));
  };

  /** The team and the user's standing in its project; 404 for a team outside the given project or the user's licences. */
  const loadTeam = async (
    request: FastifyRequest,
    teamId: string,
    check: PermissionCheck,
    projectId?: string,
  ): Promise<{ team: TeamDoc; access: ProjectAccess }> => {
    const team = await teams.findOne({ _id: teamId });
    if (!team || (projectId !== undefined && team.projectId !== projectId)) throw teamNotFound();
    const access = await loadProjectAccess(deps, request, team.projectId, check);
    return { team, access };
  };

  const nameTaken = async (projectId: string, name: string, exceptTeamId?: string): Promise<boolean> => {
    const wanted = normaliseTeamName(name);
    const others = await teams.find({ projectId });
    return others.some((t) => t._id !== exceptTeamId && normaliseTeamName(t.name) === wanted);
  };

  const handle = createCommandHandler(app, { decider: teamDecider, schemas: teamSchemas, toStreamId: toTeamStreamId });

  addRoute(app, teamRoutes.list, async ({ query, request }) => {
    const access = await loadProjectAccess(deps, request, query['project[id]'], 'project');
    const docs = (await teams.find({ projectId: access.project._id })).sort((a, b) => a.name.localeCompare(b.name));
    if (!isQueryTrue(query.withUsers)) return { data: docs.map((t) => toTeam(t)) };
    const everyone = new Map((await usersOf([...new Set(docs.flatMap((t) => t.userIds))])).map((u) => [u.id, u]));
    return {
      data: docs.map((t) =>
        toTeam(
          t,
          t.userIds.flatMap((id) => everyone.get(id) ?? []),
        ),
      ),
    };
  });

  addRoute(app, teamRoutes.create, async ({ body, request }) => {
    const access = await loadProjectAccess(deps, request, body.project.id, 'project-settings');
    const teamId = randomUUID();
    const result = await handle(
      request,
      teamId,
      {
        type: 'CreateTeam',
        data: {
          teamId,
          projectId: access.project._id,
          licenceId: access.project.licenceId,
          name: body.name,
          nameTaken: await nameTaken(access.project._id, body.name),
        },
      },
      { actor: access.actor, projectId: access.project._id },
    );
    return {
      data: stateToTeam(result.state),
      position: result.position,
      message: format(teamMessages.created, { name: result.state.name }),
    };
  });

  addRoute(app, teamRoutes.update, async ({ params, body, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings', body.project?.id);
    const result = await handle(
      request,
      team._id,
      {
        type: 'RenameTeam',
        data: { name: body.name, nameTaken: await nameTaken(team.projectId, body.name, team._id) },
      },
      { actor: access.actor, projectId: access.project._id },
    );
    return { data: stateToTeam(result.state), position: result.position };
  });

  addRoute(app, teamRoutes.delete, async ({ params, body, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings', body.project.id);
    const result = await handle(
      request,
      team._id,
      { type: 'DeleteTeam', data: {} },
      { actor: access.actor, projectId: access.project._id },
    );
    return { message: teamMessages.deleted, position: result.position };
  });

  addRoute(app, teamRoutes.users, async ({ params, query, request }) => {
    const { team } = await loadTeam(request, params.id, 'project', query['project[id]']);
    return { data: await usersOf(team.userIds) };
  });

  addRoute(app, teamRoutes.addUser, async ({ params, body, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings', body.project.id);
    const user = await users.findOne({ _id: body.user.id });
    const userInLicence = !!user && user.licences.some((l) => l.id === access.project.licenceId);
    const result = await handle(
      request,
      team._id,
      { type: 'AddTeamUser', data: { userId: body.user.id, userInLicence } },
      { actor: access.actor, projectId: access.project._id },
    );
    return { data: stateToTeam(result.state), position: result.position };
  });

  addRoute(app, teamRoutes.removeUser, async ({ params, query, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings', query['project[id]']);
    const result = await handle(
      request,
      team._id,
      { type: 'RemoveTeamUser', data: { userId: params.userId } },
      { actor: access.actor, projectId: access.project._id },
    );
    return { data: stateToTeam(result.state), position: result.position };
  });

  addRoute(app, teamRoutes.permissions, async ({ params, request }) => {
    const { team } = await loadTeam(request, params.id, 'project-settings');
    return {
      data: {
        general: { ...team.general },
        modules: [...team.modules],
        sbs: team.sbs ?? [],
        workflows: (team.workflows ?? []).map((w) => ({ workflow_id: w.workflowId, access: w.access })),
        tables: (await tablePermissionsOfTeam(deps, team._id)).map(({ table, permission }) =>
          toPermissionView(table, permission, team.name),
        ),
      },
    };
  });

  addRoute(app, teamRoutes.modules, async ({ params, request }) => {
    const { team } = await loadTeam(request, params.id, 'project-settings');
    return {
      data: team.modules.flatMap((id) => {
        const module = findModule(id);
        return module ? [{ id: module.id, name: module.name, icon: module.icon, route: module.route, category: module.category }] : [];
      }),
    };
  });

  addRoute(app, teamRoutes.addModule, async ({ params, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings');
    const projectHasModule = (access.project.modules ?? []).some((m) => m.id === params.moduleId);
    const result = await handle(
      request,
      team._id,
      { type: 'AddTeamModule', data: { moduleId: params.moduleId, projectHasModule } },
      { actor: access.actor, projectId: access.project._id },
    );
    return { data: stateToTeam(result.state), position: result.position };
  });

  addRoute(app, teamRoutes.removeModule, async ({ params, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings');
    const result = await handle(
      request,
      team._id,
      { type: 'RemoveTeamModule', data: { moduleId: params.moduleId } },
      { actor: access.actor, projectId: access.project._id },
    );
    return { data: stateToTeam(result.state), position: result.position };
  });

  addRoute(app, teamRoutes.sbsPermissions, async ({ params, request }) => {
    const { team } = await loadTeam(request, params.id, 'project-settings');
    return { data: team.sbs ?? [] };
  });

  addRoute(app, teamRoutes.setSbsPermissions, async ({ params, body, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings');
    const result = await handle(
      request,
      team._id,
      { type: 'SetTeamSbsPermissions', data: { sbs: body.sbs } },
      { actor: access.actor, projectId: access.project._id },
    );
    return { data: result.state.sbs, position: result.position };
  });

  addRoute(app, teamRoutes.workflowPermissions, async ({ params, request }) => {
    const { team } = await loadTeam(request, params.id, 'project-settings');
    return { data: (team.workflows ?? []).map((w) => ({ workflow_id: w.workflowId, access: w.access })) };
  });

  addRoute(app, teamRoutes.setWorkflowPermissions, async ({ params, body, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings');
    const workflows = body.workflows.map((w) => ({ workflowId: w.workflow_id, access: w.access }));
    const result = await handle(
      request,
      team._id,
      { type: 'SetTeamWorkflowPermissions', data: { workflows } },
      { actor: access.actor, projectId: access.project._id },
    );
    return { data: result.state.workflows.map((w) => ({ workflow_id: w.workflowId, access: w.access })), position: result.position };
  });

  addRoute(app, teamRoutes.generalPermissions, async ({ params, request }) => {
    const { team } = await loadTeam(request, params.id, 'project-settings');
    return { data: { ...team.general } };
  });

  addRoute(app, teamRoutes.setGeneralPermissions, async ({ params, body, request }) => {
    const { team, access } = await loadTeam(request, params.id, 'project-settings');
    const result = await handle(
      request,
      team._id,
      { type: 'SetTeamGeneralPermissions', data: { general: body } },
      { actor: access.actor, projectId: access.project._id },
    );
    return { data: { ...result.state.general }, position: result.position };
  });
};
