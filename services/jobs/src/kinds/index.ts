import { tasksExportKind } from '../tasks/tasksExport';
import { createJobKindRegistry } from './jobKind';

/** Every kind of background work Stramien runs; a context adds its kinds here. */
export const defaultJobKinds = () => createJobKindRegistry([tasksExportKind]);
