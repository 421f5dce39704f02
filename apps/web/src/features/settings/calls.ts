import { accountRoutes, identityRoutes, type Body, type Response } from '@stramien/api';
import { api } from '../../shared/api';

/** The settings page's server calls; tests pass their own. */
export interface SettingsCalls {
  updateProfile: (userId: string, body: Body<typeof identityRoutes.updateUser>) => Promise<Response<typeof identityRoutes.updateUser>>;
  updatePassword: (body: Body<typeof accountRoutes.updatePassword>) => Promise<Response<typeof accountRoutes.updatePassword>>;
}

export const settingsCalls: SettingsCalls = {
  updateProfile: (id, body) => api.call(identityRoutes.updateUser, { params: { id }, body }),
  updatePassword: (body) => api.call(accountRoutes.updatePassword, { body }),
};
