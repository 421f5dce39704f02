import { Alert, Button, H3, NonIdealState, Tag } from '@blueprintjs/core';
import { AddIcon, ArrowLeftIcon, FlowBranchIcon, TrashIcon } from '@blueprintjs/icons';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { serverMessage } from '../../../shared/apiErrors';
import { useDateFormat } from '../../../shared/dates';
import { FormField } from '../../../shared/forms/FormField';
import { QueryState } from '../../../shared/QueryState';
import { showToast } from '../../../shared/toaster';
import { useLoadMoreRows, VirtualRows } from '../../../shared/VirtualRows';
import { useProject } from '../../projects/ProjectLayout';
import { SbsCodePicker } from '../../sbs/SbsCodePicker';
import { SessionProgress } from './components/SessionProgress';
import { StartSessionDialog } from './components/StartSessionDialog';
import { sessionCalls, sessionKeys, sessionPagesQuery, type SessionListItem } from './queries';
import { projectWorkflowQuery } from '../settings/queries';
import './sessions.css';

export const SESSION_ROW_HEIGHT = 40;

const SessionStatus = ({ session }: { session: SessionListItem }) => {
  const { t } = useTranslation('workflows');
  return (
    <Tag minimal intent={session.status === 'finished' ? 'success' : 'primary'}>
      {t(session.status === 'finished' ? 'workflows.sessions.finished' : 'workflows.sessions.running')}
    </Tag>
  );
};

/**
 * /project/:slug/workflows/:workflowId/sessions — the sessions of a project workflow (spec 2 §2, §4): newest first,
 * filtered by SBS code, paged while the list scrolls (virtualized: 10,000 sessions stay smooth), each with its
 * progress; whoever may start sessions starts one, project admins delete one.
 */
export const SessionsPage = () => {
  const { t } = useTranslation('workflows');
  const project = useProject();
  const { workflowId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { dateTime } = useDateFormat();
  const workflow = useQuery(projectWorkflowQuery(project.id, workflowId));
  const [sbsCode, setSbsCode] = useState('');
  const filter = useDeferredValue(sbsCode.trim());
  const pages = useInfiniteQuery(sessionPagesQuery(project.id, { workflow: workflowId, sbsCode: filter }));
  const sessions = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const [starting, setStarting] = useState(false);
  const [deleting, setDeleting] = useState<SessionListItem | null>(null);
  const rights = workflow.data?.permissions;
  const base = `/project/${project.slug}/workflows/${workflowId}/sessions`;

  const remove = useMutation({
    mutationFn: (session: SessionListItem) => sessionCalls.remove(project.id, session.id),
    onSuccess: (_, session) => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.project(project.id) });
      showToast({ intent: 'success', message: t('workflows.sessions.deleted', { name: session.name }) });
    },
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('workflows.sessions.failed') }),
  });

  const { scroller, virtualizer } = useLoadMoreRows({
    loaded: sessions.length,
    hasMore: pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    onLoadMore: () => void pages.fetchNextPage(),
    rowHeight: SESSION_ROW_HEIGHT,
  });

  return (
    <div className="stramien-page stramien-sessions" data-testid="sessions-page">
      <div className="stramien-sessions__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('workflows.sessions.to-project')}
          onClick={() => void navigate(`/project/${project.slug}`)}
        />
        <H3 data-testid="sessions-title">
          {t('workflows.sessions.title')}
          {workflow.data ? ` — ${workflow.data.name}` : ''}
        </H3>
        {rights?.write && (
          <Button
            className="stramien-sessions__push"
            intent="primary"
            icon={<AddIcon />}
            text={t('workflows.session-start.open')}
            onClick={() => setStarting(true)}
            data-testid="start-session"
          />
        )}
      </div>
      <div className="stramien-sessions__filters">
        <FormField id="sessions-sbs-filter" label={t('workflows.sessions.filter-sbs')}>
          <SbsCodePicker id="sessions-sbs-filter" projectId={project.id} value={sbsCode} onChange={setSbsCode} />
        </FormField>
        {pages.isSuccess && (
          <span className="bp6-text-muted" data-testid="sessions-count">
            {t('workflows.sessions.count', { count: total })}
          </span>
        )}
      </div>
      <QueryState
        query={{ ...pages, data: pages.data ? sessions : undefined }}
        retry
        empty={
          <NonIdealState
            icon={<FlowBranchIcon size={48} />}
            title={filter ? t('workflows.sessions.none-filtered') : t('workflows.sessions.empty')}
            description={rights?.write && !filter ? t('workflows.sessions.empty-start') : undefined}
          />
        }
      >
        <div className="stramien-session-table" role="table" aria-label={t('workflows.sessions.title')} aria-rowcount={total}>
          <div className="stramien-session-table__row stramien-session-table__head" role="row">
            <div role="columnheader">{t('workflows.sessions.name')}</div>
            <div role="columnheader">{t('workflows.sessions.progress')}</div>
            <div role="columnheader">{t('workflows.sessions.status')}</div>
            <div role="columnheader">{t('workflows.sessions.sbs-code')}</div>
            <div role="columnheader">{t('workflows.sessions.started-by')}</div>
            <div role="columnheader">{t('workflows.sessions.started-at')}</div>
            <div role="columnheader" />
          </div>
          <div ref={scroller} className="stramien-session-table__body" data-testid="sessions-list">
            <VirtualRows
              virtualizer={virtualizer}
              loaded={sessions.length}
              moreLabel={t('workflows.sessions.loading-more')}
              moreClassName="stramien-session-table__more"
            >
              {(index, style) => {
                const session = sessions[index]!;
                return (
                  <div
                    key={session.id}
                    style={style}
                    className="stramien-session-table__row"
                    role="row"
                    aria-rowindex={index + 1}
                    data-testid="session-row"
                  >
                    <div role="cell">
                      <Link to={`${base}/${session.id}`}>{session.name}</Link>
                    </div>
                    <div role="cell">
                      <SessionProgress progress={session.progress} />
                    </div>
                    <div role="cell">
                      <SessionStatus session={session} />
                    </div>
                    <div role="cell">{session.sbs_code ?? ''}</div>
                    <div role="cell">{session.started_by.name}</div>
                    <div role="cell">{dateTime(session.created_at)}</div>
                    <div role="cell">
                      {rights?.admin && (
                        <Button
                          variant="minimal"
                          size="small"
                          icon={<TrashIcon />}
                          aria-label={t('workflows.sessions.delete-of', { name: session.name })}
                          onClick={() => setDeleting(session)}
                          data-testid="session-delete"
                        />
                      )}
                    </div>
                  </div>
                );
              }}
            </VirtualRows>
          </div>
        </div>
      </QueryState>
      {starting && (
        <StartSessionDialog
          projectId={project.id}
          workflowId={workflowId}
          onClose={() => setStarting(false)}
          onStarted={(session) => {
            void queryClient.invalidateQueries({ queryKey: sessionKeys.project(project.id) });
            showToast({ intent: 'success', message: t('workflows.session-start.started', { name: session.name }) });
            void navigate(`${base}/${session.id}`);
          }}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('workflows.sessions.delete')}
        cancelButtonText={t('workflows.session-start.cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {t('workflows.sessions.confirm-delete', { name: deleting?.name ?? '' })}
      </Alert>
    </div>
  );
};
