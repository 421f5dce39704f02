import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, NonIdealState } from '@blueprintjs/core';
import { FlowBranchIcon } from '@blueprintjs/icons';
import type { ProjectWorkflowView } from '@stramien/api';
import { WORKFLOW_NAME_MAX } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/QueryState';
import { serverFieldErrors, serverMessage } from '../../../shared/apiErrors';
import { FormField } from '../../../shared/forms/FormField';
import { licenceWorkflowsQuery, storeWorkflow, workflowCalls } from './queries';
import { versionOptions } from './versionOptions';

export interface AddWorkflowDialogProps {
  projectId: string;
  onClose: () => void;
  onAdded: (workflow: ProjectWorkflowView) => void;
}

/** Adds one of the licence's published workflows to the project: which one, its version (newest first) and its name here. */
export const AddWorkflowDialog = ({ projectId, onClose, onAdded }: AddWorkflowDialogProps) => {
  const { t } = useTranslation('workflows');
  const queryClient = useQueryClient();
  const published = useQuery(licenceWorkflowsQuery(projectId));
  const available = (published.data ?? []).filter((w) => w.project_workflows.length === 0);
  const [picked, setPicked] = useState('');
  const [version, setVersion] = useState<number | null>(null);
  const [name, setName] = useState('');
  const workflow = available.find((w) => w.id === picked) ?? available[0];
  const add = useMutation({
    mutationFn: () =>
      workflowCalls(projectId).add({
        workflow: workflow!.id,
        version: version ?? workflow!.version,
        ...(name.trim() !== '' ? { name: name.trim() } : {}),
      }),
    onSuccess: (answer) => {
      storeWorkflow(queryClient, answer.data);
      onClose();
      onAdded(answer.data);
    },
  });
  const fieldErrors = serverFieldErrors(add.error);
  const message = add.error && !fieldErrors ? (serverMessage(add.error) ?? t('workflows.settings.failed')) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (workflow) add.mutate();
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('workflows.settings.add-title')}>
      <form onSubmit={submit} noValidate data-testid="add-workflow-form">
        <DialogBody>
          <QueryState
            query={published}
            empty={
              <NonIdealState
                icon={<FlowBranchIcon size={32} />}
                title={t('workflows.settings.none-published')}
                description={t('workflows.settings.none-published-description')}
              />
            }
          >
            {() =>
              workflow === undefined ? (
                <NonIdealState icon={<FlowBranchIcon size={32} />} title={t('workflows.settings.no-options')} />
              ) : (
                <>
                  {message && (
                    <Callout intent="danger" compact>
                      {message}
                    </Callout>
                  )}
                  <FormField id="add-workflow-workflow" label={t('workflows.settings.add-workflow')} required>
                    <HTMLSelect
                      id="add-workflow-workflow"
                      fill
                      value={workflow.id}
                      onChange={(event) => {
                        setPicked(event.currentTarget.value);
                        setVersion(null);
                      }}
                      options={available.map((w) => ({ value: w.id, label: w.name }))}
                    />
                  </FormField>
                  <FormField
                    id="add-workflow-version"
                    label={t('workflows.settings.col-version')}
                    required
                    error={fieldErrors?.version?.join(' ')}
                  >
                    <HTMLSelect
                      id="add-workflow-version"
                      value={version ?? workflow.version}
                      onChange={(event) => setVersion(Number(event.currentTarget.value))}
                      options={versionOptions(workflow.version, t)}
                    />
                  </FormField>
                  <FormField
                    id="add-workflow-name"
                    label={t('workflows.settings.add-name')}
                    helper={t('workflows.settings.add-name-helper')}
                    error={fieldErrors?.name?.join(' ')}
                  >
                    <InputGroup
                      id="add-workflow-name"
                      value={name}
                      placeholder={workflow.name}
                      maxLength={WORKFLOW_NAME_MAX}
                      onValueChange={setName}
                    />
                  </FormField>
                </>
              )
            }
          </QueryState>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('workflows.settings.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={t('workflows.settings.add-submit')}
                disabled={workflow === undefined}
                loading={add.isPending}
                data-testid="add-workflow-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
