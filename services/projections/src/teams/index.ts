import type { Projection } from '../runner/projection';
import { teamsProjection } from './teams';

/** Read models of the teams context. */
export const teamProjections: Projection[] = [teamsProjection] as unknown as Projection[];
