import { Alert, AnchorButton, Button, H3, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { AddIcon, ArrowLeftIcon, CogIcon, FlowBranchIcon, PlayIcon, TrashIcon } from '@blueprintjs/icons';
import type { ProjectWorkflowPermissions, ProjectWorkflowView } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { QueryState } from '../../../shared/QueryState';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { useProject } from '../../projects/ProjectLayout';
import { useProjectCan } from '../../projects/permissions';
import { AddWorkflowDialog } from './AddWorkflowDialog';
import { projectWorkflowKeys, projectWorkflowsQuery, workflowCalls } from './queries';
import './settings.css';

const accessKey = (p: ProjectWorkflowPermissions) =>
  p.admin ? 'workflows.settings.access-admin' : p.write ? 'workflows.settings.access-write' : 'workflows.settings.access-read';

/**
 * /project/:slug/workflows — the project's workflows the user may see (spec 2 §2): project admins add one of the
 * licence's published workflows and remove them; each row leads to its sessions and, for admins, its settings.
 */
export const ProjectWorkflowsPage = () => {
  const { t } = useTranslation('workflows');
  const project = useProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const admin = useProjectCan(project).can('project-settings');
  const workflows = useQuery(projectWorkflowsQuery(project.id));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProjectWorkflowView | null>(null);
  const base = `/project/${project.slug}/workflows`;
  const remove = useMutation({
    mutationFn: (workflow: ProjectWorkflowView) => workflowCalls(project.id).remove(workflow.id),
    onSuccess: (_answer, workflow) => {
      setRemoving(null);
      showToast({ intent: 'success', message: t('workflows.settings.removed', { name: workflow.name }) });
      void queryClient.invalidateQueries({ queryKey: projectWorkflowKeys.project(project.id) });
    },
    onError: (error) => {
      setRemoving(null);
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('workflows.settings.failed') });
    },
  });

  return (
    <div className="stramien-page stramien-workflows" data-testid="project-workflows-page">
      <div className="stramien-workflows__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('workflows.settings.to-project')}
          onClick={() => void navigate(`/project/${project.slug}`)}
        />
        <H3>
          {t('workflows.settings.list-title')} — {project.number} {project.name}
        </H3>
        {admin && (
          <Button
            intent="primary"
            icon={<AddIcon />}
            text={t('workflows.settings.add')}
            onClick={() => setAdding(true)}
            data-testid="add-workflow"
          />
        )}
      </div>
      <QueryState
        query={workflows}
        retry
        empty={
          <NonIdealState
            icon={<FlowBranchIcon size={48} />}
            title={t('workflows.settings.empty-title')}
            description={t(admin ? 'workflows.settings.empty-admin' : 'workflows.settings.empty-member')}
            action={
              admin ? (
                <Button intent="primary" icon={<AddIcon />} text={t('workflows.settings.add')} onClick={() => setAdding(true)} />
              ) : undefined
            }
          />
        }
      >
        {(list) => (
          <HTMLTable interactive striped className="stramien-workflows__list" data-testid="project-workflows-list">
            <thead>
              <tr>
                <th scope="col">{t('workflows.settings.col-name')}</th>
                <th scope="col">{t('workflows.settings.col-version')}</th>
                <th scope="col">{t('workflows.settings.col-roles')}</th>
                <th scope="col">{t('workflows.settings.col-access')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {list.map((workflow) => (
                <tr key={workflow.id} data-testid="project-workflow-row" data-workflow={workflow.name}>
                  <td>
                    <Link to={`${base}/${workflow.id}/sessions`}>{workflow.name}</Link>
                  </td>
                  <td>
                    {t('workflows.settings.version', { version: workflow.version })}
                    {workflow.latest_version > workflow.version && (
                      <Tag minimal intent="warning" className="stramien-workflows__newer">
                        {t('workflows.settings.newer', { version: workflow.latest_version })}
                      </Tag>
                    )}
                  </td>
                  <td>{workflow.roles.length}</td>
                  <td>
                    <Tag minimal intent={workflow.permissions.admin ? 'primary' : workflow.permissions.write ? 'success' : 'none'}>
                      {t(accessKey(workflow.permissions))}
                    </Tag>
                  </td>
                  <td className="stramien-workflows__actions">
                    <AnchorButton
                      variant="minimal"
                      size="small"
                      icon={<PlayIcon />}
                      text={t('workflows.settings.sessions')}
                      href={`${base}/${workflow.id}/sessions`}
                      onClick={(event) => {
                        event.preventDefault();
                        void navigate(`${base}/${workflow.id}/sessions`);
                      }}
                    />
                    {workflow.permissions.admin && (
                      <>
                        <AnchorButton
                          variant="minimal"
                          size="small"
                          icon={<CogIcon />}
                          text={t('workflows.settings.settings')}
                          href={`${base}/${workflow.id}/settings`}
                          onClick={(event) => {
                            event.preventDefault();
                            void navigate(`${base}/${workflow.id}/settings`);
                          }}
                          data-testid="workflow-settings-link"
                        />
                        <Button
                          variant="minimal"
                          size="small"
                          intent="danger"
                          icon={<TrashIcon />}
                          aria-label={t('workflows.settings.remove', { name: workflow.name })}
                          onClick={() => setRemoving(workflow)}
                          data-testid="remove-workflow"
                        />
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryState>
      {adding && (
        <AddWorkflowDialog
          projectId={project.id}
          onClose={() => setAdding(false)}
          onAdded={(workflow) => void navigate(`${base}/${workflow.id}/settings`)}
        />
      )}
      <Alert
        isOpen={removing !== null}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('workflows.settings.remove-confirm')}
        cancelButtonText={t('workflows.settings.cancel')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p data-testid="remove-workflow-confirm">{t('workflows.settings.remove-question', { name: removing?.name ?? '' })}</p>
      </Alert>
    </div>
  );
};
