import { Button, H3, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { ArrowLeftIcon, ThIcon } from '@blueprintjs/icons';
import type { TableView } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router-dom';
import { serverMessage } from '../../shared/apiErrors';
import { useProject } from '../projects/ProjectLayout';
import { RecordCount } from './components/RecordCount/RecordCount';
import { tableQuery } from './queries';
import './tables.css';

export interface TableOutlet {
  table: TableView;
}

/** The open table, for the pages under /project/:slug/tables/:tableId. */
export const useTable = (): TableView => useOutletContext<TableOutlet>().table;

const TABS = ['records', 'settings', 'revisions', 'query'] as const;
type TableTab = (typeof TABS)[number];

/**
 * /project/:slug/tables/:tableId — loads the table (a table the user may not read, or of another project, is not
 * found) and shows its name, record count and the tabs records, settings (managers only), revisions and query.
 */
export const TableLayout = () => {
  const { t } = useTranslation('tables');
  const project = useProject();
  const { tableId = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const table = useQuery(tableQuery(tableId));
  const base = `/project/${project.slug}/tables/${tableId}`;
  const tab: TableTab = TABS.find((name) => name !== 'records' && pathname.endsWith(`/${name}`)) ?? 'records';

  if (table.isPending)
    return (
      <div className="stramien-page stramien-page--centered" aria-busy="true">
        <Spinner aria-label={t('tables.page.loading')} />
      </div>
    );
  const view = table.data;
  if (!view || view.project.id !== project.id)
    return (
      <div className="stramien-page" data-testid="table-not-found">
        <NonIdealState
          icon={<ThIcon size={48} />}
          title={t('tables.page.not-found')}
          description={serverMessage(table.error) ?? undefined}
          action={
            <Button intent="primary" text={t('tables.page.to-tables')} onClick={() => void navigate(`/project/${project.slug}/tables`)} />
          }
        />
      </div>
    );
  return (
    <div className="stramien-page stramien-table-page" data-testid="table-page">
      <div className="stramien-tables__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('tables.page.to-tables')}
          onClick={() => void navigate(`/project/${project.slug}/tables`)}
        />
        <H3 data-testid="table-name">{view.name}</H3>
        <span className="bp6-text-muted">
          {t('tables.page.records')}: <RecordCount count={view.record_count} capped={view.record_count_capped} />
        </span>
      </div>
      <Tabs
        id="table-tabs"
        selectedTabId={tab}
        onChange={(id) => void navigate(id === 'records' ? base : `${base}/${String(id)}`)}
        className="stramien-table-page__tabs"
      >
        {TABS.filter((name) => name !== 'settings' || view.access.manage).map((name) => (
          <Tab key={name} id={name} title={t(`tables.tab.${name}`)} data-testid={`table-tab-${name}`} />
        ))}
      </Tabs>
      <Outlet context={{ table: view } satisfies TableOutlet} />
    </div>
  );
};
