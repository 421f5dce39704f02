import { z } from 'zod';
import {
  CONFIG_ID_MAX,
  JOB_FILE_CONTENT_TYPES,
  JOB_FILE_NAME_MAX,
  PANEL_FIELDS_MAX,
  PANELS_MAX,
  SESSION_JOB_STATUSES,
  SESSION_NAME_MAX,
  SESSION_SBS_CODE_MAX,
  cellValueSchema,
  panelSchema,
} from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RoutePolicy } from '../shared/contract';
import { pageMetaSchema } from '../tasks/taskView';
import { queryBooleanSchema } from '../teams/routes';

/**
 * Sessions and jobs of a project's workflows (spec 2 §7 "Sessions and jobs", docs/workflows.md "Sessions and jobs").
 * Who may do what follows the rights on the session's project workflow (`projectWorkflowRights`, checked by the
 * handler: a session or job of a project workflow the user may not read answers 404): `read` sees sessions and jobs,
 * `write` starts sessions, `admin` (project admins) deletes sessions, assigns and retries jobs; a job's assignee or
 * an admin saves and finishes it. The list shows the sessions of the project workflows the user may read.
 */
export const SESSIONS_PER_PAGE_DEFAULT = 50;
export const SESSIONS_PER_PAGE_MAX = 200;
/** the project overview hides finished sessions older than this (spec 1: two weeks) */
export const OVERVIEW_FINISHED_DAYS = 14;

export const sessionJobStatusSchema = z.enum(SESSION_JOB_STATUSES);
export const sessionStatusSchema = z.enum(['running', 'finished']);

/** A session as the lists show it (spec 2 §3 "Session": id, name, sbs_code, workflow_id, workflow_name, created_at, jobs). */
export const workflowSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  sbs_code: z.string().nullable(),
  /** the project workflow (the `{workflowId}` of `/project/{slug}/workflows/{workflowId}/sessions`) */
  workflow_id: z.string(),
  workflow_name: z.string(),
  /** the builder workflow and its published version the session runs */
  builder_workflow_id: z.string(),
  version: z.number().int(),
  status: sessionStatusSchema,
  /** finished jobs / all jobs × 100, rounded down (spec 2 §4) */
  progress: z.number().int().min(0).max(100),
  jobs_total: z.number().int().nonnegative(),
  jobs_finished: z.number().int().nonnegative(),
  jobs_failed: z.number().int().nonnegative(),
  jobs: z.array(z.object({ id: z.string(), node_id: z.string(), status: sessionJobStatusSchema })),
  started_by: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WorkflowSessionView = z.infer<typeof workflowSessionSchema>;

export const jobUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type JobUser = z.infer<typeof jobUserSchema>;

/** A job of a session: its status, assignee and (failed automated job) error. */
export const sessionJobSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  node_id: z.string(),
  status: sessionJobStatusSchema,
  manual: z.boolean(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  error: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  opened_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type SessionJobView = z.infer<typeof sessionJobSchema>;

/** The block a node runs: its name and whether a person fills its panels. */
export const flowBlockSchema = z.object({ id: z.string(), name: z.string(), manual: z.boolean() });

/**
 * A node of a session's flow diagram (spec 2 §3 "Workflow flow node": id, workflow_start flag, links each with a
 * target node, job, block), with its column: the longest distance from the start node, the first column 1.
 */
export const flowNodeSchema = z.object({
  id: z.string(),
  workflow_start: z.boolean(),
  column: z.number().int().positive(),
  block: flowBlockSchema,
  links: z.array(z.object({ id: z.string(), node: z.string() })),
  job: sessionJobSchema,
});
export type FlowNode = z.infer<typeof flowNodeSchema>;
export const sessionFlowSchema = z.object({ session: workflowSessionSchema, nodes: z.array(flowNodeSchema) });
export type SessionFlow = z.infer<typeof sessionFlowSchema>;

/** A file uploaded to a job (the id a `file` field holds); `type` is read from its bytes by the server. */
export const jobFileSchema = z.object({ id: z.string(), name: z.string(), size: z.number().int().positive(), type: z.string() });
export type JobFile = z.infer<typeof jobFileSchema>;

/** A job's node, to fill in: the block's panels, the values saved so far (or finished with), and what the actor may do. */
export const jobNodeSchema = z.object({
  session: workflowSessionSchema,
  node: z.object({ id: z.string(), workflow_start: z.boolean(), column: z.number().int().positive(), block: flowBlockSchema }),
  panels: z.array(panelSchema),
  job: sessionJobSchema,
  values: z.record(z.string(), cellValueSchema),
  /** the files uploaded to the job, oldest first (a `file` field's value is one of their ids) */
  files: z.array(jobFileSchema),
  /** an automated job's result (the task or record it wrote) */
  result: z.record(z.string(), z.unknown()).nullable(),
  can: z.object({ assign: z.boolean(), finish: z.boolean(), retry: z.boolean() }),
});
export type JobNode = z.infer<typeof jobNodeSchema>;

const projectAccess: RoutePolicy = { access: 'check', check: 'project', scope: 'project' };
/** the rights on the session's project workflow (`projectWorkflowRights`); the handler checks them, 404 without read */
const read: RoutePolicy = { access: 'workflow', need: 'read' };
const write: RoutePolicy = { access: 'workflow', need: 'write' };
/** project admins; a job's assignee too where the summary says so */
const admin: RoutePolicy = { access: 'workflow', need: 'admin' };
const sessionParams = z.object({ id: uuid, sessionId: uuid });
const jobParams = z.object({ id: uuid, jobId: uuid });
const jobFileParams = z.object({ id: uuid, jobId: uuid, fileId: uuid });
/** base64 of a JSON upload stays under the 1 MiB JSON body limit; larger files are sent as raw bytes */
const MAX_JSON_BASE64 = 1_000_000;
/** a job's values: field id -> a cell value (checked against the block's fields by the domain's panelValues) */
const panelValuesInput = z
  .record(z.string().min(1).max(CONFIG_ID_MAX), z.unknown())
  .refine((values) => Object.keys(values).length <= PANELS_MAX * PANEL_FIELDS_MAX, 'Too many values.');

export const sessionListQuerySchema = z
  .object({
    /** a project workflow id */
    'filter[workflow]': uuid.optional(),
    'filter[sbs_code]': z.string().trim().min(1).max(SESSION_SBS_CODE_MAX).optional(),
    /** the project overview: finished sessions older than two weeks are hidden */
    overview: queryBooleanSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(SESSIONS_PER_PAGE_MAX).optional(),
  })
  .strict();
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

export const sessionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/project/:id/sessions',
    summary:
      'Sessions of the project workflows the user may read, newest first; filter[workflow], filter[sbs_code]; overview=1 hides finished sessions older than two weeks',
    tag: 'sessions',
    auth: true,
    policy: projectAccess,
    params: z.object({ id: uuid }),
    query: sessionListQuerySchema,
    response: z.object({ data: z.array(workflowSessionSchema), meta: pageMetaSchema }),
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/project/:id/session',
    summary: "Start a session of a project workflow on its version: one job per node, the start node's job opens",
    tag: 'sessions',
    auth: true,
    policy: write,
    alsoAnswers: [403, 404, 409, 422],
    params: z.object({ id: uuid }),
    body: z
      .object({
        /** the project workflow */
        workflow: uuid,
        name: z.string().max(SESSION_NAME_MAX),
        sbs_code: z.string().max(SESSION_SBS_CODE_MAX).nullish(),
      })
      .strict(),
    response: commandResult(workflowSessionSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/project/:id/session/:sessionId',
    summary: 'One session with its progress and its jobs',
    tag: 'sessions',
    auth: true,
    policy: read,
    alsoAnswers: [404],
    params: sessionParams,
    response: z.object({ data: workflowSessionSchema }),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/project/:id/session/:sessionId',
    summary: 'Delete a session (project admins)',
    tag: 'sessions',
    auth: true,
    policy: admin,
    alsoAnswers: [403, 404],
    params: sessionParams,
    response: z.object({ message: z.string(), position: z.number().int().nonnegative() }),
  }),
  flow: defineRoute({
    method: 'GET',
    path: '/api/project/:id/session/:sessionId/flow',
    summary: 'The flow diagram of a session: its nodes in columns from the start node, each with its block, links and job',
    tag: 'sessions',
    auth: true,
    policy: read,
    alsoAnswers: [404],
    params: sessionParams,
    response: z.object({ data: sessionFlowSchema }),
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/project/:id/job/:jobId',
    summary: "Assign a manual job to a user who may take it (a member of a team holding one of the node's roles)",
    tag: 'sessions',
    auth: true,
    policy: admin,
    alsoAnswers: [403, 404, 409, 422],
    params: jobParams,
    body: z.object({ user: uuid }).strict(),
    response: commandResult(jobNodeSchema),
  }),
  users: defineRoute({
    method: 'GET',
    path: '/api/project/:id/job/:jobId/users',
    summary: "The users who may take a job: members of the teams holding its node's roles",
    tag: 'sessions',
    auth: true,
    policy: read,
    alsoAnswers: [404],
    params: jobParams,
    response: z.object({ data: z.array(jobUserSchema) }),
  }),
  node: defineRoute({
    method: 'GET',
    path: '/api/project/:id/job/:jobId/node',
    summary: "A job's node: its block's panels, the values saved, its status and what the user may do",
    tag: 'sessions',
    auth: true,
    policy: read,
    alsoAnswers: [404],
    params: jobParams,
    response: z.object({ data: jobNodeSchema }),
  }),
  saveValues: defineRoute({
    method: 'PUT',
    path: '/api/project/:id/job/:jobId/values',
    summary:
      "Save a draft of an open manual job's panel values (its assignee or a project admin; types checked, required fields only on finish)",
    tag: 'sessions',
    auth: true,
    policy: admin,
    alsoAnswers: [403, 404, 409, 422],
    params: jobParams,
    body: z.object({ values: panelValuesInput }).strict(),
    response: commandResult(jobNodeSchema),
  }),
  finish: defineRoute({
    method: 'POST',
    path: '/api/project/:id/job/:jobId/finish',
    summary:
      'Finish an open manual job with its values (its assignee or a project admin): the jobs it leads to open when all their incoming links are finished',
    tag: 'sessions',
    auth: true,
    policy: admin,
    alsoAnswers: [403, 404, 409, 422],
    params: jobParams,
    body: z.object({ values: panelValuesInput.optional() }).strict().nullish(),
    response: commandResult(jobNodeSchema),
  }),
  uploadFile: defineRoute({
    method: 'POST',
    path: '/api/project/:id/job/:jobId/file',
    summary:
      "Upload a file for an open manual job's file fields (its assignee or a project admin): the raw bytes with ?name=, or JSON {name, file (base64)}; type checked by content, at most 25 MB; answers the file, whose id a file field then holds",
    tag: 'sessions',
    auth: true,
    policy: admin,
    alsoAnswers: [403, 404, 409, 413, 415, 422],
    consumes: ['application/json', 'application/octet-stream', ...JOB_FILE_CONTENT_TYPES],
    params: jobParams,
    query: z
      .object({ name: z.string().min(1).max(JOB_FILE_NAME_MAX).optional() })
      .strict()
      .optional(),
    body: z.object({ name: z.string().min(1).max(JOB_FILE_NAME_MAX), file: z.string().min(1).max(MAX_JSON_BASE64) }).strict(),
    response: commandResult(jobFileSchema),
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/project/:id/job/:jobId/file/:fileId',
    summary: 'Download a file uploaded to a job (binary, with its content type and file name); whoever may read the session',
    tag: 'sessions',
    auth: true,
    policy: read,
    alsoAnswers: [404],
    params: jobFileParams,
    produces: [...JOB_FILE_CONTENT_TYPES],
    response: z.string().describe('binary file'),
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/api/project/:id/job/:jobId/retry',
    summary: 'Run a failed automated job again (project admins)',
    tag: 'sessions',
    auth: true,
    policy: admin,
    alsoAnswers: [403, 404, 409],
    params: jobParams,
    body: z.object({}).strict().nullish(),
    response: commandResult(jobNodeSchema),
  }),
};
