import type { Doc, DocumentStore } from '@stramien/infra';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import { cachedRead } from './readModelCache';

/**
 * The project documents and the teams of a project, through the read-model cache (readModelCache.ts): every project
 * route's access check reads the project (its members and roles, parsed anew each time: most of the check's cost)
 * and the user's teams, and both change rarely.
 */

const PROJECTS = 'projects';
const TEAMS = 'teams';

/** what the cache needs of a team document (the teams read model's `TeamPermissionDoc`) */
export interface TeamDocLike extends Doc {
  _id: string;
  projectId: string;
  userIds: string[];
}

/** The project document by id (null when unknown); frozen. */
export const projectById = (store: DocumentStore, projectId: string): Promise<ProjectDoc | null> =>
  cachedRead<ProjectDoc | null>(store, {
    collection: PROJECTS,
    kind: 'project',
    key: projectId,
    read: () => store.collection<ProjectDoc>(PROJECTS).findOne({ _id: projectId }),
    keep: (project) => project !== null,
  });

/** Every team of a project (by the teams read model's projectId index); frozen. */
export const teamsOfProject = <T extends TeamDocLike>(store: DocumentStore, projectId: string): Promise<readonly T[]> =>
  cachedRead<readonly T[]>(store, {
    collection: TEAMS,
    kind: 'project teams',
    key: projectId,
    read: () => store.collection<T>(TEAMS).find({ projectId }),
  });

/** The teams of a project that hold the user, as the query `{ projectId, userIds: userId }` finds them. */
export const userTeamsOfProject = async <T extends TeamDocLike>(store: DocumentStore, projectId: string, userId: string): Promise<T[]> =>
  (await teamsOfProject<T>(store, projectId)).filter((team) =>
    Array.isArray(team.userIds) ? team.userIds.includes(userId) : (team.userIds as unknown) === userId,
  );
