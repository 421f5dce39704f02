import type { Projection } from '../runner/projection';
import { collectionsProjection, companiesProjection } from './namedEntities';

/** Read models of the licence directory: companies and collections. */
export const directoryProjections: Projection[] = [companiesProjection, collectionsProjection] as unknown as Projection[];
