import { Alert, Button, H3, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { AddIcon, EditIcon, FlowLinearIcon, LockIcon, TrashIcon } from '@blueprintjs/icons';
import type { BuilderWorkflowSummary } from '@stramien/api';
import { WORKFLOW_NAME_MAX } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useShellCan } from '../../../app/shellPermissions';
import { serverMessage } from '../../../shared/apiErrors';
import { useDateFormat } from '../../../shared/dates';
import { QueryState } from '../../../shared/QueryState';
import { showToast } from '../../../shared/toaster';
import { useSession } from '../../identity/session/useSession';
import { NameDialog } from '../../../shared/forms/NameDialog';
import { builderCalls, forgetWorkflow, storeWorkflow, workflowsQuery } from './queries';
import './builder.css';

/** Licence admins and system admins build workflows (the API's `admin` check); others are told who may. */
export const NotAllowed = () => {
  const { t } = useTranslation('workflows');
  return (
    <div className="stramien-page" data-testid="workflows-not-allowed">
      <NonIdealState
        icon={<LockIcon size={48} />}
        title={t('workflows.builder.not-allowed')}
        description={t('workflows.builder.not-allowed-description')}
      />
    </div>
  );
};

/**
 * /workflow-management (spec 2 §2, licence admins): the workflows of the licence chosen in the session — name,
 * versions and published state, last change — to open on the canvas, create (by name), rename and delete.
 */
export const WorkflowsPage = () => {
  const can = useShellCan();
  return can('admin') ? <WorkflowList /> : <NotAllowed />;
};

type Dialog =
  { kind: 'create' } | { kind: 'rename'; workflow: BuilderWorkflowSummary } | { kind: 'delete'; workflow: BuilderWorkflowSummary };

const WorkflowList = () => {
  const { t } = useTranslation('workflows');
  const { t: tc } = useTranslation();
  const { licence } = useSession();
  const licenceId = licence?.id ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useDateFormat();
  const workflows = useQuery({ ...workflowsQuery(licenceId), enabled: licenceId !== '' });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [name, setName] = useState('');

  const create = useMutation({
    mutationFn: () => builderCalls.create(licenceId, name.trim()),
    onSuccess: (answer) => {
      storeWorkflow(queryClient, answer.data, answer.position);
      void navigate(`/workflow-management/builder/${answer.data.id}`);
    },
  });
  const rename = useMutation({
    mutationFn: (workflowId: string) => builderCalls.rename(workflowId, name.trim()),
    onSuccess: (answer) => {
      storeWorkflow(queryClient, answer.data, answer.position);
      setDialog(null);
    },
  });
  const remove = useMutation({
    mutationFn: (workflow: BuilderWorkflowSummary) => builderCalls.delete(workflow.id),
    onSuccess: (answer, workflow) => {
      forgetWorkflow(queryClient, licenceId, workflow.id, answer.position);
      setDialog(null);
      showToast({ intent: 'success', message: t('workflows.builder.deleted', { name: workflow.name }) });
    },
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('workflows.builder.failed') }),
  });
  const open = (next: Dialog) => {
    create.reset();
    rename.reset();
    setName(next.kind === 'rename' ? next.workflow.name : '');
    setDialog(next);
  };

  return (
    <div className="stramien-page stramien-workflows" data-testid="workflows-page">
      <div className="stramien-workflows__header">
        <H3>{tc('common.feature.workflow-management')}</H3>
        <Button
          intent="primary"
          icon={<AddIcon />}
          text={t('workflows.builder.create')}
          data-testid="create-workflow"
          onClick={() => open({ kind: 'create' })}
        />
      </div>
      <p className="bp6-text-muted">{t('workflows.builder.intro', { licence: licence?.name ?? '' })}</p>
      <QueryState
        query={workflows}
        retry
        empty={
          <NonIdealState
            icon={<FlowLinearIcon size={48} />}
            title={t('workflows.builder.empty')}
            description={t('workflows.builder.empty-description')}
          />
        }
      >
        {(list) => (
          <HTMLTable interactive striped className="stramien-workflows__list" data-testid="workflows-list">
            <thead>
              <tr>
                <th scope="col">{t('workflows.builder.column-name')}</th>
                <th scope="col">{t('workflows.builder.column-versions')}</th>
                <th scope="col">{t('workflows.builder.column-state')}</th>
                <th scope="col">{t('workflows.builder.column-changed')}</th>
                <th scope="col" aria-label={t('workflows.builder.open')} />
              </tr>
            </thead>
            <tbody>
              {list.map((workflow) => (
                <tr key={workflow.id} data-testid="workflow-row">
                  <td>
                    <Link to={`/workflow-management/builder/${workflow.id}`}>{workflow.name}</Link>
                  </td>
                  <td data-testid="workflow-versions">{workflow.version}</td>
                  <td>
                    <Tag minimal intent={workflow.published ? 'success' : 'none'} data-testid="workflow-state">
                      {workflow.published
                        ? t('workflows.builder.published', { version: workflow.version })
                        : t('workflows.builder.draft-only')}
                    </Tag>
                    {workflow.published && workflow.draft_changed && (
                      <Tag minimal intent="warning" className="stramien-workflows__changed">
                        {t('workflows.builder.changed-since')}
                      </Tag>
                    )}
                  </td>
                  <td>{format.dateTime(workflow.updated_at)}</td>
                  <td className="stramien-workflows__row-actions">
                    <Button
                      variant="minimal"
                      icon={<EditIcon />}
                      aria-label={`${t('workflows.builder.rename')} ${workflow.name}`}
                      title={t('workflows.builder.rename')}
                      data-testid="rename-workflow"
                      onClick={() => open({ kind: 'rename', workflow })}
                    />
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon={<TrashIcon />}
                      aria-label={`${t('workflows.builder.delete')} ${workflow.name}`}
                      title={t('workflows.builder.delete')}
                      data-testid="delete-workflow"
                      onClick={() => open({ kind: 'delete', workflow })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryState>
      {dialog?.kind === 'create' && (
        <NameDialog
          title={t('workflows.builder.create-title')}
          id="workflow-name"
          label={t('workflows.builder.name')}
          field="name"
          value={name}
          onChange={setName}
          maxLength={WORKFLOW_NAME_MAX}
          requiredMessage={t('workflows.builder.name-required')}
          submitText={t('workflows.builder.create-submit')}
          submitTestId="create-workflow-submit"
          formTestId="create-workflow-form"
          cancelText={t('workflows.builder.cancel')}
          failedText={t('workflows.builder.failed')}
          pending={create.isPending}
          error={create.error}
          onSubmit={() => create.mutate()}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('workflows.builder.rename-title')}
          id="workflow-name"
          label={t('workflows.builder.name')}
          field="name"
          value={name}
          onChange={setName}
          maxLength={WORKFLOW_NAME_MAX}
          requiredMessage={t('workflows.builder.name-required')}
          submitText={t('workflows.builder.rename-submit')}
          submitTestId="rename-workflow-submit"
          formTestId="rename-workflow-form"
          cancelText={t('workflows.builder.cancel')}
          failedText={t('workflows.builder.failed')}
          pending={rename.isPending}
          error={rename.error}
          onSubmit={() => rename.mutate(dialog.workflow.id)}
          onClose={() => setDialog(null)}
        />
      )}
      <Alert
        isOpen={dialog?.kind === 'delete'}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('workflows.builder.delete')}
        cancelButtonText={t('workflows.builder.cancel')}
        loading={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.workflow)}
        onCancel={() => setDialog(null)}
      >
        <span data-testid="delete-workflow-confirm">
          {dialog?.kind === 'delete' && t('workflows.builder.delete-confirm', { name: dialog.workflow.name })}
        </span>
      </Alert>
    </div>
  );
};
