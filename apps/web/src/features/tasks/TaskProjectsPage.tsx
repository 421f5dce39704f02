import { Button, NonIdealState } from '@blueprintjs/core';
import { PlusIcon, ProjectsIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CollapsibleSection } from '../../shared/CollapsibleSection';
import { QueryState } from '../../shared/QueryState';
import { TaskLine } from './components/TaskLine/TaskLine';
import { taskPageQuery } from './queries';
import { useTasksOutlet } from './TasksLayout';

/** The open tasks of one project, loaded when its group is opened. */
const ProjectTasks = ({ projectId }: { projectId: string }) => {
  const { t } = useTranslation('tasks');
  const { openCreate } = useTasksOutlet();
  const tasks = useQuery(taskPageQuery({ query: { 'filter[project]': projectId, 'filter[status]': 'open', sort: 'due' } }));
  return (
    <div className="stramien-task-project">
      <Button
        variant="minimal"
        icon={<PlusIcon />}
        text={t('tasks.projects.create-here')}
        data-testid="create-task-in-project"
        onClick={() => openCreate({ projectId })}
      />
      <QueryState query={tasks} isEmpty={(d) => d.data.length === 0} empty={<p className="bp6-text-muted">{t('tasks.list.empty')}</p>}>
        {(data) => (
          <>
            <ul className="stramien-task-lines">
              {data.data.map((task) => (
                <TaskLine key={task.id} task={task} />
              ))}
            </ul>
            {data.meta.total > data.data.length && (
              <p className="bp6-text-muted">{t('tasks.projects.more', { count: data.meta.total - data.data.length })}</p>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
};

/** /tasks/projects — the open tasks grouped by project, each group with a 'new task' for that project (fixed). */
export const TaskProjectsPage = () => {
  const { t } = useTranslation('tasks');
  const { projects, projectName } = useTasksOutlet();
  const mine = projects.filter((p) => p.is_member || p.is_projectadmin);
  if (mine.length === 0) return <NonIdealState icon={<ProjectsIcon size={48} />} title={t('tasks.list.empty')} />;
  return (
    <div className="stramien-task-projects" data-testid="task-projects">
      {mine.map((project, i) => (
        <CollapsibleSection key={project.id} title={projectName(project.id)} defaultIsOpen={i < 3} compact>
          <ProjectTasks projectId={project.id} />
        </CollapsibleSection>
      ))}
    </div>
  );
};
