import type { ProjectModule } from '@stramien/api';
import { MODULE_CATEGORIES, type ModuleCategory } from '@stramien/domain';

/** The accessible modules matching `search` (name as `nameOf` shows it, case-insensitive), sorted by that name. */
export const accessibleModules = (
  modules: ProjectModule[],
  search = '',
  nameOf: (module: ProjectModule) => string = (m) => m.name,
): ProjectModule[] => {
  const needle = search.trim().toLowerCase();
  return modules
    .filter((m) => m.accessible && (!needle || nameOf(m).toLowerCase().includes(needle)))
    .sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
};

/** The same modules grouped by category, in the catalogue's category order; empty categories left out. */
export const groupByCategory = (modules: ProjectModule[]): { category: ModuleCategory; modules: ProjectModule[] }[] =>
  MODULE_CATEGORIES.map((category) => ({ category, modules: modules.filter((m) => m.category === category) })).filter(
    (group) => group.modules.length > 0,
  );
