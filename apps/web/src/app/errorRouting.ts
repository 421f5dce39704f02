import type { ApiError } from '@stramien/api';
import { PASSWORD_RESET_REQUIRED_CODE } from '@stramien/domain';

export interface FailedCall {
  status: number;
  message: string;
  code?: string | undefined;
}

export interface CurrentLocation {
  pathname: string;
  search: string;
}

const here = (location: CurrentLocation) => `${location.pathname}${location.search}`;
const redirectTo = (path: string, location: CurrentLocation) => `${path}?redirect=${encodeURIComponent(here(location))}`;

/**
 * Where the app goes after a failed call, by spec §2 "Router behaviour on failed calls";
 * null when the failure is for the screen itself to show (or the user is already there).
 */
export const routeForError = (error: FailedCall, location: CurrentLocation): string | null => {
  const target = (() => {
    if (error.code?.includes(PASSWORD_RESET_REQUIRED_CODE)) return '/settings?status=reset';
    if (error.status === 401) return location.pathname === '/login' ? null : redirectTo('/login', location);
    if (error.status === 403 && /two[- ]?factor/i.test(error.message)) return '/settings?status=2fa-required';
    if (error.status === 503 || error.message === 'Service Unavailable')
      return location.pathname === '/maintenance' ? null : redirectTo('/maintenance', location);
    return null;
  })();
  return target === here(location) ? null : target;
};

export interface ErrorRoutingTarget {
  readonly state: { location: CurrentLocation };
  navigate: (to: string) => unknown;
}

/**
 * The one global handler of failed calls, plugged into the API client's `onError`: a 401 also forgets the
 * token (it is no longer accepted), then the app navigates as `routeForError` says.
 */
export const createErrorRouter =
  (router: ErrorRoutingTarget, onUnauthorized: () => void) =>
  (error: ApiError): void => {
    if (error.status === 401) onUnauthorized();
    const target = routeForError(error, router.state.location);
    if (target) void router.navigate(target);
  };
