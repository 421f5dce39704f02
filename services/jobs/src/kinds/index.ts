import { tasksExportKind } from '../tasks/tasksExport';
import { recordsClearKind } from '../tables/recordsClear';
import { tableExportKind } from '../tables/tableExport';
import { tableRestoreKind } from '../tables/tableRestore';
import { createJobKindRegistry } from './jobKind';

/** Every kind of background work Stramien runs; a context adds its kinds here. */
export const defaultJobKinds = () => createJobKindRegistry([tasksExportKind, recordsClearKind, tableExportKind, tableRestoreKind]);
