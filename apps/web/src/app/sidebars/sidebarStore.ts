import { useSyncExternalStore } from 'react';

/**
 * The shell's toggleable panels (spec 1 §2: the task sidebar, SBS sidebar, project sidebar and tables
 * sidebar can each be toggled; the app bar's tasks overview and the what's-new panel). Features read and
 * toggle them by id; the state lasts for the page.
 */
export const SIDEBARS = ['task', 'tasksOverview', 'news', 'sbs', 'project', 'tables'] as const;
export type SidebarId = (typeof SIDEBARS)[number];

/** Task sidebar width (spec 1 §9). */
export const TASK_SIDEBAR_WIDTH = 450;

let open: Record<SidebarId, boolean> = { task: false, tasksOverview: false, news: false, sbs: false, project: false, tables: false };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const isSidebarOpen = (id: SidebarId): boolean => open[id];

export const setSidebarOpen = (id: SidebarId, value: boolean): void => {
  if (open[id] === value) return;
  open = { ...open, [id]: value };
  emit();
};

export const toggleSidebar = (id: SidebarId): void => setSidebarOpen(id, !open[id]);

/** Closes every panel (sign-out, tests). */
export const closeAllSidebars = (): void => {
  open = { task: false, tasksOverview: false, news: false, sbs: false, project: false, tables: false };
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a panel is open, re-rendering when it is toggled. */
export const useSidebarOpen = (id: SidebarId): boolean =>
  useSyncExternalStore(
    subscribe,
    () => open[id],
    () => false,
  );
