import type { Project } from '@stramien/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../shared/apiErrors';
import { showServerText, showToast } from '../../../shared/toaster';
import { projectCalls, storeProject } from '../queries';

/** Adds or removes a project from the favourites and shows the server's message (spec §4). */
export const useFavoriteToggle = () => {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const toggle = async (project: Project) => {
    if (busyId) return;
    setBusyId(project.id);
    try {
      const res = await projectCalls.favorite(project.id, !project.is_favorite);
      storeProject(queryClient, res.data);
      void showServerText(res.message);
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('projects.card.favorite-failed') });
    } finally {
      setBusyId(null);
    }
  };
  return { toggle, busyId };
};
