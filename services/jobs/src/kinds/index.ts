import { tasksExportKind } from '../tasks/tasksExport';
import { recordsClearKind } from '../tables/recordsClear';
import { recordsImportKind } from '../tables/recordsImport';
import { createJobKindRegistry } from './jobKind';

/** Every kind of background work Stramien runs; a context adds its kinds here. */
export const defaultJobKinds = () => createJobKindRegistry([tasksExportKind, recordsClearKind, recordsImportKind]);
