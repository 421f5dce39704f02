import type { Projection } from '../runner/projection';
import { downloadsProjection } from './downloads';

/** Read models of the notifications context. */
export const notificationProjections: Projection[] = [downloadsProjection] as unknown as Projection[];
