import { Button, Card, H3, H5, InputGroup, NonIdealState } from '@blueprintjs/core';
import { HomeIcon, PlusIcon, SearchIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import { can } from '@stramien/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { QueryState } from '../../shared/QueryState';
import { showServerText } from '../../shared/toaster';
import { useSession } from '../identity/session/useSession';
import type { CreateProjectBody } from '../projects/components/CreateProjectDialog/CreateProjectDialog';
import { ProjectCard } from '../projects/components/ProjectCard/ProjectCard';
import { useFavoriteToggle } from '../projects/components/useFavoriteToggle';
import { rememberCurrentProject } from '../projects/currentProject';
import { licenceSubject } from '../projects/permissions';
import { licenceModulesQuery, projectCalls, projectKeys, projectListQuery, storeProject } from '../projects/queries';
import '../projects/projects.css';
import { TodayTasksDigest } from '../tasks/TodayTasksDigest';

/** the create-project dialog (with Blueprint's dialog and form controls) loads when it is first opened */
const CreateProjectDialog = lazy(() =>
  import('../projects/components/CreateProjectDialog/CreateProjectDialog').then((m) => ({ default: m.CreateProjectDialog })),
);

/** Favourites first, then by number and name. */
export const sortProjects = (projects: Project[]): Project[] =>
  [...projects].sort(
    (a, b) =>
      Number(b.is_favorite) - Number(a.is_favorite) ||
      a.number.localeCompare(b.number, undefined, { numeric: true }) ||
      a.name.localeCompare(b.name),
  );

/** Projects whose number or name contains the search text. */
export const searchProjects = (projects: Project[], search: string): Project[] => {
  const needle = search.trim().toLowerCase();
  return needle ? projects.filter((p) => p.name.toLowerCase().includes(needle) || p.number.toLowerCase().includes(needle)) : projects;
};

/**
 * /dashboard — the default landing: the project cards of the selected licence (search, favourites, 'create project'
 * for user admins) and today's tasks digest.
 */
export const DashboardPage = () => {
  const { t } = useTranslation('dashboard');
  const { user, licence } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  // mounted from its first opening on, so it closes with its transition and keeps what it keeps between openings
  const [createOpened, setCreateOpened] = useState(false);
  const { toggle, busyId } = useFavoriteToggle();
  const licenceId = licence?.id ?? '';
  const projects = useQuery({ ...projectListQuery(licenceId), enabled: !!licence });
  const mayCreate = can(licenceSubject(user, licence), 'admin');
  const modules = useQuery({ ...licenceModulesQuery(licenceId), enabled: !!licence && creating });

  const open = (project: Project) => {
    storeProject(queryClient, project);
    rememberCurrentProject(project);
    void navigate(`/project/${project.slug}`);
  };

  const create = async (body: CreateProjectBody) => {
    const res = await projectCalls.create({ ...body, license: licenceId });
    void showServerText(res.message);
    setCreating(false);
    open(res.data);
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
  };

  return (
    <div className="stramien-page stramien-dashboard">
      <H3>{t('dashboard.header.welcome', { name: user.firstname || user.name })}</H3>
      <div className="stramien-dashboard__grid">
        <Card className="stramien-dashboard__main">
          <div className="stramien-dashboard__toolbar">
            <H5>{t('dashboard.projects.title')}</H5>
            <InputGroup
              type="search"
              className="stramien-dashboard__search"
              leftIcon={<SearchIcon />}
              placeholder={t('dashboard.projects.search')}
              aria-label={t('dashboard.projects.search')}
              value={search}
              onValueChange={setSearch}
            />
            {mayCreate && (
              <Button
                intent="primary"
                icon={<PlusIcon />}
                text={t('dashboard.projects.create')}
                data-testid="create-project"
                onClick={() => {
                  setCreateOpened(true);
                  setCreating(true);
                }}
              />
            )}
          </div>
          <QueryState
            query={projects}
            retry
            errorIcon={<HomeIcon size={48} />}
            errorTitle={t('dashboard.projects.failed')}
            empty={
              <NonIdealState
                icon={<HomeIcon size={48} />}
                title={t('dashboard.empty.title')}
                description={t('dashboard.empty.description')}
              />
            }
          >
            {(all) => {
              const shown = sortProjects(searchProjects(all, search));
              if (shown.length === 0) return <NonIdealState icon={<SearchIcon size={48} />} title={t('dashboard.projects.no-match')} />;
              return (
                <div className="stramien-project-grid" data-testid="project-cards">
                  {shown.map((project) => (
                    <ProjectCard
                      key={project.id}
                      project={project}
                      colour={licence?.theme.primary ?? null}
                      onOpen={open}
                      onToggleFavorite={(p) => void toggle(p)}
                      favoriteBusy={busyId === project.id}
                    />
                  ))}
                </div>
              );
            }}
          </QueryState>
        </Card>
        <TodayTasksDigest />
      </div>
      {mayCreate && createOpened && (
        <Suspense fallback={null}>
          <CreateProjectDialog isOpen={creating} onClose={() => setCreating(false)} modules={modules.data ?? []} onCreate={create} />
        </Suspense>
      )}
    </div>
  );
};
