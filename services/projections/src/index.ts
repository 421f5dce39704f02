import { usersProjection } from './identity/users';
import { sessionsProjection } from './identity/sessions';
import { licencesProjection } from './licences/licences';
import type { Projection } from './runner/projection';

export * from './runner/projection';
export * from './runner/projectionRunner';
export * from './forwarder/forwarder';
export * from './identity/users';
export * from './identity/sessions';
export * from './licences/licences';
export { startProjectionsService } from './service';

/** Every read model the projections service maintains. */
export const allProjections: Projection[] = [usersProjection, sessionsProjection, licencesProjection] as unknown as Projection[];
