import { Outlet } from 'react-router-dom';
import { DashboardTour } from './tour/dashboardTour';

/** Layout route around /dashboard: the page, and its guided tour the first time. */
export const WithDashboardTour = () => (
  <>
    <Outlet />
    <DashboardTour />
  </>
);
