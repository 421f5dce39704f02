import type { Doc } from '@stramien/infra';
import type { EventEnvelope, GeneralPermissions, SbsPermission, TablePermission, TeamEvent, WorkflowPermission } from '@stramien/domain';
import { NO_GENERAL_PERMISSIONS, teamEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/**
 * The `teams` read model: one document per live team. The projects context's permission subject reads it
 * (index {projectId, userIds}) to merge a member's general-app flags and modules; the teams API lists it.
 */
export interface TeamDoc extends Doc {
  _id: string;
  projectId: string;
  licenceId: string;
  name: string;
  userIds: string[];
  general: GeneralPermissions;
  modules: string[];
  sbs?: SbsPermission[];
  workflows?: WorkflowPermission[];
  tables?: TablePermission[];
  createdAt: string;
}

type E<T extends TeamEvent['type']> = EventEnvelope<Extract<TeamEvent, { type: T }>>;

export const teamsProjection: Projection<TeamDoc> = {
  name: 'teams',
  collection: 'teams',
  eventTypes: teamEventTypes,
  documentIds: (event) => [(event.data as { teamId: string }).teamId],
  indexes: [{ keys: { projectId: 1, userIds: 1 } }, { keys: { licenceId: 1 } }, { keys: { 'tables.id': 1 } }],
  evolve(doc, event) {
    if (event.type === 'TeamCreated') {
      const d = (event as E<'TeamCreated'>).data;
      return {
        _id: d.teamId,
        projectId: d.projectId,
        licenceId: d.licenceId,
        name: d.name,
        userIds: [],
        general: { ...NO_GENERAL_PERMISSIONS },
        modules: [],
        sbs: [],
        workflows: [],
        tables: [],
        createdAt: event.metadata.occurredAt,
      };
    }
    if (!doc) return doc;
    switch (event.type) {
      case 'TeamRenamed':
        return { ...doc, name: (event as E<'TeamRenamed'>).data.name };
      case 'TeamDeleted':
        return null;
      case 'TeamUserAdded': {
        const { userId } = (event as E<'TeamUserAdded'>).data;
        return doc.userIds.includes(userId) ? doc : { ...doc, userIds: [...doc.userIds, userId] };
      }
      case 'TeamUserRemoved': {
        const { userId } = (event as E<'TeamUserRemoved'>).data;
        return { ...doc, userIds: doc.userIds.filter((id) => id !== userId) };
      }
      case 'TeamModuleAdded': {
        const { moduleId } = (event as E<'TeamModuleAdded'>).data;
        return doc.modules.includes(moduleId) ? doc : { ...doc, modules: [...doc.modules, moduleId] };
      }
      case 'TeamModuleRemoved': {
        const { moduleId } = (event as E<'TeamModuleRemoved'>).data;
        return { ...doc, modules: doc.modules.filter((id) => id !== moduleId) };
      }
      case 'TeamGeneralPermissionsChanged':
        return { ...doc, general: { ...(event as E<'TeamGeneralPermissionsChanged'>).data.general } };
      case 'TeamSbsPermissionsChanged':
        return { ...doc, sbs: (event as E<'TeamSbsPermissionsChanged'>).data.sbs };
      case 'TeamWorkflowPermissionsChanged':
        return { ...doc, workflows: (event as E<'TeamWorkflowPermissionsChanged'>).data.workflows };
      case 'TeamTablePermissionSet': {
        const { permission } = (event as E<'TeamTablePermissionSet'>).data;
        const tables = doc.tables ?? [];
        const exists = tables.some((p) => p.id === permission.id);
        return { ...doc, tables: exists ? tables.map((p) => (p.id === permission.id ? permission : p)) : [...tables, permission] };
      }
      case 'TeamTablePermissionRemoved': {
        const { permissionId } = (event as E<'TeamTablePermissionRemoved'>).data;
        return { ...doc, tables: (doc.tables ?? []).filter((p) => p.id !== permissionId) };
      }
      default:
        return doc;
    }
  },
};
