import { Button } from '@blueprintjs/core';
import {
  BookIcon,
  BuildIcon,
  CaretDownIcon,
  CodeIcon,
  DownloadIcon,
  FlowLinearIcon,
  HelpIcon,
  LightbulbIcon,
  LogOutIcon,
  PeopleIcon,
  PinIcon,
  SwapHorizontalIcon,
  TickIcon,
  UnpinIcon,
  UserIcon,
} from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearToken } from '../features/identity/session/tokenStorage';
import { useSession } from '../features/identity/session/useSession';
import { notificationStore } from '../features/notifications/notificationStore';
import { api, deferContracts } from '../shared/api';
import { useMenuParts } from '../shared/useMenuParts';
import { LANGUAGES, changeLanguage, currentLanguage } from '../shared/i18n';
import { queryClient } from '../shared/queryClient';
import { withRedirect } from '../shared/redirect';
import { Avatar } from './Avatar';
import { API_REFERENCE_URL, supportPortalUrl } from './externalLinks';
import { useNews } from './news/newsStore';
import { useShellCan } from './shellPermissions';
import { closeAllSidebars, setSidebarOpen } from './sidebars/sidebarStore';

const identityContracts = deferContracts(() => import('../features/identity/session/identityContracts'));

export interface UserMenuProps {
  pinned: boolean;
  onTogglePinned: () => void;
}

/** Signs out: revokes the token on the server (best effort), then forgets everything of this user here. */
export const signOut = async (): Promise<void> => {
  try {
    await api.call(identityContracts.identityRoutes.signOut);
  } catch {
    // the token is forgotten anyway
  }
  clearToken();
  queryClient.clear();
  notificationStore.clear();
  closeAllSidebars();
};

const UnreadDot = ({ testId }: { testId: string }) => <span className="stramien-dot" data-testid={testId} aria-hidden="true" />;

/**
 * User name and avatar with the menu of spec 1 §2: pin or unpin the navigation bar, change licence (more than
 * one), profile settings, account admin (admins), workflows, downloads, support portal, build information,
 * documentation (the knowledge base, the user documentation), the API reference (new tab), what's new (unread dot),
 * language, log out.
 */
export const UserMenu = ({ pinned, onTogglePinned }: UserMenuProps) => {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const can = useShellCan();
  const { unread } = useNews();
  const navigate = useNavigate();
  const location = useLocation();
  const language = currentLanguage();
  const go = (path: string) => () => void navigate(path);
  const { parts, open, opened } = useMenuParts();

  const button = (
    <Button
      variant="minimal"
      className="stramien-usermenu"
      data-testid="user-menu"
      aria-label={`${t('common.appbar.user-menu')}: ${user.name}`}
      endIcon={<CaretDownIcon />}
      onClick={parts ? undefined : open}
    >
      <span className="stramien-usermenu__name">{user.name}</span>
      <Avatar user={user} />
      {unread > 0 && <UnreadDot testId="user-menu-unread" />}
    </Button>
  );
  if (!parts) return button;
  const { Menu, MenuDivider, MenuItem, PopoverNext } = parts;

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
      <MenuDivider />
      <MenuItem icon={<UserIcon />} text={t('common.usermenu.profile')} data-testid="profile-settings" onClick={go('/settings')} />
      {can('admin') && (
        <MenuItem icon={<PeopleIcon />} text={t('common.usermenu.account-admin')} data-testid="account-admin" onClick={go('/admin')} />
      )}
      <MenuItem
        icon={<FlowLinearIcon />}
        text={t('common.usermenu.workflows')}
        data-testid="workflow-management"
        onClick={go('/workflow-management')}
      />
      <MenuItem icon={<DownloadIcon />} text={t('common.usermenu.downloads')} data-testid="downloads-link" onClick={go('/downloads')} />
      <MenuDivider />
      <MenuItem
        icon={<HelpIcon />}
        text={t('common.usermenu.support')}
        data-testid="support-portal"
        onClick={() => window.open(supportPortalUrl(token), '_blank', 'noopener,noreferrer')}
      />
      <MenuItem icon={<BuildIcon />} text={t('common.usermenu.build')} data-testid="build-info-link" onClick={go('/build')} />
      <MenuItem
        icon={<BookIcon />}
        text={t('common.usermenu.documentation')}
        data-testid="documentation-link"
        onClick={go('/knowledge-base')}
      />
      <MenuItem
        icon={<CodeIcon />}
        text={t('common.usermenu.api-reference')}
        data-testid="api-reference-link"
        href={API_REFERENCE_URL}
        target="_blank"
        rel="noopener noreferrer"
      />
      <MenuItem
        icon={<LightbulbIcon />}
        text={t('common.usermenu.whats-new')}
        data-testid="whats-new"
        labelElement={unread > 0 ? <UnreadDot testId="whats-new-unread" /> : undefined}
        onClick={() => setSidebarOpen('news', true)}
      />
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
    <PopoverNext content={menu} placement="bottom-end" defaultIsOpen={opened}>
      {button}
    </PopoverNext>
  );
};
