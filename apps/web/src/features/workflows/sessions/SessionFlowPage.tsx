import { Button, H3, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { ArrowLeftIcon, ErrorIcon } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { useProject } from '../../projects/ProjectLayout';
import { FailedJobs, FlowDiagram, StatusLegend } from './components/FlowDiagram';
import { SessionProgress } from './components/SessionProgress';
import { refreshSession, sessionCalls, useLiveSession, type FlowJob } from './queries';
import { projectWorkflowQuery } from '../settings/queries';
import './sessions.css';

/**
 * /project/:slug/workflows/:workflowId/sessions/:sessionId — the session flow diagram (spec 2 §2): its jobs in
 * columns from the start node, each coloured by status, its progress; both follow the session while it runs.
 */
export const SessionFlowPage = () => {
  const { t } = useTranslation('workflows');
  const project = useProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { workflowId = '', sessionId = '' } = useParams();
  const base = `/project/${project.slug}/workflows/${workflowId}/sessions`;
  const workflow = useQuery(projectWorkflowQuery(project.id, workflowId));
  const flow = useLiveSession(project.id, sessionId);

  const retry = useMutation({
    mutationFn: (job: FlowJob) => sessionCalls.retry(project.id, job.jobId),
    onSuccess: () => refreshSession(queryClient, project.id, sessionId),
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('workflows.sessions.failed') }),
  });
  const open = useCallback((job: FlowJob) => void navigate(`${base}/${sessionId}/${job.nodeId}`), [navigate, base, sessionId]);
  const onRetry = useCallback((job: FlowJob) => retry.mutate(job), [retry]);

  if (flow.isPending)
    return (
      <div className="stramien-page stramien-page--centered" aria-busy="true">
        <Spinner />
      </div>
    );
  if (flow.isError || !flow.data)
    return (
      <div className="stramien-page">
        <NonIdealState
          icon={<ErrorIcon size={48} />}
          title={t('workflows.session-flow.not-found')}
          description={serverMessage(flow.error) ?? undefined}
          action={<Button text={t('workflows.session-flow.to-sessions')} onClick={() => void navigate(base)} />}
        />
      </div>
    );
  const { session, jobs, links } = flow.data;
  return (
    <div className="stramien-page stramien-flow-page" data-testid="session-flow-page">
      <div className="stramien-sessions__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('workflows.session-flow.to-sessions')}
          onClick={() => void navigate(base)}
        />
        <H3 data-testid="session-name">{session.name}</H3>
        <Tag minimal intent={session.status === 'finished' ? 'success' : 'primary'}>
          {t(session.status === 'finished' ? 'workflows.sessions.finished' : 'workflows.sessions.running')}
        </Tag>
        {session.sbs_code && <Tag minimal>{session.sbs_code}</Tag>}
        <span className="bp6-text-muted">{workflow.data?.name ?? session.workflow_name}</span>
      </div>
      <div className="stramien-flow-page__top">
        <div className="stramien-flow-page__progress">
          <SessionProgress progress={session.progress} />
        </div>
        <StatusLegend />
      </div>
      <FailedJobs
        jobs={jobs}
        onRetry={workflow.data?.permissions.admin ? onRetry : null}
        retrying={retry.isPending ? (retry.variables?.jobId ?? null) : null}
      />
      <FlowDiagram jobs={jobs} links={links} onOpen={open} />
    </div>
  );
};
