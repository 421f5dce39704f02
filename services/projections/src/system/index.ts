import type { Projection } from '../runner/projection';
import { maintenanceProjection } from './maintenance';

/** Read models of the system context. */
export const systemProjections: Projection[] = [maintenanceProjection] as unknown as Projection[];
