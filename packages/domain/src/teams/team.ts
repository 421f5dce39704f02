import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';
import { GENERAL_APPS, NO_GENERAL_PERMISSIONS, type GeneralPermissions } from '../permissions/permissions';

/** Longest team name; the API refuses longer ones with 400. */
export const TEAM_NAME_MAX = 100;
/** Upper bounds for the permission lists of one team (a guard against unbounded streams, not a business rule). */
export const TEAM_SBS_PERMISSIONS_MAX = 500;
export const TEAM_WORKFLOW_PERMISSIONS_MAX = 500;
/** Longest SBS code a team permission names. */
export const TEAM_SBS_CODE_MAX = 100;

/** What a team may do with a part of the project: look, or also change (start sessions, edit SBS records). */
export const TEAM_ACCESS_LEVELS = ['read', 'write'] as const;
export type TeamAccess = (typeof TEAM_ACCESS_LEVELS)[number];
export const teamAccessSchema = z.enum(TEAM_ACCESS_LEVELS);

export const generalPermissionsSchema = z.object(
  Object.fromEntries(GENERAL_APPS.map((app) => [app, z.boolean()])) as Record<(typeof GENERAL_APPS)[number], z.ZodBoolean>,
);

/** SBS permission: the team's access to the SBS subtree rooted at `code`. */
export const sbsPermissionSchema = z.object({ code: z.string().min(1).max(100), access: teamAccessSchema });
export type SbsPermission = z.infer<typeof sbsPermissionSchema>;

/** Workflow permission: the team's access to one project workflow ('write' may start sessions). */
export const workflowPermissionSchema = z.object({ workflowId: z.string().min(1).max(100), access: teamAccessSchema });
export type WorkflowPermission = z.infer<typeof workflowPermissionSchema>;

/** Table permission (spec 2 §6: per table and per team): a record with its own id. */
export const tablePermissionSchema = z.object({
  id: z.string(),
  tableId: z.string(),
  read: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});
export type TablePermission = z.infer<typeof tablePermissionSchema>;

export const teamEventSchemas = {
  TeamCreated: z.object({ teamId: z.string(), projectId: z.string(), licenceId: z.string(), name: z.string() }),
  TeamRenamed: z.object({ teamId: z.string(), name: z.string() }),
  TeamDeleted: z.object({ teamId: z.string(), projectId: z.string() }),
  TeamUserAdded: z.object({ teamId: z.string(), userId: z.string() }),
  TeamUserRemoved: z.object({ teamId: z.string(), userId: z.string() }),
  TeamModuleAdded: z.object({ teamId: z.string(), moduleId: z.string() }),
  TeamModuleRemoved: z.object({ teamId: z.string(), moduleId: z.string() }),
  /** the full set of general-app flags after the change */
  TeamGeneralPermissionsChanged: z.object({ teamId: z.string(), general: generalPermissionsSchema }),
  /** the full SBS permission list after the change */
  TeamSbsPermissionsChanged: z.object({ teamId: z.string(), sbs: z.array(sbsPermissionSchema) }),
  /** the full workflow permission list after the change */
  TeamWorkflowPermissionsChanged: z.object({ teamId: z.string(), workflows: z.array(workflowPermissionSchema) }),
  /**
   * a table permission created or changed. Superseded: table permissions are part of the table's own stream
   * (`TablePermissionGranted` …, docs/tables.md "Permissions"); these events are kept so stored ones still read.
   */
  TeamTablePermissionSet: z.object({ teamId: z.string(), permission: tablePermissionSchema }),
  TeamTablePermissionRemoved: z.object({ teamId: z.string(), permissionId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof teamEventSchemas;
export type TeamEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type TeamEventType = TeamEvent['type'];
export const teamEventTypes = Object.keys(teamEventSchemas) as TeamEventType[];
export const teamSchemas: EventSchemas<TeamEvent> = teamEventSchemas;

export interface TeamState {
  exists: boolean;
  deleted: boolean;
  teamId: string;
  projectId: string;
  licenceId: string;
  name: string;
  userIds: string[];
  general: GeneralPermissions;
  modules: string[];
  sbs: SbsPermission[];
  workflows: WorkflowPermission[];
  tables: TablePermission[];
}

export const initialTeamState = (): TeamState => ({
  exists: false,
  deleted: false,
  teamId: '',
  projectId: '',
  licenceId: '',
  name: '',
  userIds: [],
  general: { ...NO_GENERAL_PERMISSIONS },
  modules: [],
  sbs: [],
  workflows: [],
  tables: [],
});

export const evolveTeam = (state: TeamState, event: TeamEvent): TeamState => {
  switch (event.type) {
    case 'TeamCreated': {
      const { teamId, projectId, licenceId, name } = event.data;
      return { ...initialTeamState(), exists: true, teamId, projectId, licenceId, name };
    }
    case 'TeamRenamed':
      return { ...state, name: event.data.name };
    case 'TeamDeleted':
      return { ...state, deleted: true };
    case 'TeamUserAdded':
      return state.userIds.includes(event.data.userId) ? state : { ...state, userIds: [...state.userIds, event.data.userId] };
    case 'TeamUserRemoved':
      return { ...state, userIds: state.userIds.filter((id) => id !== event.data.userId) };
    case 'TeamModuleAdded':
      return state.modules.includes(event.data.moduleId) ? state : { ...state, modules: [...state.modules, event.data.moduleId] };
    case 'TeamModuleRemoved':
      return { ...state, modules: state.modules.filter((id) => id !== event.data.moduleId) };
    case 'TeamGeneralPermissionsChanged':
      return { ...state, general: { ...event.data.general } };
    case 'TeamSbsPermissionsChanged':
      return { ...state, sbs: event.data.sbs };
    case 'TeamWorkflowPermissionsChanged':
      return { ...state, workflows: event.data.workflows };
    case 'TeamTablePermissionSet': {
      const permission = event.data.permission;
      const others = state.tables.filter((p) => p.id !== permission.id);
      const index = state.tables.findIndex((p) => p.id === permission.id);
      const tables = index === -1 ? [...others, permission] : state.tables.map((p) => (p.id === permission.id ? permission : p));
      return { ...state, tables };
    }
    case 'TeamTablePermissionRemoved':
      return { ...state, tables: state.tables.filter((p) => p.id !== event.data.permissionId) };
  }
};

/** Team names compare without case and surrounding spaces, so 'Design' and ' design ' are one team. */
export const normaliseTeamName = (name: string): string => name.trim().toLocaleLowerCase();
