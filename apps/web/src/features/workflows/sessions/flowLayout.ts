import type { SessionJobStatus } from '@stramien/domain';

/** One job of the flow diagram (GET …/session/:sessionId/flow, mapped in queries.ts). */
export interface FlowJob {
  jobId: string;
  nodeId: string;
  /** the block's name */
  name: string;
  start: boolean;
  /** its column: the longest distance from the start node, the start node's 1 (the API's, from the domain's columnsOf) */
  column: number;
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
 * 1): its column is the API's (the domain's `columnsOf`), its row its place among the column's jobs in the order
 * the flow lists them.
 */
export const placeJobs = (jobs: readonly FlowJob[]): { placed: PlacedJob[]; columns: number } => {
  const rows = new Map<number, number>();
  const placed = jobs.map((job) => {
    const row = rows.get(job.column) ?? 0;
    rows.set(job.column, row + 1);
    return { job, column: job.column, row, x: (job.column - 1) * FLOW_COLUMN_WIDTH, y: FLOW_HEADER_HEIGHT + row * FLOW_ROW_HEIGHT };
  });
  return { placed, columns: Math.max(0, ...placed.map((p) => p.column)) };
};
