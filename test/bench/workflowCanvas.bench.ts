import type { BenchFigure } from './figures';
export async function benchWorkflowCanvas(_options: { nodes?: number; loads?: number; log?: (line: string) => void } = {}): Promise<BenchFigure[]> {
  return [];
}
