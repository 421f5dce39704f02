import type {
  BuilderBlock,
  BuilderLink,
  BuilderNode,
  BuilderValidation,
  BuilderWorkflow,
  BuilderWorkflowSummary,
  VersionSummary,
} from '@stramien/api';
import {
  derivedId,
  graphErrors,
  isManual,
  toBlockConfigFile,
  validateGraph,
  type GraphBlock,
  type GraphLink,
  type GraphNode,
  type WorkflowGraph,
} from '@stramien/domain';
import type { WorkflowDoc, WorkflowVersionSummaryDoc } from '@stramien/projections';

/**
 * The builder's answers (packages/api/src/workflows/builderRoutes.ts) from the `workflows` read model's document:
 * the spec's shapes (block `config {id, file}`, node `type`, link `previous_node`/`node`) with the decoded
 * configuration and canvas positions beside them.
 */

/** The id of a block's configuration document (spec 2 §3 `config.id`): fixed per block, its file always the current one. */
export const blockDocumentId = (workflowId: string, blockId: string): string => derivedId('workflowBlockDocument', workflowId, blockId);

export const toBlockView = (workflowId: string, block: GraphBlock, nodes: readonly GraphNode[]): BuilderBlock => ({
  id: block.blockId,
  name: block.config?.name ?? null,
  kind: block.config === null ? null : isManual(block.config) ? 'manual' : 'automated',
  config: block.config === null ? null : { id: blockDocumentId(workflowId, block.blockId), file: toBlockConfigFile(block.config) },
  configuration: block.config,
  nodes: nodes.filter((n) => n.blockId === block.blockId).map((n) => n.nodeId),
});

export const toNodeView = (node: GraphNode): BuilderNode => ({
  id: node.nodeId,
  type: node.start ? 'start' : null,
  start: node.start,
  block: node.blockId,
  position: node.position ?? null,
});

export const toLinkView = (link: GraphLink): BuilderLink => ({ id: link.linkId, previous_node: link.from, node: link.to });

export const toGraphView = (workflowId: string, graph: WorkflowGraph) => ({
  blocks: graph.blocks.map((b) => toBlockView(workflowId, b, graph.nodes)),
  nodes: graph.nodes.map(toNodeView),
  links: graph.links.map(toLinkView),
});

export const toVersionSummary = (v: WorkflowVersionSummaryDoc): VersionSummary => ({
  version: v.version,
  published_at: v.publishedAt,
  node_count: v.nodeCount,
  link_count: v.linkCount,
  block_count: v.blockCount,
});

/** the list reads the documents without their graphs */
export type WorkflowSummaryDoc = Pick<
  WorkflowDoc,
  '_id' | 'name' | 'licenceId' | 'version' | 'draftChanged' | 'nodeCount' | 'createdAt' | 'updatedAt'
>;

export const toWorkflowSummary = (doc: WorkflowSummaryDoc): BuilderWorkflowSummary => ({
  id: doc._id,
  name: doc.name,
  license: { id: doc.licenceId },
  version: doc.version,
  published: doc.version > 0,
  draft_changed: doc.draftChanged,
  node_count: doc.nodeCount,
  created_at: doc.createdAt,
  updated_at: doc.updatedAt,
});

export const toWorkflowView = (doc: WorkflowDoc): BuilderWorkflow => ({
  ...toWorkflowSummary(doc),
  ...toGraphView(doc._id, doc.draft),
  versions: doc.versions.map(toVersionSummary),
});

/** The draft's problems as the canvas shows them and as a refused publish lists them. */
export const toValidation = (draft: WorkflowGraph): BuilderValidation => {
  const problems = validateGraph(draft);
  return {
    valid: problems.length === 0,
    problems: problems.map((p) => ({ key: p.key, message: p.message, node_ids: p.nodeIds, link_ids: p.linkIds, block_ids: p.blockIds })),
    errors: graphErrors(problems),
  };
};
