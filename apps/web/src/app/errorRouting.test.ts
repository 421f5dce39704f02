import { ApiError } from '@stramien/api';
import { describe, expect, it } from 'vitest';
import { createErrorRouter, routeForError } from './errorRouting';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('routeForError', () => {
  describe('after a 401', () => {
    it('goes to Login with the current path as redirect', () => {
      expect(routeForError({ status: 401, message: 'Unauthenticated.' }, at('/dashboard', '?tab=today'))).toBe(
        '/login?redirect=%2Fdashboard%3Ftab%3Dtoday',
      );
    });

    it('stays when the user is already on Login', () => {
      expect(routeForError({ status: 401, message: 'Invalid credentials' }, at('/login', '?redirect=%2Fbuild'))).toBeNull();
    });
  });

  describe('after a 403', () => {
    it('goes to Settings with status 2fa-required when the message says two-factor authentication is required', () => {
      expect(routeForError({ status: 403, message: 'Two-factor authentication is required.' }, at('/dashboard'))).toBe(
        '/settings?status=2fa-required',
      );
      expect(routeForError({ status: 403, message: 'two factor authentication required' }, at('/build'))).toBe(
        '/settings?status=2fa-required',
      );
    });

    it('stays for any other 403', () => {
      expect(routeForError({ status: 403, message: 'This action is unauthorized.' }, at('/dashboard'))).toBeNull();
    });
  });

  describe('after a 503 or a Service Unavailable message', () => {
    it('goes to Maintenance with the current path as redirect', () => {
      expect(routeForError({ status: 503, message: 'Down for maintenance' }, at('/build'))).toBe('/maintenance?redirect=%2Fbuild');
      expect(routeForError({ status: 500, message: 'Service Unavailable' }, at('/dashboard'))).toBe('/maintenance?redirect=%2Fdashboard');
    });

    it('stays when the user is already on Maintenance', () => {
      expect(routeForError({ status: 503, message: 'Service Unavailable' }, at('/maintenance', '?redirect=%2Fbuild'))).toBeNull();
    });
  });

  describe('after an error whose code contains 1656583722774', () => {
    it('goes to settings with status reset', () => {
      expect(routeForError({ status: 403, message: 'Password expired', code: 'E1656583722774' }, at('/dashboard'))).toBe(
        '/settings?status=reset',
      );
      expect(routeForError({ status: 401, message: 'Password expired', code: '1656583722774' }, at('/dashboard'))).toBe(
        '/settings?status=reset',
      );
    });

    it('stays when the user is already there', () => {
      expect(routeForError({ status: 403, message: 'x', code: '1656583722774' }, at('/settings', '?status=reset'))).toBeNull();
    });
  });

  describe('after any other failure', () => {
    it('stays so the screen can show the message', () => {
      expect(routeForError({ status: 422, message: 'The name field is required.' }, at('/dashboard'))).toBeNull();
      expect(routeForError({ status: 404, message: 'Not found' }, at('/dashboard'))).toBeNull();
      expect(routeForError({ status: 500, message: 'Server error' }, at('/dashboard'))).toBeNull();
    });
  });
});

describe('createErrorRouter', () => {
  const fakeRouter = (pathname: string) => {
    const visited: string[] = [];
    return { visited, state: { location: at(pathname) }, navigate: (to: string) => void visited.push(to) };
  };

  it('forgets the token and navigates to Login after a 401', () => {
    const router = fakeRouter('/build');
    let forgotten = 0;
    createErrorRouter(router, () => forgotten++)(new ApiError(401, 'Unauthenticated.'));
    expect(forgotten).toBe(1);
    expect(router.visited).toEqual(['/login?redirect=%2Fbuild']);
  });

  it('keeps the token and does not navigate for a validation error', () => {
    const router = fakeRouter('/build');
    let forgotten = 0;
    createErrorRouter(router, () => forgotten++)(new ApiError(422, 'Invalid'));
    expect(forgotten).toBe(0);
    expect(router.visited).toEqual([]);
  });
});
