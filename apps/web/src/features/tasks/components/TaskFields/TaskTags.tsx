import { Tag } from '@blueprintjs/core';
import type { TaskPriority, TaskStatus } from '@stramien/domain';
import { useTranslation } from 'react-i18next';

/**
 * A task's status and priority as tags: apart from the selects of TaskFields.tsx (which re-exports them), so the
 * task lines of the dashboard and the sidebars do not bring Blueprint's HTML select.
 */
const STATUS_INTENT = { open: 'primary', closed: 'success', canceled: 'none' } as const;
const PRIORITY_INTENT = { low: 'none', normal: 'none', high: 'warning', urgent: 'danger' } as const;

export const StatusTag = ({ status }: { status: TaskStatus }) => {
  const { t } = useTranslation('tasks');
  return (
    <Tag minimal intent={STATUS_INTENT[status]} data-testid="task-status">
      {t(`tasks.status.${status}`)}
    </Tag>
  );
};

export const PriorityTag = ({ priority }: { priority: TaskPriority }) => {
  const { t } = useTranslation('tasks');
  return (
    <Tag minimal intent={PRIORITY_INTENT[priority]}>
      {t(`tasks.priority.${priority}`)}
    </Tag>
  );
};
