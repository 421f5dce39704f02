import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { showToast } from '../../shared/toaster';

/** Success and failure toasts of the boards screen, with the server's message in the user's language. */
export const useBoardToasts = () => {
  const { t } = useTranslation('boards');
  const message = (error: unknown) => serverMessage(error) ?? t('boards.toast.unknown-error');
  return {
    success: (text: string) => showToast({ intent: 'success', message: text }),
    failed: (error: unknown) => showToast({ intent: 'danger', message: t('boards.toast.failed', { message: message(error) }) }),
    moveFailed: (error: unknown) => showToast({ intent: 'danger', message: t('boards.toast.move-failed', { message: message(error) }) }),
  };
};
