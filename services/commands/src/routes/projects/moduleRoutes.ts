import type { FastifyInstance } from 'fastify';
import { projectRoutes } from '@stramien/api';
import { DomainError, MODULE_POOL_DEFAULT, licenceMessages, moduleMessage, projectMessages } from '@stramien/domain';
import type { AppDeps } from '../../deps';
import { requireProjectAccess } from '../../plugins/permissionSubject';
import { addRoute } from '../../plugins/route';
import { availableModules } from '../licences/availableModules';
import type { ProjectCommands } from './projectCommands';
import { projectView } from './projectViews';

/** Project modules (spec 2 §7): POST and DELETE /modules/{moduleId}/project/{projectId}, pool 20 by default. */
export const registerProjectModuleRoutes = (app: FastifyInstance, deps: AppDeps, commands: ProjectCommands): void => {
  addRoute(app, projectRoutes.addModule, async ({ params, body, request }) => {
    const access = await requireProjectAccess(deps, request, params.projectId, 'project-settings');
    const available = await availableModules(deps.adapters.documentStore, access.project.licenceId);
    if (!available) throw new DomainError(licenceMessages.notFound, 404);
    const position = await commands.run(access, request, {
      type: 'AddProjectModule',
      data: { moduleId: params.moduleId, pool: body?.pool ?? MODULE_POOL_DEFAULT, availableModules: available.modules.map((m) => m.id) },
    });
    return {
      message: moduleMessage(projectMessages.moduleAdded, params.moduleId),
      data: projectView(await commands.reload(access)),
      position,
    };
  });

  addRoute(app, projectRoutes.removeModule, async ({ params, request }) => {
    const access = await requireProjectAccess(deps, request, params.projectId, 'project-settings');
    const position = await commands.run(access, request, { type: 'RemoveProjectModule', data: { moduleId: params.moduleId } });
    return {
      message: moduleMessage(projectMessages.moduleRemoved, params.moduleId),
      data: projectView(await commands.reload(access)),
      position,
    };
  });
};
