import { Button, Tag } from '@blueprintjs/core';
import { PersonIcon, RefreshIcon } from '@blueprintjs/icons';
import { SESSION_JOB_STATUSES, type SessionJobStatus } from '@stramien/domain';
import { Background, Handle, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_COLUMN_WIDTH, placeJobs, type FlowJob, type FlowLink } from '../flowLayout';

/** What a job node may do, from the page (the same for every node, so the nodes' data stays the job alone). */
interface FlowActions {
  /** project admins retry a failed automated job */
  onRetry: ((job: FlowJob) => void) | null;
  retrying: string | null;
}
const FlowActionsContext = createContext<FlowActions>({ onRetry: null, retrying: null });

type JobNode = Node<{ job: FlowJob; column: number }, 'job'>;
type ColumnNode = Node<{ column: number }, 'column'>;

/** The intent of each status: waiting grey, open blue, finished green, failed red (the legend says so). */
export const STATUS_INTENT: Record<SessionJobStatus, 'none' | 'primary' | 'success' | 'danger'> = {
  waiting: 'none',
  open: 'primary',
  finished: 'success',
  failed: 'danger',
};

export const StatusTag = ({ status }: { status: SessionJobStatus }) => {
  const { t } = useTranslation('workflows');
  return (
    <Tag minimal intent={STATUS_INTENT[status]} className={`stramien-job-status stramien-job-status--${status}`}>
      {t(`workflows.session-status.${status}`)}
    </Tag>
  );
};

const JobNodeView = ({ data }: NodeProps<JobNode>) => {
  const { t } = useTranslation('workflows');
  const { onRetry, retrying } = useContext(FlowActionsContext);
  const { job } = data;
  return (
    <div
      className={`stramien-flow-job stramien-flow-job--${job.status}${job.manual ? ' stramien-flow-job--manual' : ''}`}
      data-testid="flow-job"
      data-node-id={job.nodeId}
      data-status={job.status}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="stramien-flow-job__name">{job.name}</div>
      <div className="stramien-flow-job__meta">
        <StatusTag status={job.status} />
        <span className="bp6-text-muted">{t(job.manual ? 'workflows.session-flow.manual' : 'workflows.session-flow.automated')}</span>
      </div>
      {job.manual && (
        <div className="stramien-flow-job__assignee" data-testid="flow-job-assignee">
          <PersonIcon size={12} /> {job.assignee?.name ?? t('workflows.session-flow.unassigned')}
        </div>
      )}
      {job.status === 'failed' && (
        <div className="stramien-flow-job__error" role="alert">
          <span>{job.error}</span>
          {onRetry && (
            <Button
              size="small"
              intent="danger"
              icon={<RefreshIcon />}
              text={t('workflows.session-flow.retry')}
              loading={retrying === job.jobId}
              className="nodrag"
              onClick={(event) => {
                event.stopPropagation();
                onRetry(job);
              }}
              data-testid="flow-job-retry"
            />
          )}
        </div>
      )}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
};

const ColumnNodeView = ({ data }: NodeProps<ColumnNode>) => (
  <div className="stramien-flow-column" data-testid="flow-column">
    {data.column}
  </div>
);

const nodeTypes = { job: JobNodeView, column: ColumnNodeView };

export interface FlowDiagramProps {
  jobs: FlowJob[];
  links: FlowLink[];
  /** a manual job was clicked: open its job page */
  onOpen: (job: FlowJob) => void;
  onRetry: ((job: FlowJob) => void) | null;
  retrying: string | null;
}

/**
 * The session flow diagram (spec 2 §2): a read-only React Flow of the session's jobs in columns from the start node
 * (headed 1, 2, …), each coloured by its status; a manual job opens its page when clicked; a failed job shows its
 * error, and a Retry button for project admins.
 */
export const FlowDiagram = ({ jobs, links, onOpen, onRetry, retrying }: FlowDiagramProps) => {
  const { nodes, edges } = useMemo(() => {
    const { placed, columns } = placeJobs(jobs);
    const headers: ColumnNode[] = Array.from({ length: columns }, (_, i) => ({
      id: `column-${i + 1}`,
      type: 'column',
      position: { x: i * FLOW_COLUMN_WIDTH, y: 0 },
      data: { column: i + 1 },
      selectable: false,
      draggable: false,
    }));
    const jobNodes: JobNode[] = placed.map(({ job, column, x, y }) => ({
      id: job.nodeId,
      type: 'job',
      position: { x, y },
      data: { job, column },
      draggable: false,
      connectable: false,
    }));
    const status = new Map(jobs.map((job) => [job.nodeId, job.status]));
    const flowEdges: Edge[] = links.map((link) => ({
      id: `${link.from}->${link.to}`,
      source: link.from,
      target: link.to,
      animated: status.get(link.from) === 'finished' && status.get(link.to) === 'open',
      className: status.get(link.from) === 'finished' ? 'stramien-flow-edge--done' : undefined,
    }));
    return { nodes: [...headers, ...jobNodes] as Node[], edges: flowEdges };
  }, [jobs, links]);
  const actions = useMemo(() => ({ onRetry, retrying }), [onRetry, retrying]);

  return (
    <FlowActionsContext.Provider value={actions}>
      <div className="stramien-flow" data-testid="session-flow">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          fitView
          fitViewOptions={{ maxZoom: 1 }}
          minZoom={0.1}
          onNodeClick={(_, node) => {
            if (node.type !== 'job') return;
            const job = (node as JobNode).data.job;
            if (job.manual) onOpen(job);
          }}
        >
          <Background />
        </ReactFlow>
      </div>
    </FlowActionsContext.Provider>
  );
};

/** The colours of the statuses, in their order (waiting, open, finished, failed). */
export const StatusLegend = () => {
  const { t } = useTranslation('workflows');
  return (
    <div className="stramien-flow-legend" aria-label={t('workflows.session-flow.legend')} data-testid="flow-legend">
      {SESSION_JOB_STATUSES.map((status) => (
        <StatusTag key={status} status={status} />
      ))}
    </div>
  );
};
