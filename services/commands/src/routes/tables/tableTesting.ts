import { randomUUID } from 'node:crypto';
import { tableRoutes, teamRoutes, type Body, type ColumnView, type TableView } from '@stramien/api';
import type { TestServer } from '../../testing/testServer';
import { createTeamsWorld, type TeamsWorld } from '../teams/testFixtures';

type Api = ReturnType<TestServer['api']>;

/**
 * The teams world (DEMO.user is project admin of one project, an ordinary member of another, outside a third, and
 * a project of another licence) plus helpers that make tables and columns through the API.
 */
export interface TablesWorld extends TeamsWorld {
  server: TestServer;
  /** a table made by `api` (the project admin DEMO.user by default) in `projectId` */
  table(projectId?: string, api?: Api, name?: string): Promise<TableView>;
  column(tableId: string, body: Omit<Body<typeof tableRoutes.createColumn>, 'table'>, api?: Api): Promise<ColumnView>;
  /** a team of the member project holding DEMO.user */
  memberTeam(): Promise<string>;
  head(): Promise<number>;
}

export const unique = (prefix: string): string => `${prefix} ${randomUUID().slice(0, 6)}`;

export const createTablesWorld = async (server: TestServer): Promise<TablesWorld> => {
  const w = await createTeamsWorld(server);
  const table = async (projectId = w.adminProjectId, api = w.user, name = unique('Table')) =>
    (await api.call(tableRoutes.createTable, { body: { project: { id: projectId }, name } })).data;
  const column = async (tableId: string, body: Omit<Body<typeof tableRoutes.createColumn>, 'table'>, api = w.user) =>
    (await api.call(tableRoutes.createColumn, { body: { ...body, table: { id: tableId } } })).data;
  const memberTeam = async () => {
    const team = (await w.admin.call(teamRoutes.create, { body: { project: { id: w.memberProjectId }, name: unique('Team') } })).data;
    await w.admin.call(teamRoutes.addUser, {
      params: { id: team.id },
      body: { project: { id: w.memberProjectId }, user: { id: w.userId } },
    });
    return team.id;
  };
  return { ...w, server, table, column, memberTeam, head: () => server.adapters.eventStore.headPosition() };
};
