import type { Projection } from '../runner/projection';
import { tablesProjection } from './tables';

/** Read models of the tables context (docs/tables.md "Read side"). */
export const tableProjections: Projection[] = [tablesProjection];
