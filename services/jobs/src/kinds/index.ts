import { tasksExportKind } from '../tasks/tasksExport';
import { recordsClearKind } from '../tables/recordsClear';
import { recordsImportKind } from '../tables/recordsImport';
import { tableExportKind } from '../tables/tableExport';
import { tableRestoreKind } from '../tables/tableRestore';
import { sbsClearKind, sbsDeleteKind } from '../sbs/sbsDelete';
import { sbsImportKind } from '../sbs/sbsImport';
import { createJobKindRegistry } from './jobKind';

/** Every kind of background work Stramien runs; a context adds its kinds here. */
export const defaultJobKinds = () =>
  createJobKindRegistry([
    tasksExportKind,
    recordsClearKind,
    recordsImportKind,
    tableExportKind,
    tableRestoreKind,
    sbsImportKind,
    sbsDeleteKind,
    sbsClearKind,
  ]);
