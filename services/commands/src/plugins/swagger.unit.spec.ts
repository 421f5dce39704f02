import { describe, expect, it } from 'vitest';
import { identityRoutes, projectRoutes, systemRoutes, teamRoutes } from '@stramien/api';
import { errorStatuses } from './swagger';

describe('the documented error answers of a route', () => {
  it('follow its policy, method and input', () => {
    expect(errorStatuses(projectRoutes.get)).toEqual([400, 401, 403, 404]);
    expect(errorStatuses(teamRoutes.create)).toEqual([400, 401, 403, 404, 409, 413, 415, 422]);
    expect(errorStatuses(systemRoutes.build)).toEqual([]);
  });
  it('add 429 where the sign-in limiter guards it and what the contract names besides', () => {
    expect(errorStatuses(identityRoutes.token)).toEqual([400, 401, 409, 413, 415, 422, 429]);
  });
});
