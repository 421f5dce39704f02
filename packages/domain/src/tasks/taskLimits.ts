/**
 * The task's limits and value lists, without zod: the web app's task rules read them, and its cold load carries
 * no schema (see docs/performance.md, "Web bundle"). Re-exported by task.ts.
 */
/** spec 1 §9: task description maximum 250 characters */
export const TASK_DESCRIPTION_MAX = 250;
/** the title has no limit in the spec; 250 like the description keeps lists readable */
export const TASK_TITLE_MAX = 250;
export const TASK_CHECK_TITLE_MAX = 250;
export const TASK_MESSAGE_MAX = 2000;
/** spec 1 §9: task import chunk size 50 */
export const TASK_IMPORT_CHUNK_SIZE = 50;
/** Upper bounds per task: guards against unbounded streams, not business rules. */
export const TASK_CHECKS_MAX = 200;
export const TASK_APPENDIXES_MAX = 100;
export const TASK_RELATIONS_MAX = 200;
/** One appendix is at most 25 MB (the handler checks the real size while streaming the upload). */
export const TASK_APPENDIX_MAX_BYTES = 25 * 1024 * 1024;
/**
 * Content types an appendix may have, as the handler detects them from the file's first bytes (never the
 * browser's claim). Office documents are zip containers and are detected as such.
 */
export const TASK_APPENDIX_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/x-step',
] as const;

/** spec 1 §3 */
export const TASK_STATUSES = ['open', 'closed', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** spec 1 §3, spec 3 §5 */
export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** spec 1 §3 relations to other tasks */
export const TASK_RELATION_KINDS = ['predecessor', 'successor'] as const;
export type TaskRelationKind = (typeof TASK_RELATION_KINDS)[number];

/**
 * task_type.type values the spec names (spec 1 §3: workflow, rfi; spec 3 §3: the module types). Modules add
 * their own: any lower-case kebab-case slug is accepted (`TASK_TYPE_PATTERN`), these are the known ones.
 */
export const KNOWN_TASK_TYPES = [
  'workflow',
  'rfi',
  'fit-gap',
  'dhme-wvb-phase',
  'dhme-production-phase',
  'dhme-assembly-phase',
  'dhme-placement-phase',
  'dhme-module-assembly',
  'dhme-work-package',
  'dhme-quality-assurance',
  'dhme-element-assembly',
] as const;
export const TASK_TYPE_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
