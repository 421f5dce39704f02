import {
  BookIcon,
  BuildIcon,
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
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../features/identity/session/useSession';
import { LANGUAGES, changeLanguage, currentLanguage } from '../shared/i18n';
import { preload } from '../shared/loadOnce';
import { Menu, MenuDivider, MenuItem, MenuPopover } from '../shared/menuParts';
import { withRedirect } from '../shared/redirect';
import { API_REFERENCE_URL, supportPortalUrl } from './externalLinks';
import { useNews } from './news/newsStore';
import { useShellCan } from './shellPermissions';
import { setSidebarOpen } from './sidebars/sidebarStore';
import { loadNewsPanel } from './ShellPanels';
import { UnreadDot, signOut } from './UserMenu';

export interface UserMenuPopoverProps {
  /** the menu's button (UserMenu) */
  button: ReactElement;
  /** mount open: the click that loaded this module opens it */
  opened: boolean;
  pinned: boolean;
  onTogglePinned: () => void;
}

/**
 * The user menu's popover and items, loaded with the first click of its button (UserMenu): the items' fourteen
 * icons and the menu are not part of the cold load (see docs/performance.md, "Web bundle").
 */
export const UserMenuPopover = ({ button, opened, pinned, onTogglePinned }: UserMenuPopoverProps) => {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const can = useShellCan();
  const { unread } = useNews();
  const navigate = useNavigate();
  const location = useLocation();
  const language = currentLanguage();
  const go = (path: string) => () => void navigate(path);
  // 'What's new' opens the news panel: it loads while the menu is open
  useEffect(() => preload(loadNewsPanel), []);

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
    <MenuPopover content={menu} placement="bottom-end" defaultIsOpen={opened}>
      {button}
    </MenuPopover>
  );
};
