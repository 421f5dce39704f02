export * from './kinds/jobKind';
export * from './kinds/tabular';
export * from './kinds/index';
export * from './tasks/tasksExport';
export * from './tables/recordsClear';
export * from './tables/tableExport';
export * from './tables/tableRestore';
export * from './worker/jobWorker';
