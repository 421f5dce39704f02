import { Card, H5 } from '@blueprintjs/core';
import { CalendarIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { TaskLines } from './components/TaskLines/TaskLines';
import { todayTasksParams } from './queries';

/** The dashboard's digest of the tasks due today (spec 1 §2), the same query as today's tasks sidebar. */
export const TodayTasksDigest = () => {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="stramien-dashboard__today" data-testid="today-tasks">
      <H5>
        <CalendarIcon /> {t('dashboard.today.title')}
      </H5>
      <TaskLines params={todayTasksParams()} emptyTitle={t('dashboard.today.empty')} />
    </Card>
  );
};
