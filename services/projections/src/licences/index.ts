import type { Projection } from '../runner/projection';
import { licencesProjection } from './licences';

/** Read models of the licences context. */
export const licenceProjections: Projection[] = [licencesProjection] as unknown as Projection[];
