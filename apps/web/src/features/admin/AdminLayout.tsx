import { H3, Tab, Tabs } from '@blueprintjs/core';
import type { PermissionCheck } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useShellCan } from '../../app/shellPermissions';
import { NoAccess } from '../../shared/status/StatusScreen';
import './admin.css';

/** The account admin tabs in the spec's order, each behind its permission check (spec 1 §2). */
export const ADMIN_TABS: readonly { id: string; check: PermissionCheck }[] = [
  { id: 'companies', check: 'admin-account-companies' },
  { id: 'projects', check: 'admin' },
  { id: 'users', check: 'admin' },
  { id: 'collections', check: 'admin' },
  { id: 'labels', check: 'admin' },
  { id: 'modules', check: 'admin-license-modules' },
];

/** A route that only renders for users who pass `check`. */
export const RequireCheck = ({ check }: { check: PermissionCheck }) => {
  const { t } = useTranslation('admin');
  const can = useShellCan();
  return can(check) ? <Outlet /> : <NoAccess description={t('admin.guard.description')} />;
};

/** /admin — the first tab the user may open. */
export const AdminIndex = () => {
  const { t } = useTranslation('admin');
  const can = useShellCan();
  const first = ADMIN_TABS.find((tab) => can(tab.check));
  return first ? <Navigate to={first.id} replace /> : <NoAccess description={t('admin.guard.description')} />;
};

/** /admin (needs admin): the account admin area, one tab per screen the user may open. */
export const AdminLayout = () => {
  const { t } = useTranslation('admin');
  const can = useShellCan();
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
