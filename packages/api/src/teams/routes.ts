import { z } from 'zod';
import { TEAM_NAME_MAX, TEAM_SBS_PERMISSIONS_MAX, TEAM_WORKFLOW_PERMISSIONS_MAX } from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract, type RoutePolicy } from '../shared/contract';
import { permissionViewSchema } from '../tables/views';

/** Booleans in a query string (spec 1 §5: true, 1, '1', 'true'). */
export const queryBooleanSchema = z.enum(['true', 'false', '1', '0']);
export const isQueryTrue = (value: string | undefined): boolean => value === 'true' || value === '1';

const projectRef = z.object({ id: uuid }).strict();
const projectQuery = z.object({ 'project[id]': uuid }).strict();
const moduleId = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/);
const teamParams = z.object({ id: uuid });

export const generalPermissionsViewSchema = z.object({
  workflows: z.boolean(),
  tables: z.boolean(),
  sbs: z.boolean(),
  labels: z.boolean(),
  tasks: z.boolean(),
});
export const teamAccessViewSchema = z.enum(['read', 'write']);
export const sbsPermissionViewSchema = z.object({ code: z.string().trim().min(1).max(100), access: teamAccessViewSchema }).strict();
export const workflowPermissionViewSchema = z.object({ workflow_id: uuid, access: teamAccessViewSchema }).strict();

export const teamUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TeamUser = z.infer<typeof teamUserSchema>;

/** A team as the API shows it (spec 2 §3: id, name, users, permissions, modules). */
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  project: z.object({ id: z.string() }),
  user_ids: z.array(z.string()),
  /** only with `withUsers` */
  users: z.array(teamUserSchema).optional(),
  modules: z.array(z.string()),
  general: generalPermissionsViewSchema,
});
export type Team = z.infer<typeof teamSchema>;

/** Everything a team holds, by area (spec 2 §3: permissions by project, SBS, workflows and general). */
export const teamPermissionsSchema = z.object({
  general: generalPermissionsViewSchema,
  modules: z.array(z.string()),
  sbs: z.array(sbsPermissionViewSchema),
  workflows: z.array(workflowPermissionViewSchema),
  /** the team's permissions on the project's tables (held by each table: docs/tables.md) */
  tables: z.array(permissionViewSchema),
});
export type TeamPermissions = z.infer<typeof teamPermissionsSchema>;

export const teamModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  route: z.string(),
  category: z.string(),
});

const settings: RoutePolicy = { access: 'check', check: 'project-settings', scope: 'project' };
const projectAccess: RoutePolicy = { access: 'check', check: 'project', scope: 'project' };

/** Teams of a project (spec 2 §7 Teams); the table permissions per team are table commands (tables/routes.ts). */
export const teamRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/teams',
    summary: 'Teams of a project; withUsers adds the users of each team',
    tag: 'teams',
    auth: true,
    policy: projectAccess,
    query: z.object({ 'project[id]': uuid, withUsers: queryBooleanSchema.optional() }).strict(),
    response: z.object({ data: z.array(teamSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/team',
    summary: 'Create a team in a project',
    tag: 'teams',
    auth: true,
    policy: settings,
    body: z.object({ project: projectRef, name: z.string().max(TEAM_NAME_MAX) }).strict(),
    response: commandResult(teamSchema).extend({ message: z.string() }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/team/:id',
    summary: 'Rename a team',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    body: z.object({ project: projectRef.optional(), name: z.string().max(TEAM_NAME_MAX) }).strict(),
    response: commandResult(teamSchema),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/team/:id',
    summary: 'Delete a team',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    body: z.object({ project: projectRef }).strict(),
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
  users: defineRoute({
    method: 'GET',
    path: '/api/team/:id/users',
    summary: 'Users of a team',
    tag: 'teams',
    auth: true,
    policy: projectAccess,
    params: teamParams,
    query: projectQuery,
    response: z.object({ data: z.array(teamUserSchema) }),
  }),
  addUser: defineRoute({
    method: 'POST',
    path: '/api/team/:id/user',
    summary: "Add a user of the project's licence to a team",
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    body: z.object({ project: projectRef, user: z.object({ id: uuid }).strict() }).strict(),
    response: commandResult(teamSchema),
  }),
  removeUser: defineRoute({
    method: 'DELETE',
    path: '/api/team/:id/user/:userId',
    summary: 'Remove a user from a team',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: z.object({ id: uuid, userId: uuid }),
    query: projectQuery,
    response: commandResult(teamSchema),
  }),
  permissions: defineRoute({
    method: 'GET',
    path: '/api/team/:id/permissions',
    summary: 'Every permission of a team: general, modules, SBS, workflows, tables',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    response: z.object({ data: teamPermissionsSchema }),
  }),
  modules: defineRoute({
    method: 'GET',
    path: '/api/team/:id/modules',
    summary: 'Modules a team may use',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    response: z.object({ data: z.array(teamModuleSchema) }),
  }),
  addModule: defineRoute({
    method: 'POST',
    path: '/api/team/:id/modules/:moduleId',
    summary: "Let a team use one of the project's modules",
    tag: 'teams',
    auth: true,
    policy: settings,
    params: z.object({ id: uuid, moduleId }),
    body: z.object({}).strict().nullish(),
    response: commandResult(teamSchema),
  }),
  removeModule: defineRoute({
    method: 'DELETE',
    path: '/api/team/:id/modules/:moduleId',
    summary: 'Take a module away from a team',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: z.object({ id: uuid, moduleId }),
    response: commandResult(teamSchema),
  }),
  sbsPermissions: defineRoute({
    method: 'GET',
    path: '/api/team/:id/permissions/sbs',
    summary: 'SBS permissions of a team',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    response: z.object({ data: z.array(sbsPermissionViewSchema) }),
  }),
  setSbsPermissions: defineRoute({
    method: 'POST',
    path: '/api/team/:id/permissions/sbs',
    summary: 'Replace the SBS permissions of a team',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    body: z.object({ sbs: z.array(sbsPermissionViewSchema).max(TEAM_SBS_PERMISSIONS_MAX) }).strict(),
    response: commandResult(z.array(sbsPermissionViewSchema)),
  }),
  workflowPermissions: defineRoute({
    method: 'GET',
    path: '/api/team/:id/permissions/workflows',
    summary: 'Workflow permissions of a team',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    response: z.object({ data: z.array(workflowPermissionViewSchema) }),
  }),
  setWorkflowPermissions: defineRoute({
    method: 'POST',
    path: '/api/team/:id/permissions/workflows',
    summary: 'Replace the workflow permissions of a team',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    body: z.object({ workflows: z.array(workflowPermissionViewSchema).max(TEAM_WORKFLOW_PERMISSIONS_MAX) }).strict(),
    response: commandResult(z.array(workflowPermissionViewSchema)),
  }),
  generalPermissions: defineRoute({
    method: 'GET',
    path: '/api/team/:id/permissions/general',
    summary: 'General-app permissions of a team (workflows, tables, sbs, labels, tasks)',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    response: z.object({ data: generalPermissionsViewSchema }),
  }),
  setGeneralPermissions: defineRoute({
    method: 'POST',
    path: '/api/team/:id/permissions/general',
    summary: 'Change general-app permissions of a team; flags left out keep their value',
    tag: 'teams',
    auth: true,
    policy: settings,
    params: teamParams,
    body: generalPermissionsViewSchema.partial().strict(),
    response: commandResult(generalPermissionsViewSchema),
  }),
} satisfies Record<string, RouteContract>;
