import { accountRoutes, type Body, type Response } from '@stramien/api';
import { api } from '../../shared/api';

/** The account screens' server calls; tests pass their own. */
export interface AccountCalls {
  forgot: (email: string) => Promise<Response<typeof accountRoutes.forgotPassword>>;
  reset: (body: Body<typeof accountRoutes.resetPassword>) => Promise<Response<typeof accountRoutes.resetPassword>>;
  invitation: (token: string) => Promise<Response<typeof accountRoutes.invitationDetails>>;
  accept: (body: Body<typeof accountRoutes.acceptInvitation>) => Promise<Response<typeof accountRoutes.acceptInvitation>>;
}

export const accountCalls: AccountCalls = {
  forgot: (email) => api.call(accountRoutes.forgotPassword, { body: { email } }),
  reset: (body) => api.call(accountRoutes.resetPassword, { body }),
  invitation: (token) => api.call(accountRoutes.invitationDetails, { body: { token } }),
  accept: (body) => api.call(accountRoutes.acceptInvitation, { body }),
};
