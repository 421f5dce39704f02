import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectDecider, projectSchemas, toProjectStreamId, type ProjectCommand } from '@stramien/domain';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import type { AppDeps } from '../../deps';
import { PROJECTS_COLLECTION, projectAccessFor, type ProjectAccess } from '../../plugins/permissionSubject';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type ProjectCommandInput = DistributiveOmit<ProjectCommand, 'metadata'>;

/** Runs project commands for a user who has access, in the project's licence, and reloads what they then see. */
export const createProjectCommands = (app: FastifyInstance, deps: AppDeps) => {
  const projects = deps.adapters.documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION);

  /** load -> decide -> append through the pipeline; waits until the read models have the result */
  const run = async (
    access: Pick<ProjectAccess, 'user'> & { project: Pick<ProjectDoc, '_id' | 'licenceId'> },
    request: FastifyRequest,
    input: ProjectCommandInput,
  ): Promise<number> => {
    const actor = { userId: access.user.userId, licenceId: access.project.licenceId, isSystemAdmin: access.user.isSystemAdmin };
    const command = { ...input, metadata: { actor, now: new Date().toISOString() } } as ProjectCommand;
    const result = await deps.pipeline({
      decider: projectDecider,
      schemas: projectSchemas,
      streamId: toProjectStreamId(access.project._id),
      command,
      context: { actor, correlationId: request.id, causationId: request.id, projectId: access.project._id },
    });
    await app.projectionWait.waitFor(result.position, app.minPositionWaitMs);
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
