import { z } from 'zod';
import { format } from '../shared/messages';
import { structuralDifference } from '../shared/deciderSpec';
import { actionTemplates, blockConfigSchema, fieldsOf, isManual, type BlockConfig } from './blockConfig';
import { workflowMessages } from './messages';
import { referenceText, templateReferences } from './templates';

/**
 * A workflow's graph (spec 2 §3 "Builder block / link / node"): blocks with their configuration, nodes that each run
 * a block (one of them the start node), and links from a node (`previous_node`) to the next (`node`). The draft's
 * graph changes freely; a published version's graph never changes and is copied into each session it runs.
 */
export const graphBlockSchema = z.object({ blockId: z.string(), config: blockConfigSchema.nullable() });
/** where a node sits on the builder's canvas: the draft's layout only (a version leaves it out, versionGraphOf) */
export const nodePositionSchema = z.object({ x: z.number(), y: z.number() });
export type NodePosition = z.infer<typeof nodePositionSchema>;
export const graphNodeSchema = z.object({
  nodeId: z.string(),
  blockId: z.string(),
  start: z.boolean(),
  position: nodePositionSchema.optional(),
});
export const graphLinkSchema = z.object({ linkId: z.string(), from: z.string(), to: z.string() });
export const workflowGraphSchema = z.object({
  blocks: z.array(graphBlockSchema),
  nodes: z.array(graphNodeSchema),
  links: z.array(graphLinkSchema),
});
export type GraphBlock = z.infer<typeof graphBlockSchema>;
export type GraphNode = z.infer<typeof graphNodeSchema>;
export type GraphLink = z.infer<typeof graphLinkSchema>;
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;

export const EMPTY_GRAPH: WorkflowGraph = { blocks: [], nodes: [], links: [] };

/**
 * One reason a graph cannot be published, with the nodes, links and blocks it concerns, so the canvas shows it
 * where it is. `key` is the message's catalogue key ('workflows.unreachableNode'), `message` its English text.
 */
export interface GraphProblem {
  key: string;
  message: string;
  nodeIds: string[];
  linkIds: string[];
  blockIds: string[];
}

type MessageName = keyof typeof workflowMessages;
const problem = (
  name: MessageName,
  ids: Partial<Pick<GraphProblem, 'nodeIds' | 'linkIds' | 'blockIds'>>,
  values?: Record<string, string>,
): GraphProblem => ({
  key: `workflows.${name}`,
  message: values ? format(workflowMessages[name], values) : workflowMessages[name],
  nodeIds: ids.nodeIds ?? [],
  linkIds: ids.linkIds ?? [],
  blockIds: ids.blockIds ?? [],
});

/** The links between live nodes, by the node they leave and the node they enter. */
const adjacency = (graph: WorkflowGraph) => {
  const live = new Set(graph.nodes.map((n) => n.nodeId));
  const links = graph.links.filter((l) => live.has(l.from) && live.has(l.to));
  const out = new Map<string, GraphLink[]>(graph.nodes.map((n) => [n.nodeId, []]));
  const into = new Map<string, GraphLink[]>(graph.nodes.map((n) => [n.nodeId, []]));
  for (const link of links) {
    out.get(link.from)!.push(link);
    into.get(link.to)!.push(link);
  }
  return { live, links, out, into };
};

/** The nodes reached from `from` along `next` (without `from` itself unless a loop comes back to it). */
const reach = (from: string, next: (nodeId: string) => string[]): Set<string> => {
  const seen = new Set<string>();
  const stack = next(from);
  while (stack.length > 0) {
    const nodeId = stack.pop()!;
    if (seen.has(nodeId)) continue;
    seen.add(nodeId);
    stack.push(...next(nodeId));
  }
  return seen;
};

/** The loops of a graph: its strongly connected components of more than one node, or a node linked to itself (Tarjan). */
const loops = (nodeIds: string[], out: Map<string, GraphLink[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  // iterative, so a long chain of nodes cannot overflow the call stack
  for (const root of nodeIds) {
    if (index.has(root)) continue;
    const work: { nodeId: string; next: number }[] = [{ nodeId: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const links = out.get(frame.nodeId)!;
      if (frame.next < links.length) {
        const to = links[frame.next++]!.to;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ nodeId: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.nodeId, Math.min(low.get(frame.nodeId)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.nodeId, Math.min(low.get(parent.nodeId)!, low.get(frame.nodeId)!));
      if (low.get(frame.nodeId) !== index.get(frame.nodeId)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.nodeId);
      const selfLinked = component.length === 1 && links.some((l) => l.to === frame.nodeId);
      if (component.length > 1 || selfLinked) components.push(component.reverse());
    }
  }
  return components;
};

/**
 * Why a graph cannot be published (none: it can): exactly one start node; every link between live nodes; every
 * node's block there and configured; every node reachable from the start node; no loop (a node opens when all its
 * incoming links are finished, so a loop never opens); every `{{job.<node>.<field>}}` of an automated block naming
 * a field of a manual node upstream of the node that runs it.
 */
export const validateGraph = (graph: WorkflowGraph): GraphProblem[] => {
  const problems: GraphProblem[] = [];
  const { live, out, into } = adjacency(graph);
  for (const link of graph.links)
    if (!live.has(link.from) || !live.has(link.to)) problems.push(problem('danglingLink', { linkIds: [link.linkId] }));

  const blocks = new Map(graph.blocks.map((b) => [b.blockId, b]));
  const unconfigured = new Map<string, string[]>();
  for (const node of graph.nodes) {
    const block = blocks.get(node.blockId);
    if (!block) problems.push(problem('nodeBlockMissing', { nodeIds: [node.nodeId], blockIds: [node.blockId] }));
    else if (!block.config) unconfigured.set(block.blockId, [...(unconfigured.get(block.blockId) ?? []), node.nodeId]);
  }
  for (const [blockId, nodeIds] of unconfigured) problems.push(problem('blockNotConfigured', { nodeIds, blockIds: [blockId] }));

  const starts = graph.nodes.filter((n) => n.start).map((n) => n.nodeId);
  if (starts.length === 0) problems.push(problem('noStartNode', {}));
  if (starts.length > 1) problems.push(problem('severalStartNodes', { nodeIds: starts }));
  if (starts.length === 1) {
    const reached = reach(starts[0]!, (nodeId) => out.get(nodeId)!.map((l) => l.to));
    reached.add(starts[0]!);
    for (const node of graph.nodes) if (!reached.has(node.nodeId)) problems.push(problem('unreachableNode', { nodeIds: [node.nodeId] }));
  }

  const nodeIds = graph.nodes.map((n) => n.nodeId);
  for (const component of loops(nodeIds, out)) {
    const members = new Set(component);
    const linkIds = component.flatMap((nodeId) =>
      out
        .get(nodeId)!
        .filter((l) => members.has(l.to))
        .map((l) => l.linkId),
    );
    problems.push(problem('cycle', { nodeIds: component, linkIds }));
  }

  const nodes = new Map(graph.nodes.map((n) => [n.nodeId, n]));
  const configOf = (nodeId: string): BlockConfig | null => {
    const node = nodes.get(nodeId);
    return (node && blocks.get(node.blockId)?.config) ?? null;
  };
  for (const node of graph.nodes) {
    const config = configOf(node.nodeId);
    if (!config || isManual(config)) continue;
    const upstream = reach(node.nodeId, (nodeId) => into.get(nodeId)!.map((l) => l.from));
    const seen = new Set<string>();
    for (const reference of actionTemplates(config.action).flatMap(templateReferences)) {
      if (reference.kind !== 'job') continue;
      const text = `{{${referenceText(reference)}}}`;
      if (seen.has(text)) continue;
      seen.add(text);
      const ids = { nodeIds: [node.nodeId], blockIds: [node.blockId] };
      if (!upstream.has(reference.nodeId) || reference.nodeId === node.nodeId)
        problems.push(problem('templateNotUpstream', ids, { reference: text }));
      else {
        const source = configOf(reference.nodeId);
        if (!source || !fieldsOf(source).some((f) => f.id === reference.fieldId))
          problems.push(problem('templateFieldUnknown', ids, { reference: text }));
      }
    }
  }
  return problems;
};

/** The start node of a graph (the first, when a draft has several), or null. */
export const startNodeOf = (graph: WorkflowGraph): GraphNode | null => graph.nodes.find((n) => n.start) ?? null;

/**
 * The session flow diagram's layout (spec 2 §2, §9): each node's column, its longest distance from the start node
 * along links, the start node in column 1. Nodes not reached from the start node, or on or behind a loop, have none.
 */
export const columnsOf = (graph: WorkflowGraph): Record<string, number> => {
  const start = startNodeOf(graph);
  if (!start) return {};
  const { out } = adjacency(graph);
  const reached = reach(start.nodeId, (nodeId) => out.get(nodeId)!.map((l) => l.to));
  reached.add(start.nodeId);
  // Kahn's order over the reached part: a node gets its column once every link into it is counted
  const waiting = new Map<string, number>([...reached].map((nodeId) => [nodeId, 0]));
  for (const nodeId of reached) for (const link of out.get(nodeId)!) waiting.set(link.to, waiting.get(link.to)! + 1);
  const columns: Record<string, number> = {};
  if (waiting.get(start.nodeId) !== 0) return columns;
  columns[start.nodeId] = 1;
  const ready = [start.nodeId];
  while (ready.length > 0) {
    const nodeId = ready.shift()!;
    for (const link of out.get(nodeId)!) {
      columns[link.to] = Math.max(columns[link.to] ?? 0, columns[nodeId]! + 1);
      const left = waiting.get(link.to)! - 1;
      waiting.set(link.to, left);
      if (left === 0) ready.push(link.to);
    }
  }
  for (const nodeId of Object.keys(columns)) if (waiting.get(nodeId) !== 0) delete columns[nodeId];
  return columns;
};

export interface Changes {
  added: string[];
  removed: string[];
  changed: string[];
}
/** What a version changes against the one before (the publish dialog's list). */
export interface VersionChanges {
  nodes: Changes;
  links: Changes;
  blocks: Changes;
}

const changesOf = <T>(before: readonly T[], after: readonly T[], idOf: (item: T) => string): Changes => {
  const old = new Map(before.map((item) => [idOf(item), item]));
  const now = new Map(after.map((item) => [idOf(item), item]));
  return {
    added: [...now.keys()].filter((id) => !old.has(id)),
    removed: [...old.keys()].filter((id) => !now.has(id)),
    changed: [...now.keys()].filter((id) => old.has(id) && structuralDifference(old.get(id), now.get(id)) !== null),
  };
};

/** The nodes, links and blocks `after` adds, removes and changes against `before` (null: the first version). */
export const diffVersions = (before: WorkflowGraph | null, after: WorkflowGraph): VersionChanges => {
  const old = before ?? EMPTY_GRAPH;
  return {
    nodes: changesOf(old.nodes, after.nodes, (n) => n.nodeId),
    links: changesOf(old.links, after.links, (l) => l.linkId),
    blocks: changesOf(old.blocks, after.blocks, (b) => b.blockId),
  };
};

/** Does a version change nothing? */
export const isUnchanged = (changes: VersionChanges): boolean =>
  Object.values(changes).every((c: Changes) => c.added.length + c.removed.length + c.changed.length === 0);

/**
 * The graph a version freezes: the draft's nodes and links and the blocks its nodes run (unused draft blocks stay
 * out). Canvas positions stay out too: moving a node is layout, not a change a new version would publish.
 */
export const versionGraphOf = (draft: WorkflowGraph): WorkflowGraph => {
  const used = new Set(draft.nodes.map((n) => n.blockId));
  return {
    blocks: draft.blocks.filter((b) => used.has(b.blockId)),
    nodes: draft.nodes.map(({ nodeId, blockId, start }) => ({ nodeId, blockId, start })),
    links: draft.links,
  };
};
