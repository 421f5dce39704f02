import type { Projection } from '../runner/projection';
import { labelsProjection } from './labels';

/** Read models of the labels context. */
export const labelProjections: Projection[] = [labelsProjection] as unknown as Projection[];
