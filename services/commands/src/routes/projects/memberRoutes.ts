import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { projectRoutes } from '@stramien/api';
import { DomainError, projectMessages } from '@stramien/domain';
import type { UserDoc } from '@stramien/projections';
import type { AppDeps } from '../../deps';
import { requireProjectAccess } from '../../plugins/permissionSubject';
import { addRoute } from '../../plugins/route';
import type { ProjectCommands } from './projectCommands';
import { licenceUserViews, memberViews, roleView } from './projectViews';

/** Members (one role each) and roles of a project. */
export const registerProjectMemberRoutes = (app: FastifyInstance, deps: AppDeps, commands: ProjectCommands): void => {
  const { documentStore } = deps.adapters;
  const users = documentStore.collection<UserDoc>('users');

  addRoute(app, projectRoutes.licenseUsers, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    return licenceUserViews(documentStore, access.project);
  });

  // filter[tasks] is accepted for the spec's call; members are not filtered by tasks until tasks exist
  addRoute(app, projectRoutes.members, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project');
    return memberViews(documentStore, access.project);
  });

  const memberAnswer = async (access: Awaited<ReturnType<typeof commands.reload>>, userId: string) => {
    const [member] = await memberViews(documentStore, access.project, userId);
    if (!member) throw new DomainError(projectMessages.notMember, 404);
    return member;
  };

  addRoute(app, projectRoutes.addMember, async ({ params, body, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const user = await users.findOne({ _id: body.user });
    const inLicence = !!user && !user.disabled && user.licences.some((l) => l.id === access.project.licenceId);
    const position = await commands.run(access, request, {
      type: 'AddProjectMember',
      data: { userId: body.user, roleId: body.role, inLicence },
    });
    return { message: projectMessages.memberAdded, data: await memberAnswer(await commands.reload(access), body.user), position };
  });

  addRoute(app, projectRoutes.changeMemberRole, async ({ params, body, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const position = await commands.run(access, request, {
      type: 'ChangeProjectMemberRole',
      data: { userId: params.userId, roleId: body.role },
    });
    return { message: projectMessages.memberUpdated, data: await memberAnswer(await commands.reload(access), params.userId), position };
  });

  addRoute(app, projectRoutes.removeMember, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const position = await commands.run(access, request, { type: 'RemoveProjectMember', data: { userId: params.userId } });
    return { message: projectMessages.memberRemoved, position };
  });

  addRoute(app, projectRoutes.roles, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project');
    return access.project.roles.map((r) => roleView(access.project, r));
  });

  const roleAnswer = async (access: Awaited<ReturnType<typeof commands.reload>>, roleId: string) => {
    const role = access.project.roles.find((r) => r.id === roleId);
    if (!role) throw new DomainError(projectMessages.roleNotFound, 404);
    return roleView(access.project, role);
  };

  addRoute(
    app,
    projectRoutes.createRole,
    async ({ params, body, request }) => {
      const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
      const roleId = randomUUID();
      const position = await commands.run(access, request, {
        type: 'AddProjectRole',
        data: { roleId, name: body.name, isProjectAdmin: body.is_projectadmin ?? false },
      });
      return { message: projectMessages.roleCreated, data: await roleAnswer(await commands.reload(access), roleId), position };
    },
    { status: 201 },
  );

  addRoute(app, projectRoutes.updateRole, async ({ params, body, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const position = await commands.run(access, request, {
      type: 'UpdateProjectRole',
      data: { roleId: params.roleId, name: body.name, isProjectAdmin: body.is_projectadmin },
    });
    return { message: projectMessages.roleUpdated, data: await roleAnswer(await commands.reload(access), params.roleId), position };
  });

  addRoute(app, projectRoutes.deleteRole, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-settings');
    const position = await commands.run(access, request, { type: 'RemoveProjectRole', data: { roleId: params.roleId } });
    return { message: projectMessages.roleDeleted, position };
  });
};
