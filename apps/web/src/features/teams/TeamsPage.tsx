import {
  Alert,
  Breadcrumbs,
  Button,
  Card,
  EditableText,
  H3,
  Menu,
  MenuItem,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { TEAM_NAME_MAX } from '@stramien/domain';
import { PeopleIcon, TrashIcon } from '@blueprintjs/icons';
import type { Project, Team } from '@stramien/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '../identity/session/useSession';
import { useProjectCan } from '../projects/permissions';
import { projectBySlugQuery } from '../projects/queries';
import { CreateTeamForm } from './components/CreateTeamForm';
import { GeneralTab } from './components/GeneralTab';
import { ModulesTab } from './components/ModulesTab';
import { SbsTab } from './components/SbsTab';
import { TablesTab } from './components/TablesTab';
import { UsersTab } from './components/UsersTab';
import { WorkflowsTab } from './components/WorkflowsTab';
import { teamCalls, teamKeys, teamsQuery } from './queries';
import { useTeamToasts } from './useTeamToasts';
import './teams.css';
import { NoAccess } from '../../shared/status/StatusScreen';
import { QueryState } from '../../shared/QueryState';

export const TEAM_TABS = ['users', 'general', 'modules', 'sbs', 'workflows', 'tables'] as const;
export type TeamTab = (typeof TEAM_TABS)[number];

/** /project/:slug/settings/teams — the project's teams, their users and permissions (project admins). */
export const TeamsPage = () => {
  const { t } = useTranslation('teams');
  const { slug = '' } = useParams();
  const { licence } = useSession();
  const navigate = useNavigate();
  const project = useQuery({ ...projectBySlugQuery(licence?.id ?? '', slug), enabled: !!licence });
  const { can } = useProjectCan(project.data);

  if (project.isPending) {
    return (
      <div className="stramien-page stramien-page--centered" aria-busy="true">
        <Spinner aria-label={t('common.status.loading', { ns: 'common' })} />
      </div>
    );
  }
  if (project.isError || !project.data) {
    return (
      <div className="stramien-page">
        <NonIdealState
          icon={<PeopleIcon size={48} />}
          title={t('teams.page.no-project')}
          action={<Button intent="primary" text={t('teams.page.to-dashboard')} onClick={() => void navigate('/dashboard')} />}
        />
      </div>
    );
  }
  if (!can('project-settings')) {
    return (
      <NoAccess
        description={t('teams.page.no-access-description')}
        back={{ to: `/project/${project.data.slug}`, text: t('teams.page.to-project') }}
      />
    );
  }
  return <TeamsScreen project={project.data} />;
};

const TeamsScreen = ({ project }: { project: Project }) => {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const teams = useQuery(teamsQuery(project.id));
  const selectedId = params.get('team');
  const selected = teams.data?.find((team) => team.id === selectedId) ?? teams.data?.[0] ?? null;
  const tab = (TEAM_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TeamTab) : 'users';
  const select = (teamId: string, nextTab: TeamTab = tab) => setParams({ team: teamId, tab: nextTab }, { replace: true });

  const base = `/project/${project.slug}`;
  return (
    <div className="stramien-page stramien-teams" data-testid="teams-page">
      <Breadcrumbs
        items={[
          { text: project.name, onClick: () => void navigate(base) },
          { text: t('teams.page.settings'), onClick: () => void navigate(`${base}/settings`) },
          { text: t('teams.page.title') },
        ]}
        overflowListProps={{ navigationAriaLabel: t('common.a11y.breadcrumb', { ns: 'common' }) }}
      />
      <H3>{t('teams.page.title')}</H3>
      <div className="stramien-teams__layout">
        <Card className="stramien-teams__list">
          <CreateTeamForm projectId={project.id} onCreated={(team) => select(team.id, 'users')} />
          <QueryState
            query={teams}
            errorTitle={t('teams.page.load-failed')}
            errorIcon={<PeopleIcon size={32} />}
            empty={
              <NonIdealState icon={<PeopleIcon size={32} />} title={t('teams.list.empty-title')} description={t('teams.list.empty')} />
            }
          >
            {(list) => (
              <Menu className="stramien-teams__menu" aria-label={t('teams.list.label')}>
                {list.map((team) => (
                  <MenuItem
                    key={team.id}
                    text={team.name}
                    active={team.id === selected?.id}
                    data-testid="team-item"
                    labelElement={
                      <Tag minimal round>
                        {team.user_ids.length}
                      </Tag>
                    }
                    onClick={() => select(team.id)}
                  />
                ))}
              </Menu>
            )}
          </QueryState>
        </Card>
        <div className="stramien-teams__detail">
          {selected ? (
            <TeamDetail key={selected.id} project={project} team={selected} tab={tab} onTab={(next) => select(selected.id, next)} />
          ) : (
            !teams.isPending && (
              <Card>
                <NonIdealState icon={<PeopleIcon size={32} />} title={t('teams.detail.none')} />
              </Card>
            )
          )}
        </div>
      </div>
    </div>
  );
};

const TeamDetail = ({ project, team, tab, onTab }: { project: Project; team: Team; tab: TeamTab; onTab: (tab: TeamTab) => void }) => {
  const { t } = useTranslation('teams');
  const queryClient = useQueryClient();
  const toasts = useTeamToasts();
  const calls = useMemo(() => teamCalls(project.id), [project.id]);
  const [name, setName] = useState(team.name);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.project(project.id) });

  const rename = useMutation({
    mutationFn: (next: string) => calls.rename(team.id, next),
    onSuccess: async (res) => {
      toasts.success(t('teams.toast.renamed', { name: res.data.name }));
      await refresh();
    },
    onError: (error) => {
      setName(team.name);
      toasts.updateFailed(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => calls.remove(team.id),
    onSuccess: async () => {
      setConfirmDelete(false);
      toasts.success(t('teams.toast.deleted'));
      await refresh();
    },
    onError: (error) => {
      setConfirmDelete(false);
      toasts.deleteFailed(error);
    },
  });

  return (
    <Card className="stramien-teams__card" data-testid="team-detail">
      <div className="stramien-teams__header">
        <H3 className="stramien-teams__name">
          <EditableText
            value={name}
            maxLength={TEAM_NAME_MAX}
            disabled={rename.isPending}
            placeholder={t('teams.detail.name-placeholder')}
            onChange={setName}
            onConfirm={(value) => {
              const trimmed = value.trim();
              if (trimmed === '' || trimmed === team.name) setName(team.name);
              else rename.mutate(trimmed);
            }}
          />
        </H3>
        <Button
          intent="danger"
          variant="outlined"
          icon={<TrashIcon />}
          text={t('teams.detail.delete')}
          data-testid="team-delete"
          onClick={() => setConfirmDelete(true)}
        />
      </div>
      <Tabs id="team-tabs" selectedTabId={tab} onChange={(id) => onTab(id as TeamTab)} renderActiveTabPanelOnly>
        <Tab id="users" title={t('teams.tabs.users')} panel={<UsersTab project={project} team={team} calls={calls} />} />
        <Tab id="general" title={t('teams.tabs.general')} panel={<GeneralTab project={project} team={team} calls={calls} />} />
        <Tab id="modules" title={t('teams.tabs.modules')} panel={<ModulesTab project={project} team={team} calls={calls} />} />
        <Tab id="sbs" title={t('teams.tabs.sbs')} panel={<SbsTab project={project} team={team} calls={calls} />} />
        <Tab id="workflows" title={t('teams.tabs.workflows')} panel={<WorkflowsTab project={project} team={team} calls={calls} />} />
        <Tab id="tables" title={t('teams.tabs.tables')} panel={<TablesTab project={project} team={team} calls={calls} />} />
      </Tabs>
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={t('teams.detail.delete')}
        cancelButtonText={t('teams.detail.cancel')}
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
      >
        {t('teams.detail.confirm-delete', { name: team.name })}
      </Alert>
    </Card>
  );
};
