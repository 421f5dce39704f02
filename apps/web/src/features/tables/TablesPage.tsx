import { Button, H3, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { AddIcon, ArrowLeftIcon, ThIcon } from '@blueprintjs/icons';
import { isProjectAdmin } from '@stramien/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { QueryState } from '../../shared/QueryState';
import { useProject } from '../projects/ProjectLayout';
import { useProjectCan } from '../projects/permissions';
import { CreateTableDialog } from './components/CreateTableDialog/CreateTableDialog';
import { RecordCount } from './components/RecordCount/RecordCount';
import { tablesQuery } from './queries';
import './tables.css';

/** /project/:slug/tables — the project's tables the user may read (module tables hidden, spec 2 §9); admins create one. */
export const TablesPage = () => {
  const { t } = useTranslation('tables');
  const project = useProject();
  const { subject } = useProjectCan(project);
  const navigate = useNavigate();
  const tables = useQuery(tablesQuery(project.id));
  const [creating, setCreating] = useState(false);
  const admin = subject ? isProjectAdmin(subject) : false;

  return (
    <div className="stramien-page stramien-tables" data-testid="tables-page">
      <div className="stramien-tables__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('tables.page.to-project')}
          onClick={() => void navigate(`/project/${project.slug}`)}
        />
        <H3>
          {t('tables.page.title')} — {project.number} {project.name}
        </H3>
        {admin && (
          <Button
            intent="primary"
            icon={<AddIcon />}
            text={t('tables.create.open')}
            onClick={() => setCreating(true)}
            data-testid="create-table"
          />
        )}
      </div>
      <QueryState
        query={tables}
        retry
        empty={
          <NonIdealState icon={<ThIcon size={48} />} title={t('tables.list.empty')} description={t('tables.list.empty-description')} />
        }
      >
        {(list) => (
          <HTMLTable interactive striped className="stramien-tables__list" data-testid="tables-list">
            <thead>
              <tr>
                <th scope="col">{t('tables.list.name')}</th>
                <th scope="col">{t('tables.list.columns')}</th>
                <th scope="col">{t('tables.list.records')}</th>
                <th scope="col">{t('tables.list.access')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((table) => (
                <tr key={table.id} data-testid="tables-row">
                  <td>
                    <Link to={`/project/${project.slug}/tables/${table.id}`}>{table.name}</Link>
                  </td>
                  <td>{table.columns.length}</td>
                  <td>
                    <RecordCount count={table.record_count} capped={table.record_count_capped} />
                  </td>
                  <td>
                    <Tag minimal intent={table.access.manage ? 'primary' : table.access.write ? 'success' : 'none'}>
                      {t(table.access.manage ? 'tables.access.manage' : table.access.write ? 'tables.access.write' : 'tables.access.read')}
                    </Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryState>
      {creating && (
        <CreateTableDialog
          projectId={project.id}
          onClose={() => setCreating(false)}
          onCreated={(table) => void navigate(`/project/${project.slug}/tables/${table.id}/settings`)}
        />
      )}
    </div>
  );
};
