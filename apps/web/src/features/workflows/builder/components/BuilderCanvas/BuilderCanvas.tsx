import {
  Background,
  Controls,
  ReactFlow,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
  type Edge,
  type IsValidConnection,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { isManual, type GraphProblem, type NodePosition, type WorkflowGraph } from '@stramien/domain';
import { useCallback, useEffect, useImperativeHandle, useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlowAriaLabels } from '../../../shared/flowAriaLabels';
import { workflowEdge, workflowEdgeOptions, type WorkflowEdgeTone } from '../../../shared/edges';
import { NODE_HEIGHT, NODE_WIDTH, boundsOf, layoutLeftToRight } from '../../../shared/layout';
import { workflowNodeTypes, type WorkflowFlowNode, type WorkflowNodeTone } from '../../../shared/WorkflowNode';
import '../../../shared/workflowCanvas.css';

export interface BuilderCanvasProps {
  graph: WorkflowGraph;
  /** block id -> its name (a block not configured yet has a name too) */
  blockNames: ReadonlyMap<string, string>;
  problems: readonly GraphProblem[];
  /** may the user change the draft (connect, delete) */
  editable: boolean;
  onConnect: (from: string, to: string) => void;
  /** the user deleted these nodes and links (Delete or Backspace on a selection) */
  onDelete: (selection: { nodeIds: string[]; linkIds: string[] }) => void;
  onSelect: (selection: { nodeIds: string[]; linkIds: string[] }) => void;
  /** nodes the user dragged, or Tidy laid out, to a new place: the positions to keep */
  onMoved: (moves: { nodeId: string; position: NodePosition }[]) => void;
  /** a double click on a node: open its block */
  onOpen: (nodeId: string) => void;
  ref?: Ref<BuilderCanvasHandle>;
}

export interface BuilderCanvasHandle {
  /** lays every node out again, left to right (onMoved gets the nodes that moved), and fits the view */
  tidy: () => void;
  /** brings these nodes into view and selects them */
  focus: (nodeIds: readonly string[]) => void;
  /** centres the view on a place at the current zoom (a node just added there, which may lie out of view) */
  reveal: (position: NodePosition) => void;
}

/** The tone of each node and link from the problems: unreachable nodes warn, every other problem is an error. */
const tonesOf = (problems: readonly GraphProblem[]) => {
  const nodes = new Map<string, WorkflowNodeTone>();
  const links = new Map<string, WorkflowEdgeTone>();
  for (const problem of problems) {
    const tone: WorkflowNodeTone = problem.key === 'workflows.unreachableNode' ? 'warning' : 'danger';
    for (const id of problem.nodeIds) if (nodes.get(id) !== 'danger') nodes.set(id, tone);
    for (const id of problem.linkIds) links.set(id, 'danger');
  }
  return { nodes, links };
};

/**
 * The builder's React Flow canvas: a node per draft node (its block's name, manual or automated, the start node
 * flagged, problems coloured), a link per draft link; drag from a node's right handle to another node to link them,
 * Delete removes the selection. A node sits where the draft keeps it (`position`, saved when dragged); a node never
 * placed is laid out left to right by dagre with the others; `tidy` lays every node out again. Only the visible part
 * is drawn.
 */
export const BuilderCanvas = ({
  graph,
  blockNames,
  problems,
  editable,
  onConnect,
  onDelete,
  onSelect,
  onMoved,
  onOpen,
  ref,
}: BuilderCanvasProps) => {
  const { t } = useTranslation('workflows');
  const ariaLabels = useFlowAriaLabels();
  const flow = useReactFlow<WorkflowFlowNode, Edge>();
  const [nodes, setNodes, onNodesChange] = useNodesState<WorkflowFlowNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  const tones = useMemo(() => tonesOf(problems), [problems]);
  const startLabel = t('workflows.builder-canvas.start');

  useEffect(() => {
    const blocks = new Map(graph.blocks.map((b) => [b.blockId, b]));
    setNodes((held) => {
      const before = new Map(held.map((n) => [n.id, n]));
      const fresh = graph.nodes.some((n) => !n.position && !before.has(n.nodeId));
      const laid = fresh
        ? layoutLeftToRight(
            graph.nodes.map((n) => n.nodeId),
            graph.links.map((l) => ({ source: l.from, target: l.to })),
          )
        : {};
      return graph.nodes.map((node) => {
        const config = blocks.get(node.blockId)?.config ?? null;
        const old = before.get(node.nodeId);
        return {
          id: node.nodeId,
          type: 'workflow',
          position: node.position ?? old?.position ?? laid[node.nodeId] ?? { x: 0, y: 0 },
          selected: old?.selected ?? false,
          // the size React Flow measured stays with the node made again: `fitView` counts only measured nodes, and a
          // node out of view is not drawn (`onlyRenderVisibleElements`), so it would not be measured again
          ...(old?.measured ? { measured: old.measured } : {}),
          data: {
            label: blockNames.get(node.blockId) ?? config?.name ?? '—',
            caption: t(
              config === null
                ? 'workflows.builder-kind.unconfigured'
                : isManual(config)
                  ? 'workflows.builder-kind.manual'
                  : 'workflows.builder-kind.automated',
            ),
            start: node.start,
            startLabel,
            tone: tones.nodes.get(node.nodeId) ?? 'none',
            testId: 'builder-node',
          },
        } satisfies WorkflowFlowNode;
      });
    });
    setEdges((held) => {
      const selected = new Set(held.filter((e) => e.selected).map((e) => e.id));
      return graph.links.map((link) => ({
        ...workflowEdge({ id: link.linkId, source: link.from, target: link.to, tone: tones.links.get(link.linkId) ?? 'none' }),
        selected: selected.has(link.linkId),
      }));
    });
  }, [graph, blockNames, tones, startLabel, t, setNodes, setEdges]);

  useImperativeHandle(
    ref,
    () => ({
      tidy: () => {
        const laid = layoutLeftToRight(
          graph.nodes.map((n) => n.nodeId),
          graph.links.map((l) => ({ source: l.from, target: l.to })),
        );
        const held = new Map(flow.getNodes().map((n) => [n.id, n.position]));
        const moves = Object.entries(laid)
          .filter(([nodeId, to]) => held.get(nodeId)?.x !== to.x || held.get(nodeId)?.y !== to.y)
          .map(([nodeId, position]) => ({ nodeId, position }));
        setNodes((nodes) => nodes.map((n) => ({ ...n, position: laid[n.id] ?? n.position })));
        if (moves.length > 0) onMoved(moves);
        // the laid-out rectangle, not `fitView`: that fits only the nodes React Flow has measured (see `boundsOf`)
        const bounds = boundsOf(laid);
        if (bounds) window.requestAnimationFrame(() => void flow.fitBounds(bounds, { duration: 200, padding: 0.1 }));
      },
      focus: (nodeIds) => {
        const wanted = new Set(nodeIds);
        setNodes((held) => held.map((n) => ({ ...n, selected: wanted.has(n.id) })));
        void flow.fitView({ nodes: nodeIds.map((id) => ({ id })), duration: 200, maxZoom: 1.2 });
      },
      reveal: (position) =>
        void flow.setCenter(position.x + NODE_WIDTH / 2, position.y + NODE_HEIGHT / 2, { zoom: flow.getZoom(), duration: 200 }),
    }),
    [graph, flow, setNodes, onMoved],
  );

  const isValidConnection: IsValidConnection<Edge> = useCallback(
    (connection) =>
      connection.source !== connection.target && !graph.links.some((l) => l.from === connection.source && l.to === connection.target),
    [graph.links],
  );

  // the server removes them; the canvas follows the draft it answers
  const onBeforeDelete = useCallback(
    async ({ nodes: gone, edges: cut }: { nodes: WorkflowFlowNode[]; edges: Edge[] }) => {
      const nodeIds = new Set(gone.map((n) => n.id));
      // a node's links go with it (WorkflowNodeRemoved): only the other links are removed on their own
      onDelete({ nodeIds: [...nodeIds], linkIds: cut.filter((e) => !nodeIds.has(e.source) && !nodeIds.has(e.target)).map((e) => e.id) });
      return false;
    },
    [onDelete],
  );
  const onSelectionChange = useCallback(
    ({ nodes: chosen, edges: chosenEdges }: { nodes: WorkflowFlowNode[]; edges: Edge[] }) =>
      onSelect({ nodeIds: chosen.map((n) => n.id), linkIds: chosenEdges.map((e) => e.id) }),
    [onSelect],
  );

  return (
    <div className="stramien-flow-canvas" data-testid="builder-canvas">
      <ReactFlow<WorkflowFlowNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={workflowNodeTypes}
        defaultEdgeOptions={workflowEdgeOptions}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(connection: Connection) => onConnect(connection.source, connection.target)}
        isValidConnection={isValidConnection}
        nodesConnectable={editable}
        deleteKeyCode={editable ? ['Delete', 'Backspace'] : null}
        onBeforeDelete={onBeforeDelete}
        onSelectionChange={onSelectionChange}
        onNodeDoubleClick={(_, node) => onOpen(node.id)}
        onNodeDragStop={(_, __, dragged) => onMoved(dragged.map((n) => ({ nodeId: n.id, position: n.position })))}
        nodesDraggable={editable}
        onlyRenderVisibleElements
        fitView
        minZoom={0.1}
        proOptions={{ hideAttribution: true }}
        ariaLabelConfig={ariaLabels}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
};
