import { accountRoutes, type AdminUser, type Body, type Response } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api';

/** The users administration's server calls; tests pass their own. */
export interface AdminUsersCalls {
  list: (licenceId: string, signal?: AbortSignal) => Promise<{ data: AdminUser[] }>;
  create: (body: Body<typeof accountRoutes.createUser>) => Promise<Response<typeof accountRoutes.createUser>>;
  invite: (body: Body<typeof accountRoutes.invite>) => Promise<Response<typeof accountRoutes.invite>>;
  addExisting: (licenceId: string, email: string, isAdmin: boolean) => Promise<Response<typeof accountRoutes.addLicenceUser>>;
  setAdmin: (licenceId: string, userId: string, isAdmin: boolean) => Promise<Response<typeof accountRoutes.setLicenceAdmin>>;
  setDisabled: (licenceId: string, userId: string, disabled: boolean) => Promise<Response<typeof accountRoutes.disableUser>>;
}

export const adminUsersCalls: AdminUsersCalls = {
  list: (licenceId, signal) => api.call(accountRoutes.listUsers, { query: { license: licenceId }, signal }),
  create: (body) => api.call(accountRoutes.createUser, { body }),
  invite: (body) => api.call(accountRoutes.invite, { body }),
  addExisting: (licenceId, email, isAdmin) =>
    api.call(accountRoutes.addLicenceUser, { params: { id: licenceId }, body: { email, is_admin: isAdmin } }),
  setAdmin: (licenceId, userId, isAdmin) =>
    api.call(accountRoutes.setLicenceAdmin, { params: { id: licenceId, userId }, body: { is_admin: isAdmin } }),
  setDisabled: (licenceId, userId, disabled) =>
    api.call(disabled ? accountRoutes.disableUser : accountRoutes.enableUser, { params: { id: userId }, body: { license: licenceId } }),
};

export const adminUsersKeys = {
  all: ['account', 'admin-users'] as const,
  licence: (licenceId: string) => ['account', 'admin-users', licenceId] as const,
};

/** GET /api/users?license= — the users of a licence, for its admins. */
export const adminUsersQuery = (licenceId: string, calls: AdminUsersCalls = adminUsersCalls) =>
  queryOptions({
    queryKey: adminUsersKeys.licence(licenceId),
    queryFn: ({ signal }) => calls.list(licenceId, signal),
    enabled: licenceId !== '',
  });
