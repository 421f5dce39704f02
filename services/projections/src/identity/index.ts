import type { Projection } from '../runner/projection';
import { usersProjection } from './users';
import { sessionsProjection } from './sessions';
import { twoFactorProjection } from './twoFactor';
import { apiTokensProjection } from './apiTokens';

/** Read models of the identity context. */
export const identityProjections: Projection[] = [
  usersProjection,
  sessionsProjection,
  twoFactorProjection,
  apiTokensProjection,
] as unknown as Projection[];
