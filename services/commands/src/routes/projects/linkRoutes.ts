import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { projectRoutes } from '@stramien/api';
import { DomainError, projectMessages } from '@stramien/domain';
import type { AppDeps } from '../../deps';
import { requireProjectAccess } from '../../plugins/permissionSubject';
import { addRoute } from '../../plugins/route';
import type { ProjectCommands } from './projectCommands';
import { linkView } from './projectViews';

/** External links of a project: project admins only (checks project-links, project-links.create, project-links.update). */
export const registerProjectLinkRoutes = (app: FastifyInstance, deps: AppDeps, commands: ProjectCommands): void => {
  const linkAnswer = async (access: Awaited<ReturnType<typeof commands.reload>>, linkId: string) => {
    const link = access.project.links.find((l) => l.id === linkId);
    if (!link) throw new DomainError(projectMessages.linkNotFound, 404);
    return linkView(link);
  };

  addRoute(app, projectRoutes.links, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-links');
    return access.project.links.map(linkView);
  });

  addRoute(
    app,
    projectRoutes.createLink,
    async ({ params, body, request }) => {
      const access = await requireProjectAccess(deps, request, params.id, 'project-links.create');
      const linkId = randomUUID();
      const position = await commands.run(access, request, {
        type: 'AddProjectLink',
        data: { linkId, name: body.name, link: body.link, color: body.color ?? null },
      });
      return { message: projectMessages.linkCreated, data: await linkAnswer(await commands.reload(access), linkId), position };
    },
    { status: 201 },
  );

  addRoute(app, projectRoutes.updateLink, async ({ params, body, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-links.update');
    const position = await commands.run(access, request, { type: 'UpdateProjectLink', data: { linkId: params.linkId, ...body } });
    return { message: projectMessages.linkUpdated, data: await linkAnswer(await commands.reload(access), params.linkId), position };
  });

  addRoute(app, projectRoutes.deleteLink, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.id, 'project-links.update');
    const position = await commands.run(access, request, { type: 'RemoveProjectLink', data: { linkId: params.linkId } });
    return { message: projectMessages.linkDeleted, position };
  });
};
