import { Button, Callout, Tag } from '@blueprintjs/core';
import { CogIcon, PersonIcon, RefreshIcon } from '@blueprintjs/icons';
import { SESSION_JOB_STATUSES, type SessionJobStatus } from '@stramien/domain';
import { Background, ReactFlow, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlowAriaLabels } from '../../shared/flowAriaLabels';
import { workflowEdge } from '../../shared/edges';
import { COLUMN_GAP, layoutInColumns, NODE_WIDTH } from '../../shared/layout';
import { WorkflowNode, type WorkflowFlowNode, type WorkflowNodeTone } from '../../shared/WorkflowNode';
import '../../shared/workflowCanvas.css';
import type { FlowJob, FlowLink } from '../queries';

type ColumnNode = Node<{ column: number }, 'column'>;

/** The tone of each status on the canvas: waiting dashed, open blue, finished green, failed red (the legend says so). */
export const STATUS_TONE: Record<SessionJobStatus, WorkflowNodeTone> = {
  waiting: 'muted',
  open: 'primary',
  finished: 'success',
  failed: 'danger',
};
const STATUS_INTENT: Record<SessionJobStatus, 'none' | 'primary' | 'success' | 'danger'> = {
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

const ColumnHeader = ({ data }: NodeProps<ColumnNode>) => (
  <div className="stramien-flow-column" data-testid="flow-column">
    {data.column}
  </div>
);

/** React Flow's node types, defined once outside any component: the shared workflow node and the column numbers. */
const nodeTypes = { workflow: WorkflowNode, column: ColumnHeader };
/** the column numbers stand this far above the highest node */
const HEADER_OFFSET = 56;

export interface FlowDiagramProps {
  jobs: FlowJob[];
  links: FlowLink[];
  /** a manual job was clicked: open its job page */
  onOpen: (job: FlowJob) => void;
}

/**
 * The session flow diagram (spec 2 §2): a read-only React Flow of the session's jobs in columns from the start node
 * (the API's columns, headed 1, 2, …), drawn with the builder's node and edge (features/workflows/shared), each
 * coloured by its job's status with its assignee; a manual job opens its page when clicked.
 */
export const FlowDiagram = ({ jobs, links, onOpen }: FlowDiagramProps) => {
  const { t } = useTranslation('workflows');
  const ariaLabels = useFlowAriaLabels();
  const { nodes, edges } = useMemo(() => {
    const columns = Object.fromEntries(jobs.map((job) => [job.nodeId, job.column]));
    const edgesIn = links.map((link) => ({ source: link.from, target: link.to }));
    const positions = layoutInColumns(
      jobs.map((job) => job.nodeId),
      edgesIn,
      columns,
    );
    const top = Math.min(0, ...Object.values(positions).map((p) => p.y)) - HEADER_OFFSET;
    const count = Math.max(0, ...jobs.map((job) => job.column));
    const headers: ColumnNode[] = Array.from({ length: count }, (_, i) => ({
      id: `column-${i + 1}`,
      type: 'column',
      position: { x: i * (NODE_WIDTH + COLUMN_GAP), y: top },
      data: { column: i + 1 },
      selectable: false,
      draggable: false,
    }));
    const jobNodes: WorkflowFlowNode[] = jobs.map((job) => ({
      id: job.nodeId,
      type: 'workflow',
      position: positions[job.nodeId] ?? { x: 0, y: 0 },
      draggable: false,
      connectable: false,
      className: job.manual ? 'stramien-flow-job--manual' : undefined,
      data: {
        label: job.name,
        caption: `${t(`workflows.session-status.${job.status}`)} · ${
          job.manual ? (job.assignee?.name ?? t('workflows.session-flow.unassigned')) : t('workflows.session-flow.automated')
        }`,
        icon: job.manual ? <PersonIcon size={12} /> : <CogIcon size={12} />,
        start: job.start,
        startLabel: t('workflows.session-flow.start'),
        tone: STATUS_TONE[job.status],
        testId: 'flow-job',
      },
    }));
    const status = new Map(jobs.map((job) => [job.nodeId, job.status]));
    const flowEdges = links.map((link) =>
      workflowEdge({
        id: `${link.from}->${link.to}`,
        source: link.from,
        target: link.to,
        tone: status.get(link.from) === 'finished' ? 'success' : 'none',
      }),
    );
    return { nodes: [...headers, ...jobNodes] as Node[], edges: flowEdges };
  }, [jobs, links, t]);
  const byNode = useMemo(() => new Map(jobs.map((job) => [job.nodeId, job])), [jobs]);

  return (
    <div className="stramien-flow-canvas stramien-flow" data-testid="session-flow">
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
        ariaLabelConfig={ariaLabels}
        onNodeClick={(_, node) => {
          const job = byNode.get(node.id);
          if (job?.manual) onOpen(job);
        }}
      >
        <Background />
      </ReactFlow>
    </div>
  );
};

/** The failed automated jobs with their errors; project admins retry one (SessionJobRetried: the manager runs it again). */
export const FailedJobs = ({
  jobs,
  onRetry,
  retrying,
}: {
  jobs: FlowJob[];
  onRetry: ((job: FlowJob) => void) | null;
  retrying: string | null;
}) => {
  const { t } = useTranslation('workflows');
  const failed = jobs.filter((job) => job.status === 'failed');
  if (failed.length === 0) return null;
  return (
    <Callout intent="danger" title={t('workflows.session-flow.failed-title')} className="stramien-flow-failed" data-testid="flow-failed">
      <ul>
        {failed.map((job) => (
          <li key={job.jobId} data-testid="flow-failed-job">
            <strong>{job.name}</strong>: {job.error}{' '}
            {onRetry && (
              <Button
                size="small"
                intent="danger"
                icon={<RefreshIcon />}
                text={t('workflows.session-flow.retry')}
                loading={retrying === job.jobId}
                onClick={() => onRetry(job)}
                data-testid="flow-job-retry"
              />
            )}
          </li>
        ))}
      </ul>
    </Callout>
  );
};

/** The colours of the statuses, in their order (waiting, open, finished, failed). */
export const StatusLegend = () => {
  const { t } = useTranslation('workflows');
  return (
    <div className="stramien-flow-legend" role="list" aria-label={t('workflows.session-flow.legend')} data-testid="flow-legend">
      {SESSION_JOB_STATUSES.map((status) => (
        <span role="listitem" key={status} className={`stramien-flow-legend__item stramien-flow-node--${STATUS_TONE[status]}`}>
          {t(`workflows.session-status.${status}`)}
        </span>
      ))}
    </div>
  );
};
