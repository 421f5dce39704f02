import { Card, H5, NonIdealState } from '@blueprintjs/core';
import { FlowBranchIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryState } from '../../../../shared/QueryState';
import { overviewSessionsQuery } from '../queries';
import { SessionProgress } from './SessionProgress';
import '../sessions.css';

/**
 * The project overview's sessions (spec 1 §2, §4): the project's sessions the user may see with their progress,
 * finished ones older than two weeks left out by the API's overview filter; 'No Sessions found within project'
 * when there are none.
 */
export const ProjectSessions = ({ project }: { project: Pick<Project, 'id' | 'slug'> }) => {
  const { t } = useTranslation('projects');
  const sessions = useQuery(overviewSessionsQuery(project.id));
  return (
    <Card className="stramien-overview-sessions" data-testid="project-sessions">
      <H5>
        <FlowBranchIcon /> {t('projects.sessions.title')}
      </H5>
      <QueryState
        query={sessions}
        empty={<NonIdealState className="stramien-compact-empty" description={t('projects.empty.no-sessions')} />}
      >
        {(list) => (
          <ul className="stramien-overview-sessions__list">
            {list.map((session) => (
              <li key={session.id} data-testid="project-session">
                <span>
                  <Link to={`/project/${project.slug}/workflows/${session.workflow_id}/sessions/${session.id}`}>{session.name}</Link>{' '}
                  <span className="bp6-text-muted">{session.workflow_name}</span>
                </span>
                <SessionProgress progress={session.progress} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
};
