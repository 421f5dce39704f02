import type { Projection } from '../runner/projection';
import { sbsHistoryProjection } from './sbsHistory';
import { sbsNodesProjection } from './sbsNodes';
import { sbsTermsProjection } from './sbsTerms';
import { sbsVersionsProjection } from './sbsVersions';

/** Read models of the SBS context (docs/sbs.md). */
export const sbsProjections: Projection[] = [
  sbsNodesProjection,
  sbsVersionsProjection,
  sbsHistoryProjection,
  sbsTermsProjection,
] as unknown as Projection[];
