import { Card, H5, NonIdealState, ProgressBar } from '@blueprintjs/core';
import { FlowBranchIcon } from '@blueprintjs/icons';
import type { Project } from '@stramien/api';
import { useTranslation } from 'react-i18next';

const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;
const isDone = (status: string) => status === 'done' || status === 'completed' || status === 'closed';

/** Session progress: the share of completed jobs as a percentage (spec §4). */
export const sessionProgress = (jobs: { status: string }[]): number =>
  jobs.length === 0 ? 0 : Math.round((jobs.filter((j) => isDone(j.status)).length / jobs.length) * 100);

/** The project's workflow sessions; finished ones older than two weeks are hidden (spec §4). */
export const SessionsList = ({ sessions, now = Date.now() }: { sessions: Project['sessions']; now?: number }) => {
  const { t } = useTranslation('projects');
  const shown = sessions.filter((s) => sessionProgress(s.jobs) < 100 || now - Date.parse(s.created_at) <= TWO_WEEKS_MS);
  return (
    <Card className="stramien-sessions" data-testid="project-sessions">
      <H5>
        <FlowBranchIcon /> {t('projects.sessions.title')}
      </H5>
      {shown.length === 0 ? (
        <NonIdealState className="stramien-compact-empty" description={t('projects.empty.no-sessions')} />
      ) : (
        <ul className="stramien-sessions__list">
          {shown.map((s) => (
            <li key={s.id}>
              <strong>{s.name}</strong> <span className="bp6-text-muted">{s.workflow_name}</span>
              <ProgressBar value={sessionProgress(s.jobs) / 100} stripes={false} intent="primary" />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
};
