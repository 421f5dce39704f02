import type { ProjectModule } from '@stramien/api';
import { MODULE_CATEGORIES, type ModuleCategory } from '@stramien/domain';

/** The accessible modules matching `search` (name, case-insensitive), sorted by name. */
export const accessibleModules = (modules: ProjectModule[], search = ''): ProjectModule[] => {
  const needle = search.trim().toLowerCase();
  return modules
    .filter((m) => m.accessible && (!needle || m.name.toLowerCase().includes(needle)))
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** The same modules grouped by category, in the catalogue's category order; empty categories left out. */
export const groupByCategory = (modules: ProjectModule[]): { category: ModuleCategory; modules: ProjectModule[] }[] =>
  MODULE_CATEGORIES.map((category) => ({ category, modules: modules.filter((m) => m.category === category) })).filter(
    (group) => group.modules.length > 0,
  );
