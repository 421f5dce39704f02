/**
 * The app modules a licence can hold and a project can add (spec 1 §2 module keys). Categories group
 * them in the project overview's module search accordion.
 */
export const MODULE_CATEGORIES = ['models', 'planning', 'stakeholders', 'analysis', 'production', 'integrations'] as const;
export type ModuleCategory = (typeof MODULE_CATEGORIES)[number];

export interface ModuleDefinition {
  id: string;
  name: string;
  icon: string;
  /** path under /project/{slug}/module/ */
  route: string;
  category: ModuleCategory;
  /** only for licences whose name carries the manufacturer marker */
  manufacturing?: boolean;
}

export const MODULE_CATALOGUE: readonly ModuleDefinition[] = [
  { id: 'model-manager', name: '3D Model Manager', icon: 'cube', route: 'model-manager', category: 'models' },
  { id: 'forge', name: 'Model Viewer', icon: 'eye-open', route: 'model-viewer', category: 'models' },
  { id: 'gis-viewer', name: 'Map Viewer', icon: 'map', route: 'gis-viewer', category: 'models' },
  { id: 'build-order', name: 'Build Order', icon: 'sort-numerical', route: 'build-order', category: 'planning' },
  { id: 'fourd', name: '4D Planning', icon: 'timeline-events', route: '4d', category: 'planning' },
  { id: 'project-gantt', name: 'Project Gantt', icon: 'gantt-chart', route: 'gantt', category: 'planning' },
  { id: 'projects-dashboard', name: 'Projects Dashboard', icon: 'dashboard', route: 'projects-dashboard', category: 'planning' },
  { id: 'stakeholders', name: 'Stakeholders', icon: 'people', route: 'stakeholders', category: 'stakeholders' },
  {
    id: 'stakeholder-analysis',
    name: 'Stakeholder Analysis',
    icon: 'scatter-plot',
    route: 'stakeholder-analysis',
    category: 'stakeholders',
  },
  { id: 'swot-scenarios', name: 'SWOT Scenarios', icon: 'grid', route: 'swot-scenarios', category: 'analysis' },
  { id: 'fit-gap', name: 'Fit Gap Analysis', icon: 'comparison', route: 'fit-gap', category: 'analysis' },
  { id: 'reuse-potential-index', name: 'Reuse Potential Index', icon: 'refresh', route: 'reuse-potential', category: 'analysis' },
  { id: 'mki', name: 'Environmental Cost Indicator', icon: 'tree', route: 'mki', category: 'analysis' },
  { id: 'stock-management-lite', name: 'Stock Management', icon: 'box', route: 'stock-management', category: 'production' },
  { id: 'relatics', name: 'Relatics', icon: 'link', route: 'relatics', category: 'integrations' },
  {
    id: 'dhme-project-intake',
    name: 'Project Intake',
    icon: 'inbox',
    route: 'project-intake',
    category: 'production',
    manufacturing: true,
  },
  {
    id: 'dhme-hall-dashboard',
    name: 'Assembly Hall Dashboard',
    icon: 'office',
    route: 'hall-dashboard',
    category: 'production',
    manufacturing: true,
  },
  {
    id: 'dhme-phase-transfer',
    name: 'Phase Transfer',
    icon: 'exchange',
    route: 'phase-transfer',
    category: 'production',
    manufacturing: true,
  },
  { id: 'dhme-library', name: 'Library', icon: 'book', route: 'library', category: 'production', manufacturing: true },
  {
    id: 'dhme-bill-of-materials',
    name: 'Bill of Materials',
    icon: 'th-list',
    route: 'bill-of-materials',
    category: 'production',
    manufacturing: true,
  },
  {
    id: 'dhme-assembly-planning',
    name: 'Assembly Planning',
    icon: 'calendar',
    route: 'assembly-planning',
    category: 'production',
    manufacturing: true,
  },
  {
    id: 'dhme-trestle-planning',
    name: 'Trestle Planning',
    icon: 'layers',
    route: 'trestle-planning',
    category: 'production',
    manufacturing: true,
  },
];

/** Pool value a module gets when it is added to a project (spec 1 §9). */
export const MODULE_POOL_DEFAULT = 20;
/** Module names are truncated over 30 characters (27 plus an ellipsis); a tooltip shows above 16. */
export const MODULE_NAME_MAX = 30;
export const MODULE_NAME_TOOLTIP_FROM = 16;
export const truncateModuleName = (name: string): string => (name.length > MODULE_NAME_MAX ? `${name.slice(0, 27)}...` : name);

export const findModule = (id: string): ModuleDefinition | undefined => MODULE_CATALOGUE.find((m) => m.id === id);
