import { derivedId } from '../shared/ids';

/**
 * The task a manual job's assignee gets (docs/workflows.md "The process manager"): task_type `workflow`, its metadata
 * where the job is. The process manager writes it; `POST /tasks/{id}/execute` answers where the job is.
 */
export const WORKFLOW_TASK_TYPE = 'workflow';

export interface WorkflowTaskMetadata {
  [key: string]: string;
  sessionId: string;
  jobId: string;
  projectId: string;
  projectWorkflowId: string;
  nodeId: string;
}

/** the task of a job's `assignment`-th assignment: given once, however often the assignment is read */
export const workflowTaskId = (jobId: string, assignment: number): string => derivedId(jobId, String(assignment));

/** The job a task of type workflow stands for; null for any other task. */
export const workflowJobOfTask = (task: {
  taskType: { type: string } | null;
  metadata: Record<string, unknown> | null;
}): WorkflowTaskMetadata | null => {
  if (task.taskType?.type !== WORKFLOW_TASK_TYPE || !task.metadata) return null;
  const { sessionId, jobId, projectId, projectWorkflowId, nodeId } = task.metadata;
  const all = [sessionId, jobId, projectId, projectWorkflowId, nodeId];
  if (!all.every((v) => typeof v === 'string')) return null;
  return { sessionId, jobId, projectId, projectWorkflowId, nodeId } as WorkflowTaskMetadata;
};
