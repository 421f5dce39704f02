import type { TableTeamPermission } from '@stramien/domain';
import { TABLES_COLLECTION, type TableDoc } from '@stramien/projections/tables/tableDocs';
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
