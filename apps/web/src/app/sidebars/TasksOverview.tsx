import { Button, Drawer, DrawerSize, H4, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { CrossIcon, RefreshIcon, PropertiesIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setSidebarOpen, useSidebarOpen } from './sidebarStore';

export const TASK_FILTERS = ['open', 'today', 'overdue', 'all'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

/**
 * The app bar's tasks overview (spec 1 §2: My Tasks, filters, reload, close). The task list arrives with the
 * tasks work; until then every filter shows 'No tasks found'.
 */
export const TasksOverview = () => {
  const { t } = useTranslation();
  const open = useSidebarOpen('tasksOverview');
  const [filter, setFilter] = useState<TaskFilter>('open');
  const [reloadedAt, setReloadedAt] = useState<number | null>(null);
  const close = () => setSidebarOpen('tasksOverview', false);
  return (
    <Drawer
      isOpen={open}
      onClose={close}
      size={DrawerSize.STANDARD}
      hasBackdrop={false}
      canOutsideClickClose={false}
      aria-label={t('common.tasks.my-tasks')}
      className="stramien-tasks-overview"
    >
      <div className="stramien-sidebar__header stramien-sidebar__header--padded" data-testid="tasks-overview">
        <H4>{t('common.tasks.my-tasks')}</H4>
        <div>
          <Button
            variant="minimal"
            icon={<RefreshIcon />}
            text={t('common.tasks.reload')}
            data-testid="tasks-reload"
            onClick={() => setReloadedAt(Date.now())}
          />
          <Button
            variant="minimal"
            icon={<CrossIcon />}
            text={t('common.action.close')}
            data-testid="tasks-overview-close"
            onClick={close}
          />
        </div>
      </div>
      <div className="stramien-tasks-overview__filters">
        <SegmentedControl
          size="small"
          value={filter}
          onValueChange={(value) => setFilter(value as TaskFilter)}
          options={TASK_FILTERS.map((value) => ({ value, label: t(`common.tasks.filter-${value}`) }))}
        />
      </div>
      <NonIdealState key={`${filter}-${reloadedAt ?? 0}`} icon={<PropertiesIcon size={32} />} title={t('common.tasks.empty')} />
    </Drawer>
  );
};
