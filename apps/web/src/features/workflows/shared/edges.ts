import { MarkerType, type DefaultEdgeOptions, type Edge } from '@xyflow/react';

/** How a link is drawn on the workflow canvases: a smooth step line with an arrow at the node it enters. */
export const workflowEdgeOptions: DefaultEdgeOptions = {
  type: 'smoothstep',
  markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
};

export type WorkflowEdgeTone = 'none' | 'danger' | 'success' | 'muted';

/** A link of a workflow as a React Flow edge; `tone` colours it (a problem of the draft, a finished job's link). */
export const workflowEdge = (link: { id: string; source: string; target: string; tone?: WorkflowEdgeTone }): Edge => ({
  id: link.id,
  source: link.source,
  target: link.target,
  ...workflowEdgeOptions,
  className: `stramien-flow-edge stramien-flow-edge--${link.tone ?? 'none'}`,
  data: { tone: link.tone ?? 'none' },
});
