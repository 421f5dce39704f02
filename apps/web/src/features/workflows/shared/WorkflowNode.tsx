import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo, type ReactNode } from 'react';

/** How a node stands out: a problem of the draft (danger), a session job's status (the session screens' choice). */
export type WorkflowNodeTone = 'none' | 'primary' | 'success' | 'warning' | 'danger' | 'muted';

export interface WorkflowNodeData extends Record<string, unknown> {
  /** the block's name */
  label: string;
  /** a small line under the name: the kind of block, a job's status … */
  caption?: string;
  /** an icon before the name */
  icon?: ReactNode;
  /** the start node: a flag on its left edge */
  start?: boolean;
  /** the start flag's text, in the user's language (the screen translates it) */
  startLabel?: string;
  tone?: WorkflowNodeTone;
  /** a number at the top right: a column, a count of problems */
  badge?: string;
  /** data-testid of the node's box; `workflow-node` when not given */
  testId?: string;
}
export type WorkflowFlowNode = Node<WorkflowNodeData, 'workflow'>;

/**
 * The node of both workflow canvases (builder and session flow): a fixed-size box (layout.ts's NODE_WIDTH ×
 * NODE_HEIGHT, so a layout needs no measuring) with the block's name, a caption, a tone and a handle on each side
 * (links run left to right). Kept light (no hooks but memo) so 200 nodes draw fast.
 */
export const WorkflowNode = memo(({ data, selected, isConnectable }: NodeProps<WorkflowFlowNode>) => (
  <div
    className={[
      'stramien-flow-node',
      `stramien-flow-node--${data.tone ?? 'none'}`,
      data.start ? 'stramien-flow-node--start' : '',
      selected ? 'stramien-flow-node--selected' : '',
    ].join(' ')}
    data-testid={data.testId ?? 'workflow-node'}
    data-start={data.start ? 'true' : undefined}
    data-tone={data.tone ?? 'none'}
  >
    <Handle type="target" position={Position.Left} isConnectable={isConnectable} />
    {data.start && <span className="stramien-flow-node__start">{data.startLabel}</span>}
    <div className="stramien-flow-node__title">
      {data.icon}
      <span className="stramien-flow-node__label" title={data.label}>
        {data.label}
      </span>
      {data.badge && <span className="stramien-flow-node__badge">{data.badge}</span>}
    </div>
    {data.caption && <div className="stramien-flow-node__caption">{data.caption}</div>}
    <Handle type="source" position={Position.Right} isConnectable={isConnectable} />
  </div>
));
WorkflowNode.displayName = 'WorkflowNode';

/** React Flow's `nodeTypes` for the workflow canvases: defined once, outside any component (React Flow asks so). */
export const workflowNodeTypes = { workflow: WorkflowNode };
