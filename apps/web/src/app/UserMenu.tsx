import { Button } from '@blueprintjs/core';
import { CaretDownIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { clearToken } from '../features/identity/session/tokenStorage';
import { useSession } from '../features/identity/session/useSession';
import { notificationStore } from '../features/notifications/notificationStore';
import { api, deferContracts } from '../shared/api';
import { useLoadedOnOpen } from '../shared/loadOnce';
import { queryClient } from '../shared/queryClient';
import { Avatar } from './Avatar';
import { useNews } from './news/newsStore';
import { closeAllSidebars } from './sidebars/sidebarStore';

const identityContracts = deferContracts(() => import('../features/identity/session/identityContracts'));

export interface UserMenuProps {
  pinned: boolean;
  onTogglePinned: () => void;
}

/**
 * Signs out: asks the server to revoke the token, then at once forgets everything of this user here. The request
 * takes the token as it starts, so the user leaves without waiting for its answer (the server answers once its
 * read models have the revocation, which under load takes a while); a revocation that fails is no reason to stay.
 */
export const signOut = async (): Promise<void> => {
  try {
    const route = await identityContracts.identityRoutes.signOut.load();
    api.send(route).catch(() => undefined);
  } catch {
    // the token is forgotten anyway
  }
  clearToken();
  queryClient.clear();
  notificationStore.clear();
  closeAllSidebars();
};

export const UnreadDot = ({ testId }: { testId: string }) => <span className="stramien-dot" data-testid={testId} aria-hidden="true" />;

/** the popover and its items (UserMenuPopover.tsx) load with the button's first click */
const loadPopover = () => import('./UserMenuPopover');

/**
 * User name and avatar with the menu of spec 1 §2: pin or unpin the navigation bar, change licence (more than
 * one), profile settings, account admin (admins), workflows, downloads, support portal, build information,
 * documentation (the knowledge base, the user documentation), the API reference (new tab), what's new (unread dot),
 * language, log out. The button renders alone until its first click; the menu is in UserMenuPopover.tsx.
 */
export const UserMenu = ({ pinned, onTogglePinned }: UserMenuProps) => {
  const { t } = useTranslation();
  const { user } = useSession();
  const { unread } = useNews();
  const { parts, open, opened } = useLoadedOnOpen(loadPopover);

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
  const { UserMenuPopover } = parts;
  return <UserMenuPopover button={button} opened={opened} pinned={pinned} onTogglePinned={onTogglePinned} />;
};
