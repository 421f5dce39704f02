import { Button, Classes, NonIdealState, Tag } from '@blueprintjs/core';
import { NotificationsIcon } from '@blueprintjs/icons';
import type { Notification } from '@stramien/api';
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../shared/i18n';
import { useMenuParts } from '../../shared/useMenuParts';
import { useNavigate } from 'react-router-dom';
import { notificationTarget, notificationText } from './notificationText';
import { NotificationServicesContext, type NotificationServices } from './services';

/** The bell rings for 2 s on a new notification (spec §9). */
export const BELL_RING_MS = 2_000;

export interface NotificationBellProps {
  userId: string;
  token: string;
  /** defaults to the NotificationServicesContext */
  services?: NotificationServices;
}

const formatTime = (iso: string, language: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
};

/** App-bar bell: the held notifications (newest first) with a Clear action, fed live by the notifier socket. */
export const NotificationBell = ({ userId, token, services: given }: NotificationBellProps) => {
  const fromContext = useContext(NotificationServicesContext);
  const services = given ?? fromContext;
  const { t, i18n: translation } = useTranslation('notifications');
  const navigate = useNavigate();
  const { store } = services;
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const unread = items.filter((n) => n.read_at === null).length;
  const [ringing, setRinging] = useState(false);

  const [live, setLive] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const reload = () =>
      services
        .loadRecent()
        .then((recent) => {
          if (!cancelled) services.store.merge(recent);
        })
        .catch((error: unknown) => console.warn('[notifications] could not load the recent notifications', error));
    void reload();
    // the socket client (and the contract schema it reads messages with, zod) loads after the first paint
    let connection: { close: () => void } | undefined;
    void import('./socketClient').then(({ connectNotificationSocket, socketUrl }) => {
      if (cancelled) return;
      connection = connectNotificationSocket({
        url: socketUrl(token),
        userId,
        createSocket: services.createSocket,
        authorise: services.authorise,
        // joined (again): load what was pushed before the private channel was joined or while the socket was away
        onJoined: () => {
          setLive(true);
          void reload();
        },
        onNotification: (notification) => {
          if (!services.store.receive(notification)) return;
          setRinging(true);
          // translate when it arrives, in the language of that moment; the effect must not depend on t (a
          // language switch would reconnect the socket)
          const line = notificationText(notification, i18n.getFixedT(null, 'notifications'));
          if (line) services.toast(line);
        },
      });
    });
    return () => {
      cancelled = true;
      connection?.close();
    };
  }, [services, token, userId]);

  useEffect(() => {
    if (!ringing) return;
    const timer = setTimeout(() => setRinging(false), BELL_RING_MS);
    return () => clearTimeout(timer);
  }, [ringing]);

  /** the browser's copy changes at once; the server's follows (a failed call is only logged: the next load shows it) */
  const remember = (what: string, call: Promise<void>) =>
    call.catch((error: unknown) => console.warn(`[notifications] could not ${what}`, error));

  const open = (notification: Notification) => {
    if (notification.read_at === null) {
      store.markRead(notification.id);
      void remember('mark a notification read', services.markRead(notification.id));
    }
    const target = notificationTarget(notification);
    if (target) void navigate(target);
  };
  const readAll = () => {
    store.markAllRead();
    void remember('mark the notifications read', services.markAllRead());
  };
  const clear = () => {
    store.clear();
    void remember('clear the notifications', services.clear());
  };

  const { parts, open: openMenu, opened } = useMenuParts();
  const button = (
    <Button
      variant="minimal"
      className={ringing ? 'stramien-bell stramien-bell--ringing' : 'stramien-bell'}
      icon={<NotificationsIcon />}
      aria-label={t('notifications.bell.label')}
      title={t('notifications.bell.label')}
      data-testid="notification-bell"
      data-live={live ? 'true' : 'false'}
      onClick={parts ? undefined : openMenu}
    >
      {unread > 0 && (
        <Tag
          round
          className={Classes.TEXT_SMALL}
          data-testid="notification-count"
          aria-label={t('notifications.bell.unread', { count: unread })}
        >
          {unread}
        </Tag>
      )}
    </Button>
  );
  if (!parts) return button;
  const { Menu, MenuDivider, MenuItem, MenuPopover } = parts;

  const list = (
    <div className="stramien-notifications" data-testid="notification-list">
      <div className="stramien-notifications__header">
        <strong>{t('notifications.list.title')}</strong>
        <span>
          <Button
            variant="minimal"
            size="small"
            text={t('notifications.list.read-all')}
            data-testid="notifications-read-all"
            disabled={unread === 0}
            onClick={readAll}
          />
          <Button
            variant="minimal"
            size="small"
            text={t('notifications.list.clear')}
            data-testid="notifications-clear"
            disabled={items.length === 0}
            onClick={clear}
          />
        </span>
      </div>
      {items.length === 0 ? (
        <NonIdealState className="stramien-notifications__empty" title={t('notifications.list.empty')} />
      ) : (
        <Menu>
          {items.map((notification, index) => (
            <div key={notification.id}>
              {index > 0 && <MenuDivider />}
              <MenuItem
                data-testid="notification-item"
                data-unread={notification.read_at === null ? 'true' : 'false'}
                className={notification.read_at === null ? 'stramien-notifications__item--unread' : undefined}
                text={notificationText(notification, t)}
                label={formatTime(notification.created_at, translation.language)}
                multiline
                shouldDismissPopover={notificationTarget(notification) !== null}
                onClick={() => open(notification)}
              />
            </div>
          ))}
        </Menu>
      )}
    </div>
  );

  return (
    <MenuPopover content={list} placement="bottom-end" popoverClassName="stramien-notifications__popover" defaultIsOpen={opened}>
      {button}
    </MenuPopover>
  );
};
