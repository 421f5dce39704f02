import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GuidedTour } from './GuidedTour';
import type { TourStep } from './useGuidedTour';

/** (WithDashboardTour.tsx reads it as well, to load this tour only when unseen) */
export const DASHBOARD_TOUR_ID = 'dashboard';

/** The dashboard's tour: the app bar around it, step by step. */
export const DashboardTour = () => {
  const { t, i18n } = useTranslation();
  const steps = useMemo<TourStep[]>(
    () => [
      { title: t('common.tour.welcome-title'), content: t('common.tour.welcome-text') },
      { title: t('common.tour.projects-title'), content: t('common.tour.projects-text'), target: '[data-testid="projects-button"]' },
      { title: t('common.tour.today-title'), content: t('common.tour.today-text'), target: '[data-testid="today-tasks-toggle"]' },
      { title: t('common.tour.overview-title'), content: t('common.tour.overview-text'), target: '[data-testid="tasks-overview-toggle"]' },
      { title: t('common.tour.bell-title'), content: t('common.tour.bell-text'), target: '[data-testid="notification-bell"]' },
      { title: t('common.tour.menu-title'), content: t('common.tour.menu-text'), target: '[data-testid="user-menu"]' },
    ],
    // the texts follow the language
    [t, i18n.language],
  );
  return <GuidedTour id={DASHBOARD_TOUR_ID} steps={steps} />;
};
