import type { Projection } from '../runner/projection';
import { usersProjection } from './users';
import { sessionsProjection } from './sessions';

/** Read models of the identity context. */
export const identityProjections: Projection[] = [usersProjection, sessionsProjection] as unknown as Projection[];
