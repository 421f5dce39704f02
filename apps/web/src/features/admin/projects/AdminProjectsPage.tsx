import { Alert, Button, Card, H5, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { ArchiveIcon, SearchIcon, UndoIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import { DEFAULT_THEME_PRIMARY, can, isHexColour, normaliseHexColour, LICENCE_NAME_MAX, HEX_COLOUR_MAX } from '@stramien/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../../shared/apiErrors';
import { showToast } from '../../../shared/toaster';
import { identityKeys } from '../../identity/session/queries';
import { useSession } from '../../identity/session/useSession';
import { searchProjects } from '../../dashboard/DashboardPage';
import { licenceSubject } from '../../projects/permissions';
import { licenceQuery, projectCalls, projectKeys, projectListQuery } from '../../projects/queries';
import '../../projects/projects.css';
import { NoAccess } from '../../../shared/status/StatusScreen';
import { FormField } from '../../../shared/forms/FormField';
import { QueryState } from '../../../shared/QueryState';
import { serverText } from '../../../shared/serverText';

/** /admin/projects — every project of the licence (archived ones too) with archive and restore; the licence's name and colour. */
export const AdminProjectsPage = () => {
  const { t } = useTranslation('admin');
  const { user, licence } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [archiving, setArchiving] = useState<Project | null>(null);
  const licenceId = licence?.id ?? '';
  const allowed = can(licenceSubject(user, licence), 'admin');
  const projects = useQuery({ ...projectListQuery(licenceId, true), enabled: !!licence && allowed });

  if (!licence || !allowed) {
    return <NoAccess description={t('admin.projects.forbidden')} />;
  }

  const run = async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      showToast({ intent: 'success', message: serverText(res.message) });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('admin.projects.failed') });
    } finally {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    }
  };

  const rows = [...searchProjects(projects.data ?? [], search)].sort(
    (a, b) => Number(a.archived) - Number(b.archived) || a.number.localeCompare(b.number, undefined, { numeric: true }),
  );

  return (
    <div className="stramien-admin-projects" data-testid="admin-projects">
      <LicenceSettings licenceId={licence.id} />
      <Card className="stramien-settings-card">
        <div className="stramien-dashboard__toolbar">
          <H5>{t('admin.projects.list')}</H5>
          <InputGroup
            type="search"
            leftIcon={<SearchIcon />}
            placeholder={t('admin.projects.search')}
            aria-label={t('admin.projects.search')}
            value={search}
            onValueChange={setSearch}
          />
        </div>
        <QueryState
          query={projects}
          errorTitle={t('admin.projects.load-failed')}
          empty={<NonIdealState title={t('admin.projects.empty')} />}
          isEmpty={() => rows.length === 0}
        >
          <HTMLTable striped interactive className="stramien-settings-table">
            <thead>
              <tr>
                <th>{t('admin.projects.number')}</th>
                <th>{t('admin.projects.name')}</th>
                <th>{t('admin.projects.members')}</th>
                <th>{t('admin.projects.status')}</th>
                <th>{t('admin.projects.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} data-testid={`admin-project-${p.slug}`}>
                  <td>{p.number}</td>
                  <td>
                    {p.archived ? (
                      p.name
                    ) : (
                      <a href={`/project/${p.slug}`} onClick={(e) => (e.preventDefault(), void navigate(`/project/${p.slug}`))}>
                        {p.name}
                      </a>
                    )}
                    {p.is_member && (
                      <Tag minimal className="stramien-admin-projects__member">
                        {t('admin.projects.member')}
                      </Tag>
                    )}
                  </td>
                  <td>{p.roles.reduce((n, r) => n + r.members, 0)}</td>
                  <td>
                    <Tag minimal intent={p.archived ? 'warning' : 'success'}>
                      {p.archived ? t('admin.projects.archived') : t('admin.projects.active')}
                    </Tag>
                  </td>
                  <td>
                    {p.archived ? (
                      <Button
                        variant="minimal"
                        icon={<UndoIcon />}
                        text={t('admin.projects.restore')}
                        onClick={() => void run(() => projectCalls.restore(p.id))}
                      />
                    ) : (
                      <Button variant="minimal" icon={<ArchiveIcon />} text={t('admin.projects.archive')} onClick={() => setArchiving(p)} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </QueryState>
      </Card>
      <Alert
        isOpen={archiving !== null}
        intent="warning"
        icon={<ArchiveIcon />}
        confirmButtonText={t('admin.projects.archive')}
        cancelButtonText={t('admin.projects.cancel')}
        onConfirm={() => {
          const target = archiving;
          setArchiving(null);
          if (target) void run(() => projectCalls.archive(target.id));
        }}
        onCancel={() => setArchiving(null)}
      >
        {t('admin.projects.archive-confirm', { name: archiving ? `${archiving.number} ${archiving.name}` : '' })}
      </Alert>
    </div>
  );
};

/** The licence's name and theme colour (overrides the default #2e8be8). */
const LicenceSettings = ({ licenceId }: { licenceId: string }) => {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { data } = useQuery(licenceQuery(licenceId));
  const [name, setName] = useState('');
  const [colour, setColour] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!data) return;
    setName(data.name);
    setColour(data.theme.custom ? data.theme.primary : '');
  }, [data]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('admin.projects.required');
    if (colour.trim() && !isHexColour(colour)) found.colour = t('admin.projects.invalid-hex');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await projectCalls.updateLicence(licenceId, {
        name: name.trim(),
        theme: { primary: colour.trim() ? normaliseHexColour(colour) : null },
      });
      showToast({ intent: 'success', message: t('admin.projects.licence-saved') });
      void queryClient.invalidateQueries({ queryKey: projectKeys.licence(licenceId) });
      void queryClient.invalidateQueries({ queryKey: identityKeys.currentUser() });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('admin.projects.failed') });
    } finally {
      setBusy(false);
    }
  };

  if (!data) return null;
  const preview = colour.trim() && isHexColour(colour) ? normaliseHexColour(colour) : DEFAULT_THEME_PRIMARY;
  return (
    <Card className="stramien-settings-card" data-testid="licence-settings">
      <H5>{t('admin.projects.licence')}</H5>
      <form className="stramien-licence-settings" onSubmit={(e) => void save(e)} noValidate>
        <FormField label={t('admin.projects.licence-name')} id="licence-name" error={errors.name}>
          <InputGroup
            id="licence-name"
            value={name}
            maxLength={LICENCE_NAME_MAX}
            onValueChange={setName}
            intent={errors.name ? 'danger' : 'none'}
          />
        </FormField>
        <FormField
          label={t('admin.projects.licence-colour')}
          id="licence-colour"
          error={errors.colour}
          helper={t('admin.projects.licence-colour-hint')}
        >
          <InputGroup
            id="licence-colour"
            value={colour}
            placeholder={DEFAULT_THEME_PRIMARY}
            maxLength={HEX_COLOUR_MAX}
            onValueChange={setColour}
            intent={errors.colour ? 'danger' : 'none'}
            rightElement={
              <input
                type="color"
                className="stramien-colour-picker"
                aria-label={t('admin.projects.licence-colour')}
                value={preview}
                onChange={(e) => setColour(e.target.value)}
              />
            }
          />
        </FormField>
        <Button type="submit" intent="primary" text={t('admin.projects.save')} loading={busy} />
        {data.manufacturing && (
          <Tag minimal intent="primary" className="stramien-licence-settings__marker">
            {t('admin.projects.manufacturer')}
          </Tag>
        )}
      </form>
    </Card>
  );
};
