import type { Projection } from '../runner/projection';
import { boardsProjection } from './boards';

/** Read models of the boards context. */
export const boardProjections: Projection[] = [boardsProjection] as unknown as Projection[];
