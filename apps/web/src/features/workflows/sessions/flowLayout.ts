import { columnsOf, type SessionJobStatus } from '@stramien/domain';

/** One job of the flow diagram (GET …/session/:sessionId/flow, mapped in queries.ts). */
export interface FlowJob {
  jobId: string;
  nodeId: string;
  /** the block's name */
  name: string;
  start: boolean;
  manual: boolean;
  status: SessionJobStatus;
  assignee: { id: string; name: string } | null;
  /** a failed automated job's error */
  error: string | null;
}

export interface FlowLink {
  from: string;
  to: string;
}

export const FLOW_COLUMN_WIDTH = 260;
export const FLOW_ROW_HEIGHT = 120;
/** room above the first row for the column numbers */
export const FLOW_HEADER_HEIGHT = 48;

export interface PlacedJob {
  job: FlowJob;
  column: number;
  row: number;
  x: number;
  y: number;
}

/**
 * Where each job stands in the diagram (spec 2 §2: nodes in columns from the start node, the first column numbered
 * 1): its column is the domain's `columnsOf` (the longest distance from the start node), its row its place among the
 * column's jobs in the order the flow lists them. A job without a column (a graph a version would refuse) goes last.
 */
export const placeJobs = (jobs: readonly FlowJob[], links: readonly FlowLink[]): { placed: PlacedJob[]; columns: number } => {
  const columns = columnsOf({
    blocks: [],
    nodes: jobs.map((job) => ({ nodeId: job.nodeId, blockId: '', start: job.start })),
    links: links.map((link, i) => ({ linkId: String(i), from: link.from, to: link.to })),
  });
  const last = Math.max(0, ...Object.values(columns));
  const rows = new Map<number, number>();
  const placed = jobs.map((job) => {
    const column = columns[job.nodeId] ?? last + 1;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    return { job, column, row, x: (column - 1) * FLOW_COLUMN_WIDTH, y: FLOW_HEADER_HEIGHT + row * FLOW_ROW_HEIGHT };
  });
  return { placed, columns: Math.max(0, ...placed.map((p) => p.column)) };
};
