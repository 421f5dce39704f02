import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  accountRoutes,
  allRoutes,
  identityRoutes,
  boardRoutes,
  jobRoutes,
  labelRoutes,
  projectRoutes,
  teamRoutes,
  taskPartRoutes,
  taskRoutes,
  tableRoutes,
  webhookRoutes,
  sbsRoutes,
  projectWorkflowRoutes,
  sessionRoutes,
  type RouteContract,
} from '@stramien/api';
import { WEBHOOK_DELIVERIES_COLLECTION } from '@stramien/webhooks';
import {
  can,
  tableRights,
  projectWorkflowRights,
  toJobId,
  toJobStreamId,
  NO_GENERAL_PERMISSIONS,
  ALL_GENERAL_PERMISSIONS,
  type PermissionSubject,
} from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '@stramien/commands/testing/testServer';
import { createUser } from '@stramien/commands/routes/identity/accountTesting';
import { publishWorkflow } from '@stramien/commands/routes/workflows/projectWorkflowTesting';
import { automatedConfig, graphOf, manualConfig } from '@stramien/domain/workflows/testFixtures';
import { apiTokenRoutes, apiTokenUse } from '@stramien/api';

/**
 * The route x actor security matrix: one test per (route, actor) cell of `allRoutes`, the expected answer derived
 * only from the route's declarative `policy`, the actor's standing and the rule 'visible' below.
 */

type ActorName =
  | 'anonymous'
  | 'otherLicence'
  | 'member'
  | 'projectAdmin'
  | 'licenceAdmin'
  | 'systemAdmin'
  | 'teamGeneral'
  | 'teamNone'
  | 'disabled'
  | 'apiRead'
  | 'apiWrite';

/** What an actor is, relative to licence A and its fixture project. */
interface Standing {
  signedIn: boolean;
  disabled: boolean;
  inLicenceA: boolean;
  isSystemAdmin: boolean;
  isLicenceAdmin: boolean;
  isMember: boolean;
  isProjectAdmin: boolean;
  general: boolean;
  /** the actor the `self-or-admin` routes address */
  isSelf: boolean;
  /** signed in with an API token of this scope instead of a session */
  apiToken?: 'read' | 'write';
  /** the right the actor's team has on the fixture table and on the fixture project workflow */
  tableTeam?: 'read' | 'write';
}

const base: Standing = {
  signedIn: true,
  disabled: false,
  inLicenceA: true,
  isSystemAdmin: false,
  isLicenceAdmin: false,
  isMember: false,
  isProjectAdmin: false,
  general: false,
  isSelf: false,
};
const ACTORS: Record<ActorName, Standing> = {
  anonymous: { ...base, signedIn: false, inLicenceA: false },
  otherLicence: { ...base, inLicenceA: false },
  member: { ...base, isMember: true, isSelf: true },
  projectAdmin: { ...base, isMember: true, isProjectAdmin: true },
  licenceAdmin: { ...base, isLicenceAdmin: true },
  systemAdmin: { ...base, isSystemAdmin: true },
  teamGeneral: { ...base, isMember: true, general: true, tableTeam: 'write' },
  teamNone: { ...base, isMember: true, tableTeam: 'read' },
  disabled: { ...base, isMember: true, disabled: true },
  // API tokens of the project admin: the owner's rights, read-only or not, never token/password/2FA management
  apiRead: { ...base, isMember: true, isProjectAdmin: true, apiToken: 'read' },
  apiWrite: { ...base, isMember: true, isProjectAdmin: true, apiToken: 'write' },
};
const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];

/** A project is visible to its members and to the user admins of its licence; a licence to its users. */
const projectVisible = (a: Standing): boolean => a.isSystemAdmin || (a.inLicenceA && (a.isMember || a.isLicenceAdmin));
const licenceVisible = (a: Standing): boolean => a.isSystemAdmin || a.inLicenceA;

/** knowledge-base articles belong to the product, not to a licence: every signed-in user reads them */
const LICENCE_FREE = /^\/api\/knowledge-base\//;
const addressesLicence = (route: RouteContract): boolean =>
  (route.path.includes('/:') && !LICENCE_FREE.test(route.path)) ||
  'license' in ((route.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

type Expected = 'allowed' | 401 | 403 | 404;

/** The expected answer of a cell, from the policy and the actor only. */
const API_TOKEN_FORBIDDEN = /^\/api\/(token|tokens|user\/password|2fa)(\/|$)/;

const expectedFor = (route: RouteContract, a: Standing): Expected => {
  const policy = route.policy!;
  if (policy.access === 'public') return 'allowed';
  if (!a.signedIn || a.disabled) return 401;
  // API tokens are refused before any route logic: management routes always, writes without the write scope
  if (a.apiToken && API_TOKEN_FORBIDDEN.test(route.path)) return 403;
  if (a.apiToken === 'read' && apiTokenUse(route) !== 'read') return 403;
  // the matrix's tokens have the read and write scopes only: a route that needs a named scope refuses them
  if (a.apiToken && route.apiTokens && !['read', 'write', 'never'].includes(route.apiTokens)) return 403;
  switch (policy.access) {
    case 'user':
      // a signed-in route that addresses licence A's objects (by a path id or its `license` query) answers other licences 404
      return !a.inLicenceA && !a.isSystemAdmin && addressesLicence(route) ? 404 : 'allowed';
    case 'system-admin':
      return a.isSystemAdmin ? 'allowed' : 403;
    case 'self-or-admin':
      if (a.isSelf || a.isSystemAdmin || a.isLicenceAdmin) return 'allowed';
      return a.inLicenceA ? 403 : 404;
    case 'check': {
      const subject = subjectOf(a, policy.scope);
      if (can(subject, policy.check, policy.app ? { app: policy.app } : {})) return 'allowed';
      const visible = policy.scope === 'project' ? projectVisible(a) : licenceVisible(a);
      return visible ? 403 : 404;
    }
    case 'table': {
      // the fixture table: team 'write' (teamGeneral's) may write, team 'read' (teamNone's) may read; others see nothing
      const rights = tableRights(subjectOf(a, 'project'), a.tableTeam ? [a.tableTeam] : [], FIXTURE_TABLE_PERMISSIONS);
      if (rights[policy.need]) return 'allowed';
      return projectVisible(a) && rights.read ? 403 : 404;
    }
    case 'workflow': {
      // the fixture project workflow: team General (teamGeneral) has write on it, team Nothing (teamNone) read
      const rights = projectWorkflowRights(subjectOf(a, 'project'), a.tableTeam ? [a.tableTeam] : []);
      if (rights[policy.need]) return 'allowed';
      return projectVisible(a) && rights.read ? 403 : 404;
    }
  }
};

const FIXTURE_TABLE_PERMISSIONS = [
  { teamId: 'write', read: true, write: true },
  { teamId: 'read', read: true, write: false },
];

/** The permission subject of an actor for a licence- or project-scoped check. */
const subjectOf = (a: Standing, scope: 'licence' | 'project'): PermissionSubject => ({
  isSystemAdmin: a.isSystemAdmin,
  isLicenceAdmin: a.isLicenceAdmin,
  ...(scope === 'project'
    ? {
        project: {
          isMember: a.isMember,
          isProjectAdmin: a.isProjectAdmin,
          // as the server's projectAccessFor: project admins (and system admins) hold every general flag
          generalPermissions: a.general || a.isProjectAdmin || a.isSystemAdmin ? ALL_GENERAL_PERMISSIONS : NO_GENERAL_PERMISSIONS,
        },
      }
    : {}),
});

/** Fixture ids of licence A, filled in `beforeAll`. */
interface Fixture {
  licenceA: string;
  licenceB: string;
  projectId: string;
  projectSlug: string;
  projectName: string;
  memberRoleId: string;
  scratchRoleId: string;
  scratchTeamId: string;
  labelId: string;
  linkId: string;
  companyId: string;
  collectionId: string;
  memberId: string;
  spareId: string;
  newsItemId: string;
  articleId: string;
  /** a board with one lane of each signed-in actor of licence A (boards are personal) */
  boards: Partial<Record<ActorName, BoardFixture>>;
  /** a finished task export of the member actor */
  downloadId: string;
  /** a canceled job of the member actor (cancelling it again changes nothing) */
  canceledJobId: string;
  /** a notification of the member actor */
  notificationId: string;
  /** an open task of the fixture project, assigned to the member */
  taskId: string;
  webhookId: string;
  /** an event delivered (or being delivered) to that endpoint */
  webhookEventId: string;
  /** an SBS record of the fixture project (code SBS_FIXTURE_CODE) */
  sbsNodeId: string;
  /** a table of the fixture project: team General may write it, team Nothing read it (FIXTURE_TABLE_PERMISSIONS) */
  table: TableFixture;
  /** a project workflow of the fixture project: team General may start sessions (write), team Nothing read it */
  workflow: WorkflowFixture;
  /** a running session of the fixture project workflow (its start node 'intake' open, nobody assigned) */
  session: SessionFixture;
}

interface SessionFixture {
  sessionId: string;
  /** the open job of node 'intake' */
  jobId: string;
  /** a file uploaded to that job (its `plan` field) */
  fileId: string;
}

interface WorkflowFixture {
  projectWorkflowId: string;
  /** a role of it, without teams or nodes */
  roleId: string;
}

interface TableFixture {
  tableId: string;
  /** a text column */
  columnId: string;
  /** a column of type table, pointing at the table itself */
  linkColumnId: string;
  /** team Nothing's read permission */
  permissionId: string;
  recordId: string;
}

interface BoardFixture {
  boardId: string;
  laneId: string;
}

/** Whose board an actor's cell addresses: its own, its owner's for API tokens, else the member's (someone else's). */
const boardOwner = (actor: ActorName): ActorName =>
  actor === 'apiRead' || actor === 'apiWrite'
    ? 'projectAdmin'
    : ['anonymous', 'otherLicence', 'disabled'].includes(actor)
      ? 'member'
      : actor;

interface CellInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Phase 0 reads, 1 non-destructive writes, 2 destructive writes (run last, mostly against throwaway copies). */
interface RouteCase {
  phase: 0 | 1 | 2;
  input: (f: Fixture, fresh: Fresh, actor: ActorName) => Promise<CellInput> | CellInput;
}

interface Fresh {
  project(): Promise<string>;
  team(): Promise<string>;
  label(): Promise<string>;
  link(): Promise<string>;
  role(): Promise<string>;
  user(): Promise<string>;
  projectMember(): Promise<string>;
  company(): Promise<string>;
  collection(): Promise<string>;
  /** (re)adds a module to the fixture project and answers its id */
  projectModule(): Promise<string>;
  newsItem(): Promise<string>;
  article(): Promise<string>;
  /** a new board with one lane, of the actor whose board the cell addresses */
  board(actor: ActorName): Promise<BoardFixture>;
  /** an open task of the fixture project */
  task(): Promise<string>;
  webhook(): Promise<string>;
  /** an SBS record of the fixture project */
  sbsNode(): Promise<string>;
  /** an SBS version of the fixture project */
  sbsVersion(): Promise<string>;
  /** a new table of the fixture project, with the fixture table's team permissions */
  table(): Promise<string>;
  /** a new text column of the fixture table */
  column(): Promise<string>;
  /** a new relation of the fixture table, on a new table column */
  relation(): Promise<string>;
  /** a new permission on the fixture table, for a new team without users */
  permission(): Promise<string>;
  /** a new record of the fixture table */
  record(): Promise<string>;
  /** a revision of a new table of the fixture project (with the fixture table's team permissions) */
  revision(): Promise<string>;
  /** a published builder workflow of licence A */
  builderWorkflow(): Promise<string>;
  /** a new project workflow of the fixture project, with the fixture workflow's team permissions */
  projectWorkflow(): Promise<string>;
  /** a new role of the fixture project workflow, holding the scratch team and node 'review' */
  workflowRole(): Promise<string>;
  /** a new session of the fixture project workflow */
  session(): Promise<SessionFixture>;
}

const unique = () => randomUUID().slice(0, 8);
const project = (f: Fixture) => ({ id: f.projectId });
const workflowParams = (f: Fixture) => ({ id: f.projectId, workflowId: f.workflow.projectWorkflowId });
const roleParams = (f: Fixture) => ({ ...workflowParams(f), roleId: f.workflow.roleId });
const sessionParams = (f: Fixture) => ({ id: f.projectId, sessionId: f.session.sessionId });
const jobParams = (f: Fixture) => ({ id: f.projectId, jobId: f.session.jobId });
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** a CSV of one row for the import routes (its header fills no column: nothing is refused) */
const MATRIX_CSV = Buffer.from('Matrix\nrow\n').toString('base64');

const newsBody = () => ({
  translations: { en: { title: `News ${unique()}`, description: 'Text', button_title: '' } },
  tags: [],
  auto_open: false,
});
const articleBody = () => ({ translations: { en: { title: `Article ${unique()}`, body: 'Text' } }, position: 1 });

/** How each addressable route is called: real fixture ids and a minimal valid body. */
const CASES: Record<string, RouteCase> = {
  'identity.currentUser': { phase: 0, input: () => ({}) },
  'identity.updateUser': { phase: 1, input: (f) => ({ params: { id: f.memberId }, body: { firstname: 'Mia' } }) },
  'account.invite': { phase: 1, input: (f) => ({ body: { email: `inv-${unique()}@example.test`, license: f.licenceA } }) },
  'account.listUsers': { phase: 0, input: (f) => ({ query: { license: f.licenceA } }) },
  'account.createUser': {
    phase: 1,
    input: (f) => ({ body: { email: `new-${unique()}@example.test`, firstname: 'New', lastname: 'User', license: f.licenceA } }),
  },
  'account.licenceUsers': { phase: 0, input: (f) => ({ params: { id: f.licenceA } }) },
  'account.addLicenceUser': { phase: 1, input: (f) => ({ params: { id: f.licenceA }, body: { user_id: f.spareId } }) },
  'account.setLicenceAdmin': { phase: 1, input: (f) => ({ params: { id: f.licenceA, userId: f.spareId }, body: { is_admin: false } }) },
  'account.removeLicenceUser': { phase: 2, input: async (f, fresh) => ({ params: { id: f.licenceA, userId: await fresh.user() } }) },
  'account.userAccess': { phase: 0, input: (f) => ({ params: { id: f.memberId } }) },
  'account.disableUser': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.user() }, body: {} }) },
  'account.enableUser': { phase: 1, input: (f) => ({ params: { id: f.spareId }, body: {} }) },
  'account.devMail': { phase: 0, input: () => ({ query: {} }) },
  'maintenance.maintenanceStatus': { phase: 0, input: () => ({}) },
  'security.resetTwoFactor': { phase: 1, input: (f) => ({ params: { id: f.spareId } }) },
  'licences.create': { phase: 1, input: () => ({ body: { name: `Licence ${unique()}` } }) },
  'licences.get': { phase: 0, input: (f) => ({ params: { id: f.licenceA } }) },
  'licences.update': { phase: 1, input: (f) => ({ params: { id: f.licenceA }, body: { name: 'Licence A' } }) },
  'licences.modules': { phase: 0, input: (f) => ({ params: { id: f.licenceA } }) },
  'projects.list': { phase: 0, input: (f) => ({ query: { license: f.licenceA } }) },
  'projects.get': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'projects.findBySlug': { phase: 0, input: (f) => ({ params: { slug: f.projectSlug }, query: { license: f.licenceA } }) },
  'projects.create': { phase: 1, input: (f) => ({ body: { license: f.licenceA, name: `P ${unique()}`, number: unique() } }) },
  'projects.update': { phase: 1, input: (f) => ({ params: { id: f.projectId }, body: { description: 'Matrix' } }) },
  'projects.archive': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.project() } }) },
  'projects.restore': { phase: 1, input: (f) => ({ params: { id: f.projectId }, body: {} }) },
  'projects.connect': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.project() }, body: {} }) },
  'projects.addFavorite': { phase: 1, input: (f) => ({ params: { id: f.projectId } }) },
  'projects.removeFavorite': { phase: 1, input: (f) => ({ params: { id: f.projectId } }) },
  'projects.licenseUsers': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'projects.members': { phase: 0, input: (f) => ({ params: { id: f.projectId }, query: {} }) },
  'projects.addMember': { phase: 1, input: (f) => ({ params: { id: f.projectId }, body: { user: f.spareId, role: f.scratchRoleId } }) },
  'projects.changeMemberRole': {
    phase: 1,
    input: (f) => ({ params: { id: f.projectId, userId: f.spareId }, body: { role: f.scratchRoleId } }),
  },
  'projects.removeMember': { phase: 2, input: async (f, fresh) => ({ params: { id: f.projectId, userId: await fresh.projectMember() } }) },
  'projects.roles': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'projects.createRole': { phase: 1, input: (f) => ({ params: { id: f.projectId }, body: { name: `Role ${unique()}` } }) },
  'projects.updateRole': { phase: 1, input: (f) => ({ params: { id: f.projectId, roleId: f.scratchRoleId }, body: { name: 'Scratch' } }) },
  'projects.deleteRole': { phase: 2, input: async (f, fresh) => ({ params: { id: f.projectId, roleId: await fresh.role() } }) },
  'projects.uploadImage': { phase: 1, input: (f) => ({ params: { id: f.projectId }, body: { mimeType: 'image/png', file: PNG } }) },
  'projects.links': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'projects.createLink': {
    phase: 1,
    input: (f) => ({ params: { id: f.projectId }, body: { name: `Link ${unique()}`, link: 'https://example.com' } }),
  },
  'projects.updateLink': { phase: 1, input: (f) => ({ params: { id: f.projectId, linkId: f.linkId }, body: { name: 'Docs' } }) },
  'projects.deleteLink': { phase: 2, input: async (f, fresh) => ({ params: { id: f.projectId, linkId: await fresh.link() } }) },
  'projects.addModule': { phase: 1, input: (f) => ({ params: { moduleId: 'build-order', projectId: f.projectId }, body: {} }) },
  'projects.removeModule': {
    phase: 2,
    input: async (f, fresh) => ({ params: { moduleId: await fresh.projectModule(), projectId: f.projectId } }),
  },
  'teams.list': { phase: 0, input: (f) => ({ query: { 'project[id]': f.projectId } }) },
  'teams.create': { phase: 1, input: (f) => ({ body: { project: project(f), name: `Team ${unique()}` } }) },
  'teams.update': { phase: 1, input: (f) => ({ params: { id: f.scratchTeamId }, body: { project: project(f), name: 'Scratch' } }) },
  'teams.delete': { phase: 2, input: async (f, fresh) => ({ params: { id: await fresh.team() }, body: { project: project(f) } }) },
  'teams.users': { phase: 0, input: (f) => ({ params: { id: f.scratchTeamId }, query: { 'project[id]': f.projectId } }) },
  'teams.addUser': {
    phase: 1,
    input: (f) => ({ params: { id: f.scratchTeamId }, body: { project: project(f), user: { id: f.memberId } } }),
  },
  'teams.permissions': { phase: 0, input: (f) => ({ params: { id: f.scratchTeamId } }) },
  'teams.modules': { phase: 0, input: (f) => ({ params: { id: f.scratchTeamId } }) },
  'teams.sbsPermissions': { phase: 0, input: (f) => ({ params: { id: f.scratchTeamId } }) },
  'teams.setSbsPermissions': { phase: 1, input: (f) => ({ params: { id: f.scratchTeamId }, body: { sbs: [] } }) },
  'teams.workflowPermissions': { phase: 0, input: (f) => ({ params: { id: f.scratchTeamId } }) },
  'teams.setWorkflowPermissions': { phase: 1, input: (f) => ({ params: { id: f.scratchTeamId }, body: { workflows: [] } }) },
  'teams.generalPermissions': { phase: 0, input: (f) => ({ params: { id: f.scratchTeamId } }) },
  'teams.setGeneralPermissions': { phase: 1, input: (f) => ({ params: { id: f.scratchTeamId }, body: { tables: true } }) },
  'tables.createTable': { phase: 1, input: (f) => ({ body: { project: f.projectId, name: `Table ${unique()}` } }) },
  'tables.updateTable': { phase: 1, input: (f) => ({ params: { id: f.table.tableId }, body: { name: 'Matrix table' } }) },
  'tables.deleteTable': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.table() } }) },
  'tables.createColumn': {
    phase: 1,
    input: (f) => ({ body: { table: f.table.tableId, name: `Column ${unique()}`, type: 'text' } }),
  },
  'tables.updateColumn': { phase: 1, input: (f) => ({ params: { id: f.table.columnId }, body: { name: 'Name' } }) },
  'tables.deleteColumn': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.column() } }) },
  'tables.createRelation': {
    phase: 1,
    input: (f) => ({ params: { id: f.projectId }, body: { table: f.table.tableId, column: f.table.linkColumnId } }),
  },
  'tables.deleteRelation': {
    phase: 2,
    input: async (f, fresh) => ({ params: { id: f.projectId, relationId: await fresh.relation() } }),
  },
  // a new team without users each time: a permission for a team of the actors (the scratch team gets the member) would change the matrix
  'tables.createPermission': {
    phase: 1,
    input: async (f, fresh) => ({ body: { table: f.table.tableId, team: await fresh.team(), read: true, write: false } }),
  },
  'tables.updatePermission': { phase: 1, input: (f) => ({ params: { id: f.table.permissionId }, body: { read: true } }) },
  'tables.deletePermission': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.permission() } }) },
  'tables.createRecord': { phase: 1, input: (f) => ({ body: { table: f.table.tableId, values: {} } }) },
  'tables.updateRecord': { phase: 1, input: (f) => ({ params: { id: f.table.recordId }, body: { values: {} } }) },
  'tables.deleteRecord': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.record() } }) },
  'tables.deleteRecords': { phase: 2, input: async (_f, fresh) => ({ body: { records: [await fresh.record()] } }) },
  'tables.clearRecords': { phase: 2, input: async (_f, fresh) => ({ body: { table: await fresh.table() } }) },
  'tables.storeRevision': { phase: 1, input: (f) => ({ body: { table: f.table.tableId, project: f.projectId } }) },
  'tableBulk.restoreRevision': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.revision() }, body: {} }) },
  'tableBulk.exportTable': { phase: 1, input: (f) => ({ params: { id: f.projectId, tableId: f.table.tableId }, body: {} }) },
  'tableQueries.list': { phase: 0, input: (f) => ({ query: { 'project[id]': f.projectId } }) },
  'tableQueries.get': { phase: 0, input: (f) => ({ params: { id: f.table.tableId } }) },
  'tableQueries.columns': { phase: 0, input: (f) => ({ query: { 'project[id]': f.projectId, 'table[id]': f.table.tableId } }) },
  'tableQueries.permissions': { phase: 0, input: (f) => ({ query: { 'project[id]': f.projectId } }) },
  'tableQueries.relations': { phase: 0, input: (f) => ({ params: { id: f.projectId }, query: {} }) },
  'tableQueries.records': { phase: 0, input: (f) => ({ query: { 'project[id]': f.projectId, 'table[id]': f.table.tableId } }) },
  'tableQueries.record': { phase: 0, input: (f) => ({ params: { id: f.table.recordId } }) },
  'tableQueries.recordHistory': { phase: 0, input: (f) => ({ params: { id: f.table.recordId } }) },
  'tableQueries.recordRelations': { phase: 0, input: (f) => ({ params: { id: f.table.recordId } }) },
  'tableQueries.revisions': { phase: 0, input: (f) => ({ query: { 'project[id]': f.projectId, 'table[id]': f.table.tableId } }) },
  'tableQueries.compareRevisions': {
    phase: 0,
    input: (f) => ({ query: { 'project[id]': f.projectId, 'table[id]': f.table.tableId, from: 'actual', to: 'actual' } }),
  },
  'tableQueries.changes': { phase: 0, input: (f) => ({ params: { id: f.table.tableId }, query: { from: '2020-01-01T00:00:00Z' } }) },
  'tableQueries.query': {
    phase: 0,
    input: (f) => ({ params: { id: f.projectId, tableId: f.table.tableId }, body: { conditions: [] } }),
  },
  'tableQueries.sbsTables': { phase: 0, input: (f) => ({ query: { 'project[id]': f.projectId, sbs_code: 'SBS' } }) },
  'tableQueries.multiQuery': {
    phase: 0,
    input: (f) => ({ body: { tables: [{ table: f.table.tableId, project: f.projectId, alias: 't' }] } }),
  },
  'tableQueries.projectMultiQuery': {
    phase: 0,
    input: (f) => ({ params: { id: f.projectId }, body: { tables: [{ table: f.table.tableId }] } }),
  },
  'tableQueries.projectMultiExport': {
    phase: 1,
    input: (f) => ({ params: { id: f.projectId }, body: { tables: [{ table: f.table.tableId }], format: 'csv' } }),
  },
  'tableQueries.recordDocument': { phase: 0, input: (f) => ({ params: { id: f.table.recordId } }) },
  'tableQueries.search': { phase: 0, input: (f) => ({ body: { project: f.projectId, value: 'matrix' } }) },
  'labels.list': { phase: 0, input: () => ({ query: {} }) },
  'labels.create': { phase: 1, input: (f) => ({ body: { title: `L ${unique()}`, color: '#ff0000', license: { id: f.licenceA } } }) },
  'labels.update': { phase: 1, input: (f) => ({ params: { id: f.labelId }, body: { title: 'Label A' } }) },
  'labels.delete': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.label() } }) },
  'boards.list': { phase: 0, input: () => ({}) },
  'boards.create': { phase: 1, input: () => ({ body: { name: `Board ${unique()}` } }) },
  'boards.get': { phase: 0, input: (f, _fresh, actor) => ({ params: { id: f.boards[boardOwner(actor)]!.boardId } }) },
  'boards.update': {
    phase: 1,
    input: (f, _fresh, actor) => ({ params: { id: f.boards[boardOwner(actor)]!.boardId }, body: { name: 'Board A' } }),
  },
  'boards.delete': { phase: 2, input: async (_f, fresh, actor) => ({ params: { id: (await fresh.board(actor)).boardId } }) },
  'boards.addLane': {
    phase: 1,
    input: (f, _fresh, actor) => ({
      params: { id: f.boards[boardOwner(actor)]!.boardId },
      body: { name: 'Later', rule: { kind: 'manual' } },
    }),
  },
  'boards.updateLane': {
    phase: 1,
    input: (f, _fresh, actor) => {
      const { boardId, laneId } = f.boards[boardOwner(actor)]!;
      return { params: { id: boardId, laneId }, body: { name: 'Open tasks' } };
    },
  },
  'boards.deleteLane': {
    phase: 2,
    input: async (_f, fresh, actor) => {
      const { boardId, laneId } = await fresh.board(actor);
      return { params: { id: boardId, laneId } };
    },
  },
  'boards.cards': { phase: 0, input: (f, _fresh, actor) => ({ params: { id: f.boards[boardOwner(actor)]!.boardId } }) },
  'boards.moveCard': {
    phase: 1,
    input: (f, _fresh, actor) => {
      const { boardId, laneId } = f.boards[boardOwner(actor)]!;
      return { params: { id: boardId, taskId: f.taskId }, body: { lane_id: laneId, index: 0 } };
    },
  },
  'tasks.query': { phase: 0, input: () => ({ query: {} }) },
  'tasks.get': { phase: 0, input: (f) => ({ params: { id: f.taskId } }) },
  'tasks.children': { phase: 0, input: (f) => ({ params: { id: f.taskId }, query: {} }) },
  'tasks.history': { phase: 0, input: (f) => ({ params: { id: f.taskId } }) },
  'tasks.gantt': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'tasks.licenceQuery': { phase: 0, input: (f) => ({ params: { id: f.licenceA }, body: { depth: 1 } }) },
  'tasks.create': {
    phase: 1,
    input: (f) => ({ body: { project: f.projectId, title: `T ${unique()}`, priority: 'normal', assigned_to: f.memberId } }),
  },
  'tasks.update': { phase: 1, input: (f) => ({ params: { id: f.taskId }, body: { title: 'Matrix task' } }) },
  'tasks.reopen': { phase: 1, input: (f) => ({ params: { id: f.taskId }, body: {} }) },
  'tasks.execute': { phase: 1, input: (f) => ({ params: { id: f.taskId }, body: {} }) },
  'tasks.close': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.task() }, body: {} }) },
  'tasks.cancel': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.task() }, body: {} }) },
  'tasks.delete': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.task() } }) },
  'tasks.deleteMany': { phase: 2, input: async (_f, fresh) => ({ body: { tasks: [await fresh.task()] } }) },
  'companies.list': { phase: 0, input: (f) => ({ params: { id: f.licenceA } }) },
  'companies.create': { phase: 1, input: (f) => ({ params: { id: f.licenceA }, body: { name: `Co ${unique()}` } }) },
  'companies.update': { phase: 1, input: (f) => ({ params: { id: f.companyId }, body: { name: 'Company A' } }) },
  'companies.delete': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.company() } }) },
  'collections.list': { phase: 0, input: (f) => ({ params: { id: f.licenceA } }) },
  'collections.create': { phase: 1, input: (f) => ({ params: { id: f.licenceA }, body: { name: `Col ${unique()}` } }) },
  'collections.update': { phase: 1, input: (f) => ({ params: { id: f.collectionId }, body: { name: 'Collection A' } }) },
  'collections.delete': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.collection() } }) },
  'licenceModules.list': { phase: 0, input: (f) => ({ params: { id: f.licenceA } }) },
  'apiTokens.listApiTokens': { phase: 0, input: () => ({}) },
  'notifications.list': { phase: 0, input: () => ({ query: { limit: 5 } }) },
  'news.whatsNew': { phase: 0, input: () => ({ query: { lang: 'nl' } }) },
  'news.markRead': { phase: 1, input: () => ({ body: {} }) },
  'news.list': { phase: 0, input: () => ({}) },
  'news.create': { phase: 1, input: () => ({ body: newsBody() }) },
  'news.update': { phase: 1, input: (f) => ({ params: { id: f.newsItemId }, body: newsBody() }) },
  'news.delete': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.newsItem() } }) },
  'knowledgeBase.list': { phase: 0, input: () => ({ query: { search: 'tasks' } }) },
  'knowledgeBase.get': { phase: 0, input: (f) => ({ params: { id: f.articleId } }) },
  'knowledgeBase.adminList': { phase: 0, input: () => ({}) },
  'knowledgeBase.create': { phase: 1, input: () => ({ body: articleBody() }) },
  'knowledgeBase.update': { phase: 1, input: (f) => ({ params: { id: f.articleId }, body: articleBody() }) },
  'knowledgeBase.delete': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.article() } }) },
  'notifications.markRead': { phase: 1, input: (f) => ({ params: { id: f.notificationId } }) },
  'notifications.markAllRead': { phase: 1, input: () => ({}) },
  'notifications.clear': { phase: 2, input: () => ({}) },
  'downloads.list': { phase: 0, input: () => ({ query: {} }) },
  'downloads.file': { phase: 0, input: (f) => ({ params: { downloadId: f.downloadId } }) },
  'jobs.get': { phase: 0, input: (f) => ({ params: { jobId: f.downloadId } }) },
  'jobs.exportTasks': { phase: 1, input: () => ({ body: { format: 'csv' } }) },
  'jobs.cancel': { phase: 1, input: (f) => ({ params: { jobId: f.canceledJobId } }) },
  'recordImports.verify': { phase: 0, input: (f) => ({ body: { table: f.table.tableId, file: MATRIX_CSV } }) },
  'recordImports.import': { phase: 1, input: (f) => ({ body: { table: f.table.tableId, file: MATRIX_CSV } }) },
  'system.build': { phase: 0, input: () => ({}) },
  'health.health': { phase: 0, input: () => ({}) },
  'health.live': { phase: 0, input: () => ({}) },
  'health.ready': { phase: 0, input: () => ({}) },
  'events.feed': { phase: 0, input: (f) => ({ query: { license: f.licenceA, limit: 10 } }) },
  'events.asyncapi': { phase: 0, input: () => ({}) },
  'webhooks.list': { phase: 0, input: (f) => ({ params: { id: f.licenceA } }) },
  'webhooks.get': { phase: 0, input: (f) => ({ params: { id: f.webhookId } }) },
  'webhooks.deliveries': { phase: 0, input: (f) => ({ params: { id: f.webhookId }, query: { status: 'pending' } }) },
  'webhooks.create': { phase: 1, input: (f) => ({ params: { id: f.licenceA }, body: { url: WEBHOOK_URL, eventTypes: ['label.*'] } }) },
  'webhooks.update': { phase: 1, input: (f) => ({ params: { id: f.webhookId }, body: { description: 'Matrix' } }) },
  'webhooks.rotateSecret': { phase: 1, input: (f) => ({ params: { id: f.webhookId }, body: { graceSeconds: 60 } }) },
  'webhooks.redeliver': { phase: 1, input: (f) => ({ params: { id: f.webhookId, eventId: f.webhookEventId }, body: {} }) },
  'webhooks.replay': {
    phase: 1,
    input: (f) => ({ params: { id: f.webhookId }, body: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' } }),
  },
  'webhooks.delete': { phase: 2, input: async (_f, fresh) => ({ params: { id: await fresh.webhook() } }) },
  'sbs.list': { phase: 0, input: (f) => ({ params: { id: f.projectId }, query: {} }) },
  'sbs.get': { phase: 0, input: (f) => ({ params: { id: f.projectId, sbsId: f.sbsNodeId } }) },
  'sbs.children': { phase: 0, input: (f) => ({ params: { id: f.projectId, sbsId: f.sbsNodeId }, query: {} }) },
  'sbs.history': { phase: 0, input: (f) => ({ params: { id: f.projectId, sbsId: f.sbsNodeId } }) },
  'sbs.permissions': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'sbs.tree': { phase: 0, input: (f) => ({ params: { id: f.projectId }, query: {} }) },
  'sbs.treeSearch': { phase: 0, input: (f) => ({ params: { id: f.projectId }, query: { value: 'M' } }) },
  'sbs.search': { phase: 0, input: (f) => ({ params: { id: f.projectId }, query: { value: 'M' } }) },
  'sbs.versions': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'sbs.create': { phase: 1, input: (f) => ({ params: { id: f.projectId }, body: { code: `M-${unique()}` } }) },
  'sbs.update': {
    phase: 1,
    input: (f) => ({ params: { id: f.projectId, sbsId: f.sbsNodeId }, body: { code: SBS_FIXTURE_CODE, label: 'Matrix' } }),
  },
  'sbs.import': {
    phase: 1,
    input: (f) => ({ params: { id: f.projectId }, body: { file: Buffer.from(`code,label\nMI-${unique()},Matrix`).toString('base64') } }),
  },
  'sbs.createVersion': { phase: 1, input: (f) => ({ params: { id: f.projectId }, body: { name: `V ${unique()}` } }) },
  'sbs.delete': { phase: 2, input: async (f, fresh) => ({ params: { id: f.projectId, sbsId: await fresh.sbsNode() } }) },
  'sbs.deleteMany': { phase: 2, input: async (f, fresh) => ({ params: { id: f.projectId }, body: { ids: [await fresh.sbsNode()] } }) },
  'sbs.clear': { phase: 2, input: async (f, fresh) => ({ params: { id: f.projectId }, query: { version: await fresh.sbsVersion() } }) },
  'sbs.deleteVersion': { phase: 2, input: async (f, fresh) => ({ params: { id: f.projectId, versionId: await fresh.sbsVersion() } }) },
  'projectWorkflows.list': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'projectWorkflows.permissions': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'projectWorkflows.inLicense': { phase: 0, input: (f) => ({ params: { id: f.projectId } }) },
  'projectWorkflows.get': { phase: 0, input: (f) => ({ params: workflowParams(f) }) },
  'projectWorkflows.roles': { phase: 0, input: (f) => ({ params: workflowParams(f) }) },
  'projectWorkflows.roleTeams': { phase: 0, input: (f) => ({ params: workflowParams(f) }) },
  'projectWorkflows.roleNodes': { phase: 0, input: (f) => ({ params: workflowParams(f) }) },
  'projectWorkflows.add': {
    phase: 1,
    input: async (f, fresh) => ({ params: { id: f.projectId }, body: { workflow: await fresh.builderWorkflow() } }),
  },
  'projectWorkflows.update': { phase: 1, input: (f) => ({ params: workflowParams(f), body: { name: 'Matrix workflow' } }) },
  'projectWorkflows.createRole': { phase: 1, input: (f) => ({ params: workflowParams(f), body: { name: `Role ${unique()}` } }) },
  'projectWorkflows.updateRole': { phase: 1, input: (f) => ({ params: roleParams(f), body: { name: 'Matrix role' } }) },
  'projectWorkflows.addRoleTeam': { phase: 1, input: (f) => ({ params: roleParams(f), body: { group: f.scratchTeamId } }) },
  'projectWorkflows.addRoleNode': { phase: 1, input: (f) => ({ params: roleParams(f), body: { node: 'review' } }) },
  'projectWorkflows.remove': {
    phase: 2,
    input: async (f, fresh) => ({ params: { id: f.projectId, workflowId: await fresh.projectWorkflow() } }),
  },
  'projectWorkflows.deleteRole': {
    phase: 2,
    input: async (f, fresh) => ({ params: { ...workflowParams(f), roleId: await fresh.workflowRole() } }),
  },
  'projectWorkflows.removeRoleTeam': {
    phase: 2,
    input: async (f, fresh) => ({ params: { ...workflowParams(f), roleId: await fresh.workflowRole(), teamId: f.scratchTeamId } }),
  },
  'projectWorkflows.removeRoleNode': {
    phase: 2,
    input: async (f, fresh) => ({ params: { ...workflowParams(f), roleId: await fresh.workflowRole(), nodeId: 'review' } }),
  },
  'sessions.list': { phase: 0, input: (f) => ({ params: { id: f.projectId }, query: {} }) },
  'sessions.get': { phase: 0, input: (f) => ({ params: sessionParams(f) }) },
  'sessions.flow': { phase: 0, input: (f) => ({ params: sessionParams(f) }) },
  'sessions.users': { phase: 0, input: (f) => ({ params: jobParams(f) }) },
  'sessions.node': { phase: 0, input: (f) => ({ params: jobParams(f) }) },
  'sessions.start': {
    phase: 1,
    input: (f) => ({ params: { id: f.projectId }, body: { workflow: f.workflow.projectWorkflowId, name: `Session ${unique()}` } }),
  },
  'sessions.assign': { phase: 1, input: (f) => ({ params: jobParams(f), body: { user: f.memberId } }) },
  'sessions.saveValues': { phase: 1, input: (f) => ({ params: jobParams(f), body: { values: {} } }) },
  // the intake job never fails: an admin's retry is refused (409), everybody else's before that
  'sessions.retry': { phase: 1, input: (f) => ({ params: jobParams(f), body: {} }) },
  'sessions.file': { phase: 0, input: (f) => ({ params: { ...jobParams(f), fileId: f.session.fileId } }) },
  'sessions.uploadFile': { phase: 1, input: (f) => ({ params: jobParams(f), body: { name: 'matrix.png', file: PNG } }) },
  'sessions.finish': {
    phase: 2,
    input: async (f, fresh) => ({ params: { id: f.projectId, jobId: (await fresh.session()).jobId }, body: { values: {} } }),
  },
  'sessions.delete': {
    phase: 2,
    input: async (f, fresh) => ({ params: { id: f.projectId, sessionId: (await fresh.session()).sessionId } }),
  },
};
const SBS_FIXTURE_CODE = 'M-FIXTURE';
/** the fixture project workflow's graph: a manual start 'intake' with a file field, 'review' (manual), 'notify' (automated) */
const MATRIX_GRAPH = graphOf(
  {
    intake: manualConfig([{ id: 'plan', label: 'Plan', type: 'file' }], 'Intake'),
    review: manualConfig(undefined, 'Review'),
    notify: automatedConfig(),
  },
  ['intake>review', 'review>notify'],
);
/** a target that never resolves (RFC 2606 `.invalid`): the matrix's endpoints are recorded, their deliveries fail */
const WEBHOOK_URL = 'https://matrix.invalid/hook';

/**
 * The task parts (appendixes, messages, checks, labels, relations, import), on a task of the fixture project made on
 * first use by the system admin and assigned to the member. Destructive cells put back what they remove first.
 */
const PDF_BASE64 = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n').toString('base64');
let taskParts: Promise<{ taskId: string; otherTaskId: string; checkId: string; appendixId: string }> | undefined;
const partsAdmin = () => server.api(tokens.get('systemAdmin'));
const partFixture = (f: Fixture) =>
  (taskParts ??= (async () => {
    const task = async () =>
      (
        await partsAdmin().call(taskRoutes.create, {
          body: { title: `Matrix ${unique()}`, priority: 'normal', project: f.projectId, assigned_to: f.memberId },
        })
      ).data.id;
    const [taskId, otherTaskId] = [await task(), await task()];
    const checkId = randomUUID();
    const appendixId = randomUUID();
    await partsAdmin().call(taskPartRoutes.addCheck, { params: { id: taskId }, body: { title: 'Matrix', id: checkId } });
    await partsAdmin().call(taskPartRoutes.addAppendix, {
      params: { id: taskId, appendixId },
      body: { name: 'matrix.pdf', file: PDF_BASE64 },
    });
    return { taskId, otherTaskId, checkId, appendixId };
  })());
const TASK_PART_CASES: Record<string, RouteCase> = {
  'taskParts.appendix': {
    phase: 0,
    input: async (f) => ({ params: { id: (await partFixture(f)).taskId, appendixId: (await partFixture(f)).appendixId } }),
  },
  'taskParts.addAppendix': {
    phase: 1,
    input: async (f) => ({
      params: { id: (await partFixture(f)).taskId, appendixId: randomUUID() },
      body: { name: 'a.pdf', file: PDF_BASE64 },
    }),
  },
  'taskParts.removeAppendix': {
    phase: 2,
    input: async (f) => {
      const { taskId } = await partFixture(f);
      const appendixId = randomUUID();
      await partsAdmin().call(taskPartRoutes.addAppendix, {
        params: { id: taskId, appendixId },
        body: { name: 'b.pdf', file: PDF_BASE64 },
      });
      return { params: { id: taskId, appendixId } };
    },
  },
  'taskParts.postMessage': {
    phase: 1,
    input: async (f) => ({ params: { id: (await partFixture(f)).taskId }, body: { message: 'Matrix' } }),
  },
  'taskParts.addCheck': {
    phase: 1,
    input: async (f) => ({ params: { id: (await partFixture(f)).taskId }, body: { title: `C ${unique()}` } }),
  },
  'taskParts.updateCheck': {
    phase: 1,
    input: async (f) => ({
      params: { id: (await partFixture(f)).taskId, checkId: (await partFixture(f)).checkId },
      body: { checked: true },
    }),
  },
  'taskParts.removeCheck': {
    phase: 2,
    input: async (f) => {
      const { taskId } = await partFixture(f);
      const checkId = randomUUID();
      await partsAdmin().call(taskPartRoutes.addCheck, { params: { id: taskId }, body: { title: 'Gone', id: checkId } });
      return { params: { id: taskId, checkId } };
    },
  },
  'taskParts.addLabel': { phase: 1, input: async (f) => ({ params: { id: (await partFixture(f)).taskId, labelId: f.labelId } }) },
  'taskParts.removeLabel': {
    phase: 2,
    input: async (f) => {
      const { taskId } = await partFixture(f);
      await partsAdmin().call(taskPartRoutes.addLabel, { params: { id: taskId, labelId: f.labelId } });
      return { params: { id: taskId, labelId: f.labelId } };
    },
  },
  'taskParts.addRelation': {
    phase: 1,
    input: async (f) => ({
      params: { id: (await partFixture(f)).taskId },
      body: { task: (await partFixture(f)).otherTaskId, kind: 'successor' },
    }),
  },
  'taskParts.removeRelation': {
    phase: 2,
    input: async (f) => {
      const { taskId, otherTaskId } = await partFixture(f);
      await partsAdmin().call(taskPartRoutes.addRelation, { params: { id: taskId }, body: { task: otherTaskId, kind: 'successor' } });
      return { params: { id: taskId, kind: 'successor', taskId: otherTaskId } };
    },
  },
  'taskParts.import': {
    phase: 1,
    input: (f) => ({
      body: {
        import: randomUUID(),
        offset: 0,
        license: f.licenceA,
        tasks: [{ title: `Imported ${unique()}`, priority: 'low', project: f.projectId, assigned_to: f.memberId }],
      },
    }),
  },
};
Object.assign(CASES, TASK_PART_CASES);

/**
 * The workflow builder (licence admins of licence A and system admins), on a workflow of licence A made on first use
 * by the system admin: a valid draft (start node -> second node) published as version 1. Destructive cells and
 * publish work on throwaway parts made per cell.
 */
const builderFile = (config: unknown) => Buffer.from(JSON.stringify(config)).toString('base64');
const BUILDER_MANUAL = builderFile({
  name: 'Inspect',
  panels: [{ id: 'main', title: 'Main', fields: [{ id: 'r', label: 'R', type: 'text' }] }],
});
const BUILDER_NOTIFY = builderFile({ name: 'Tell', action: { type: 'notify', to: 'session-starter', message: 'Done' } });
const builderCall = async (key: string, input: CellInput) =>
  (await partsAdmin().call(allRoutes[`builder.${key}`]! as never, input as never)) as { data: { id: string; config: { id: string } } };
/** a valid workflow of licence A (start n1 -> n2), published when asked */
const builderWorkflow = async (f: Fixture, publish: boolean) => {
  const id = (await builderCall('create', { body: { name: `Flow ${unique()}`, license: f.licenceA } })).data.id;
  const b1 = (await builderCall('addBlock', { params: { id }, body: { file: BUILDER_MANUAL } })).data;
  const b2 = (await builderCall('addBlock', { params: { id }, body: { file: BUILDER_NOTIFY } })).data.id;
  const n1 = (await builderCall('addNode', { params: { id }, body: { block: b1.id, type: 'start' } })).data.id;
  const n2 = (await builderCall('addNode', { params: { id }, body: { block: b2 } })).data.id;
  const linkId = (await builderCall('addLink', { params: { id }, body: { previous_node: n1, node: n2 } })).data.id;
  if (publish) await builderCall('publish', { params: { id } });
  return { id, blockId: b1.id, documentId: b1.config.id, otherBlockId: b2, n1, n2, linkId };
};
let builderFixture: ReturnType<typeof builderWorkflow> | undefined;
const builder = (f: Fixture) => (builderFixture ??= builderWorkflow(f, true));
const builderPart = async (f: Fixture, kind: 'block' | 'node' | 'link') => {
  const { id, blockId } = await builder(f);
  if (kind === 'block') return (await builderCall('addBlock', { params: { id }, body: {} })).data.id;
  const node = async () => (await builderCall('addNode', { params: { id }, body: { block: blockId } })).data.id;
  if (kind === 'node') return node();
  return (await builderCall('addLink', { params: { id }, body: { previous_node: await node(), node: await node() } })).data.id;
};
const builderRead = (extra: (b: Awaited<ReturnType<typeof builderWorkflow>>) => Record<string, string> = () => ({})): RouteCase => ({
  phase: 0,
  input: async (f) => {
    const b = await builder(f);
    return { params: { id: b.id, ...extra(b) } };
  },
});
const BUILDER_CASES: Record<string, RouteCase> = {
  'builder.list': { phase: 0, input: (f) => ({ query: { license: f.licenceA } }) },
  'builder.get': builderRead(),
  'builder.blocks': builderRead(),
  'builder.getBlock': builderRead((b) => ({ blockId: b.blockId })),
  'builder.blockDocument': builderRead((b) => ({ blockId: b.blockId, documentId: b.documentId })),
  'builder.links': builderRead(),
  'builder.nodes': builderRead(),
  'builder.validation': builderRead(),
  'builder.publishPreview': builderRead(),
  'builder.versions': builderRead(),
  'builder.version': builderRead(() => ({ version: '1' })),
  'builder.create': { phase: 1, input: (f) => ({ body: { name: `Flow ${unique()}`, license: f.licenceA } }) },
  'builder.rename': { phase: 1, input: async (f) => ({ params: { id: (await builder(f)).id }, body: { name: `Flow ${unique()}` } }) },
  'builder.addBlock': { phase: 1, input: async (f) => ({ params: { id: (await builder(f)).id }, body: { file: BUILDER_NOTIFY } }) },
  'builder.configureBlock': {
    phase: 1,
    input: async (f) => ({ params: { id: (await builder(f)).id, blockId: (await builder(f)).blockId }, body: { file: BUILDER_MANUAL } }),
  },
  'builder.addNode': {
    phase: 1,
    input: async (f) => ({ params: { id: (await builder(f)).id }, body: { block: (await builder(f)).blockId, position: { x: 1, y: 2 } } }),
  },
  'builder.moveNode': {
    phase: 1,
    input: async (f) => ({ params: { id: (await builder(f)).id, nodeId: (await builder(f)).n1 }, body: { position: { x: 10, y: 20 } } }),
  },
  'builder.addLink': {
    phase: 1,
    input: async (f) => {
      const b = await builder(f);
      return { params: { id: b.id }, body: { previous_node: b.n2, node: await builderPart(f, 'node') } };
    },
  },
  'builder.publish': { phase: 2, input: async (f) => ({ params: { id: (await builderWorkflow(f, false)).id } }) },
  'builder.deleteBlock': {
    phase: 2,
    input: async (f) => ({ params: { id: (await builder(f)).id, blockId: await builderPart(f, 'block') } }),
  },
  'builder.deleteNode': { phase: 2, input: async (f) => ({ params: { id: (await builder(f)).id, nodeId: await builderPart(f, 'node') } }) },
  'builder.deleteLink': { phase: 2, input: async (f) => ({ params: { id: (await builder(f)).id, linkId: await builderPart(f, 'link') } }) },
  'builder.delete': {
    phase: 2,
    input: async (f) => ({
      params: { id: (await builderCall('create', { body: { name: `Gone ${unique()}`, license: f.licenceA } })).data.id },
    }),
  },
};
Object.assign(CASES, BUILDER_CASES);

/**
 * The same part routes on a private task (created by and assigned to the system admin): nobody else sees it, admins
 * and members of its project included, so every other signed-in actor gets 404, never 403 (API tokens without the
 * write scope are refused before any lookup).
 */
let privateTask: Promise<{ taskId: string; appendixId: string }> | undefined;
const privateFixture = (f: Fixture) =>
  (privateTask ??= (async () => {
    const me = (await partsAdmin().call(identityRoutes.currentUser)).id;
    const taskId = (
      await partsAdmin().call(taskRoutes.create, {
        body: { title: `Private ${unique()}`, priority: 'normal', project: f.projectId, assigned_to: me, is_private: true },
      })
    ).data.id;
    const appendixId = randomUUID();
    await partsAdmin().call(taskPartRoutes.addAppendix, { params: { id: taskId, appendixId }, body: { name: 'p.pdf', file: PDF_BASE64 } });
    return { taskId, appendixId };
  })());
const PRIVATE_PART_INPUTS: Record<string, (f: Fixture) => Promise<CellInput>> = {
  'taskParts.appendix': async (f) => ({
    params: { id: (await privateFixture(f)).taskId, appendixId: (await privateFixture(f)).appendixId },
  }),
  'taskParts.removeAppendix': async (f) => ({
    params: { id: (await privateFixture(f)).taskId, appendixId: (await privateFixture(f)).appendixId },
  }),
  'taskParts.postMessage': async (f) => ({ params: { id: (await privateFixture(f)).taskId }, body: { message: 'Peek' } }),
  'taskParts.addCheck': async (f) => ({ params: { id: (await privateFixture(f)).taskId }, body: { title: 'Peek' } }),
  'taskParts.addLabel': async (f) => ({ params: { id: (await privateFixture(f)).taskId, labelId: f.labelId } }),
  'taskParts.addRelation': async (f) => ({
    params: { id: (await privateFixture(f)).taskId },
    body: { task: (await partFixture(f)).otherTaskId, kind: 'successor' },
  }),
};
describe('the task part routes on a private task', () => {
  for (const [key, input] of Object.entries(PRIVATE_PART_INPUTS)) {
    const route = allRoutes[key]!;
    for (const actor of ACTOR_NAMES.filter((a) => a !== 'systemAdmin')) {
      const a = ACTORS[actor];
      const expected = !a.signedIn || a.disabled ? 401 : a.apiToken === 'read' && route.method !== 'GET' ? 403 : 404;
      it(`${key} answers ${expected} to ${actor}`, async () => {
        const { status, error } = await answerOf(route, tokens.get(actor), await input(fixture));
        expect(status, `${actor} -> ${route.method} ${route.path} on a private task`).toBe(expected);
        expect(error).not.toContain('Private');
      });
    }
  }
});
/** Routes that address one user's own object (a download, a notification): the member's here, everyone else gets 404. */
const OWNER_ONLY = new Set(['downloads.file', 'jobs.get', 'jobs.cancel', 'notifications.markRead']);
const expectedOf = (key: string, route: RouteContract, actor: ActorName): Expected => {
  const expected = expectedFor(route, ACTORS[actor]);
  return OWNER_ONLY.has(key) && expected === 'allowed' && actor !== 'member' ? 404 : expected;
};

/** Routes the matrix does not call, each with the reason. The test asserts every entry names a real route. */
const UNADDRESSABLE: Record<string, string> = {
  'identity.token': 'the sign-in itself: needs credentials, covered by api.int.spec.ts',
  'identity.signOut': "revokes the calling actor's token, which later cells still need",
  'account.updatePassword': "needs the actor's own e-mail and current password",
  'account.forgotPassword': 'public, mails a reset link: covered by passwordRoutes.int.spec.ts',
  'account.resetPassword': 'public, needs a mailed reset token',
  'account.invitationDetails': 'public, needs a mailed invitation token',
  'account.acceptInvitation': 'public, needs a mailed invitation token',
  'security.generateTwoFactor': "changes the actor's own 2FA state, which would lock later sign-ins",
  'security.enableTwoFactor': 'needs a TOTP code of a generated secret',
  'security.disableTwoFactor': 'needs a TOTP code',
  'security.verifyTwoFactor': 'needs a TOTP code',
  'maintenance.switchMaintenance': 'puts the whole server into maintenance, failing every later cell',
  'maintenance.maintenanceToken': 'public, needs the maintenance secret',
  'projects.image': 'needs the id of an uploaded image of the fixture project',
  'teams.removeUser': 'not run in this matrix yet (needs a throwaway team membership per cell)',
  'teams.addModule': 'not run in this matrix yet (module licensing per team)',
  'teams.removeModule': 'not run in this matrix yet (module licensing per team)',
  'licenceModules.add': "restricts licence A's modules for every later cell",
  'licenceModules.remove': "restricts licence A's modules for every later cell",
  'apiTokens.createApiToken':
    'creates a token for the caller; covered by apiTokenRoutes.int.spec.ts (the API-token actors are refused here too)',
  'apiTokens.revokeApiToken': 'needs a token id of each actor; covered by apiTokenRoutes.int.spec.ts',
  'notifications.broadcastingAuth': 'per-channel authorisation, covered by socketSecurity.int.spec.ts',
};

/**
 * Cells where the product answers differently from what the policy table implies, recorded with today's status so
 * the matrix stays green and flags any change: when one is fixed its test fails and the entry must go.
 * None of them answers data it must not: they refuse too much, or refuse with 403 where 404 is due.
 */
const KNOWN_DEVIATIONS: Record<string, { status: number; reason: string }> = {};

let server: TestServer;
let fixture: Fixture;
let fresh: Fresh;
const tokens = new Map<ActorName, string | undefined>();
const summary = new Map<string, Map<ActorName, string>>();

/** The status of one call, and for a refusal the text of its error envelope (which must carry no fixture data). */
const answerOf = async (route: RouteContract, token: string | undefined, input: CellInput): Promise<{ status: number; error: string }> => {
  try {
    await server.api(token).call(route as never, input as never);
    return { status: 200, error: '' };
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, error: JSON.stringify({ message: e.message, errors: e.errors }) };
    throw e;
  }
};

/** A finished download and a notification of one user. */
const ownObjects = async (token: string, userId: string, licenceId: string) => {
  const api = server.api(token);
  const { data } = await api.call(jobRoutes.exportTasks, { body: { format: 'csv' } });
  for (let i = 0; (await api.call(jobRoutes.get, { params: { jobId: data.id } })).data.state !== 'finished'; i++) {
    if (i > 200) throw new Error('the fixture export did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const notificationId = `${randomUUID()}:${userId}`;
  await server.adapters.documentStore.collection('notifications').insertOne({
    _id: notificationId,
    recipientId: userId,
    licenceId,
    type: 'default',
    data: { message: 'Matrix' },
    createdAt: new Date().toISOString(),
    readAt: null,
  });
  // a job requested and canceled at once (the worker never starts it), so its owner's cancel is always allowed
  const canceledJobId = randomUUID();
  const metadata = { userId, licenceId, correlationId: 'matrix', causationId: 'matrix', occurredAt: new Date().toISOString() };
  await server.adapters.eventStore.append(
    toJobStreamId(canceledJobId),
    [
      {
        id: randomUUID(),
        type: 'JobRequested',
        data: {
          jobId: canceledJobId,
          licenceId,
          ownerId: userId,
          projectId: null,
          kind: 'tasks-export',
          params: {},
          requestedAt: metadata.occurredAt,
        },
        metadata,
      },
      { id: randomUUID(), type: 'JobCanceled', data: { jobId: canceledJobId, canceledBy: userId }, metadata },
    ],
    'no_stream',
  );
  await api.call(jobRoutes.get, { params: { jobId: canceledJobId }, minPosition: await server.adapters.eventStore.headPosition() });
  return { downloadId: data.id, canceledJobId, notificationId };
};

beforeAll(async () => {
  server = await startTestServer();
  const adminToken = await server.signIn(DEMO.admin);
  const admin = server.api(adminToken);
  const licenceA = (await server.api(await server.signIn(DEMO.user)).call(identityRoutes.currentUser)).licenses[0]!.id;
  const licenceB = (await admin.call(allRoutes['licences.create']! as never, { body: { name: `Licence B ${unique()}` } } as never)) as {
    data: { id: string };
  };
  const [member, projectAdmin, licenceAdmin, teamGeneral, teamNone, disabled, otherLicence, spare] = await Promise.all([
    createUser(server, adminToken, licenceA, { label: 'member' }),
    createUser(server, adminToken, licenceA, { label: 'padmin' }),
    createUser(server, adminToken, licenceA, { label: 'ladmin', isAdmin: true }),
    createUser(server, adminToken, licenceA, { label: 'tgeneral' }),
    createUser(server, adminToken, licenceA, { label: 'tnone' }),
    createUser(server, adminToken, licenceA, { label: 'disabled' }),
    createUser(server, adminToken, licenceB.data.id, { label: 'other' }),
    createUser(server, adminToken, licenceA, { label: 'spare' }),
  ]);
  const createProject = async (withDisabled = false) => {
    const suffix = unique();
    const created = await admin.call(projectRoutes.create, {
      body: {
        license: licenceA,
        name: `Matrix ${suffix}`,
        number: suffix,
        modules: ['build-order', 'gis-viewer'],
        roles: [
          {
            name: 'Member',
            is_projectadmin: false,
            users: [member.id, teamGeneral.id, teamNone.id, ...(withDisabled ? [disabled.id] : [])],
          },
          { name: 'Lead', is_projectadmin: true, users: [projectAdmin.id] },
          { name: 'Scratch', is_projectadmin: false, users: [] },
        ],
      },
    });
    return created.data;
  };
  const p = await createProject(true);
  const roleId = (name: string) => p.roles.find((r) => r.name === name)!.id;
  const team = async (name: string, users: string[], general: boolean) => {
    const t = (await admin.call(teamRoutes.create, { body: { project: { id: p.id }, name } })).data;
    for (const u of users) await admin.call(teamRoutes.addUser, { params: { id: t.id }, body: { project: { id: p.id }, user: { id: u } } });
    if (general) {
      await admin.call(teamRoutes.setGeneralPermissions, {
        params: { id: t.id },
        body: { workflows: true, tables: true, sbs: true, labels: true, tasks: true },
      });
    }
    return t.id;
  };
  const generalTeamId = await team('General', [teamGeneral.id], true);
  const nothingTeamId = await team('Nothing', [teamNone.id], false);
  const scratchTeamId = await team('Scratch', [], false);
  const call = async (key: string, input: CellInput) =>
    (await admin.call(allRoutes[key]! as never, input as never)) as { data: { id: string } };
  const link = async () =>
    (await call('projects.createLink', { params: { id: p.id }, body: { name: `Link ${unique()}`, link: 'https://example.com' } })).data.id;
  const label = async () =>
    (await admin.call(labelRoutes.create, { body: { title: `L ${unique()}`, color: '#00ff00', license: { id: licenceA } } })).data.id;
  const company = async () => (await call('companies.create', { params: { id: licenceA }, body: { name: `Co ${unique()}` } })).data.id;
  const collection = async () =>
    (await call('collections.create', { params: { id: licenceA }, body: { name: `Col ${unique()}` } })).data.id;
  const newsItem = async () => (await call('news.create', { body: newsBody() })).data.id;
  const article = async () => (await call('knowledgeBase.create', { body: articleBody() })).data.id;
  const task = async () =>
    (
      await admin.call(taskRoutes.create, {
        body: { project: p.id, title: `Task ${unique()}`, priority: 'normal', assigned_to: member.id },
      })
    ).data.id;
  const user = async () =>
    (
      await admin.call(accountRoutes.createUser, {
        body: { email: `tmp-${unique()}@example.test`, firstname: 'Tmp', lastname: 'User', license: licenceA },
      })
    ).data.id;
  const webhook = async () =>
    (await admin.call(webhookRoutes.create, { params: { id: licenceA }, body: { url: WEBHOOK_URL, eventTypes: ['*'] } })).data.id;
  const webhookId = await webhook();
  const sbsNode = async (code = `M-${unique()}`) => (await admin.call(sbsRoutes.create, { params: { id: p.id }, body: { code } })).data.id;
  const sbsVersion = async () =>
    (await admin.call(sbsRoutes.createVersion, { params: { id: p.id }, body: { name: `V ${unique()}` } })).data.id;
  const grantOn = async (table: string, teamId: string, write: boolean) =>
    (await admin.call(tableRoutes.createPermission, { body: { table, team: teamId, read: true, write } })).data.id;
  /** a table of the fixture project with the fixture's team permissions; answers it and team Nothing's permission */
  const permittedTable = async () => {
    const id = (await admin.call(tableRoutes.createTable, { body: { project: p.id, name: `Table ${unique()}` } })).data.id;
    await grantOn(id, generalTeamId, true);
    return { id, readPermissionId: await grantOn(id, nothingTeamId, false) };
  };
  const fixtureTable = await permittedTable();
  const tableId = fixtureTable.id;
  const newColumn = async (type: 'text' | 'table' = 'text') =>
    (
      await admin.call(tableRoutes.createColumn, {
        body: { table: tableId, name: `Column ${unique()}`, type, ...(type === 'table' ? { options_value: { table: tableId } } : {}) },
      })
    ).data.id;
  const newRecord = async () => (await admin.call(tableRoutes.createRecord, { body: { table: tableId, values: {} } })).data.id;
  const tableFixture: TableFixture = {
    tableId,
    columnId: await newColumn(),
    linkColumnId: await newColumn('table'),
    permissionId: fixtureTable.readPermissionId,
    recordId: await newRecord(),
  };
  const builderWorkflow = () => publishWorkflow(server, { licenceId: licenceA, userId: member.id, graphs: [MATRIX_GRAPH] });
  /** a project workflow of the fixture project: team General may start its sessions, team Nothing read it */
  const permittedWorkflow = async () => {
    const id = (await admin.call(projectWorkflowRoutes.add, { params: { id: p.id }, body: { workflow: await builderWorkflow() } })).data.id;
    for (const [teamId, access] of [
      [generalTeamId, 'write'],
      [nothingTeamId, 'read'],
    ] as const) {
      const held = (await admin.call(teamRoutes.workflowPermissions, { params: { id: teamId } })).data;
      await admin.call(teamRoutes.setWorkflowPermissions, {
        params: { id: teamId },
        body: { workflows: [...held, { workflow_id: id, access }] },
      });
    }
    return id;
  };
  const fixtureWorkflowId = await permittedWorkflow();
  /** a role of the fixture project workflow; unless bare, holding the scratch team and node 'review' */
  const workflowRole = async (bare = false) => {
    const params = { id: p.id, workflowId: fixtureWorkflowId };
    const roleId = (await admin.call(projectWorkflowRoutes.createRole, { params, body: { name: `Role ${unique()}` } })).data.id;
    if (bare) return roleId;
    await admin.call(projectWorkflowRoutes.addRoleTeam, { params: { ...params, roleId }, body: { group: scratchTeamId } });
    await admin.call(projectWorkflowRoutes.addRoleNode, { params: { ...params, roleId }, body: { node: 'review' } });
    return roleId;
  };
  const workflowFixture: WorkflowFixture = { projectWorkflowId: fixtureWorkflowId, roleId: await workflowRole(true) };
  const session = async (): Promise<SessionFixture> => {
    const body = { workflow: fixtureWorkflowId, name: `Session ${unique()}` };
    const sessionId = (await admin.call(sessionRoutes.start, { params: { id: p.id }, body })).data.id;
    const jobId = toJobId(sessionId, 'intake');
    const file = await admin.call(sessionRoutes.uploadFile, { params: { id: p.id, jobId }, body: { name: 'plan.png', file: PNG } });
    return { sessionId, jobId, fileId: file.data.id };
  };
  await label();
  const deliveries = server.adapters.documentStore.collection(WEBHOOK_DELIVERIES_COLLECTION);
  for (let waited = 0; (await deliveries.count({ endpointId: webhookId })) === 0 && waited < 10_000; waited += 50)
    await new Promise((r) => setTimeout(r, 50));
  const webhookEventId = String((await deliveries.findOne({ endpointId: webhookId }))!.eventId);
  fixture = {
    licenceA,
    licenceB: licenceB.data.id,
    projectId: p.id,
    projectSlug: p.slug,
    projectName: p.name,
    memberRoleId: roleId('Member'),
    scratchRoleId: roleId('Scratch'),
    scratchTeamId,
    labelId: await label(),
    linkId: await link(),
    companyId: await company(),
    collectionId: await collection(),
    memberId: member.id,
    spareId: spare.id,
    newsItemId: await newsItem(),
    articleId: await article(),
    boards: {},
    ...(await ownObjects(member.token, member.id, licenceA)),
    taskId: await task(),
    webhookId,
    webhookEventId,
    sbsNodeId: await sbsNode(SBS_FIXTURE_CODE),
    table: tableFixture,
    workflow: workflowFixture,
    session: await session(),
  };
  const boardTokens: Partial<Record<ActorName, string>> = {
    member: member.token,
    projectAdmin: projectAdmin.token,
    licenceAdmin: licenceAdmin.token,
    systemAdmin: adminToken,
    teamGeneral: teamGeneral.token,
    teamNone: teamNone.token,
  };
  const board = async (actor: ActorName): Promise<BoardFixture> => {
    const owner = server.api(boardTokens[boardOwner(actor)]);
    const created = (await owner.call(boardRoutes.create, { body: { name: `Board ${unique()}` } })).data;
    const lanes = await owner.call(boardRoutes.addLane, {
      params: { id: created.id },
      body: { name: 'Open', rule: { kind: 'status', status: 'open' } },
    });
    return { boardId: created.id, laneId: lanes.data.lanes[0]!.id };
  };
  fresh = {
    project: async () => (await createProject()).id,
    team: () => team(`Tmp ${unique()}`, [], false),
    label,
    link,
    role: async () => (await call('projects.createRole', { params: { id: p.id }, body: { name: `Tmp ${unique()}` } })).data.id,
    user,
    projectMember: async () => {
      const id = await user();
      await call('projects.addMember', { params: { id: p.id }, body: { user: id, role: roleId('Scratch') } });
      return id;
    },
    company,
    collection,
    board,
    projectModule: async () => {
      await call('projects.addModule', { params: { moduleId: 'gis-viewer', projectId: p.id }, body: {} }).catch((e: unknown) => {
        if (!(e instanceof ApiError && e.status === 409)) throw e;
      });
      return 'gis-viewer';
    },
    newsItem,
    article,
    task,
    webhook,
    sbsNode: () => sbsNode(),
    sbsVersion,
    table: async () => (await permittedTable()).id,
    column: () => newColumn(),
    relation: async () =>
      (await admin.call(tableRoutes.createRelation, { params: { id: p.id }, body: { table: tableId, column: await newColumn('table') } }))
        .data.id,
    permission: async () => grantOn(tableId, await team(`Tmp ${unique()}`, [], false), false),
    record: newRecord,
    revision: async () => {
      const table = (await permittedTable()).id;
      return (await admin.call(tableRoutes.storeRevision, { body: { table, project: p.id } })).data.id;
    },
    builderWorkflow,
    projectWorkflow: permittedWorkflow,
    workflowRole: () => workflowRole(),
    session,
  };
  for (const actor of Object.keys(boardTokens) as ActorName[]) fixture.boards[actor] = await fresh.board(actor);
  await admin.call(accountRoutes.disableUser, { params: { id: disabled.id }, body: {} });
  tokens.set('anonymous', undefined);
  tokens.set('otherLicence', otherLicence.token);
  tokens.set('member', member.token);
  tokens.set('projectAdmin', projectAdmin.token);
  tokens.set('licenceAdmin', licenceAdmin.token);
  tokens.set('systemAdmin', adminToken);
  tokens.set('teamGeneral', teamGeneral.token);
  tokens.set('teamNone', teamNone.token);
  tokens.set('disabled', disabled.token);
  for (const [actor, scopes] of [
    ['apiRead', ['read']],
    ['apiWrite', ['read', 'write']],
  ] as const) {
    const created = await server
      .api(projectAdmin.token)
      .call(apiTokenRoutes.createApiToken, { body: { name: `matrix ${actor}`, scopes: [...scopes] } });
    tokens.set(actor, created.data.token);
  }
}, 120_000);

afterAll(async () => {
  const keys = [...summary.keys()];
  const width = Math.max(...keys.map((k) => k.length), 5);
  const head = ['route'.padEnd(width), ...ACTOR_NAMES.map((a) => a.slice(0, 8).padStart(8))].join(' ');
  const rows = keys.map((k) => [k.padEnd(width), ...ACTOR_NAMES.map((a) => (summary.get(k)!.get(a) ?? '-').padStart(8))].join(' '));
  console.log(`route x actor matrix (status; * = differs from the policy, ! = known deviation)\n${head}\n${rows.join('\n')}`);
  await server?.close();
});

describe('the route x actor security matrix', () => {
  it('covers every route of allRoutes exactly once, and UNADDRESSABLE names only real routes', () => {
    for (const key of Object.keys(UNADDRESSABLE)) expect(allRoutes, key).toHaveProperty([key]);
    for (const key of Object.keys(CASES)) expect(allRoutes, key).toHaveProperty([key]);
    for (const key of Object.keys(allRoutes)) expect([key in CASES, key in UNADDRESSABLE].filter(Boolean), key).toHaveLength(1);
    for (const [key, route] of Object.entries(allRoutes)) expect(route.policy, `${key} has a policy`).toBeDefined();
    for (const cell of Object.keys(KNOWN_DEVIATIONS)) {
      const [key, actor] = cell.split('|') as [string, ActorName];
      expect(CASES, cell).toHaveProperty([key]);
      expect(ACTOR_NAMES, cell).toContain(actor);
    }
  });

  const ordered = Object.entries(CASES).sort(([, a], [, b]) => a.phase - b.phase);
  for (const [key, routeCase] of ordered) {
    const route = allRoutes[key]!;
    describe(`${key} (${route.method} ${route.path}, ${JSON.stringify(route.policy)})`, () => {
      for (const actor of ACTOR_NAMES) {
        const expected = route.policy ? expectedOf(key, route, actor) : 'allowed';
        it(`answers ${expected === 'allowed' ? 'without refusing' : expected} to ${actor}`, async () => {
          const input = await routeCase.input(fixture, fresh, actor);
          const { status, error } = await answerOf(route, tokens.get(actor), input);
          const known = KNOWN_DEVIATIONS[`${key}|${actor}`];
          const ok = expected === 'allowed' ? status < 300 || [400, 409, 422].includes(status) : status === expected;
          if (!summary.has(key)) summary.set(key, new Map());
          summary.get(key)!.set(actor, `${status}${known ? '!' : ok ? '' : '*'}`);
          if (known) expect(status, `${actor} -> ${route.method} ${route.path}: known deviation (${known.reason})`).toBe(known.status);
          else expect(status, `${actor} -> ${route.method} ${route.path}: expected ${expected}`).toSatisfy(() => ok);
          if (status === 401 || status === 403 || status === 404) {
            for (const secret of [fixture.projectName, fixture.projectSlug])
              expect(error, 'a refusal carries no fixture data').not.toContain(secret);
          }
        });
      }
    });
  }
});
