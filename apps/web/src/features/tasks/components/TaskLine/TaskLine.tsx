import type { TaskListItem } from '@stramien/api';
import { Link } from 'react-router-dom';
import { useDateFormat } from '../../../../shared/dates';
import { RemainingTime } from '../RemainingTime/RemainingTime';
import { PriorityTag, StatusTag } from '../TaskFields/TaskTags';

/** One task in a short list (sidebars, dashboard digest, project groups): number, title, status, priority, due. */
export const TaskLine = ({ task, project, onOpen }: { task: TaskListItem; project?: string; onOpen?: () => void }) => {
  const { date } = useDateFormat();
  return (
    <li className="stramien-task-line" data-testid="task-line">
      <div className="stramien-task-line__title">
        <span className="bp6-text-muted">#{task.number}</span>{' '}
        <Link to={`/tasks/${task.id}`} onClick={onOpen}>
          {task.title}
        </Link>
        {project && <div className="bp6-text-muted bp6-text-small">{project}</div>}
      </div>
      <div className="stramien-task-line__meta">
        <StatusTag status={task.status} />
        <PriorityTag priority={task.priority} />
        {task.due && <span className="bp6-text-small">{date(task.due)}</span>}
        <RemainingTime due={task.due} done={task.status !== 'open'} />
      </div>
    </li>
  );
};
