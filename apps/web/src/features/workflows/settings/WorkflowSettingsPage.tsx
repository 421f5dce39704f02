import { AnchorButton, Button, Card, H3, H4, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { ArrowLeftIcon, PlayIcon } from '@blueprintjs/icons';
import type { ProjectWorkflowView } from '@stramien/api';
import { WORKFLOW_NAME_MAX } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { QueryState } from '../../../shared/QueryState';
import { serverFieldErrors, serverMessage } from '../../../shared/apiErrors';
import { FormField } from '../../../shared/forms/FormField';
import { NoAccess } from '../../../shared/status/StatusScreen';
import { showToast } from '../../../shared/toaster';
import { useProject } from '../../projects/ProjectLayout';
import { RolesCard } from './RolesCard';
import { projectWorkflowQuery, storeWorkflow, workflowCalls } from './queries';
import { versionOptions } from './versionOptions';
import './settings.css';

/**
 * /project/:slug/workflows/:workflowId/settings — a project workflow's settings (spec 2 §2 "Workflow settings (roles,
 * teams, nodes)"), for project admins: its name and the published version new sessions start on, and its roles, each
 * given to teams of the project (who may take its jobs) and to nodes of the version (whose jobs it takes).
 */
export const WorkflowSettingsPage = () => {
  const { t } = useTranslation('workflows');
  const project = useProject();
  const navigate = useNavigate();
  const { workflowId = '' } = useParams();
  const workflow = useQuery(projectWorkflowQuery(project.id, workflowId));
  const list = `/project/${project.slug}/workflows`;

  return (
    <div className="stramien-page stramien-workflows" data-testid="workflow-settings-page">
      <div className="stramien-workflows__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('workflows.settings.to-workflows')}
          onClick={() => void navigate(list)}
        />
        <H3>
          {workflow.data ? `${workflow.data.name} — ` : ''}
          {t('workflows.settings.title')}
        </H3>
        {workflow.data && (
          <AnchorButton
            icon={<PlayIcon />}
            text={t('workflows.settings.sessions')}
            href={`${list}/${workflowId}/sessions`}
            onClick={(event) => {
              event.preventDefault();
              void navigate(`${list}/${workflowId}/sessions`);
            }}
          />
        )}
      </div>
      <QueryState query={workflow} retry>
        {(data) =>
          data.permissions.admin ? (
            <div className="stramien-workflows__cards">
              <VersionCard workflow={data} />
              <RolesCard workflow={data} />
            </div>
          ) : (
            <NoAccess description={t('workflows.settings.forbidden')} back={{ to: list, text: t('workflows.settings.list-title') }} />
          )
        }
      </QueryState>
    </div>
  );
};

/** The workflow's name in this project and the version new sessions start on (running sessions keep theirs). */
const VersionCard = ({ workflow }: { workflow: ProjectWorkflowView }) => {
  const { t } = useTranslation('workflows');
  const queryClient = useQueryClient();
  const [name, setName] = useState(workflow.name);
  const [version, setVersion] = useState(workflow.version);
  const save = useMutation({
    mutationFn: () => workflowCalls(workflow.project_id).update(workflow.id, { name: name.trim(), version }),
    onSuccess: (answer) => {
      storeWorkflow(queryClient, answer.data);
      showToast({ intent: 'success', message: t('workflows.settings.saved') });
    },
  });
  const fieldErrors = serverFieldErrors(save.error);
  const message = save.error && !fieldErrors ? (serverMessage(save.error) ?? t('workflows.settings.failed')) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const newest = Math.max(workflow.latest_version, workflow.version);
  return (
    <Card className="stramien-workflows__card" data-testid="workflow-version-card">
      <H4>{t('workflows.settings.general')}</H4>
      <form onSubmit={submit} noValidate className="stramien-workflows__general">
        <FormField id="workflow-name" label={t('workflows.settings.col-name')} required error={fieldErrors?.name?.join(' ')}>
          <InputGroup id="workflow-name" value={name} maxLength={WORKFLOW_NAME_MAX} onValueChange={setName} />
        </FormField>
        <FormField
          id="workflow-version"
          label={t('workflows.settings.col-version')}
          helper={t('workflows.settings.version-helper')}
          error={fieldErrors?.version?.join(' ') ?? message}
        >
          <HTMLSelect
            id="workflow-version"
            value={version}
            onChange={(event) => setVersion(Number(event.currentTarget.value))}
            options={versionOptions(newest, t)}
          />
        </FormField>
        <Button
          type="submit"
          intent="primary"
          text={t('workflows.settings.save')}
          loading={save.isPending}
          disabled={name.trim() === '' || (name.trim() === workflow.name && version === workflow.version)}
          data-testid="save-workflow"
        />
      </form>
    </Card>
  );
};
