import { Alignment, Button, Navbar } from '@blueprintjs/core';
import { CalendarIcon, ProjectsIcon, PropertiesIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../features/identity/session/useSession';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { ProjectAppsMenu } from '../features/projects/components/ProjectAppsMenu';
import { preload } from '../shared/loadOnce';
import { withRedirect } from '../shared/redirect';
import { loadTaskSidebar, loadTasksOverview } from './ShellPanels';
import { toggleSidebar, useSidebarOpen } from './sidebars/sidebarStore';
import { UserMenu } from './UserMenu';

export interface AppBarProps {
  pinned: boolean;
  onTogglePinned: () => void;
}

/**
 * Spec 1 §2 App bar: licence name (click to change licence), projects button to /dashboard, the project apps
 * menu (when a project is open), today's tasks sidebar, tasks overview, notification bell and the user menu.
 */
export const AppBar = ({ pinned, onTogglePinned }: AppBarProps) => {
  const { t } = useTranslation();
  const { user, licence, token } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const canChangeLicence = user.licenses.length > 1;
  const todayOpen = useSidebarOpen('task');
  const overviewOpen = useSidebarOpen('tasksOverview');

  return (
    <Navbar className="stramien-appbar" fixedToTop={pinned}>
      <Navbar.Group align={Alignment.START}>
        <Navbar.Heading className="stramien-appbar__brand">Stramien</Navbar.Heading>
        {licence &&
          (canChangeLicence ? (
            <Button
              variant="minimal"
              className="stramien-appbar__licence"
              text={licence.name}
              title={t('common.appbar.change-licence')}
              data-testid="licence-name"
              onClick={() => void navigate(withRedirect('/licenses', `${location.pathname}${location.search}`))}
            />
          ) : (
            <span className="stramien-appbar__licence" data-testid="licence-name">
              {licence.name}
            </span>
          ))}
        <Navbar.Divider />
        <Button
          variant="minimal"
          icon={<ProjectsIcon />}
          text={t('common.appbar.projects')}
          data-testid="projects-button"
          onClick={() => void navigate('/dashboard')}
        />
        <ProjectAppsMenu />
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <Button
          variant="minimal"
          icon={<CalendarIcon />}
          active={todayOpen}
          aria-pressed={todayOpen}
          aria-label={t('common.appbar.today')}
          title={t('common.appbar.today')}
          data-testid="today-tasks-toggle"
          onClick={() => toggleSidebar('task')}
          onMouseEnter={() => preload(loadTaskSidebar)}
          onFocus={() => preload(loadTaskSidebar)}
        />
        <Button
          variant="minimal"
          icon={<PropertiesIcon />}
          active={overviewOpen}
          aria-pressed={overviewOpen}
          aria-label={t('common.appbar.tasks-overview')}
          title={t('common.appbar.tasks-overview')}
          data-testid="tasks-overview-toggle"
          onClick={() => toggleSidebar('tasksOverview')}
          onMouseEnter={() => preload(loadTasksOverview)}
          onFocus={() => preload(loadTasksOverview)}
        />
        <NotificationBell userId={user.id} token={token} />
        <UserMenu pinned={pinned} onTogglePinned={onTogglePinned} />
      </Navbar.Group>
    </Navbar>
  );
};
