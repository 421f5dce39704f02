import type { DocumentStore } from '@stramien/infra';
import type { User } from '@stramien/api';
import { DEFAULT_THEME_PRIMARY, notFound } from '@stramien/domain';
import type { LicenceDoc, UserDoc } from '@stramien/projections';

/** GET /user's shape from the users and licences read models. */
export const loadUserView = async (documentStore: DocumentStore, userId: string): Promise<User> => {
  const user = await documentStore.collection<UserDoc>('users').findOne({ _id: userId });
  if (!user) throw notFound('User not found');
  const licences = await documentStore.collection<LicenceDoc>('licences').find({ _id: { $in: user.licences.map((l) => l.id) } });
  const byId = new Map(licences.map((l) => [l._id, l]));
  return {
    id: user._id,
    name: user.name,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    language: user.language,
    photo: null,
    is_systemadmin: user.isSystemAdmin,
    two_factor_enabled: user.twoFactorEnabled,
    roles: [],
    licenses: user.licences
      .filter((l) => byId.has(l.id))
      .map((l) => ({
        id: l.id,
        name: byId.get(l.id)!.name,
        is_admin: l.isAdmin,
        theme: { primary: byId.get(l.id)!.themePrimary ?? DEFAULT_THEME_PRIMARY },
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
};
