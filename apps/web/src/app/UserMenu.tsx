import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { BuildIcon, CaretDownIcon, LogOutIcon, PinIcon, SwapHorizontalIcon, TickIcon, UnpinIcon } from '@blueprintjs/icons';
import { identityRoutes } from '@stramien/api';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearToken } from '../features/identity/session/tokenStorage';
import { useSession } from '../features/identity/session/useSession';
import { notificationStore } from '../features/notifications/notificationStore';
import { api } from '../shared/api';
import { LANGUAGES, changeLanguage, currentLanguage } from '../shared/i18n';
import { queryClient } from '../shared/queryClient';
import { withRedirect } from '../shared/redirect';
import { Avatar } from './Avatar';

export interface UserMenuProps {
  pinned: boolean;
  onTogglePinned: () => void;
}

/** Signs out: revokes the token on the server (best effort), then forgets everything of this user here. */
export const signOut = async (): Promise<void> => {
  try {
    await api.call(identityRoutes.signOut);
  } catch {
    // the token is forgotten anyway
  }
  clearToken();
  queryClient.clear();
  notificationStore.clear();
};

/** User name and avatar with the menu: pin, licence, language, build information, log out. */
export const UserMenu = ({ pinned, onTogglePinned }: UserMenuProps) => {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const language = currentLanguage();

  const menu = (
    <Menu aria-label={t('common.appbar.user-menu')}>
      <MenuItem
        icon={pinned ? <UnpinIcon /> : <PinIcon />}
        text={pinned ? t('common.usermenu.unpin') : t('common.usermenu.pin')}
        data-testid="nav-pin"
        onClick={onTogglePinned}
      />
      {user.licenses.length > 1 && (
        <MenuItem
          icon={<SwapHorizontalIcon />}
          text={t('common.usermenu.change-licence')}
          data-testid="change-licence"
          onClick={() => void navigate(withRedirect('/licenses', `${location.pathname}${location.search}`))}
        />
      )}
      <MenuDivider title={t('common.usermenu.language')} />
      {LANGUAGES.map((code) => (
        <MenuItem
          key={code}
          text={t(`common.language.${code}`)}
          lang={code}
          data-testid={`language-${code}`}
          labelElement={language === code ? <TickIcon /> : undefined}
          onClick={() => void changeLanguage(code)}
        />
      ))}
      <MenuDivider />
      <MenuItem
        icon={<BuildIcon />}
        text={t('common.usermenu.build')}
        data-testid="build-info-link"
        onClick={() => void navigate('/build')}
      />
      <MenuItem
        icon={<LogOutIcon />}
        text={t('common.usermenu.logout')}
        data-testid="logout"
        onClick={() => {
          void signOut().then(() => navigate('/login', { replace: true }));
        }}
      />
    </Menu>
  );

  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button
        variant="minimal"
        className="stramien-usermenu"
        data-testid="user-menu"
        aria-label={`${t('common.appbar.user-menu')}: ${user.name}`}
        endIcon={<CaretDownIcon />}
      >
        <span className="stramien-usermenu__name">{user.name}</span>
        <Avatar user={user} />
      </Button>
    </PopoverNext>
  );
};
