import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { ProjectsIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useOutletContext, useParams } from 'react-router-dom';
import { useSession } from '../identity/session/useSession';
import { rememberCurrentProject } from './currentProject';
import { projectBySlugQuery } from './queries';
import './projects.css';

export interface ProjectOutlet {
  project: Project;
}

/** The open project, for pages under /project/:slug. */
export const useProject = (): Project => useOutletContext<ProjectOutlet>().project;

/** /project/:slug — loads the project by its slug in the selected licence and keeps it as the current project. */
export const ProjectLayout = () => {
  const { t } = useTranslation('projects');
  const { slug = '' } = useParams();
  const { licence } = useSession();
  const navigate = useNavigate();
  const { data: project, isPending, isError } = useQuery({ ...projectBySlugQuery(licence?.id ?? '', slug), enabled: !!licence });

  useEffect(() => {
    if (project) rememberCurrentProject(project);
  }, [project]);

  if (!licence || (isError && !project)) {
    return (
      <div className="stramien-page">
        <NonIdealState
          icon={<ProjectsIcon size={48} />}
          title={t('projects.page.not-found')}
          description={t('projects.page.not-found-description')}
          action={<Button intent="primary" text={t('projects.page.to-dashboard')} onClick={() => void navigate('/dashboard')} />}
        />
      </div>
    );
  }
  if (isPending || !project) {
    return (
      <div className="stramien-page stramien-page--centered" aria-busy="true">
        <Spinner aria-label={t('common.status.loading', { ns: 'common' })} />
      </div>
    );
  }
  return <Outlet context={{ project } satisfies ProjectOutlet} />;
};
