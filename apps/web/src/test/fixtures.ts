import type { User } from '@stramien/api';

/** A licence as the current user's `licenses` list holds it. */
export const licenceOf = (id: string, name: string, over: Partial<User['licenses'][number]> = {}): User['licenses'][number] => ({
  id,
  name,
  is_admin: false,
  theme: { primary: null },
  ...over,
});

/** The signed-in user of the web tests, Anna de Vries, without licences unless given. */
export const userOf = (over: Partial<User> = {}): User => ({
  id: 'u-1',
  name: 'Anna de Vries',
  firstname: 'Anna',
  lastname: 'de Vries',
  email: 'anna@example.com',
  language: 'en',
  photo: null,
  is_systemadmin: false,
  two_factor_enabled: false,
  roles: [],
  licenses: [],
  ...over,
});
