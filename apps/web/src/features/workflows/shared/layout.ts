import { graphlib, layout } from '@dagrejs/dagre';

/** The size every workflow node is drawn at (WorkflowNode's CSS keeps to it), so a layout needs no measuring. */
export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 60;
/** the space between two columns (ranks) and between two nodes of one column */
export const COLUMN_GAP = 80;
export const ROW_GAP = 32;

export interface LayoutEdge {
  source: string;
  target: string;
}
/** A node's top-left corner, as React Flow places it. */
export interface XY {
  x: number;
  y: number;
}

/**
 * The builder's automatic layout ("Tidy"): dagre's layered layout, left to right, each link pointing right where the
 * graph allows (a loop of a draft is laid out too: dagre turns one of its links round). Links to a node that is not
 * there are left out. Deterministic: the same nodes and links in the same order give the same positions.
 */
export const layoutLeftToRight = (nodeIds: readonly string[], edges: readonly LayoutEdge[]): Record<string, XY> => {
  const graph = new graphlib.Graph({ multigraph: false });
  graph.setGraph({ rankdir: 'LR', ranksep: COLUMN_GAP, nodesep: ROW_GAP, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  const known = new Set(nodeIds);
  for (const id of nodeIds) graph.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of edges) if (known.has(edge.source) && known.has(edge.target)) graph.setEdge(edge.source, edge.target);
  layout(graph);
  return Object.fromEntries(
    nodeIds.map((id) => {
      // dagre places a node by its centre; React Flow by its top-left corner
      const { x, y } = graph.node(id) as { x: number; y: number };
      return [id, { x: Math.round(x - NODE_WIDTH / 2), y: Math.round(y - NODE_HEIGHT / 2) }];
    }),
  );
};

/**
 * The rectangle that holds nodes placed at these top-left corners, drawn at NODE_WIDTH x NODE_HEIGHT: what the view
 * fits after a layout. Known without measuring, unlike React Flow's `fitView`, which counts only the nodes it has
 * measured (with `onlyRenderVisibleElements`, a node out of view and not measured since its node object was made again
 * would be left out, and then stay out of view). Null for no nodes.
 */
export const boundsOf = (positions: Record<string, XY>): { x: number; y: number; width: number; height: number } | null => {
  const all = Object.values(positions);
  if (all.length === 0) return null;
  const x = Math.min(...all.map((p) => p.x));
  const y = Math.min(...all.map((p) => p.y));
  return {
    x,
    y,
    width: Math.max(...all.map((p) => p.x)) + NODE_WIDTH - x,
    height: Math.max(...all.map((p) => p.y)) + NODE_HEIGHT - y,
  };
};

/**
 * The session flow diagram's layout (spec 2 §2: nodes in columns from the start node, the first numbered 1): each
 * node in its given column (`columnsOf` of the domain), the nodes of a column stacked in the order of the mean height
 * of the nodes that link into them (fewer crossings), then in the given order. Nodes without a column come in one
 * column after the last.
 */
export const layoutInColumns = (
  nodeIds: readonly string[],
  edges: readonly LayoutEdge[],
  columns: Readonly<Record<string, number>>,
): Record<string, XY> => {
  const last = Math.max(0, ...nodeIds.map((id) => columns[id] ?? 0));
  const columnOf = (id: string) => columns[id] ?? last + 1;
  const order = new Map(nodeIds.map((id, i) => [id, i]));
  const into = new Map<string, string[]>();
  for (const edge of edges)
    if (order.has(edge.source) && order.has(edge.target)) into.set(edge.target, [...(into.get(edge.target) ?? []), edge.source]);

  const byColumn = new Map<number, string[]>();
  for (const id of nodeIds) byColumn.set(columnOf(id), [...(byColumn.get(columnOf(id)) ?? []), id]);
  const positions: Record<string, XY> = {};
  for (const column of [...byColumn.keys()].sort((a, b) => a - b)) {
    const members = byColumn.get(column)!;
    const weight = (id: string) => {
      const ys = (into.get(id) ?? []).map((source) => positions[source]?.y).filter((y): y is number => y !== undefined);
      return ys.length === 0 ? Number.POSITIVE_INFINITY : ys.reduce((a, b) => a + b, 0) / ys.length;
    };
    const sorted = [...members].sort((a, b) => weight(a) - weight(b) || order.get(a)! - order.get(b)!);
    const top = -((sorted.length - 1) * (NODE_HEIGHT + ROW_GAP)) / 2;
    sorted.forEach((id, i) => {
      positions[id] = { x: (column - 1) * (NODE_WIDTH + COLUMN_GAP), y: Math.round(top + i * (NODE_HEIGHT + ROW_GAP)) };
    });
  }
  return positions;
};
