import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

/**
 * Routes of the account feature outside the shell (spec §2): /forgot, /reset/{token}, /invite/{token}, and the
 * dev mail outbox /dev/mail (system admins; embedded mail adapter only).
 */
export const accountPublicRoutes: RouteObject[] = [
  {
    path: 'forgot',
    lazy: lazyPage(
      () => import('./ForgotPasswordPage'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: 'reset/:token',
    lazy: lazyPage(
      () => import('./ResetPasswordPage'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: 'invite/:token',
    lazy: lazyPage(
      () => import('./AcceptInvitationPage'),
      (m) => m.AcceptInvitationPage,
    ),
  },
  {
    path: 'dev/mail',
    lazy: lazyPage(
      () => import('./DevMailPage'),
      (m) => m.DevMailPage,
    ),
  },
];
