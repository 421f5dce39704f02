import type { Projection } from '../runner/projection';
import { licenceModulesProjection } from './licenceModules';

/** Read models of the module licensing context. */
export const licenceModuleProjections: Projection[] = [licenceModulesProjection] as unknown as Projection[];
