import { z } from 'zod';
import { ROLE_NAME_MAX, WORKFLOW_NAME_MAX } from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RoutePolicy } from '../shared/contract';

/**
 * Project workflows and their roles (spec 2 §7 "Project workflows"; docs/workflows.md "Permissions"). A project
 * workflow runs one published version of a builder workflow of the project's licence; its roles are given to teams
 * of the project (whose members may take the role's jobs) and to nodes of that version (whose jobs the role takes).
 */

/** what the calling user may do with one project workflow (spec 2 §3 "Workflow (project): id, permissions object") */
export const projectWorkflowPermissionsSchema = z.object({
  /** see it and its sessions */
  read: z.boolean(),
  /** start sessions */
  write: z.boolean(),
  /** change its version and name, its roles; remove it (project admins) */
  admin: z.boolean(),
});
export type ProjectWorkflowPermissions = z.infer<typeof projectWorkflowPermissionsSchema>;

export const workflowRoleViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ids of the project's teams that hold the role */
  teams: z.array(z.string()),
  /** ids of the version's nodes whose jobs the role takes */
  nodes: z.array(z.string()),
});
export type WorkflowRoleView = z.infer<typeof workflowRoleViewSchema>;

export const projectWorkflowViewSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  /** the builder workflow it runs */
  workflow_id: z.string(),
  name: z.string(),
  /** the published version new sessions start on */
  version: z.number().int(),
  /** the builder workflow's newest published version (0 when the builder workflow was deleted): change to it with PUT */
  latest_version: z.number().int().nonnegative(),
  roles: z.array(workflowRoleViewSchema),
  permissions: projectWorkflowPermissionsSchema,
});
export type ProjectWorkflowView = z.infer<typeof projectWorkflowViewSchema>;

/** a published workflow of the project's licence, as `…/workflows/inLicense` lists it */
export const licenceWorkflowViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** its newest published version; versions are numbered 1 … version */
  version: z.number().int().positive(),
  published_at: z.string().nullable(),
  /** the project workflows of this project that run it */
  project_workflows: z.array(z.string()),
});
export type LicenceWorkflowView = z.infer<typeof licenceWorkflowViewSchema>;

/** a team of the project with the roles of this project workflow it holds (`…/roles/teams`) */
export const workflowRoleTeamViewSchema = z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) });
export type WorkflowRoleTeamView = z.infer<typeof workflowRoleTeamViewSchema>;

/** a node of the project workflow's version with the roles that take its jobs (`…/roles/nodes`) */
export const workflowRoleNodeViewSchema = z.object({
  id: z.string(),
  /** the name of the block it runs ('' when the block has no configuration) */
  block_name: z.string(),
  start: z.boolean(),
  /** manual (a person fills its panels) or automated */
  manual: z.boolean(),
  roles: z.array(z.string()),
});
export type WorkflowRoleNodeView = z.infer<typeof workflowRoleNodeViewSchema>;

/** a node id of a builder workflow (the builder names them; not necessarily a uuid) */
export const nodeIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);

const position = z.number().int().nonnegative();
const projectParams = z.object({ id: uuid });
const workflowParams = z.object({ id: uuid, workflowId: uuid });
const roleParams = workflowParams.extend({ roleId: uuid });

const member: RoutePolicy = { access: 'check', check: 'project', scope: 'project' };
const settings: RoutePolicy = { access: 'check', check: 'project-settings', scope: 'project' };
const read: RoutePolicy = { access: 'workflow', need: 'read' };
const admin: RoutePolicy = { access: 'workflow', need: 'admin' };

export const projectWorkflowRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/project/:id/workflows',
    summary: 'The workflows of a project the user may see (project admins: all; others: those their teams may read)',
    tag: 'workflows',
    auth: true,
    policy: member,
    params: projectParams,
    response: z.object({ data: z.array(projectWorkflowViewSchema) }),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/project/:id/workflow',
    summary: "Add a published workflow of the project's licence to the project (version: its newest unless given)",
    tag: 'workflows',
    auth: true,
    policy: settings,
    params: projectParams,
    body: z
      .object({
        workflow: uuid,
        version: z.number().int().positive().max(1_000_000).optional(),
        /** default: the builder workflow's name */
        name: z.string().max(WORKFLOW_NAME_MAX).optional(),
      })
      .strict(),
    response: commandResult(projectWorkflowViewSchema),
  }),
  inLicense: defineRoute({
    method: 'GET',
    path: '/api/project/:id/workflows/inLicense',
    summary: "The published workflows of the project's licence, which project admins may add",
    tag: 'workflows',
    auth: true,
    policy: settings,
    params: projectParams,
    response: z.object({ data: z.array(licenceWorkflowViewSchema) }),
  }),
  permissions: defineRoute({
    method: 'GET',
    path: '/api/project/:id/workflows/permissions',
    summary: 'What the user may do: add workflows (admin), and per project workflow read / write (start sessions) / admin',
    tag: 'workflows',
    auth: true,
    policy: member,
    params: projectParams,
    response: z.object({
      data: z.object({
        /** may add project workflows */
        admin: z.boolean(),
        /** every project workflow of the project with the user's rights on it (none: all false) */
        workflows: z.array(projectWorkflowPermissionsSchema.extend({ id: z.string() })),
      }),
    }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/project/:id/workflow/:workflowId',
    summary: 'A project workflow with its roles',
    tag: 'workflows',
    auth: true,
    policy: read,
    params: workflowParams,
    response: z.object({ data: projectWorkflowViewSchema }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/project/:id/workflow/:workflowId',
    summary: 'Rename a project workflow or change the published version new sessions start on (running ones keep theirs)',
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: workflowParams,
    body: z
      .object({ name: z.string().max(WORKFLOW_NAME_MAX).optional(), version: z.number().int().positive().max(1_000_000).optional() })
      .strict(),
    response: commandResult(projectWorkflowViewSchema),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/workflow/:workflowId',
    summary: 'Remove a workflow from the project (its running sessions can still be finished)',
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: workflowParams,
    response: z.object({ position }),
  }),
  roles: defineRoute({
    method: 'GET',
    path: '/api/project/:id/workflow/:workflowId/roles',
    summary: 'The roles of a project workflow with their teams and nodes',
    tag: 'workflows',
    auth: true,
    policy: read,
    params: workflowParams,
    response: z.object({ data: z.array(workflowRoleViewSchema) }),
  }),
  createRole: defineRoute({
    method: 'POST',
    path: '/api/project/:id/workflow/:workflowId/role',
    summary: 'Create a role of a project workflow',
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: workflowParams,
    body: z.object({ name: z.string().max(ROLE_NAME_MAX) }).strict(),
    response: commandResult(workflowRoleViewSchema),
  }),
  updateRole: defineRoute({
    method: 'PUT',
    path: '/api/project/:id/workflow/:workflowId/role/:roleId',
    summary: 'Rename a role',
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: roleParams,
    body: z.object({ name: z.string().max(ROLE_NAME_MAX) }).strict(),
    response: commandResult(workflowRoleViewSchema),
  }),
  deleteRole: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/workflow/:workflowId/role/:roleId',
    summary: 'Delete a role with its teams and nodes',
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: roleParams,
    response: z.object({ position }),
  }),
  roleTeams: defineRoute({
    method: 'GET',
    path: '/api/project/:id/workflow/:workflowId/roles/teams',
    summary: "The project's teams, each with the roles of this workflow it holds",
    tag: 'workflows',
    auth: true,
    policy: read,
    params: workflowParams,
    response: z.object({ data: z.array(workflowRoleTeamViewSchema) }),
  }),
  addRoleTeam: defineRoute({
    method: 'POST',
    path: '/api/project/:id/workflow/:workflowId/role/:roleId/team',
    summary: "Give a role to a team of the project (its members may take the role's jobs)",
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: roleParams,
    body: z.object({ group: uuid }).strict(),
    response: commandResult(workflowRoleViewSchema),
  }),
  removeRoleTeam: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/workflow/:workflowId/role/:roleId/team/:teamId',
    summary: 'Take a role from a team',
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: roleParams.extend({ teamId: uuid }),
    response: commandResult(workflowRoleViewSchema),
  }),
  roleNodes: defineRoute({
    method: 'GET',
    path: '/api/project/:id/workflow/:workflowId/roles/nodes',
    summary: "The nodes of the project workflow's version, each with the roles that take its jobs",
    tag: 'workflows',
    auth: true,
    policy: read,
    params: workflowParams,
    response: z.object({ data: z.array(workflowRoleNodeViewSchema) }),
  }),
  addRoleNode: defineRoute({
    method: 'POST',
    path: '/api/project/:id/workflow/:workflowId/role/:roleId/node',
    summary: "Give a role a node of the project workflow's version (the role takes its jobs)",
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: roleParams,
    body: z.object({ node: nodeIdSchema }).strict(),
    response: commandResult(workflowRoleViewSchema),
  }),
  removeRoleNode: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/workflow/:workflowId/role/:roleId/node/:nodeId',
    summary: 'Take a node from a role',
    tag: 'workflows',
    auth: true,
    policy: admin,
    params: roleParams.extend({ nodeId: nodeIdSchema }),
    response: commandResult(workflowRoleViewSchema),
  }),
};
