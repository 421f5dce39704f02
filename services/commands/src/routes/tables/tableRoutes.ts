import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tableRoutes, toColumnView, toPermissionView, toRelationView, toRevisionView, toTableView } from '@stramien/api';
import {
  defaultRevisionReason,
  DomainError,
  tableDecider,
  tableMessages,
  tableSchemas,
  targetTableOf,
  parseColumnOptions,
  toTableStreamId,
  isLiveTable,
  type ColumnType,
  type TableState,
} from '@stramien/domain';
import { addRoute } from '../../plugins/route';
import { TEAMS_COLLECTION, type TeamPermissionDoc } from '../../plugins/permissionSubject';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadProjectAccess, projectNotFound } from '../../access/projectAccess';
import { loadTableAccess, loadTableState, tableNotFound, type TableAccess } from '../../access/tableAccess';
import { recordCountOf, tableIdHolding, tableNameTaken } from './tableLookups';

/**
 * The table commands of spec 2 §7 (tables, columns, relations, team permissions, revisions). Load (the table's
 * stream, `loadTableAccess`: 404 for a table the user may not see, 403 without the manage right) -> the facts a
 * command needs (name free, target table live, team in the project, head position) -> decide and append -> the
 * resulting view, built from the folded state.
 */
export const registerTableRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const handle = createCommandHandler(app, { decider: tableDecider, schemas: tableSchemas, toStreamId: toTableStreamId });
  const teams = deps.adapters.documentStore.collection<TeamPermissionDoc>(TEAMS_COLLECTION);

  /**
   * Decide a command on the loaded table and append its events, as the actor whose access was loaded, in the table's
   * project: the one step every table route shares after loading (and before answering from the resulting state).
   */
  const decide = (request: FastifyRequest, access: TableAccess, command: Parameters<typeof handle>[2]) =>
    handle(request, access.table.tableId, command, { actor: access.actor, projectId: access.table.projectId });

  const tableView = async (state: TableState, access: Pick<TableAccess, 'manage' | 'write' | 'read'>) =>
    toTableView(state, access, await recordCountOf(deps, state.tableId));

  /** the table holding a column, relation or permission, loaded for managing; 404 with `missing` when none does */
  const holderOf = async (
    request: FastifyRequest,
    part: Parameters<typeof tableIdHolding>[1],
    id: string,
    missing: string,
  ): Promise<TableAccess> => {
    const tableId = await tableIdHolding(deps, part, id);
    if (!tableId) throw new DomainError(missing, 404);
    return loadTableAccess(deps, request, tableId, 'manage').catch((e: unknown) => {
      throw e instanceof DomainError && e.status === 404 ? new DomainError(missing, 404) : e;
    });
  };

  /** a table command's project must be the one named in the body, when one is named */
  const sameProject = (access: TableAccess, projectId: string | undefined): void => {
    if (projectId !== undefined && projectId !== access.table.projectId) throw tableNotFound();
  };

  /** the addressed table, loaded for managing (404 unseen, 403 without the right), in the body's project if it names one */
  const managed = async (request: FastifyRequest, tableId: string, projectId?: string): Promise<TableAccess> => {
    const access = await loadTableAccess(deps, request, tableId, 'manage');
    sameProject(access, projectId);
    return access;
  };

  /** Is the table a `table` column points at live, in the same project? */
  const targetTableLive = async (projectId: string, type: ColumnType, options: unknown): Promise<boolean> => {
    if (type !== 'table' || options === undefined) return false;
    const parsed = parseColumnOptions(type, options);
    const target = parsed.ok ? targetTableOf({ type, options: parsed.options }) : null;
    if (target === null) return false;
    const state = await loadTableState(deps, target);
    return isLiveTable(state) && state.projectId === projectId;
  };

  addRoute(app, tableRoutes.createTable, async ({ body, request }) => {
    const project = await loadProjectAccess(deps, request, body.project, 'project-settings');
    const tableId = randomUUID();
    const result = await handle(
      request,
      tableId,
      {
        type: 'CreateTable',
        data: {
          tableId,
          projectId: project.project._id,
          name: body.name,
          nameTaken: await tableNameTaken(deps, project.project._id, body.name),
        },
      },
      { actor: project.actor, projectId: project.project._id },
    );
    return { data: toTableView(result.state, { manage: true, write: true, read: true }, 0), position: result.position };
  });

  addRoute(app, tableRoutes.updateTable, async ({ params, body, request }) => {
    const access = await managed(request, params.id, body.project);
    const result = await decide(request, access, {
      type: 'RenameTable',
      data: { name: body.name, nameTaken: await tableNameTaken(deps, access.table.projectId, body.name, params.id) },
    });
    return { data: await tableView(result.state, access), position: result.position };
  });

  addRoute(app, tableRoutes.deleteTable, async ({ params, request }) => {
    const access = await managed(request, params.id);
    const result = await decide(request, access, { type: 'DeleteTable', data: {} });
    return { position: result.position };
  });

  addRoute(app, tableRoutes.createColumn, async ({ body, request }) => {
    const access = await managed(request, body.table, body.project);
    const columnId = randomUUID();
    const result = await decide(request, access, {
      type: 'AddColumn',
      data: {
        columnId,
        name: body.name,
        type: body.type,
        options: body.options_value ?? null,
        ...(body.position !== undefined ? { position: body.position } : {}),
        targetTableLive: await targetTableLive(access.table.projectId, body.type, body.options_value),
      },
    });
    const column = result.state.columns.find((c) => c.columnId === columnId)!;
    return { data: toColumnView(column), position: result.position };
  });

  addRoute(app, tableRoutes.updateColumn, async ({ params, body, request }) => {
    const access = await holderOf(request, 'columns.columnId', params.id, tableMessages.columnNotFound);
    sameProject(access, body.project);
    if (body.table !== undefined && body.table !== access.table.tableId) throw new DomainError(tableMessages.columnNotFound, 404);
    const current = access.table.columns.find((c) => c.columnId === params.id);
    if (!current) throw new DomainError(tableMessages.columnNotFound, 404);
    const result = await decide(request, access, {
      type: 'UpdateColumn',
      data: {
        columnId: params.id,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.type !== undefined ? { type: body.type } : {}),
        ...(body.options_value !== undefined ? { options: body.options_value } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
        targetTableLive: await targetTableLive(access.table.projectId, current.type, body.options_value),
      },
    });
    const column = result.state.columns.find((c) => c.columnId === params.id)!;
    return { data: toColumnView(column), position: result.position };
  });

  addRoute(app, tableRoutes.deleteColumn, async ({ params, request }) => {
    const access = await holderOf(request, 'columns.columnId', params.id, tableMessages.columnNotFound);
    const result = await decide(request, access, { type: 'DeleteColumn', data: { columnId: params.id } });
    return { data: await tableView(result.state, access), position: result.position };
  });

  addRoute(app, tableRoutes.createRelation, async ({ params, body, request }) => {
    const access = await managed(request, body.table);
    if (access.table.projectId !== params.id) throw tableNotFound();
    const relationId = randomUUID();
    const result = await decide(request, access, { type: 'AddRelation', data: { relationId, columnId: body.column } });
    const relation = result.state.relations.find((r) => r.relationId === relationId)!;
    return { data: toRelationView(relation), position: result.position };
  });

  addRoute(app, tableRoutes.deleteRelation, async ({ params, request }) => {
    const access = await holderOf(request, 'relations.relationId', params.relationId, tableMessages.relationNotFound);
    if (access.table.projectId !== params.id) throw new DomainError(tableMessages.relationNotFound, 404);
    const result = await decide(request, access, { type: 'RemoveRelation', data: { relationId: params.relationId } });
    return { data: await tableView(result.state, access), position: result.position };
  });

  /** a team of the table's project, or null */
  const teamOf = async (teamId: string, projectId: string) => teams.findOne({ _id: teamId, projectId });

  addRoute(app, tableRoutes.createPermission, async ({ body, request }) => {
    const access = await managed(request, body.table, body.project);
    const team = await teamOf(body.team, access.table.projectId);
    const permissionId = randomUUID();
    const result = await decide(request, access, {
      type: 'GrantTablePermission',
      data: { permissionId, teamId: body.team, read: body.read, write: body.write, teamInProject: team !== null },
    });
    const permission = result.state.permissions.find((p) => p.permissionId === permissionId)!;
    return { data: toPermissionView(result.state, permission, team?.name ?? ''), position: result.position };
  });

  addRoute(app, tableRoutes.updatePermission, async ({ params, body, request }) => {
    const access = await holderOf(request, 'permissions.permissionId', params.id, tableMessages.permissionNotFound);
    const result = await decide(request, access, { type: 'ChangeTablePermission', data: { permissionId: params.id, ...body } });
    const permission = result.state.permissions.find((p) => p.permissionId === params.id)!;
    const team = await teamOf(permission.teamId, access.table.projectId);
    return { data: toPermissionView(result.state, permission, team?.name ?? ''), position: result.position };
  });

  addRoute(app, tableRoutes.deletePermission, async ({ params, request }) => {
    const access = await holderOf(request, 'permissions.permissionId', params.id, tableMessages.permissionNotFound);
    const result = await decide(request, access, { type: 'RevokeTablePermission', data: { permissionId: params.id } });
    return { data: await tableView(result.state, access), position: result.position };
  });

  addRoute(app, tableRoutes.storeRevision, async ({ body, request }) => {
    const access = await managed(request, body.table);
    if (body.project !== access.table.projectId) throw projectNotFound();
    const user = await deps.adapters.documentStore
      .collection<{ _id: string; firstname?: string; lastname?: string }>('users')
      .findOne({ _id: access.actor.userId });
    const now = deps.clock().toISOString();
    const revisionId = randomUUID();
    const result = await decide(request, access, {
      type: 'StoreRevision',
      data: {
        revisionId,
        reason: body.reason?.trim() ? body.reason : defaultRevisionReason(now, user?.lastname ?? ''),
        position: await deps.adapters.eventStore.headPosition(),
      },
    });
    const revision = result.state.revisions.find((r) => r.revisionId === revisionId)!;
    const [stored] = await deps.adapters.eventStore.readStream(toTableStreamId(body.table), { direction: 'backwards', maxCount: 1 });
    return {
      data: toRevisionView({
        ...revision,
        tableId: result.state.tableId,
        projectId: result.state.projectId,
        createdAt: (stored?.metadata as { occurredAt?: string } | undefined)?.occurredAt ?? now,
        createdBy: { id: access.actor.userId, name: [user?.firstname, user?.lastname].filter(Boolean).join(' ') },
      }),
      position: result.position,
    };
  });
};
