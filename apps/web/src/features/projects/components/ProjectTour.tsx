import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GuidedTour, type TourStep } from '../../../app/tour';

export const PROJECT_TOUR_ID = 'project-dashboard';

/** The project dashboard's guided tour, shown once per browser (spec §1, §2). */
export const ProjectTour = ({ withLinks }: { withLinks: boolean }) => {
  const { t, i18n } = useTranslation('projects');
  const steps = useMemo<TourStep[]>(
    () => [
      { title: t('projects.tour.welcome-title'), content: t('projects.tour.welcome-text'), target: '[data-testid="project-header"]' },
      { title: t('projects.tour.nav-title'), content: t('projects.tour.nav-text'), target: '[data-testid="project-navigation"]' },
      { title: t('projects.tour.modules-title'), content: t('projects.tour.modules-text'), target: '[data-testid="module-search"]' },
      ...(withLinks
        ? [{ title: t('projects.tour.links-title'), content: t('projects.tour.links-text'), target: '[data-testid="project-links"]' }]
        : []),
      { title: t('projects.tour.sessions-title'), content: t('projects.tour.sessions-text'), target: '[data-testid="project-sessions"]' },
      { title: t('projects.tour.apps-title'), content: t('projects.tour.apps-text'), target: '[data-testid="project-apps"]' },
    ],
    // the texts follow the language
    [t, i18n.language, withLinks],
  );
  return <GuidedTour id={PROJECT_TOUR_ID} steps={steps} />;
};
