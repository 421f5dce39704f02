import type { FastifyRequest } from 'fastify';
import {
  DomainError,
  evolveProjectWorkflow,
  evolveWorkflow,
  fold,
  initialProjectWorkflowState,
  initialWorkflowState,
  isLiveProjectWorkflow,
  messages,
  projectWorkflowRights,
  toProjectWorkflowStreamId,
  toWorkflowStreamId,
  workflowMessages,
  type Actor,
  type ProjectWorkflowEvent,
  type ProjectWorkflowRights,
  type ProjectWorkflowState,
  type TeamAccess,
  type WorkflowEvent,
  type WorkflowGraph,
  type WorkflowPermission,
  type WorkflowState,
} from '@stramien/domain';
import type { AppDeps } from '../deps';
import { requireProjectAccess, type ProjectAccess } from '../plugins/permissionSubject';

/**
 * Who may do what with a project workflow (docs/workflows.md "Permissions"): `projectWorkflowRights` over the user's
 * standing in the project and their teams' workflow permissions (`TeamWorkflowPermissionsChanged`: read sees its
 * sessions, write also starts them). Project admins, system admins and the licence's user admins administer every
 * project workflow. The project workflows routes, the sessions routes and the jobs routes load through here.
 */

export const projectWorkflowNotFound = (): DomainError => new DomainError(workflowMessages.projectWorkflowNotFound, 404);

/** The access each of the user's teams in the project has on one project workflow (the teams read model's lists). */
export const teamAccessTo = (access: Pick<ProjectAccess, 'teams'>, projectWorkflowId: string): TeamAccess[] =>
  access.teams.flatMap((team) =>
    ((team.workflows as WorkflowPermission[] | undefined) ?? []).filter((p) => p.workflowId === projectWorkflowId).map((p) => p.access),
  );

/** What the user of a loaded project access may do with one of its project workflows. */
export const workflowRightsIn = (access: Pick<ProjectAccess, 'teams' | 'subject'>, projectWorkflowId: string): ProjectWorkflowRights =>
  projectWorkflowRights(access.subject, teamAccessTo(access, projectWorkflowId));

/** A project workflow folded from its stream `projectWorkflow-<id>` (a definition and its roles: a short stream). */
export const loadProjectWorkflowState = async (deps: AppDeps, projectWorkflowId: string): Promise<ProjectWorkflowState> => {
  const recorded = await deps.adapters.eventStore.readStream(toProjectWorkflowStreamId(projectWorkflowId));
  return fold(
    { initialState: initialProjectWorkflowState, evolve: evolveProjectWorkflow },
    recorded.map((r) => ({ type: r.type, data: r.data }) as ProjectWorkflowEvent),
  );
};

export interface WorkflowAccess extends ProjectWorkflowRights {
  /** the project workflow, folded from its stream */
  workflow: ProjectWorkflowState;
  /** the user's standing in its project (subject, teams) */
  project: ProjectAccess;
  /** the user acting in the project's licence: events of this project workflow and its sessions carry it */
  actor: Actor;
}

/**
 * Loads a project workflow of a project for a request and decides what the user may do with it. An unknown or
 * removed project workflow, one of another project (and so of another licence), one of a project the user cannot
 * see, and one the user has no right on all answer 404 'Workflow not found in this project.' (never 403, so nothing
 * tells that it exists). `need` is then checked: a visible project workflow without that right answers 403.
 */
export const loadWorkflowAccess = async (
  deps: AppDeps,
  request: FastifyRequest,
  projectId: string,
  projectWorkflowId: string,
  need: keyof ProjectWorkflowRights = 'read',
): Promise<WorkflowAccess> => {
  const workflow = await loadProjectWorkflowState(deps, projectWorkflowId);
  if (!isLiveProjectWorkflow(workflow) || workflow.projectId !== projectId) throw projectWorkflowNotFound();
  const project = await requireProjectAccess(deps, request, projectId, 'project').catch((e: unknown) => {
    throw e instanceof DomainError && e.status === 404 ? projectWorkflowNotFound() : e;
  });
  const rights = workflowRightsIn(project, projectWorkflowId);
  if (!rights.read) throw projectWorkflowNotFound();
  if (!rights[need]) throw new DomainError(messages.shared.forbidden, 403);
  return {
    ...rights,
    workflow,
    project,
    actor: { userId: project.user.userId, licenceId: project.project.licenceId, isSystemAdmin: project.user.isSystemAdmin },
  };
};

/** A builder workflow's definition: its folded state and every published version's graph (versions never change). */
export interface WorkflowDefinition {
  state: WorkflowState;
  /** version number -> its graph and when it was published */
  versions: Map<number, { graph: WorkflowGraph; publishedAt: string }>;
}

/** A builder workflow read from its stream `workflow-<id>`: the state and its published versions. */
export const loadWorkflowDefinition = async (deps: AppDeps, workflowId: string): Promise<WorkflowDefinition> => {
  const recorded = await deps.adapters.eventStore.readStream(toWorkflowStreamId(workflowId));
  const events = recorded.map((r) => ({ type: r.type, data: r.data }) as WorkflowEvent);
  const versions = new Map<number, { graph: WorkflowGraph; publishedAt: string }>();
  recorded.forEach((r, i) => {
    const event = events[i]!;
    if (event.type === 'WorkflowPublished') {
      const at = (r.metadata as { occurredAt?: string }).occurredAt ?? r.recordedAt;
      versions.set(event.data.version, { graph: event.data.graph, publishedAt: at });
    }
  });
  return { state: fold({ initialState: initialWorkflowState, evolve: evolveWorkflow }, events), versions };
};

/**
 * The graph of the version a project workflow runs (what a session starts on), or null when that version does not
 * exist. A version stays usable after its builder workflow was deleted: running and new sessions keep their graph.
 */
export const loadProjectWorkflowVersion = async (deps: AppDeps, workflow: ProjectWorkflowState): Promise<WorkflowGraph | null> =>
  (await loadWorkflowDefinition(deps, workflow.workflowId)).versions.get(workflow.version)?.graph ?? null;
