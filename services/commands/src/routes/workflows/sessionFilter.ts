import { OVERVIEW_FINISHED_DAYS } from '@stramien/api';
import { can, type WorkflowPermission } from '@stramien/domain';
import type { Filter } from '@stramien/infra';
import type { ProjectAccess } from '../../plugins/permissionSubject';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SessionFilterOptions {
  /** a project workflow's id (filter[workflow]) */
  workflow?: string | undefined;
  /** filter[sbs_code] */
  sbsCode?: string | undefined;
  /** the project overview's rule: finished sessions older than two weeks are hidden (spec 1) */
  overview?: boolean;
  now: Date;
}

/**
 * The `workflow_sessions` filter of what a user sees of a project's sessions: project settings holders see all; others
 * the sessions of the workflows their teams hold a workflow permission for. One rule for the sessions list and the
 * project's own `sessions` field.
 */
export const sessionFilter = (access: ProjectAccess, projectId: string, options: SessionFilterOptions): Filter => {
  const filter: Filter = { projectId };
  const workflowIds: string[] | null = can(access.subject, 'project-settings')
    ? null
    : [...new Set(access.teams.flatMap((t) => ((t.workflows as WorkflowPermission[] | undefined) ?? []).map((p) => p.workflowId)))];
  const wanted = options.workflow;
  if (wanted !== undefined) filter.projectWorkflowId = workflowIds === null || workflowIds.includes(wanted) ? wanted : { $in: [] };
  else if (workflowIds !== null) filter.projectWorkflowId = { $in: workflowIds };
  if (options.sbsCode !== undefined) filter.sbsCode = options.sbsCode;
  if (options.overview) {
    const since = new Date(options.now.getTime() - OVERVIEW_FINISHED_DAYS * DAY_MS).toISOString();
    filter.$or = [{ finishedAt: null }, { finishedAt: { $gte: since } }];
  }
  return filter;
};
