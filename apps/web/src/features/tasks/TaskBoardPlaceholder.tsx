import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../shared/status/StatusScreen';

/** /tasks/board until the boards feature's BoardPage is wired here (the lead merges features/boards). */
export const TaskBoardPlaceholder = () => {
  const { t } = useTranslation('tasks');
  return <NotAvailable feature={t('tasks.view.board')} />;
};
