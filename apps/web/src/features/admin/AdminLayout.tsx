import { H3, Tab, Tabs } from '@blueprintjs/core';
import type { PermissionCheck } from '@stramien/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useShellCan } from '../../app/shellPermissions';
import { useSession } from '../identity/session/useSession';
import { NoAccess } from '../../shared/status/StatusScreen';
import './admin.css';

/** A tab's check: one of the domain's permission checks, or 'system-admin' for the product-wide texts (news, knowledge base). */
export type AdminCheck = PermissionCheck | 'system-admin';

/** `can` of the shell, with 'system-admin' for the screens only system admins open. */
export const useAdminCan = () => {
  const can = useShellCan();
  const { user } = useSession();
  return (check: AdminCheck): boolean => (check === 'system-admin' ? user.is_systemadmin : can(check));
};

/** The account admin tabs in the spec's order, each behind its permission check (spec 1 §2); then news and knowledge base. */
export const ADMIN_TABS: readonly { id: string; check: AdminCheck }[] = [
  { id: 'companies', check: 'admin-account-companies' },
  { id: 'projects', check: 'admin' },
  { id: 'users', check: 'admin' },
  { id: 'collections', check: 'admin' },
  { id: 'labels', check: 'admin' },
  { id: 'modules', check: 'admin-license-modules' },
  { id: 'webhooks', check: 'admin' },
  { id: 'news', check: 'system-admin' },
  { id: 'knowledge-base', check: 'system-admin' },
];

/** A route that only renders for users who pass `check`. */
export const RequireCheck = ({ check }: { check: AdminCheck }) => {
  const { t } = useTranslation('admin');
  const can = useAdminCan();
  return can(check) ? <Outlet /> : <NoAccess description={t('admin.guard.description')} />;
};

/** RequireCheck with its check, as a route's component (routes.tsx loads this module lazily). */
export const checkRoute = (check: AdminCheck): ComponentType => {
  const CheckRoute = () => <RequireCheck check={check} />;
  return CheckRoute;
};

/** /admin — the first tab the user may open. */
export const AdminIndex = () => {
  const { t } = useTranslation('admin');
  const can = useAdminCan();
  const first = ADMIN_TABS.find((tab) => can(tab.check));
  return first ? <Navigate to={first.id} replace /> : <NoAccess description={t('admin.guard.description')} />;
};

/** /admin (needs admin): the account admin area, one tab per screen the user may open. */
export const AdminLayout = () => {
  const { t } = useTranslation('admin');
  const can = useAdminCan();
  const navigate = useNavigate();
  const location = useLocation();
  if (!can('admin')) return <NoAccess description={t('admin.guard.description')} />;
  const selected = location.pathname.split('/')[2] ?? '';
  return (
    <div className="stramien-page stramien-admin">
      <H3>{t('admin.layout.title')}</H3>
      <Tabs
        id="admin-tabs"
        selectedTabId={selected}
        onChange={(id) => void navigate(`/admin/${String(id)}`)}
        className="stramien-admin__tabs"
        size="large"
      >
        {ADMIN_TABS.filter((tab) => can(tab.check)).map((tab) => (
          <Tab key={tab.id} id={tab.id} title={t(`admin.tabs.${tab.id}` as 'admin.tabs.companies')} data-testid={`admin-tab-${tab.id}`} />
        ))}
      </Tabs>
      <div className="stramien-admin__content">
        <Outlet />
      </div>
    </div>
  );
};
