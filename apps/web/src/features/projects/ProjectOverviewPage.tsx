import { mustConnectFirst } from '@stramien/domain';
import { ConnectOverlay } from './components/ConnectOverlay';
import { LinksCard } from './components/Links/LinksCard';
import { ModuleSearch } from './components/ModuleSearch/ModuleSearch';
import { ProjectHeaderCard } from './components/ProjectHeaderCard';
import { ProjectNavigation } from './components/ProjectNavigation';
import { ProjectTour } from './components/ProjectTour';
import { ProjectSessions } from '../workflows/sessions/components/ProjectSessions';
import { useProject } from './ProjectLayout';
import { useProjectCan } from './permissions';

/**
 * /project/:slug — the project overview (spec §2): project card, navigation items, Links (project admins), the module
 * search and the sessions, with a guided tour the first time; non-member admins see it behind the connect overlay.
 */
export const ProjectOverviewPage = () => {
  const project = useProject();
  const { can, subject } = useProjectCan(project);
  const connectFirst = subject !== null && mustConnectFirst(subject);
  return (
    <div className="stramien-page stramien-project-overview" data-testid="project-overview">
      <div
        className={`stramien-project-overview__grid ${connectFirst ? 'stramien-project-overview__grid--blocked' : ''}`}
        aria-hidden={connectFirst}
      >
        <div className="stramien-project-overview__main">
          <ProjectHeaderCard project={project} />
          <ProjectNavigation slug={project.slug} can={can} />
          <ProjectSessions project={project} />
        </div>
        <div className="stramien-project-overview__side">
          <ModuleSearch modules={project.modules} slug={project.slug} />
          {can('project-links') && (
            <LinksCard project={project} canCreate={can('project-links.create')} canUpdate={can('project-links.update')} />
          )}
        </div>
      </div>
      {connectFirst ? <ConnectOverlay project={project} /> : <ProjectTour withLinks={can('project-links')} />}
    </div>
  );
};
