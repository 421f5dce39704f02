import { Button, H5 } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { todayTasksParams } from '../../features/tasks/queries';
import { TASK_SIDEBAR_WIDTH, setSidebarOpen, useSidebarOpen } from './sidebarStore';
import { TaskLines } from './TaskLines';

/** Today's tasks, docked at the right of the shell (450 px, spec 1 §9): the user's open tasks due today (filter[today]=1). */
export const TaskSidebar = () => {
  const { t } = useTranslation();
  const open = useSidebarOpen('task');
  if (!open) return null;
  return (
    <aside
      className="stramien-sidebar stramien-sidebar--task"
      style={{ width: TASK_SIDEBAR_WIDTH }}
      aria-label={t('common.today.title')}
      data-testid="task-sidebar"
    >
      <header className="stramien-sidebar__header">
        <H5>{t('common.today.title')}</H5>
        <Button
          variant="minimal"
          icon={<CrossIcon />}
          aria-label={t('common.action.close')}
          onClick={() => setSidebarOpen('task', false)}
        />
      </header>
      <TaskLines params={todayTasksParams()} testId="today-task-lines" />
    </aside>
  );
};
