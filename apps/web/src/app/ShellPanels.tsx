import { useEffect, type ComponentType } from 'react';
import { useLoadedWhen } from '../shared/loadOnce';
import { useNews } from './news/newsStore';
import { setSidebarOpen, useSidebarOpen, type SidebarId } from './sidebars/sidebarStore';

/**
 * The shell's panels not shown at first paint load when first opened (or ahead, when the pointer or the focus
 * reaches their button: `preload` of shared/loadOnce.ts) and stay mounted from then on, so they close with their
 * transition: today's tasks, the tasks overview (Blueprint's drawer and segmented control) and the news panel
 * (drawer, markdown). See docs/performance.md, "Web bundle".
 */
export const loadTaskSidebar = () => import('./sidebars/TaskSidebar').then((m) => m.TaskSidebar);
export const loadTasksOverview = () => import('./sidebars/TasksOverview').then((m) => m.TasksOverview);
export const loadNewsPanel = () => import('./news/NewsPanel').then((m) => m.NewsPanel);

const Panel = ({ id, load }: { id: SidebarId; load: () => Promise<ComponentType> }) => {
  const Loaded = useLoadedWhen(load, useSidebarOpen(id));
  return Loaded ? <Loaded /> : null;
};

/** Critical news (unread and auto_open) opens the news panel by itself (spec 2 §4). */
const CriticalNews = () => {
  const { critical } = useNews();
  useEffect(() => {
    if (critical) setSidebarOpen('news', true);
  }, [critical]);
  return null;
};

export const ShellPanels = () => (
  <>
    <Panel id="task" load={loadTaskSidebar} />
    <Panel id="tasksOverview" load={loadTasksOverview} />
    <Panel id="news" load={loadNewsPanel} />
    <CriticalNews />
  </>
);
