import { z } from 'zod';
import { TASK_APPENDIX_CONTENT_TYPES, TASK_IMPORT_CHUNK_SIZE, TASK_MESSAGE_MAX, TASK_RELATION_KINDS } from '@stramien/domain';
import { defineRoute, uuid, type RouteContract } from '../shared/contract';
import { taskCheckTitleInput, taskCommandResult } from './taskView';

/**
 * The parts of a task (spec 1 §7): appendixes, messages, checks, labels, relations, and the import. Every answer
 * that changes a task carries the resulting task (spec 1 §4: it replaces the held one).
 */
const project = { access: 'check', check: 'project', scope: 'project' } as const;
const taskParams = z.object({ id: uuid });
const appendixParams = z.object({ id: uuid, appendixId: uuid });
const checkParams = z.object({ id: uuid, checkId: uuid });
const labelParams = z.object({ id: uuid, labelId: uuid });
const relationParams = z.object({ id: uuid, kind: z.enum(TASK_RELATION_KINDS), taskId: uuid });

/** base64 of a JSON upload stays under the 1 MiB JSON body limit; larger files are sent as raw bytes */
const MAX_JSON_BASE64 = 1_000_000;

/** One import row: the create-task body's fields as strings or values (people write import files), spec 1 §7. */
const importCell = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
export const taskImportRowSchema = z
  .object({
    title: importCell.optional(),
    description: importCell.optional(),
    priority: importCell.optional(),
    project: importCell.optional(),
    assigned_to: importCell.optional(),
    planned_start: importCell.optional(),
    planned_end: importCell.optional(),
    due: importCell.optional(),
    labels: z.union([importCell, z.array(z.string().max(200)).max(100)]).optional(),
    sbscode: importCell.optional(),
    is_private: importCell.optional(),
    task_type: importCell.optional(),
    ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`custom_${i + 1}`, importCell.optional()])),
  })
  .strict();

export const taskImportRowErrorSchema = z.object({ row: z.number().int(), errors: z.record(z.string(), z.array(z.string())) });

export const taskPartRoutes = {
  addAppendix: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/appendixes/:appendixId',
    summary:
      'Attach a file under a client-chosen id (a retry with the same id and file changes nothing): the raw bytes with ?name=, or JSON {name, file (base64)}; type checked by content, at most 25 MB',
    tag: 'tasks',
    auth: true,
    policy: project,
    consumes: ['application/json', 'application/octet-stream', ...TASK_APPENDIX_CONTENT_TYPES],
    params: appendixParams,
    query: z
      .object({ name: z.string().min(1).max(255).optional() })
      .strict()
      .optional(),
    body: z.object({ name: z.string().min(1).max(255), file: z.string().min(1).max(MAX_JSON_BASE64) }).strict(),
    response: taskCommandResult,
  }),
  appendix: defineRoute({
    method: 'GET',
    path: '/api/tasks/:id/appendixes/:appendixId',
    summary: 'Download an appendix (binary, with its content type and file name)',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: appendixParams,
    produces: [...TASK_APPENDIX_CONTENT_TYPES],
    response: z.string().describe('binary file'),
  }),
  removeAppendix: defineRoute({
    method: 'DELETE',
    path: '/api/tasks/:id/appendixes/:appendixId',
    summary: 'Remove an appendix (and its file)',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: appendixParams,
    response: taskCommandResult,
  }),
  postMessage: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/messages',
    summary: 'Post a message (spec 1 §3 activities); allowed on closed and canceled tasks too',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: taskParams,
    body: z.object({ message: z.string().max(TASK_MESSAGE_MAX * 2), id: uuid.optional() }).strict(),
    response: taskCommandResult,
  }),
  addCheck: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/checks',
    summary: 'Add a check (an optional client id makes a retry harmless)',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: taskParams,
    body: z.object({ title: taskCheckTitleInput, id: uuid.optional() }).strict(),
    response: taskCommandResult,
  }),
  updateCheck: defineRoute({
    method: 'PUT',
    path: '/api/tasks/:id/checks/:checkId',
    summary: 'Rename a check or tick it',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: checkParams,
    body: z.object({ title: taskCheckTitleInput.optional(), checked: z.boolean().optional() }).strict(),
    response: taskCommandResult,
  }),
  removeCheck: defineRoute({
    method: 'DELETE',
    path: '/api/tasks/:id/checks/:checkId',
    summary: 'Remove a check',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: checkParams,
    response: taskCommandResult,
  }),
  addLabel: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/labels/:labelId',
    summary: "Put a label on a task (a licence-wide label or one of the task's project)",
    tag: 'tasks',
    auth: true,
    policy: project,
    params: labelParams,
    body: z.object({}).strict().nullish(),
    response: taskCommandResult,
  }),
  removeLabel: defineRoute({
    method: 'DELETE',
    path: '/api/tasks/:id/labels/:labelId',
    summary: 'Take a label off a task',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: labelParams,
    response: taskCommandResult,
  }),
  addRelation: defineRoute({
    method: 'POST',
    path: '/api/tasks/:id/relations',
    summary: 'Relate another task of the project: `kind` is what that task is to this one; a relation never closes a cycle',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: taskParams,
    body: z.object({ task: uuid, kind: z.enum(TASK_RELATION_KINDS) }).strict(),
    response: taskCommandResult,
  }),
  removeRelation: defineRoute({
    method: 'DELETE',
    path: '/api/tasks/:id/relations/:kind/:taskId',
    summary: 'Remove a relation (named from this task, as it was added)',
    tag: 'tasks',
    auth: true,
    policy: project,
    params: relationParams,
    response: taskCommandResult,
  }),
  import: defineRoute({
    method: 'POST',
    path: '/api/tasks-import',
    summary:
      'Import a chunk of at most 50 tasks, all or nothing (per-row errors otherwise); `import` and `offset` make a retried chunk find the tasks it created',
    tag: 'tasks',
    auth: true,
    policy: project,
    body: z
      .object({
        tasks: z.array(taskImportRowSchema).min(1).max(TASK_IMPORT_CHUNK_SIZE),
        /** one id per import file, chosen by the client */
        import: uuid,
        /** the row number of the chunk's first row in the file (0-based) */
        offset: z.number().int().min(0).max(10_000_000),
        license: uuid.optional(),
        /** the project the dialog fixed, when rows name none */
        project: uuid.optional(),
      })
      .strict(),
    response: z.object({
      message: z.string(),
      data: z.array(z.object({ id: z.string(), number: z.number().int() })),
      position: z.number().int(),
    }),
    alsoAnswers: [422],
  }),
} satisfies Record<string, RouteContract>;
