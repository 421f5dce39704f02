import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { hasSeenTour } from './tour/useGuidedTour';

/** the id of the dashboard's tour (dashboardTour.tsx names it too) */
const DASHBOARD_TOUR = 'dashboard';

/** the tour (its card and steps) loads only for a browser that has not seen it */
const DashboardTour = lazy(() => import('./tour/dashboardTour').then((m) => ({ default: m.DashboardTour })));

/** Layout route around /dashboard: the page, and its guided tour the first time. */
export const WithDashboardTour = () => {
  const [unseen] = useState(() => !hasSeenTour(DASHBOARD_TOUR));
  return (
    <>
      <Outlet />
      {unseen && (
        <Suspense fallback={null}>
          <DashboardTour />
        </Suspense>
      )}
    </>
  );
};
