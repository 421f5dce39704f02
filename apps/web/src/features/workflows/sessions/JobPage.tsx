import { Button, Callout, Card, H3, H5, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { ArrowLeftIcon, ErrorIcon, TickIcon } from '@blueprintjs/icons';
import { toJobId } from '@stramien/domain';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { serverMessage } from '../../../shared/apiErrors';
import { serverText } from '../../../shared/serverText';
import { showToast } from '../../../shared/toaster';
import { useProject } from '../../projects/ProjectLayout';
import { StatusTag } from './components/FlowDiagram';
import { JobField } from './components/JobField';
import { jobFormMachine, fieldErrors, type JobFormJob, type JobFormRequest } from './machines/jobFormMachine';
import { jobQuery, jobUsersQuery, refreshSession, sessionCalls, sessionKeys, useLiveSession } from './queries';
import './sessions.css';

/**
 * /project/:slug/workflows/:workflowId/sessions/:sessionId/:nodeId — a job of a session (spec 2 §2 "Job or node of a
 * session"): its block's panels as a form (jobFormMachine), its assignee (project admins assign it to a user who may
 * take it), Save and Finish for the assignee or a project admin; read-only once finished.
 */
export const JobPage = () => {
  const { t } = useTranslation('workflows');
  const project = useProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { workflowId = '', sessionId = '', nodeId = '' } = useParams();
  const jobId = toJobId(sessionId, nodeId);
  const flowPath = `/project/${project.slug}/workflows/${workflowId}/sessions/${sessionId}`;
  const job = useQuery(jobQuery(project.id, jobId));
  const live = useLiveSession(project.id, sessionId);

  const machine = useMemo(
    () =>
      jobFormMachine.provide({
        actors: {
          loadJob: fromPromise<JobFormJob, { projectId: string; jobId: string }>(({ input }) =>
            queryClient.fetchQuery({ ...jobQuery(input.projectId, input.jobId), staleTime: 0 }),
          ),
          saveDraft: fromPromise<JobFormJob, JobFormRequest>(async ({ input }) => {
            const saved = await sessionCalls.saveDraft(input);
            queryClient.setQueryData(sessionKeys.job(input.jobId), saved);
            return saved;
          }),
          finishJob: fromPromise<JobFormJob, JobFormRequest>(async ({ input }) => {
            const finished = await sessionCalls.finish(input);
            queryClient.setQueryData(sessionKeys.job(input.jobId), finished);
            refreshSession(queryClient, project.id, sessionId);
            return finished;
          }),
        },
      }),
    [queryClient, project.id, sessionId],
  );
  const [state, send] = useMachine(machine, { input: { projectId: project.id, jobId } });
  const { values, message, saved } = state.context;

  // a pushed change of the session (another user assigned or finished this job): load it again unless typing
  const pushed = live.data?.jobs.find((j) => j.jobId === jobId);
  const pushedState = pushed ? `${pushed.status}:${pushed.assignee?.id ?? ''}` : '';
  const seenState = useRef('');
  useEffect(() => {
    if (seenState.current !== '' && pushedState !== seenState.current) send({ type: 'REFRESH' });
    seenState.current = pushedState;
  }, [pushedState, send]);

  const view = job.data;
  const mayWork = view?.can.finish ?? false;
  const mayAssign = view?.can.assign ?? false;
  const editable = state.matches('editing') && view?.status === 'open' && mayWork;
  const uploading = useIsMutating({ mutationKey: sessionKeys.jobFileUpload(jobId) }) > 0;
  const busy = state.matches('savingDraft') || state.matches('finishing');

  const users = useQuery({ ...jobUsersQuery(project.id, jobId), enabled: mayAssign });
  const assign = useMutation({
    mutationFn: (userId: string) => sessionCalls.assign(project.id, jobId, userId),
    onSuccess: (next) => {
      queryClient.setQueryData(sessionKeys.job(jobId), next);
      refreshSession(queryClient, project.id, sessionId);
      showToast({ intent: 'success', message: t('workflows.session-job.assigned', { name: next.assignee?.name ?? '' }) });
    },
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('workflows.sessions.failed') }),
  });

  // the toast follows a finish made here, not the opening of a job finished before
  const finishing = useRef(false);
  useEffect(() => {
    if (state.matches('finishing')) finishing.current = true;
    else if (finishing.current && state.matches('finished')) {
      finishing.current = false;
      showToast({ intent: 'success', message: t('workflows.session-job.finished-toast') });
    } else finishing.current = false;
  }, [state, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!uploading) send({ type: 'FINISH' });
  };

  if (state.matches('loading') && !view)
    return (
      <div className="stramien-page stramien-page--centered" aria-busy="true">
        <Spinner />
      </div>
    );
  if (state.matches('error') || !view)
    return (
      <div className="stramien-page">
        <NonIdealState
          icon={<ErrorIcon size={48} />}
          title={t('workflows.session-job.not-found')}
          description={message ?? undefined}
          action={<Button text={t('workflows.session-job.to-flow')} onClick={() => void navigate(flowPath)} />}
        />
      </div>
    );

  return (
    <div className="stramien-page stramien-job-page" data-testid="job-page" data-status={view.status}>
      <div className="stramien-sessions__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('workflows.session-job.to-flow')}
          onClick={() => void navigate(flowPath)}
        />
        <H3>{view.name}</H3>
        <StatusTag status={view.status} />
        <span className="bp6-text-muted">{view.session.name}</span>
      </div>
      <Card className="stramien-job-page__assignee">
        <strong>{t('workflows.session-job.assignee')}</strong>{' '}
        {mayAssign ? (
          <HTMLSelect
            aria-label={t('workflows.session-job.assign')}
            value={view.assignee?.id ?? ''}
            disabled={assign.isPending || !users.data}
            onChange={(event) => event.currentTarget.value && assign.mutate(event.currentTarget.value)}
            options={[
              { value: '', label: t('workflows.session-flow.unassigned') },
              ...(view.assignee && !users.data?.some((u) => u.id === view.assignee!.id)
                ? [{ value: view.assignee.id, label: view.assignee.name }]
                : []),
              ...(users.data ?? []).map((u) => ({ value: u.id, label: u.name })),
            ]}
            data-testid="job-assign"
          />
        ) : (
          <span data-testid="job-assignee">{view.assignee?.name ?? t('workflows.session-flow.unassigned')}</span>
        )}
        {mayAssign && users.isSuccess && users.data.length === 0 && (
          <span className="bp6-text-muted"> {t('workflows.session-job.no-users')}</span>
        )}
      </Card>
      {!view.manual ? (
        <Callout intent={view.status === 'failed' ? 'danger' : 'primary'} data-testid="job-automated">
          {view.status === 'failed' ? view.error : t('workflows.session-job.automated')}
        </Callout>
      ) : (
        <form onSubmit={submit} noValidate data-testid="job-form">
          {view.status === 'waiting' && <Callout intent="primary">{t('workflows.session-job.waiting')}</Callout>}
          {view.status === 'finished' && (
            <Callout intent="success" icon={<TickIcon />}>
              {t('workflows.session-job.read-only')}
            </Callout>
          )}
          {view.status === 'open' && !mayWork && <Callout intent="warning">{t('workflows.session-job.not-yours')}</Callout>}
          {message && state.matches('editing') && (
            <Callout intent="danger" compact data-testid="job-message">
              {serverText(message)}
            </Callout>
          )}
          {view.panels.map((panel) => (
            <Card key={panel.id} className="stramien-job-panel" data-testid="job-panel">
              <H5>{panel.title}</H5>
              {panel.description && <p className="bp6-text-muted">{panel.description}</p>}
              {panel.fields.map((field) => (
                <JobField
                  key={field.id}
                  projectId={project.id}
                  jobId={jobId}
                  files={view.files}
                  field={field}
                  value={values[field.id] ?? ''}
                  onChange={(value) => send({ type: 'CHANGE', field: field.id, value })}
                  errors={fieldErrors(state.context, field.id)}
                  disabled={!editable || busy}
                />
              ))}
            </Card>
          ))}
          {editable && (
            <div className="stramien-job-page__actions">
              {saved && <span className="bp6-text-muted">{t('workflows.session-job.saved')}</span>}
              <Button
                text={t('workflows.session-job.save')}
                loading={state.matches('savingDraft')}
                disabled={busy || uploading}
                onClick={() => send({ type: 'SAVE' })}
                data-testid="job-save"
              />
              <Button
                type="submit"
                intent="primary"
                icon={<TickIcon />}
                text={t('workflows.session-job.finish')}
                loading={state.matches('finishing')}
                disabled={busy || uploading}
                data-testid="job-finish"
              />
            </div>
          )}
        </form>
      )}
    </div>
  );
};
