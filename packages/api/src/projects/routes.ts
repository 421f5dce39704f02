import { z } from 'zod';
import { MODULE_CATALOGUE, MODULE_CATEGORIES, PROJECT_IMAGE_MAX_BYTES, PROJECT_IMAGE_TYPES } from '@stramien/domain';
import { defineRoute, idParams, uuid, type RouteContract } from '../shared/contract';
import { hexColourSchema, requiredText } from '../licences/routes';

const position = z.number().int().nonnegative();
/** a command's answer with the server's message (shown to the user), the resulting state and its position */
const withMessage = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data, position });
const messageOnly = z.object({ message: z.string(), position });

export const moduleIdSchema = z.enum(MODULE_CATALOGUE.map((m) => m.id) as [string, ...string[]]);

export const generalPermissionsSchema = z.object({
  workflows: z.boolean(),
  tables: z.boolean(),
  sbs: z.boolean(),
  labels: z.boolean(),
  tasks: z.boolean(),
});

export const projectModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  route: z.string(),
  category: z.enum(MODULE_CATEGORIES),
  /** the viewer may open it: project admins always, members through a team that holds the module */
  accessible: z.boolean(),
  pool: z.number().int(),
});
export type ProjectModule = z.infer<typeof projectModuleSchema>;

export const externalLinkSchema = z.object({ id: z.string(), name: z.string(), link: z.string(), color: z.string().nullable() });
export type ExternalLink = z.infer<typeof externalLinkSchema>;

export const projectRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_projectadmin: z.boolean(),
  /** how many members hold it */
  members: z.number().int().nonnegative(),
});
export type ProjectRole = z.infer<typeof projectRoleSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  sbs_code: z.string().nullable(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  created_at: z.string(),
  jobs: z.array(z.object({ status: z.string() })),
});

/** The spec's Project, as the signed-in user sees it. */
export const projectSchema = z.object({
  id: z.string(),
  slug: z.string(),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  license: z.string(),
  image: z.object({ id: z.string(), mimeType: z.string() }).nullable(),
  is_favorite: z.boolean(),
  is_member: z.boolean(),
  /** the viewer holds a role flagged is_projectadmin here (system admins count as project admins) */
  is_projectadmin: z.boolean(),
  archived: z.boolean(),
  /** the viewer's role, when a member */
  role: z.object({ id: z.string(), name: z.string(), is_projectadmin: z.boolean() }).nullable(),
  roles: z.array(projectRoleSchema),
  modules: z.array(projectModuleSchema),
  generalPermissions: generalPermissionsSchema,
  sessions: z.array(sessionSchema),
  /** only for project admins (spec §6: project admins load external links) */
  external_links: z.array(externalLinkSchema).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.object({ id: z.string(), name: z.string(), is_projectadmin: z.boolean() }),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const licenceUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_member: z.boolean(),
  role_id: z.string().nullable(),
});
export type LicenceUser = z.infer<typeof licenceUserSchema>;

const projectIdParams = idParams;
const memberParams = z.object({ id: uuid, userId: uuid });
const roleParams = z.object({ id: uuid, roleId: uuid });
const linkParams = z.object({ id: uuid, linkId: uuid });
const moduleParams = z.object({ moduleId: moduleIdSchema, projectId: uuid });
/** POST without a body arrives as null */
const emptyBody = z.object({}).strict().nullish();

const description = z.string().trim().max(2000);
const roleInput = z
  .object({ name: requiredText(100), is_projectadmin: z.boolean().optional(), users: z.array(uuid).max(500).optional() })
  .strict();

/** 'true', '1' (and 'false', '0') as the spec's boolean parsing reads them */
const booleanQuery = z.enum(['true', '1', 'false', '0']);

/** base64 of the largest image, with room for a data: prefix */
const MAX_BASE64 = Math.ceil(PROJECT_IMAGE_MAX_BYTES / 3) * 4 + 100;

export const projectRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/projects',
    summary: "The user's projects in a licence; user admins see all of them (with is_member), archived ones on request",
    tag: 'projects',
    auth: true,
    policy: { access: 'user' },
    query: z.object({ license: uuid, archived: booleanQuery.optional() }),
    response: z.array(projectSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/project/:id',
    summary: 'One project',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project', scope: 'project' },
    params: projectIdParams,
    response: projectSchema,
  }),
  findBySlug: defineRoute({
    method: 'GET',
    path: '/api/projects/slug/:slug/find',
    summary: 'The project with this slug in the given (or the selected) licence',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project', scope: 'project' },
    params: z.object({ slug: z.string().min(1).max(100) }),
    query: z.object({ license: uuid.optional() }).optional(),
    response: projectSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/project',
    summary: 'Create a project with its modules and roles; the creator becomes a member with a project admin role',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'licence' },
    body: z
      .object({
        license: uuid,
        name: requiredText(150),
        number: requiredText(50),
        description: description.optional(),
        modules: z.array(moduleIdSchema).max(50).optional(),
        roles: z.array(roleInput).max(50).optional(),
      })
      .strict(),
    response: withMessage(projectSchema),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/project/:id',
    summary: "Change a project's name, number or description",
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: projectIdParams,
    body: z
      .object({ name: requiredText(150).optional(), number: requiredText(50).optional(), description: description.optional() })
      .strict(),
    response: withMessage(projectSchema),
  }),
  archive: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id',
    summary: 'Archive a project (user admins): hidden from lists, kept with its history, restorable',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'project' },
    params: projectIdParams,
    response: withMessage(projectSchema),
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/api/project/:id/restore',
    summary: 'Restore an archived project (user admins)',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'admin', scope: 'project' },
    params: projectIdParams,
    body: emptyBody,
    response: withMessage(projectSchema),
  }),
  connect: defineRoute({
    method: 'POST',
    path: '/api/project/:id/connect',
    summary: 'A user admin who is not a member joins the project with its first project admin role',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: projectIdParams,
    body: emptyBody,
    response: withMessage(projectSchema),
  }),
  addFavorite: defineRoute({
    method: 'PUT',
    path: '/api/project/:id/favorite',
    summary: 'Add the project to my favourites',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project', scope: 'project' },
    params: projectIdParams,
    response: withMessage(projectSchema),
  }),
  removeFavorite: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/favorite',
    summary: 'Remove the project from my favourites',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project', scope: 'project' },
    params: projectIdParams,
    response: withMessage(projectSchema),
  }),
  licenseUsers: defineRoute({
    method: 'GET',
    path: '/api/project/:id/licenseUsers',
    summary: "The users of the project's licence, with their membership",
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: projectIdParams,
    response: z.array(licenceUserSchema),
  }),
  members: defineRoute({
    method: 'GET',
    path: '/api/project/:id/members',
    summary: 'The members of a project with their role (filter[tasks] is accepted; tasks are not counted yet)',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project', scope: 'project' },
    params: projectIdParams,
    query: z.object({ 'filter[tasks]': z.string().max(100).optional() }).optional(),
    response: z.array(projectMemberSchema),
  }),
  addMember: defineRoute({
    method: 'POST',
    path: '/api/project/:id/members',
    summary: 'Add a user of the licence to the project with a role',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: projectIdParams,
    body: z.object({ user: uuid, role: uuid }).strict(),
    response: withMessage(projectMemberSchema),
  }),
  changeMemberRole: defineRoute({
    method: 'PUT',
    path: '/api/project/:id/members/:userId',
    summary: "Change a member's role",
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: memberParams,
    body: z.object({ role: uuid }).strict(),
    response: withMessage(projectMemberSchema),
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/members/:userId',
    summary: 'Remove a member from the project',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: memberParams,
    response: messageOnly,
  }),
  roles: defineRoute({
    method: 'GET',
    path: '/api/project/:id/roles',
    summary: 'The roles of a project',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project', scope: 'project' },
    params: projectIdParams,
    response: z.array(projectRoleSchema),
  }),
  createRole: defineRoute({
    method: 'POST',
    path: '/api/project/:id/roles',
    summary: 'Add a role (is_projectadmin makes its members project admins)',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: projectIdParams,
    body: z.object({ name: requiredText(100), is_projectadmin: z.boolean().optional() }).strict(),
    response: withMessage(projectRoleSchema),
  }),
  updateRole: defineRoute({
    method: 'PUT',
    path: '/api/project/:id/roles/:roleId',
    summary: 'Rename a role or change its is_projectadmin flag',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: roleParams,
    body: z.object({ name: requiredText(100).optional(), is_projectadmin: z.boolean().optional() }).strict(),
    response: withMessage(projectRoleSchema),
  }),
  deleteRole: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/roles/:roleId',
    summary: 'Delete a role that no member holds',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: roleParams,
    response: messageOnly,
  }),
  uploadImage: defineRoute({
    method: 'POST',
    path: '/api/project/:id/image',
    summary:
      'Set the project image: the raw bytes (Content-Type image/png, image/jpeg, image/webp or image/gif) or JSON {mimeType, file (base64)}; at most 5 MiB',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    consumes: ['application/json', ...PROJECT_IMAGE_TYPES],
    params: projectIdParams,
    body: z.object({ mimeType: z.string().min(1).max(100), file: z.string().min(1).max(MAX_BASE64) }).strict(),
    response: withMessage(projectSchema),
  }),
  image: defineRoute({
    method: 'GET',
    path: '/api/project/:id/image/:imageId',
    summary: 'The project image (binary, with its content type)',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project', scope: 'project' },
    params: z.object({ id: uuid, imageId: uuid }),
    produces: [...PROJECT_IMAGE_TYPES],
    response: z.string().describe('binary image'),
  }),
  links: defineRoute({
    method: 'GET',
    path: '/api/project/:id/links',
    summary: 'External links of a project (project admins)',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-links', scope: 'project' },
    params: projectIdParams,
    response: z.array(externalLinkSchema),
  }),
  createLink: defineRoute({
    method: 'POST',
    path: '/api/project/:id/links',
    summary: 'Add an external link',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-links.create', scope: 'project' },
    params: projectIdParams,
    body: z.object({ name: requiredText(100), link: requiredText(2000), color: hexColourSchema.nullable().optional() }).strict(),
    response: withMessage(externalLinkSchema),
  }),
  updateLink: defineRoute({
    method: 'PUT',
    path: '/api/project/:id/links/:linkId',
    summary: 'Change an external link',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-links.update', scope: 'project' },
    params: linkParams,
    body: z
      .object({ name: requiredText(100).optional(), link: requiredText(2000).optional(), color: hexColourSchema.nullable().optional() })
      .strict(),
    response: withMessage(externalLinkSchema),
  }),
  deleteLink: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/links/:linkId',
    summary: 'Delete an external link',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-links.update', scope: 'project' },
    params: linkParams,
    response: messageOnly,
  }),
  addModule: defineRoute({
    method: 'POST',
    path: '/api/modules/:moduleId/project/:projectId',
    summary: 'Add a module to a project with a pool value (default 20)',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: moduleParams,
    body: z
      .object({ pool: z.number().int().min(0).max(1_000_000).optional() })
      .strict()
      .nullish(),
    response: withMessage(projectSchema),
  }),
  removeModule: defineRoute({
    method: 'DELETE',
    path: '/api/modules/:moduleId/project/:projectId',
    summary: 'Remove a module from a project',
    tag: 'projects',
    auth: true,
    policy: { access: 'check', check: 'project-settings', scope: 'project' },
    params: moduleParams,
    response: withMessage(projectSchema),
  }),
} satisfies Record<string, RouteContract>;
