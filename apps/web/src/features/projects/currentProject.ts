import type { Project } from '@stramien/api';

/** The project last opened in this browser (spec §2: clicking a card makes it the current project). */
export const CURRENT_PROJECT_KEY = 'stramien.currentProject';

export interface CurrentProject {
  id: string;
  slug: string;
  license: string;
}

export const rememberCurrentProject = (project: Pick<Project, 'id' | 'slug' | 'license'>): void => {
  try {
    localStorage.setItem(CURRENT_PROJECT_KEY, JSON.stringify({ id: project.id, slug: project.slug, license: project.license }));
  } catch {
    // storage unavailable: the current project lasts for this page only
  }
};

export const readCurrentProject = (): CurrentProject | null => {
  try {
    const raw = localStorage.getItem(CURRENT_PROJECT_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<CurrentProject>) : null;
    return value && typeof value.id === 'string' && typeof value.slug === 'string' && typeof value.license === 'string'
      ? (value as CurrentProject)
      : null;
  } catch {
    return null;
  }
};
