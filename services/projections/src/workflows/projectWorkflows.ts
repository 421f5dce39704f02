import type { Doc, DocumentStore } from '@stramien/infra';
import {
  evolveProjectWorkflow,
  initialProjectWorkflowState,
  projectWorkflowEventTypes,
  type ProjectWorkflowEvent,
  type WorkflowRole,
} from '@stramien/domain';
import type { Projection } from '../runner/projection';

export const PROJECT_WORKFLOWS_COLLECTION = 'project_workflows';

/**
 * The `project_workflows` read model (docs/workflows.md "Read models"): one document per live project workflow,
 * with its roles, each role's teams and nodes. Serves `GET /api/project/{id}/workflows…` and the roles routes
 * (index {projectId}); the sessions' readers find a project's workflows here.
 *
 * Document: `{ _id: projectWorkflowId, projectId, licenceId, workflowId (the builder workflow), name, version (the
 * published version new sessions start on), roles: [{ roleId, name, teamIds, nodeIds }], createdAt, updatedAt }`.
 * A removed project workflow's document is deleted. The roles are folded by the domain's `evolveProjectWorkflow`,
 * the same fold the commands use, so the read model and the write side never disagree about a role.
 */
export interface ProjectWorkflowDoc extends Doc {
  _id: string;
  projectId: string;
  licenceId: string;
  workflowId: string;
  name: string;
  version: number;
  roles: WorkflowRole[];
  createdAt: string;
  updatedAt: string;
}

export const projectWorkflowsProjection: Projection<ProjectWorkflowDoc> = {
  name: 'project_workflows',
  collection: PROJECT_WORKFLOWS_COLLECTION,
  eventTypes: projectWorkflowEventTypes,
  documentIds: (event) => [(event.data as { projectWorkflowId: string }).projectWorkflowId],
  indexes: [{ keys: { projectId: 1 } }, { keys: { workflowId: 1 } }],
  evolve(doc, envelope) {
    const event = { type: envelope.type, data: envelope.data } as ProjectWorkflowEvent;
    const at = envelope.metadata.occurredAt;
    if (event.type === 'ProjectWorkflowAdded') {
      const { projectWorkflowId, projectId, workflowId, name, version } = event.data;
      return {
        _id: projectWorkflowId,
        projectId,
        licenceId: envelope.metadata.licenceId,
        workflowId,
        name,
        version,
        roles: [],
        createdAt: at,
        updatedAt: at,
      };
    }
    if (!doc) return doc;
    if (event.type === 'ProjectWorkflowRemoved') return null;
    const state = evolveProjectWorkflow(
      {
        ...initialProjectWorkflowState(),
        exists: true,
        projectWorkflowId: doc._id,
        projectId: doc.projectId,
        workflowId: doc.workflowId,
        name: doc.name,
        version: doc.version,
        roles: doc.roles,
      },
      event,
    );
    return { ...doc, name: state.name, version: state.version, roles: state.roles, updatedAt: at };
  },
};

/** A project workflow's document, or null. */
export const getProjectWorkflowById = (store: DocumentStore, id: string): Promise<ProjectWorkflowDoc | null> =>
  store.collection<ProjectWorkflowDoc>(PROJECT_WORKFLOWS_COLLECTION).findOne({ _id: id });
