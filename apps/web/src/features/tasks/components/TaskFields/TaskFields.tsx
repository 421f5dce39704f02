import { HTMLSelect } from '@blueprintjs/core';
import type { TaskListItem } from '@stramien/api';
import { TASK_PRIORITIES, type TaskPriority, type TaskStatus } from '@stramien/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { projectMembersQuery } from '../../../projects/queries';
import { statusTargets } from '../../taskListView';

export { PriorityTag, StatusTag } from './TaskTags';

/** Inline status: only the moves the task allows (open -> closed | canceled, closed | canceled -> open). */
export const StatusSelect = ({
  task,
  onChange,
  disabled,
}: {
  task: Pick<TaskListItem, 'status' | 'number'>;
  onChange: (status: TaskStatus) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation('tasks');
  return (
    <HTMLSelect
      minimal
      value={task.status}
      disabled={disabled}
      aria-label={t('tasks.field.status-of', { number: task.number })}
      onChange={(e) => e.currentTarget.value !== task.status && onChange(e.currentTarget.value as TaskStatus)}
      options={statusTargets(task.status).map((value) => ({ value, label: t(`tasks.status.${value}`) }))}
    />
  );
};

export const PrioritySelect = ({
  value,
  onChange,
  disabled,
  label,
}: {
  value: TaskPriority | '';
  onChange: (priority: TaskPriority) => void;
  disabled?: boolean;
  label: string;
}) => {
  const { t } = useTranslation('tasks');
  return (
    <HTMLSelect
      minimal
      value={value}
      disabled={disabled}
      aria-label={label}
      onChange={(e) => e.currentTarget.value !== value && onChange(e.currentTarget.value as TaskPriority)}
      options={[
        ...(value === '' ? [{ value: '', label: '—' }] : []),
        ...TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priority.${p}`) })),
      ]}
    />
  );
};

/** The members of a project by id (names for assignees), from the project's member list. */
export const useProjectPeople = (projectId: string | null | undefined) => {
  const members = useQuery({ ...projectMembersQuery(projectId ?? ''), enabled: !!projectId, staleTime: 5 * 60_000 });
  return members.data ?? [];
};

/** Inline assignee: the project's members; the current assignee stays listed even when no longer a member. */
export const AssigneeSelect = ({
  projectId,
  value,
  onChange,
  disabled,
  label,
}: {
  projectId: string | null;
  value: string;
  onChange: (userId: string) => void;
  disabled?: boolean;
  label: string;
}) => {
  const { t } = useTranslation('tasks');
  const people = useProjectPeople(projectId);
  const options = people.map((p) => ({ value: p.id, label: p.name }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: people.length > 0 ? t('tasks.list.unknown-user') : '…' });
  if (!value) options.unshift({ value: '', label: '—' });
  return (
    <HTMLSelect
      minimal
      value={value}
      disabled={disabled || !projectId}
      aria-label={label}
      onChange={(e) => e.currentTarget.value !== value && onChange(e.currentTarget.value)}
      options={options}
    />
  );
};

/** A user's name as the project's member list knows it; '…' while it loads, the unknown-user text otherwise. */
export const PersonName = ({ projectId, userId }: { projectId: string | null; userId: string }) => {
  const { t } = useTranslation('tasks');
  const people = useProjectPeople(projectId);
  const person = people.find((p) => p.id === userId);
  return <>{person?.name ?? (people.length > 0 ? t('tasks.list.unknown-user') : '…')}</>;
};
