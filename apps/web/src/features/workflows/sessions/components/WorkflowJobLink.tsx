import { Button } from '@blueprintjs/core';
import { FlowBranchIcon } from '@blueprintjs/icons';
import { projectRoutes, type Task } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../../shared/api';

/** Where a task of type workflow's job is (the process manager's task metadata, docs/workflows.md). */
export const workflowJobOf = (task: Pick<Task, 'task_type' | 'metadata'>) => {
  const meta = task.metadata ?? {};
  const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : null);
  const where = {
    projectId: text('projectId'),
    projectWorkflowId: text('projectWorkflowId'),
    sessionId: text('sessionId'),
    nodeId: text('nodeId'),
  };
  return task.task_type?.type === 'workflow' && Object.values(where).every((value) => value !== null)
    ? (where as Record<keyof typeof where, string>)
    : null;
};

/** On a task of type workflow: opens its job (the job page of its session), the way to execute it. */
export const WorkflowJobLink = ({ task }: { task: Pick<Task, 'task_type' | 'metadata'> }) => {
  const { t } = useTranslation('workflows');
  const navigate = useNavigate();
  const job = workflowJobOf(task);
  const project = useQuery({
    queryKey: ['workflowSessions', 'taskProject', job?.projectId ?? ''],
    queryFn: ({ signal }) => api.call(projectRoutes.get, { params: { id: job!.projectId }, signal }),
    enabled: job !== null,
    staleTime: 5 * 60_000,
  });
  if (!job) return null;
  return (
    <Button
      intent="primary"
      icon={<FlowBranchIcon />}
      text={t('workflows.session-job.open')}
      disabled={!project.data}
      loading={project.isPending}
      data-testid="task-open-job"
      onClick={() =>
        project.data &&
        void navigate(`/project/${project.data.slug}/workflows/${job.projectWorkflowId}/sessions/${job.sessionId}/${job.nodeId}`)
      }
    />
  );
};
