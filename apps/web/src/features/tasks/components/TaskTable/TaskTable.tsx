import { Button } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon } from '@blueprintjs/icons';
import type { TaskListItem } from '@stramien/api';
import type { TaskPriority, TaskStatus } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDateFormat } from '../../../../shared/dates';
import { useLoadMoreRows, VirtualRows } from '../../../../shared/VirtualRows';
import { keyPart, type TaskListEntry, type TaskListSort } from '../../taskListView';
import { RemainingTime } from '../RemainingTime/RemainingTime';
import { AssigneeSelect, PersonName, PrioritySelect, StatusSelect } from '../TaskFields/TaskFields';

export const TASK_ROW_HEIGHT = 36;

export interface TaskTableProps {
  entries: TaskListEntry[];
  /** the total the server counts (all pages) */
  total: number;
  sort: TaskListSort;
  descending: boolean;
  onSort: (sort: TaskListSort) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  projectName: (projectId: string) => string;
  onStatus: (task: TaskListItem, status: TaskStatus) => void;
  onPriority: (task: TaskListItem, priority: TaskPriority) => void;
  onAssignee: (task: TaskListItem, userId: string) => void;
  /** the tasks with a command under way (their inline fields wait) */
  busy?: ReadonlySet<string>;
}

const COLUMNS: { sort: TaskListSort | null; key: string }[] = [
  { sort: 'number', key: 'number' },
  { sort: 'title', key: 'title' },
  { sort: null, key: 'project' },
  { sort: 'status', key: 'status' },
  { sort: 'priority', key: 'priority' },
  { sort: 'assigned_to', key: 'assigned_to' },
  { sort: 'due', key: 'due' },
];

/**
 * The task list: rows are virtualized (only the visible ones are in the DOM, so 10,000 rows scroll smoothly), the
 * next page loads when the end comes into view, headers sort, status, priority and assignee change inline.
 */
export const TaskTable = (props: TaskTableProps) => {
  const { entries, sort, descending, onSort, hasMore, loadingMore, onLoadMore } = props;
  const { t } = useTranslation('tasks');
  const { date } = useDateFormat();
  const { scroller, virtualizer } = useLoadMoreRows({
    loaded: entries.length,
    hasMore,
    loadingMore,
    onLoadMore,
    rowHeight: TASK_ROW_HEIGHT,
  });

  return (
    <div className="stramien-task-table" role="table" aria-label={t('tasks.list.title')} aria-rowcount={props.total}>
      <div className="stramien-task-table__row stramien-task-table__head" role="row">
        {COLUMNS.map((column) => (
          <div
            key={column.key}
            role="columnheader"
            aria-sort={column.sort === sort ? (descending ? 'descending' : 'ascending') : undefined}
          >
            {column.sort ? (
              <Button
                variant="minimal"
                size="small"
                text={t(`tasks.column.${keyPart(column.key)}` as 'tasks.column.title')}
                endIcon={column.sort === sort ? descending ? <ChevronDownIcon /> : <ChevronUpIcon /> : undefined}
                onClick={() => onSort(column.sort!)}
              />
            ) : (
              t(`tasks.column.${keyPart(column.key)}` as 'tasks.column.title')
            )}
          </div>
        ))}
      </div>
      <div ref={scroller} className="stramien-task-table__body" data-testid="task-table">
        <VirtualRows
          virtualizer={virtualizer}
          loaded={entries.length}
          moreLabel={t('tasks.list.loading-more')}
          moreClassName="stramien-task-table__more"
        >
          {(index, style) => {
            const entry = entries[index]!;
            if (entry.kind === 'group')
              return (
                <div key={`g-${entry.value}`} style={style} className="stramien-task-table__group" role="row" data-testid="task-group">
                  <strong>
                    <GroupLabel entry={entry} />
                  </strong>
                </div>
              );
            const task = entry.task;
            const busy = props.busy?.has(task.id) ?? false;
            return (
              <div
                key={task.id}
                style={style}
                className="stramien-task-table__row"
                role="row"
                data-testid="task-row"
                aria-rowindex={index + 1}
              >
                <div role="cell">{task.number}</div>
                <div role="cell" className="stramien-task-table__title">
                  <Link to={`/tasks/${task.id}`}>{task.title}</Link>
                </div>
                <div role="cell" className="stramien-task-table__muted">
                  {props.projectName(task.project)}
                </div>
                <div role="cell">
                  <StatusSelect task={task} disabled={busy} onChange={(status) => props.onStatus(task, status)} />
                </div>
                <div role="cell">
                  <PrioritySelect
                    value={task.priority}
                    disabled={busy || task.status !== 'open'}
                    label={t('tasks.field.priority-of', { number: task.number })}
                    onChange={(priority) => props.onPriority(task, priority)}
                  />
                </div>
                <div role="cell">
                  <AssigneeSelect
                    projectId={task.project}
                    value={task.assigned_to}
                    disabled={busy || task.status !== 'open'}
                    label={t('tasks.field.assignee-of', { number: task.number })}
                    onChange={(userId) => props.onAssignee(task, userId)}
                  />
                </div>
                <div role="cell" className="stramien-task-table__due">
                  {task.due ? date(task.due) : ''} <RemainingTime due={task.due} done={task.status !== 'open'} />
                </div>
              </div>
            );
          }}
        </VirtualRows>
      </div>
    </div>
  );
};

const GroupLabel = ({ entry }: { entry: Extract<TaskListEntry, { kind: 'group' }> }) => {
  const { t } = useTranslation('tasks');
  if (entry.group === 'status') return <>{t(`tasks.status.${entry.value as TaskStatus}`)}</>;
  if (entry.group === 'priority') return <>{t(`tasks.priority.${entry.value as TaskPriority}`)}</>;
  return <PersonName projectId={entry.projectId} userId={entry.value} />;
};
