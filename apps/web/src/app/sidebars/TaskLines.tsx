import { Spinner } from '@blueprintjs/core';
import { Suspense, lazy, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

const Lines = lazy(() => import('../../features/tasks/components/TaskLines/TaskLines').then((m) => ({ default: m.TaskLines })));

/** The tasks feature's short task list, loaded when a sidebar first opens, so the shell's own script stays small. */
export const TaskLines = (props: ComponentProps<typeof Lines>) => {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner size={24} aria-label={t('common.status.loading')} />}>
      <Lines {...props} />
    </Suspense>
  );
};
