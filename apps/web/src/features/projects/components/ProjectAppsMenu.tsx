import { lazy, Suspense } from 'react';
import { useMatch } from 'react-router-dom';

/**
 * The menu, its icons, the module catalogue and the project navigation load when a project is open (the dashboard
 * has no project apps menu); the button shows once the project is known, which it waits for anyway.
 */
const ProjectAppsMenuFor = lazy(() => import('./ProjectAppsMenuFor').then((m) => ({ default: m.ProjectAppsMenuFor })));

/**
 * The app bar's project apps menu, only while a project is open (/project/:slug/…): a search box, the accessible
 * modules sorted by name, the general apps by the generalPermissions flags, copy project id, home and settings.
 */
export const ProjectAppsMenu = () => {
  const match = useMatch('/project/:slug/*');
  const slug = match?.params.slug;
  if (!slug) return null;
  return (
    <Suspense fallback={null}>
      <ProjectAppsMenuFor slug={slug} />
    </Suspense>
  );
};
