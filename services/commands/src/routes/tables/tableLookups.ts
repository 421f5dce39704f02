import type { TableTeamPermission } from '@stramien/domain';
import { TABLES_COLLECTION, type TableDoc } from '@stramien/projections/tables/tableDocs';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { SBS_VERSIONS_COLLECTION, type SbsVersionDoc } from '@stramien/projections/sbs/sbsVersions';
import type { AppDeps } from '../../deps';

const tables = (deps: AppDeps) => deps.adapters.documentStore.collection<TableDoc>(TABLES_COLLECTION);

/**
 * The table holding a column, relation or permission (their ids are not streams): the `tables` read model answers.
 * The command then folds that table's stream, which decides; a stale or missing read model only means 404.
 */
export const tableIdHolding = async (
  deps: AppDeps,
  part: 'columns.columnId' | 'relations.relationId' | 'permissions.permissionId',
  id: string,
): Promise<string | null> => (await tables(deps).findOne({ [part]: id }))?._id ?? null;

/** Is another live table of the project called this (any case)? */
export const tableNameTaken = async (deps: AppDeps, projectId: string, name: string, exceptTableId?: string): Promise<boolean> => {
  const wanted = name.trim().toLocaleLowerCase();
  const docs = await tables(deps).find({ projectId, deleted: false }, { projection: { _id: 1, name: 1 } });
  return docs.some((d) => d._id !== exceptTableId && d.name.toLocaleLowerCase() === wanted);
};

/** The table's record count as the read model has it (0 before it has the table). */
export const recordCountOf = async (deps: AppDeps, tableId: string): Promise<number> =>
  (await tables(deps).findOne({ _id: tableId }))?.recordCount ?? 0;

/** A team's permissions on the live tables of its project (GET /team/:id/permissions lists them). */
export const tablePermissionsOfTeam = async (
  deps: AppDeps,
  teamId: string,
): Promise<{ table: { tableId: string; projectId: string }; permission: TableTeamPermission }[]> =>
  (await tables(deps).find({ 'permissions.teamId': teamId, deleted: false }, { sort: { name: 1 } })).flatMap((doc) =>
    doc.permissions
      .filter((p) => p.teamId === teamId)
      .map((permission) => ({ table: { tableId: doc._id, projectId: doc.projectId }, permission })),
  );

/**
 * Which of these codes a version of the project's SBS holds: one indexed read per version (projectId, versionId, code).
 * Records' `sbscode` cells and workflow sessions (their code, a job's `sbscode` fields) are checked with it.
 */
export const sbsCodesOf = async (deps: AppDeps, projectId: string, codes: string[]): Promise<string[]> => {
  if (codes.length === 0) return [];
  const store = deps.adapters.documentStore;
  // the default version's id is the project's (docs/sbs.md)
  const versions = await store.collection<SbsVersionDoc>(SBS_VERSIONS_COLLECTION).find({ projectId }, { projection: { _id: 1 } });
  const versionIds = new Set([projectId, ...versions.map((v) => v._id)]);
  const nodes = store.collection<SbsNodeDoc>(SBS_NODES_COLLECTION);
  const found = await Promise.all(
    [...versionIds].map((versionId) => nodes.find({ projectId, versionId, code: { $in: codes } }, { projection: { code: 1 } })),
  );
  return [...new Set(found.flat().map((n) => n.code))];
};
