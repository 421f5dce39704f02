import type { Projection } from '../runner/projection';
import { usersProjection } from './users';
import { sessionsProjection } from './sessions';
import { twoFactorProjection } from './twoFactor';

/** Read models of the identity context. */
export const identityProjections: Projection[] = [usersProjection, sessionsProjection, twoFactorProjection] as unknown as Projection[];
