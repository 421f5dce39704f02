import type { FastifyRequest } from 'fastify';
import { DomainError, isDefaultSbsVersion, sbsMessages, type PermissionCheck } from '@stramien/domain';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { SBS_VERSIONS_COLLECTION, type SbsVersionDoc } from '@stramien/projections/sbs/sbsVersions';
import type { AppDeps } from '../deps';
import { loadProjectAccess, type ProjectAccess } from './projectAccess';

export const sbsNodeNotFound = (): DomainError => new DomainError(sbsMessages.notFound, 404);
export const sbsVersionNotFound = (): DomainError => new DomainError(sbsMessages.versionNotFound, 404);

/**
 * The live version of a project a call names: the project's default version (its own id) when none is named; a
 * deleted version or one of another project answers 404 'SBS version not found.'.
 */
export const resolveSbsVersion = async (deps: AppDeps, projectId: string, versionId: string | undefined): Promise<string> => {
  if (versionId === undefined || isDefaultSbsVersion(projectId, versionId)) return projectId;
  const version = await deps.adapters.documentStore
    .collection<SbsVersionDoc>(SBS_VERSIONS_COLLECTION)
    .findOne({ _id: versionId, projectId });
  if (!version) throw sbsVersionNotFound();
  return versionId;
};

export interface SbsNodeAccess {
  node: SbsNodeDoc;
  project: ProjectAccess;
}

/**
 * Loads a live node of a project for a request: the project must be visible to the user and pass `check` (404 /
 * 403 as `loadProjectAccess`); a node of another project, of a deleted version or an unknown one answers 404.
 */
export const loadSbsNodeAccess = async (
  deps: AppDeps,
  request: FastifyRequest,
  projectId: string,
  nodeId: string,
  check: PermissionCheck = 'project',
): Promise<SbsNodeAccess> => {
  const project = await loadProjectAccess(deps, request, projectId, check);
  const node = await deps.adapters.documentStore.collection<SbsNodeDoc>(SBS_NODES_COLLECTION).findOne({ _id: nodeId, projectId });
  if (!node) throw sbsNodeNotFound();
  await resolveSbsVersion(deps, projectId, node.versionId).catch(() => {
    throw sbsNodeNotFound();
  });
  return { node, project };
};
