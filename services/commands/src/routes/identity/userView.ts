import type { DocumentStore } from '@stramien/infra';
import type { User } from '@stramien/api';
import { DEFAULT_THEME_PRIMARY, notFound, passwordExpiresAt } from '@stramien/domain';
import { TWO_FACTOR_COLLECTION, type LicenceDoc, type TwoFactorDoc, type UserDoc } from '@stramien/projections';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import { cachedRead } from '../../plugins/readModelCache';

/** GET /user's shape from the users and licences read models. */
export const loadUserView = async (documentStore: DocumentStore, userId: string): Promise<User> => {
  const user = await documentStore.collection<UserDoc>('users').findOne({ _id: userId });
  if (!user) throw notFound('User not found');
  // the rest changes rarely: kept while its collection is unchanged (readModelCache.ts)
  const twoFactorEnabled = await cachedRead(documentStore, {
    collection: TWO_FACTOR_COLLECTION,
    kind: 'two-factor enabled',
    key: userId,
    read: async () => (await documentStore.collection<TwoFactorDoc>(TWO_FACTOR_COLLECTION).findOne({ _id: userId }))?.enabled ?? false,
  });
  const licenceIds = user.licences.map((l) => l.id);
  const licences = await cachedRead(documentStore, {
    collection: 'licences',
    kind: 'licence names and themes',
    key: JSON.stringify(licenceIds),
    read: async () =>
      (await documentStore.collection<LicenceDoc>('licences').find({ _id: { $in: licenceIds } })).map((l) => ({
        _id: l._id,
        name: l.name,
        themePrimary: l.themePrimary,
      })),
  });
  const byId = new Map(licences.map((l) => [l._id, l]));
  // the user's role in each (not archived) project they are a member of
  const roles = await cachedRead(documentStore, {
    collection: 'projects',
    kind: 'user project roles',
    key: userId,
    read: async () =>
      (await documentStore.collection<ProjectDoc>('projects').find({ 'members.userId': userId, archived: false })).flatMap((p) => {
        const role = p.roles.find((r) => r.id === p.members.find((m) => m.userId === userId)?.roleId);
        return role ? [{ id: role.id, name: role.name, project: p._id, is_projectadmin: role.isProjectAdmin }] : [];
      }),
  });
  return {
    id: user._id,
    name: user.name,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    language: user.language,
    photo: null,
    is_systemadmin: user.isSystemAdmin,
    two_factor_enabled: twoFactorEnabled,
    password_expires_at: user.passwordChangedAt ? passwordExpiresAt(user.passwordChangedAt) : null,
    roles: [...roles],
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
