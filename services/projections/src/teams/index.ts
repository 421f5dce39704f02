import type { Projection } from '../runner/projection';

/** Read models of the teams context. */
export const teamProjections: Projection[] = [];
