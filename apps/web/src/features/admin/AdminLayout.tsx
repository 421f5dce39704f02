import { Button, H3, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import type { PermissionCheck } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useShellCan } from '../../app/shellPermissions';
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

/** Shown instead of a screen the user may not open. */
export const NoAccess = () => {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <div className="stramien-page" data-testid="admin-no-access">
      <NonIdealState
        icon={<LockIcon size={48} />}
        title={t('admin.guard.title')}
        description={t('admin.guard.description')}
        action={<Button intent="primary" text={t('admin.guard.dashboard')} onClick={() => void navigate('/dashboard')} />}
      />
    </div>
  );
};

/** A route that only renders for users who pass `check`. */
export const RequireCheck = ({ check }: { check: PermissionCheck }) => {
  const can = useShellCan();
  return can(check) ? <Outlet /> : <NoAccess />;
};

/** /admin — the first tab the user may open. */
export const AdminIndex = () => {
  const can = useShellCan();
  const first = ADMIN_TABS.find((tab) => can(tab.check));
  return first ? <Navigate to={first.id} replace /> : <NoAccess />;
};

/** /admin (needs admin): the account admin area, one tab per screen the user may open. */
export const AdminLayout = () => {
  const { t } = useTranslation('admin');
  const can = useShellCan();
  const navigate = useNavigate();
  const location = useLocation();
  if (!can('admin')) return <NoAccess />;
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
