import type { User } from '@stramien/api';

export type UserLicence = User['licenses'][number];

/** True when the user works in more than one licence and none of them is chosen yet. */
export const needsLicenceChoice = (user: Pick<User, 'licenses'>, chosenId: string | null): boolean =>
  user.licenses.length > 1 && !user.licenses.some((licence) => licence.id === chosenId);

/** The licence the app works in: the chosen one when the user still has it, else the only one. */
export const resolveLicence = (user: Pick<User, 'licenses'>, chosenId: string | null): UserLicence | null =>
  user.licenses.find((licence) => licence.id === chosenId) ?? (user.licenses.length === 1 ? (user.licenses[0] ?? null) : null);
