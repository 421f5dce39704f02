import { clearToken, dropExpiredToken, readToken } from '../features/identity/session/tokenStorage';
import { maintenanceHeaders } from '../features/system/maintenanceToken';
import { configureApi } from '../shared/api';
import { createErrorRouter, type ErrorRoutingTarget } from './errorRouting';

/**
 * Start-up: an expired stored token is removed (the guard then sends the user to Login), and the API client
 * gets the token, the maintenance header and the global error routing.
 */
export const bootstrap = (router: ErrorRoutingTarget): void => {
  dropExpiredToken();
  configureApi({
    getToken: () => readToken(),
    getHeaders: maintenanceHeaders,
    onError: createErrorRouter(router, clearToken),
  });
};
