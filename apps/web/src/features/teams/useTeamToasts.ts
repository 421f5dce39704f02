import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { showToast } from '../../shared/toaster';

/** The failure texts of spec 2 §8 around the server's message, and success toasts. */
export const useTeamToasts = () => {
  const { t } = useTranslation('teams');
  const message = (error: unknown) => serverMessage(error) ?? t('teams.toast.unknown-error');
  return {
    success: (text: string) => showToast({ intent: 'success', message: text }),
    createFailed: (error: unknown) => showToast({ intent: 'danger', message: t('teams.toast.create-failed', { message: message(error) }) }),
    updateFailed: (error: unknown) => showToast({ intent: 'danger', message: t('teams.toast.update-failed', { message: message(error) }) }),
    deleteFailed: (error: unknown) => showToast({ intent: 'danger', message: t('teams.toast.delete-failed', { message: message(error) }) }),
  };
};
