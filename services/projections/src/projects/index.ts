import type { Projection } from '../runner/projection';

/** Read models of the projects context. */
export const projectProjections: Projection[] = [];
