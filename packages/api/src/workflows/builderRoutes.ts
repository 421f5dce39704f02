import { z } from 'zod';
import { WORKFLOW_NAME_MAX, type BlockConfig } from '@stramien/domain';
import { commandResult, defineRoute, uuid, type RouteContract, type RoutePolicy } from '../shared/contract';
import { pageMetaSchema } from '../tasks/taskView';

/**
 * The workflow builder (spec 2 §7 "Workflow builder", docs/workflows.md "Builder API as built"): licence-level
 * workflows, their draft graph (blocks, nodes, links), publishing, versions and the draft's validation. Only licence
 * admins of the workflow's licence and system admins call them; another licence's workflow answers 404.
 */

const ref = z.object({ id: uuid }).strict();
/** an id or `{id}`, as spec 2 §7 bodies name objects */
const idOrRef = z.union([uuid, ref]).transform((value) => (typeof value === 'string' ? value : value.id));
const position = z.number().int().nonnegative();
/** spec 2 §5: the block configuration file, base64 of its JSON (a `data:…;base64,` URL is read too) */
export const BLOCK_FILE_MAX = 1_000_000;
const blockFile = z.string().max(BLOCK_FILE_MAX);
/** where a node sits on the canvas (React Flow's coordinates) */
export const canvasPositionSchema = z.object({ x: z.number().min(-1e6).max(1e6), y: z.number().min(-1e6).max(1e6) }).strict();

const admins: RoutePolicy = { access: 'check', check: 'admin', scope: 'licence' };
const workflowParams = z.object({ id: uuid });
const blockParams = z.object({ id: uuid, blockId: uuid });

export const BUILDER_PER_PAGE_DEFAULT = 50;
export const BUILDER_PER_PAGE_MAX = 500;

/** The decoded configuration of a block (a BlockConfig of the domain: `{name, panels}` or `{name, action}`). */
export const blockConfigurationSchema = z.record(z.string(), z.unknown());
export type BlockConfiguration = BlockConfig;

/** spec 2 §3 "Builder block": id, config (id, file); plus the decoded configuration, its name and kind. */
export const builderBlockSchema = z.object({
  id: z.string(),
  /** the configuration's name; null while the block has none */
  name: z.string().nullable(),
  /** manual: a person fills its panels; automated: an action runs on the server; null: not configured yet */
  kind: z.enum(['manual', 'automated']).nullable(),
  /** the spec's configuration document: `file` is the base64 JSON, `id` the document of `GET …/document/{id}` */
  config: z.object({ id: z.string(), file: z.string() }).nullable(),
  configuration: blockConfigurationSchema.nullable(),
  /** the ids of the nodes that run it (spec's `node.block`) */
  nodes: z.array(z.string()),
});
export type BuilderBlock = z.infer<typeof builderBlockSchema>;

/** spec 2 §3 "Builder node": id, type (start), block; plus its place on the canvas (null: never placed). */
export const builderNodeSchema = z.object({
  id: z.string(),
  type: z.literal('start').nullable(),
  start: z.boolean(),
  block: z.string(),
  position: z.object({ x: z.number(), y: z.number() }).nullable(),
});
export type BuilderNode = z.infer<typeof builderNodeSchema>;

/** spec 2 §3 "Builder link": id, previous_node, node. */
export const builderLinkSchema = z.object({ id: z.string(), previous_node: z.string(), node: z.string() });
export type BuilderLink = z.infer<typeof builderLinkSchema>;

/** One reason the draft cannot be published (the domain's GraphProblem), placed on its nodes, links and blocks. */
export const graphProblemSchema = z.object({
  key: z.string(),
  message: z.string(),
  node_ids: z.array(z.string()),
  link_ids: z.array(z.string()),
  block_ids: z.array(z.string()),
});
export type GraphProblemView = z.infer<typeof graphProblemSchema>;

const changes = z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) });
/** What a version changes against the one before (the domain's diffVersions): the publish dialog's list. */
export const versionChangesSchema = z.object({ nodes: changes, links: changes, blocks: changes });
export type VersionChangesView = z.infer<typeof versionChangesSchema>;

export const versionSummarySchema = z.object({
  version: z.number().int().positive(),
  published_at: z.string(),
  node_count: z.number().int().nonnegative(),
  link_count: z.number().int().nonnegative(),
  block_count: z.number().int().nonnegative(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** A workflow in the list: no graph, its counts and versions. */
export const builderWorkflowSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  license: z.object({ id: z.string() }),
  /** the last published version (0: none yet) */
  version: z.number().int().nonnegative(),
  published: z.boolean(),
  /** the draft differs from the last version (or nothing is published yet) */
  draft_changed: z.boolean(),
  node_count: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BuilderWorkflowSummary = z.infer<typeof builderWorkflowSummarySchema>;

/** A workflow with its draft graph and its versions. */
export const builderWorkflowSchema = builderWorkflowSummarySchema.extend({
  blocks: z.array(builderBlockSchema),
  nodes: z.array(builderNodeSchema),
  links: z.array(builderLinkSchema),
  versions: z.array(versionSummarySchema),
});
export type BuilderWorkflow = z.infer<typeof builderWorkflowSchema>;

/** A published version: its frozen graph. */
export const builderVersionSchema = versionSummarySchema.extend({
  blocks: z.array(builderBlockSchema),
  nodes: z.array(builderNodeSchema),
  links: z.array(builderLinkSchema),
});
export type BuilderVersion = z.infer<typeof builderVersionSchema>;

/** The draft's problems (validateGraph): the canvas shows each on its nodes and links. */
export const builderValidationSchema = z.object({
  valid: z.boolean(),
  problems: z.array(graphProblemSchema),
  /** the problems as a refused publish answers them: `node:<id>`, `link:<id>`, `block:<id>` or `workflow` */
  errors: z.record(z.string(), z.array(z.string())),
});
export type BuilderValidation = z.infer<typeof builderValidationSchema>;

/** The publish dialog: what publishing now would freeze, against the last version, and whether it may. */
export const publishPreviewSchema = builderValidationSchema.extend({
  /** the number the next version would get */
  version: z.number().int().positive(),
  changes: versionChangesSchema,
  /** false when the draft equals the last version (publishing answers 409) */
  changed: z.boolean(),
  can_publish: z.boolean(),
});
export type PublishPreview = z.infer<typeof publishPreviewSchema>;

export const publishResultSchema = z.object({ version: z.number().int().positive(), changes: versionChangesSchema });
export type PublishResult = z.infer<typeof publishResultSchema>;

/** The block configuration document (spec 2 §3 `config {id, file}`), rebuilt from the stored configuration. */
export const blockDocumentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  content_type: z.literal('application/json'),
  file: z.string(),
  configuration: blockConfigurationSchema,
});
export type BlockDocument = z.infer<typeof blockDocumentSchema>;

const deleted = z.object({ position });

export const builderRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/builder/workflows',
    summary:
      "The builder's workflows of a licence (the signed-in user's selected licence when `license` is left out), sorted by name, paged; `search` matches the name",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    query: z
      .object({
        license: uuid.optional(),
        search: z.string().max(WORKFLOW_NAME_MAX).optional(),
        page: z.coerce.number().int().min(1).max(100_000).optional(),
        per_page: z.coerce.number().int().min(1).max(BUILDER_PER_PAGE_MAX).optional(),
      })
      .strict()
      .optional(),
    response: z.object({ data: z.array(builderWorkflowSummarySchema), meta: pageMetaSchema }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/builder/workflow',
    summary: "Create a workflow in a licence (the signed-in user's selected licence when `license` is left out)",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    body: z.object({ name: z.string().max(WORKFLOW_NAME_MAX), license: idOrRef.optional(), id: uuid.optional() }).strict(),
    response: commandResult(builderWorkflowSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id',
    summary: 'A workflow with its draft graph (blocks, nodes, links) and its versions',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: z.object({ data: builderWorkflowSchema }),
  }),
  rename: defineRoute({
    method: 'PUT',
    path: '/api/builder/workflow/:id',
    summary: 'Rename a workflow',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    body: z.object({ name: z.string().max(WORKFLOW_NAME_MAX) }).strict(),
    response: commandResult(builderWorkflowSchema),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/builder/workflow/:id',
    summary: 'Delete a workflow (its history and versions stay in the log)',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: deleted,
  }),
  blocks: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/blocks',
    summary: "The draft's blocks with their configuration (the base64 file and the decoded JSON)",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: z.object({ data: z.array(builderBlockSchema) }),
  }),
  addBlock: defineRoute({
    method: 'POST',
    path: '/api/builder/workflow/:id/block',
    summary:
      "Add a block, with its configuration file (base64 JSON) or without one yet; a bad file answers 422 'Workflow Block Configuration incorrect format, please contact your project admin' with `errors` by path",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    body: z.object({ id: uuid.optional(), file: blockFile.optional() }).strict(),
    response: commandResult(builderBlockSchema),
  }),
  getBlock: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/block/:blockId',
    summary: 'A block of the draft with its configuration',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: blockParams,
    response: z.object({ data: builderBlockSchema }),
  }),
  configureBlock: defineRoute({
    method: 'PUT',
    path: '/api/builder/workflow/:id/block/:blockId',
    summary: "Save a block's configuration file (base64 JSON); a bad file answers 422 with `errors` by path, nothing saved",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: blockParams,
    body: z.object({ file: blockFile }).strict(),
    response: commandResult(builderBlockSchema),
  }),
  deleteBlock: defineRoute({
    method: 'DELETE',
    path: '/api/builder/workflow/:id/block/:blockId',
    summary: 'Remove a block; refused (409) while a node runs it',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: blockParams,
    response: deleted,
    alsoAnswers: [409],
  }),
  blockDocument: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/block/:blockId/document/:documentId',
    summary: "A block's configuration document: the spec's base64 JSON file, rebuilt from the saved configuration",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: z.object({ id: uuid, blockId: uuid, documentId: uuid }),
    response: z.object({ data: blockDocumentSchema }),
  }),
  links: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/links',
    summary: "The draft's links",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: z.object({ data: z.array(builderLinkSchema) }),
  }),
  addLink: defineRoute({
    method: 'POST',
    path: '/api/builder/workflow/:id/link',
    summary: 'Link a node (`previous_node`) to the next (`node`)',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    body: z.object({ id: uuid.optional(), previous_node: idOrRef, node: idOrRef }).strict(),
    response: commandResult(builderLinkSchema),
    alsoAnswers: [409],
  }),
  deleteLink: defineRoute({
    method: 'DELETE',
    path: '/api/builder/workflow/:id/link/:linkId',
    summary: 'Remove a link',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: z.object({ id: uuid, linkId: uuid }),
    response: deleted,
  }),
  nodes: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/nodes',
    summary: "The draft's nodes with their canvas positions",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: z.object({ data: z.array(builderNodeSchema) }),
  }),
  addNode: defineRoute({
    method: 'POST',
    path: '/api/builder/workflow/:id/node',
    summary: 'Add a node that runs a block (`type: start` for the start node), optionally placed on the canvas',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    body: z
      .object({
        id: uuid.optional(),
        block: idOrRef,
        type: z.literal('start').nullable().optional(),
        position: canvasPositionSchema.optional(),
      })
      .strict(),
    response: commandResult(builderNodeSchema),
  }),
  moveNode: defineRoute({
    method: 'PUT',
    path: '/api/builder/workflow/:id/node/:nodeId',
    summary: 'Move a node on the canvas',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: z.object({ id: uuid, nodeId: uuid }),
    body: z.object({ position: canvasPositionSchema }).strict(),
    response: commandResult(builderNodeSchema),
  }),
  deleteNode: defineRoute({
    method: 'DELETE',
    path: '/api/builder/workflow/:id/node/:nodeId',
    summary: 'Remove a node with its links',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: z.object({ id: uuid, nodeId: uuid }),
    response: deleted,
  }),
  validation: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/validation',
    summary: "The draft's problems (one start node, every node reachable, no dangling link or loop, every block configured)",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: z.object({ data: builderValidationSchema }),
  }),
  publishPreview: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/publish',
    summary: 'What publishing now would do (a dry run): the next version number, the changes against the last version and the problems',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: z.object({ data: publishPreviewSchema }),
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/api/builder/workflow/:id/publish',
    summary:
      'Publish the draft as the next version, which never changes; refused (422, `errors` by node, link or block) while the draft has problems and (409) when it equals the last version',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: commandResult(publishResultSchema),
    alsoAnswers: [409],
  }),
  versions: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/versions',
    summary: "A workflow's published versions, newest first",
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: workflowParams,
    response: z.object({ data: z.array(versionSummarySchema) }),
  }),
  version: defineRoute({
    method: 'GET',
    path: '/api/builder/workflow/:id/version/:version',
    summary: 'A published version with its frozen graph',
    tag: 'workflow builder',
    auth: true,
    policy: admins,
    params: z.object({ id: uuid, version: z.coerce.number().int().min(1).max(1_000_000) }),
    response: z.object({ data: builderVersionSchema }),
  }),
} satisfies Record<string, RouteContract>;
