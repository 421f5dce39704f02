import type { FastifyInstance } from 'fastify';
import { createAccountSupport } from './accountSupport';
import { registerDevMailRoutes } from './devMailRoutes';
import { registerInvitationRoutes } from './invitationRoutes';
import { registerPasswordRoutes } from './passwordRoutes';
import { registerUserAdminRoutes } from './userAdminRoutes';

/** Accounts: passwords and reset, invitations, users administration, the dev mail outbox. */
export const registerAccountRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const support = createAccountSupport(app, deps);
  registerPasswordRoutes(app, deps, support);
  registerInvitationRoutes(app, deps, support);
  registerUserAdminRoutes(app, deps, support);
  registerDevMailRoutes(app, deps);
};
