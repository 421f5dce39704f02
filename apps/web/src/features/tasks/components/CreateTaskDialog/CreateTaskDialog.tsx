import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import type { Label, Project, Task } from '@stramien/api';
import { TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from '@stramien/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../shared/serverText';
import { FormField } from '../../../../shared/forms/FormField';
import { showToast } from '../../../../shared/toaster';
import { createTaskMachine, errorsOf, type CreateTaskField, type CreateTaskInput } from '../../machines/createTaskMachine';
import { storeTask, taskKeys, taskLabelsQuery } from '../../queries';
import { keyPart } from '../../taskListView';
import { AssigneeSelect, PrioritySelect } from '../TaskFields/TaskFields';
import { SbsCodePicker } from '../../../sbs/SbsCodePicker';

export interface CreateTaskDialogProps extends CreateTaskInput {
  onClose: () => void;
  /** the projects the user may choose from (the licence's projects the user works in) */
  projects: Pick<Project, 'id' | 'name' | 'number'>[];
  onCreated?: (task: Task) => void;
}

/**
 * The create-task dialog (spec 1 §5, §7), driven by `createTaskMachine`: the project first (fixed when given),
 * then labels and the SBS code; every field's message under it, the form's own and the server's alike.
 */
export const CreateTaskDialog = ({ onClose, projects, onCreated, ...input }: CreateTaskDialogProps) => {
  const { t } = useTranslation('tasks');
  const queryClient = useQueryClient();
  const [state, send] = useMachine(createTaskMachine, { input });
  const { values, projectFixed, message } = state.context;
  const hasProject = values.projectId !== '';
  const labels = useQuery({ ...taskLabelsQuery(input.licenceId, values.projectId || null), enabled: hasProject });
  const submitting = state.matches('submitting');

  useEffect(() => {
    if (!state.matches('created')) return;
    const answer = state.context.created;
    if (!answer) return;
    storeTask(queryClient, answer.data, answer.position);
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    showToast({ intent: 'success', message: serverText(answer.message) });
    onCreated?.(answer.data);
    onClose();
  }, [state, queryClient, onCreated, onClose]);

  const error = (field: CreateTaskField): ReactNode => {
    const list = errorsOf(state.context, field);
    return list.length > 0 ? list.map(serverText).join(' ') : undefined;
  };
  const change = (field: Exclude<CreateTaskField, 'labels' | 'isPrivate'>) => (value: string) => send({ type: 'CHANGE', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const toggleLabel = (label: Label, on: boolean) =>
    send({ type: 'CHANGE', field: 'labels', value: on ? [...values.labels, label.id] : values.labels.filter((id) => id !== label.id) });

  return (
    <Dialog isOpen onClose={onClose} title={t('tasks.create.title')} className="stramien-create-task">
      <form onSubmit={submit} noValidate data-testid="create-task-form">
        <DialogBody>
          {message && (
            <Callout intent="danger" compact data-testid="create-task-message">
              {serverText(message)}
            </Callout>
          )}
          <FormField id="create-task-project" label={t('tasks.field.project')} required error={error('projectId')}>
            <HTMLSelect
              id="create-task-project"
              fill
              value={values.projectId}
              disabled={projectFixed}
              onChange={(e) => change('projectId')(e.currentTarget.value)}
              options={[
                { value: '', label: t('tasks.create.choose-project') },
                ...projects.map((p) => ({ value: p.id, label: `${p.number} ${p.name}` })),
              ]}
            />
          </FormField>
          <FormField id="create-task-title" label={t('tasks.field.title')} required error={error('title')}>
            <InputGroup
              id="create-task-title"
              value={values.title}
              maxLength={TASK_TITLE_MAX}
              intent={error('title') ? 'danger' : 'none'}
              onValueChange={change('title')}
            />
          </FormField>
          <FormField
            id="create-task-description"
            label={t('tasks.field.description')}
            error={error('description')}
            helper={t('tasks.create.characters', { count: values.description.length, max: TASK_DESCRIPTION_MAX })}
          >
            <TextArea
              id="create-task-description"
              fill
              value={values.description}
              intent={error('description') ? 'danger' : 'none'}
              onChange={(e) => change('description')(e.target.value)}
            />
          </FormField>
          <div className="stramien-create-task__row">
            <FormField id="create-task-priority" label={t('tasks.field.priority')} required error={error('priority')}>
              <PrioritySelect value={values.priority} label={t('tasks.field.priority')} onChange={change('priority')} />
            </FormField>
            <FormField id="create-task-assignee" label={t('tasks.field.assignee')} required error={error('assignedTo')}>
              <AssigneeSelect
                projectId={values.projectId || null}
                value={values.assignedTo}
                label={t('tasks.field.assignee')}
                onChange={change('assignedTo')}
              />
            </FormField>
          </div>
          <div className="stramien-create-task__row">
            {(['plannedStart', 'plannedEnd', 'due'] as const).map((field) => (
              <FormField
                key={field}
                id={`create-task-${field}`}
                label={t(`tasks.field.${keyPart(field)}` as 'tasks.field.due')}
                error={error(field)}
              >
                <input
                  id={`create-task-${field}`}
                  type="date"
                  className="bp6-input"
                  value={values[field]}
                  onChange={(e) => change(field)(e.target.value)}
                />
              </FormField>
            ))}
          </div>
          <FormField
            id="create-task-sbscode"
            label={t('tasks.field.sbscode')}
            error={error('sbscode')}
            helper={hasProject ? undefined : t('tasks.create.project-first')}
          >
            <SbsCodePicker
              id="create-task-sbscode"
              projectId={values.projectId}
              value={values.sbscode}
              disabled={!hasProject}
              onChange={change('sbscode')}
            />
          </FormField>
          <FormField
            label={t('tasks.field.labels')}
            error={error('labels')}
            helper={hasProject ? undefined : t('tasks.create.project-first')}
          >
            <div className="stramien-create-task__labels" data-testid="create-task-labels">
              {!hasProject || (labels.data ?? []).length === 0 ? (
                <span className="bp6-text-muted">{hasProject ? t('tasks.labels.none') : '—'}</span>
              ) : (
                labels.data!.map((label) => (
                  <Checkbox
                    key={label.id}
                    inline
                    checked={values.labels.includes(label.id)}
                    onChange={(e) => toggleLabel(label, e.currentTarget.checked)}
                    labelElement={<span style={{ borderLeft: `4px solid ${label.color}`, paddingLeft: 4 }}>{label.title}</span>}
                  />
                ))
              )}
            </div>
          </FormField>
          <Switch
            label={t('tasks.field.private')}
            checked={values.isPrivate}
            onChange={(e) => send({ type: 'CHANGE', field: 'isPrivate', value: e.currentTarget.checked })}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('tasks.action.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={t('tasks.create.submit')}
                loading={submitting}
                data-testid="create-task-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
