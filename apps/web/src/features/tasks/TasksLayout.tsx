import { Button, H3, Tab, Tabs } from '@blueprintjs/core';
import { PlusIcon } from '@blueprintjs/icons';
import type { Project, Task } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router-dom';
import { useSession } from '../identity/session/useSession';
import { projectListQuery } from '../projects/queries';
import { CreateTaskDialog } from './components/CreateTaskDialog/CreateTaskDialog';
import type { CreateTaskValues } from './machines/createTaskMachine';
import './tasks.css';

/** The views of /tasks (spec 1 §2), in the order of the tabs. */
export const TASK_VIEWS = ['list', 'board', 'gantt', 'calendar', 'projects'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export interface TasksOutlet {
  /** the licence's projects the user sees, by id */
  projects: Project[];
  projectName: (projectId: string) => string;
  /** opens the create-task dialog, optionally with a fixed project, a parent or first values */
  openCreate: (options?: {
    projectId?: string;
    parentId?: string;
    initial?: Partial<CreateTaskValues>;
    onCreated?: (task: Task) => void;
  }) => void;
}

export const useTasksOutlet = (): TasksOutlet => useOutletContext<TasksOutlet>();

/** /tasks — the task views as tabs, the 'New task' button and the create-task dialog they share. */
export const TasksLayout = () => {
  const { t } = useTranslation('tasks');
  const { licence } = useSession();
  const licenceId = licence?.id ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const projects = useQuery({ ...projectListQuery(licenceId), enabled: !!licence });
  const [creating, setCreating] = useState<Parameters<TasksOutlet['openCreate']>[0] | null>(null);
  const segment = location.pathname.split('/')[2] ?? 'list';
  const isView = (TASK_VIEWS as readonly string[]).includes(segment);

  const list = useMemo(() => (projects.data ?? []).filter((p) => p.is_member || p.is_projectadmin), [projects.data]);
  const names = useMemo(() => new Map((projects.data ?? []).map((p) => [p.id, `${p.number} ${p.name}`])), [projects.data]);
  const projectName = useCallback((id: string) => names.get(id) ?? '…', [names]);
  const openCreate = useCallback<TasksOutlet['openCreate']>((options = {}) => setCreating(options), []);
  const outlet: TasksOutlet = { projects: projects.data ?? [], projectName, openCreate };

  return (
    <div className="stramien-page stramien-tasks">
      <div className="stramien-tasks__header">
        <H3>{t('tasks.page.title')}</H3>
        {isView && (
          <Tabs id="task-views" selectedTabId={segment} onChange={(id) => void navigate(`/tasks/${String(id)}`)} size="large">
            {TASK_VIEWS.map((view) => (
              <Tab key={view} id={view} title={t(`tasks.view.${view}`)} data-testid={`task-view-${view}`} />
            ))}
          </Tabs>
        )}
        <Button intent="primary" icon={<PlusIcon />} text={t('tasks.create.open')} data-testid="create-task" onClick={() => openCreate()} />
      </div>
      <div className="stramien-tasks__content">
        <Outlet context={outlet} />
      </div>
      {creating && licence && (
        <CreateTaskDialog
          licenceId={licence.id}
          projectId={creating.projectId ?? null}
          parentId={creating.parentId ?? null}
          initial={creating.initial}
          projects={list}
          onCreated={creating.onCreated}
          onClose={() => setCreating(null)}
        />
      )}
    </div>
  );
};
