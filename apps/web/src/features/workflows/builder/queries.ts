import {
  builderRoutes,
  type BuilderBlock,
  type BuilderLink,
  type BuilderNode,
  type BuilderWorkflow,
  type BuilderWorkflowSummary,
} from '@stramien/api';
import { toBlockConfigFile, type BlockConfig, type NodePosition, type WorkflowGraph } from '@stramien/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const builderKeys = {
  all: ['builder'] as const,
  list: (licenceId: string) => ['builder', 'list', licenceId] as const,
  lists: () => ['builder', 'list'] as const,
  workflow: (workflowId: string) => ['builder', 'workflow', workflowId] as const,
  publish: (workflowId: string) => ['builder', 'publish', workflowId] as const,
};

/**
 * The log position of the user's last builder command: reads send it (X-Min-Position), so a list or draft loaded right
 * after a change already shows it (ARCHITECTURE.md, read side).
 */
let lastPosition = 0;
const rememberPosition = (position: number | undefined): void => {
  if (position !== undefined) lastPosition = Math.max(lastPosition, position);
};
const minPosition = () => (lastPosition > 0 ? { minPosition: lastPosition } : {});

/** A licence holds a few dozen workflows: one page of the most the API gives lists them all. */
const LIST_SIZE = 500;

/** GET /api/builder/workflows?license= — the licence's workflows, by name. */
export const workflowsQuery = (licenceId: string) =>
  queryOptions({
    queryKey: builderKeys.list(licenceId),
    queryFn: async ({ signal }) =>
      (await api.call(builderRoutes.list, { query: { license: licenceId, per_page: LIST_SIZE }, signal, ...minPosition() })).data,
  });

/** GET /api/builder/workflow/:id — the workflow with its draft (blocks, nodes, links) and versions. */
export const workflowQuery = (workflowId: string) =>
  queryOptions({
    queryKey: builderKeys.workflow(workflowId),
    queryFn: async ({ signal }) => (await api.call(builderRoutes.get, { params: { id: workflowId }, signal, ...minPosition() })).data,
    retry: false,
  });

/** GET /api/builder/workflow/:id/publish — the dry run of a publish: next version, changes, problems. */
export const publishPreviewQuery = (workflowId: string) =>
  queryOptions({
    queryKey: builderKeys.publish(workflowId),
    queryFn: async ({ signal }) =>
      (await api.call(builderRoutes.publishPreview, { params: { id: workflowId }, signal, ...minPosition() })).data,
    staleTime: 0,
    retry: false,
  });

/** The draft as the domain's graph (validateGraph, diffVersions, the template references). */
export const graphOf = (workflow: Pick<BuilderWorkflow, 'blocks' | 'nodes' | 'links'>): WorkflowGraph => ({
  blocks: workflow.blocks.map((b) => ({ blockId: b.id, config: (b.configuration as BlockConfig | null) ?? null })),
  nodes: workflow.nodes.map((n) => ({ nodeId: n.id, blockId: n.block, start: n.start, ...(n.position ? { position: n.position } : {}) })),
  links: workflow.links.map((l) => ({ linkId: l.id, from: l.previous_node, to: l.node })),
});

/** The builder commands of spec 2 §7, each answering the resulting object and the position of its last event. */
export const builderCalls = {
  create: (licenceId: string, name: string) => api.call(builderRoutes.create, { body: { name, license: licenceId } }),
  rename: (workflowId: string, name: string) => api.call(builderRoutes.rename, { params: { id: workflowId }, body: { name } }),
  delete: (workflowId: string) => api.call(builderRoutes.delete, { params: { id: workflowId } }),
  addBlock: (workflowId: string, config: BlockConfig) =>
    api.call(builderRoutes.addBlock, { params: { id: workflowId }, body: { file: toBlockConfigFile(config) } }),
  /** spec 2 §3: the configuration goes as a file of base64-encoded JSON */
  configureBlock: (workflowId: string, blockId: string, config: BlockConfig) =>
    api.call(builderRoutes.configureBlock, { params: { id: workflowId, blockId }, body: { file: toBlockConfigFile(config) } }),
  deleteBlock: (workflowId: string, blockId: string) => api.call(builderRoutes.deleteBlock, { params: { id: workflowId, blockId } }),
  addNode: (workflowId: string, blockId: string, start: boolean, position?: NodePosition) =>
    api.call(builderRoutes.addNode, {
      params: { id: workflowId },
      body: { block: blockId, type: start ? 'start' : null, ...(position ? { position: rounded(position) } : {}) },
    }),
  moveNode: (workflowId: string, nodeId: string, position: NodePosition) =>
    api.call(builderRoutes.moveNode, { params: { id: workflowId, nodeId }, body: { position: rounded(position) } }),
  deleteNode: (workflowId: string, nodeId: string) => api.call(builderRoutes.deleteNode, { params: { id: workflowId, nodeId } }),
  addLink: (workflowId: string, from: string, to: string) =>
    api.call(builderRoutes.addLink, { params: { id: workflowId }, body: { previous_node: from, node: to } }),
  deleteLink: (workflowId: string, linkId: string) => api.call(builderRoutes.deleteLink, { params: { id: workflowId, linkId } }),
  publish: (workflowId: string) => api.call(builderRoutes.publish, { params: { id: workflowId } }),
};

const rounded = (position: NodePosition): NodePosition => ({ x: Math.round(position.x), y: Math.round(position.y) });

/*
 * spec 1 §4 "the resulting state replaces the held one": a command's answer goes straight into the held draft, and
 * the lists that show it are marked stale to load again when next shown.
 */

const staleLater = (queryClient: QueryClient, queryKey: readonly unknown[]) =>
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });

/** The server's workflow (created, renamed) replaces the held one; the lists load again when shown. */
export const storeWorkflow = (queryClient: QueryClient, workflow: BuilderWorkflow, position?: number): void => {
  rememberPosition(position);
  queryClient.setQueryData(builderKeys.workflow(workflow.id), workflow);
  queryClient.setQueryData<BuilderWorkflowSummary[]>(builderKeys.list(workflow.license.id), (held) =>
    held?.map((w) => (w.id === workflow.id ? { ...w, name: workflow.name } : w)),
  );
  staleLater(queryClient, builderKeys.lists());
};

/** A deleted workflow leaves the lists. */
export const forgetWorkflow = (queryClient: QueryClient, licenceId: string, workflowId: string, position?: number): void => {
  rememberPosition(position);
  queryClient.setQueryData<BuilderWorkflowSummary[]>(builderKeys.list(licenceId), (held) => held?.filter((w) => w.id !== workflowId));
  queryClient.removeQueries({ queryKey: builderKeys.workflow(workflowId) });
};

const replace = <T extends { id: string }>(list: readonly T[], item: T): T[] =>
  list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item];

/** Changes the held draft as a command answered; the list (counts, draft changed) and the publish preview load again. */
export const updateDraft = (
  queryClient: QueryClient,
  workflowId: string,
  change: (workflow: BuilderWorkflow) => BuilderWorkflow,
  position?: number,
): void => {
  rememberPosition(position);
  queryClient.setQueryData<BuilderWorkflow>(builderKeys.workflow(workflowId), (held) => (held ? change(held) : held));
  staleLater(queryClient, builderKeys.lists());
  staleLater(queryClient, builderKeys.publish(workflowId));
};

export const withBlock = (block: BuilderBlock) => (w: BuilderWorkflow) => ({ ...w, blocks: replace(w.blocks, block) });
export const withoutBlock = (blockId: string) => (w: BuilderWorkflow) => ({ ...w, blocks: w.blocks.filter((b) => b.id !== blockId) });
/** a node added or moved; its block lists it among the nodes that run it */
export const withNode = (node: BuilderNode) => (w: BuilderWorkflow) => ({
  ...w,
  nodes: replace(w.nodes, node),
  blocks: w.blocks.map((b) => (b.id === node.block && !b.nodes.includes(node.id) ? { ...b, nodes: [...b.nodes, node.id] } : b)),
});
/** a node removed with its links (WorkflowNodeRemoved) */
export const withoutNode = (nodeId: string) => (w: BuilderWorkflow) => ({
  ...w,
  nodes: w.nodes.filter((n) => n.id !== nodeId),
  links: w.links.filter((l) => l.previous_node !== nodeId && l.node !== nodeId),
  blocks: w.blocks.map((b) => (b.nodes.includes(nodeId) ? { ...b, nodes: b.nodes.filter((id) => id !== nodeId) } : b)),
});
export const withLink = (link: BuilderLink) => (w: BuilderWorkflow) => ({ ...w, links: replace(w.links, link) });
export const withoutLink = (linkId: string) => (w: BuilderWorkflow) => ({ ...w, links: w.links.filter((l) => l.id !== linkId) });

/** After a publish the workflow (versions) and the lists load again. */
export const afterPublish = (queryClient: QueryClient, workflowId: string, position?: number): void => {
  rememberPosition(position);
  void queryClient.invalidateQueries({ queryKey: builderKeys.workflow(workflowId) });
  void queryClient.invalidateQueries({ queryKey: builderKeys.publish(workflowId) });
  staleLater(queryClient, builderKeys.lists());
};
