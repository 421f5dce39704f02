import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectDecider, projectSchemas, toProjectStreamId, type ProjectCommand } from '@stramien/domain';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import type { AppDeps } from '../../deps';
import { createCommandHandler, type Unsent } from '../../pipeline/commandHandler';
import { PROJECTS_COLLECTION, projectAccessFor, type ProjectAccess } from '../../plugins/permissionSubject';

export type ProjectCommandInput = Unsent<ProjectCommand>;

/** Runs project commands for a user who has access, in the project's licence, and reloads what they then see. */
export const createProjectCommands = (app: FastifyInstance, deps: AppDeps) => {
  const projects = deps.adapters.documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION);

  const handle = createCommandHandler(app, { decider: projectDecider, schemas: projectSchemas, toStreamId: toProjectStreamId });

  /** the project's command handler in the project's licence; waits until the read models have the result */
  const run = async (
    access: Pick<ProjectAccess, 'user'> & { project: Pick<ProjectDoc, '_id' | 'licenceId'> },
    request: FastifyRequest,
    input: ProjectCommandInput,
  ): Promise<number> => {
    const actor = { userId: access.user.userId, licenceId: access.project.licenceId, isSystemAdmin: access.user.isSystemAdmin };
    const result = await handle(request, access.project._id, input, { actor, projectId: access.project._id });
    return result.position;
  };

  /** the same user's access to the project as the read models now hold it */
  const reload = async (access: Pick<ProjectAccess, 'user'> & { project: Pick<ProjectDoc, '_id'> }): Promise<ProjectAccess> => {
    const doc = await projects.findOne({ _id: access.project._id });
    if (!doc) throw new Error(`Project ${access.project._id} is missing from the read model`);
    return projectAccessFor(deps, access.user, doc);
  };

  return { run, reload };
};
export type ProjectCommands = ReturnType<typeof createProjectCommands>;
