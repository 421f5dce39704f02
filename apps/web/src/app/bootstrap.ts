import { startSessionExpiryNotices } from '../features/identity/session/sessionExpiry';
import { clearToken, dropExpiredToken, readToken } from '../features/identity/session/tokenStorage';
import { maintenanceHeaders } from '../features/system/maintenanceToken';
import { configureApi } from '../shared/api';
import { createErrorRouter, type ErrorRoutingTarget } from './errorRouting';

/**
 * Start-up: an expired stored token is removed (the guard then sends the user to Login), the API client
 * gets the token, the maintenance header and the global error routing, and the session's expiry is watched
 * (a warning a few minutes before, sign-out at expiry).
 */
export const bootstrap = (router: ErrorRoutingTarget): void => {
  dropExpiredToken();
  configureApi({
    getToken: () => readToken(),
    getHeaders: maintenanceHeaders,
    onError: createErrorRouter(router, clearToken),
  });
  startSessionExpiryNotices();
};
