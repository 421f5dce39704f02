import { Button, Spinner } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';
import type { TaskListItem } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { taskChildrenQuery } from '../../queries';
import { StatusTag } from '../TaskFields/TaskFields';

/** The subtasks of a task, loaded only when shown (spec 1 §4: a tree with lazily loaded children). */
export const TaskChildren = ({ taskId, depth = 0 }: { taskId: string; depth?: number }) => {
  const { t } = useTranslation('tasks');
  const children = useQuery(taskChildrenQuery(taskId));
  if (children.isPending) return <Spinner size={16} aria-label={t('tasks.list.loading-more')} />;
  if (children.isError) return <p className="bp6-text-muted">{t('tasks.error.failed')}</p>;
  if (children.data.length === 0) return depth === 0 ? <p className="bp6-text-muted">{t('tasks.detail.no-children')}</p> : null;
  return (
    <ul className="stramien-task-tree" data-testid={depth === 0 ? 'task-children' : undefined}>
      {children.data.map((child) => (
        <TaskNode key={child.id} task={child} depth={depth} />
      ))}
    </ul>
  );
};

const TaskNode = ({ task, depth }: { task: TaskListItem; depth: number }) => {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState(false);
  return (
    <li>
      <div className="stramien-task-tree__node">
        {task.children_count > 0 ? (
          <Button
            variant="minimal"
            size="small"
            icon={open ? <ChevronDownIcon /> : <ChevronRightIcon />}
            aria-expanded={open}
            aria-label={t(open ? 'tasks.detail.collapse' : 'tasks.detail.expand', { number: task.number })}
            onClick={() => setOpen((value) => !value)}
          />
        ) : (
          <span className="stramien-task-tree__leaf" />
        )}
        <span className="bp6-text-muted">#{task.number}</span> <Link to={`/tasks/${task.id}`}>{task.title}</Link>{' '}
        <StatusTag status={task.status} />
      </div>
      {open && <TaskChildren taskId={task.id} depth={depth + 1} />}
    </li>
  );
};
