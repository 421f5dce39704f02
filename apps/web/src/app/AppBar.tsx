import { Alignment, Button, Navbar } from '@blueprintjs/core';
import { ProjectsIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../features/identity/session/useSession';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { withRedirect } from '../shared/redirect';
import { UserMenu } from './UserMenu';

export interface AppBarProps {
  pinned: boolean;
  onTogglePinned: () => void;
}

/** Licence name, projects button, notification bell and the user menu. */
export const AppBar = ({ pinned, onTogglePinned }: AppBarProps) => {
  const { t } = useTranslation();
  const { user, licence, token } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const canChangeLicence = user.licenses.length > 1;

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
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <NotificationBell userId={user.id} token={token} />
        <UserMenu pinned={pinned} onTogglePinned={onTogglePinned} />
      </Navbar.Group>
    </Navbar>
  );
};
