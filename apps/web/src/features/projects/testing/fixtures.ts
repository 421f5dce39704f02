import type { Project, ProjectModule, User } from '@stramien/api';
import { licenceOf, userOf as baseUser } from '../../../test/fixtures';
import type { Session } from '../../identity/session/useSession';

export const LICENCE_ID = '11111111-1111-4111-8111-111111111111';

const ALL = { workflows: true, tables: true, sbs: true, labels: true, tasks: true };
const NONE = { workflows: false, tables: false, sbs: false, labels: false, tasks: false };

export const moduleView = (over: Partial<ProjectModule> & Pick<ProjectModule, 'id' | 'name'>): ProjectModule => ({
  icon: 'cube',
  route: over.id,
  category: 'planning',
  accessible: true,
  pool: 20,
  ...over,
});

/** A project as GET /project answers it; by default the viewer is a member with a project admin role. */
export const projectView = (over: Partial<Project> = {}): Project => ({
  id: 'p-1',
  slug: '2024-01-nieuwbouw',
  number: '2024-01',
  name: 'Nieuwbouw',
  description: '',
  license: LICENCE_ID,
  image: null,
  is_favorite: false,
  is_member: true,
  is_projectadmin: true,
  archived: false,
  role: { id: 'r-admin', name: 'Project admin', is_projectadmin: true },
  roles: [
    { id: 'r-admin', name: 'Project admin', is_projectadmin: true, members: 1 },
    { id: 'r-member', name: 'Member', is_projectadmin: false, members: 0 },
  ],
  modules: [],
  generalPermissions: ALL,
  sessions: [],
  external_links: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** The same project for a member without the admin role and without team permissions. */
export const memberView = (over: Partial<Project> = {}): Project => {
  const { external_links: _links, ...rest } = projectView({
    is_projectadmin: false,
    role: { id: 'r-member', name: 'Member', is_projectadmin: false },
    generalPermissions: NONE,
    ...over,
  });
  return rest;
};

export const userOf = (over: Partial<User> = {}, licenceAdmin = false): User =>
  baseUser({ licenses: [licenceOf(LICENCE_ID, 'Bouw BV', { is_admin: licenceAdmin, theme: { primary: '#d32f2f' } })], ...over });

export const sessionOf = (user: User): Session => ({ token: 'jwt', user, licence: user.licenses[0] ?? null });
