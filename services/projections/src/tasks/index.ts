import type { Projection } from '../runner/projection';
import { tasksProjection } from './tasks';

/** Read models of the tasks context. */
export const taskProjections: Projection[] = [tasksProjection] as unknown as Projection[];
