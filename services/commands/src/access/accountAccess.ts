import type { FastifyRequest } from 'fastify';
import { accountChangeRefusal, accountMessages, DomainError, messages } from '@stramien/domain';
import type { AuthenticatedUser } from '@stramien/infra';
import type { UserDoc } from '@stramien/projections';
import type { AppDeps } from '../deps';
import { requireUser } from '../plugins/auth';
import { belongsToLicence } from '../plugins/permissionSubject';
import { administers } from './licenceAccess';

/** The licences of `target` that `me` may see in the administration: those `me` administers, or all of one's own. */
export const licencesShownTo = (me: AuthenticatedUser, target: Pick<UserDoc, '_id' | 'licences'>): UserDoc['licences'] =>
  me.userId === target._id ? target.licences : target.licences.filter((l) => administers(me, l.id));

/** Can `me` see that `target` exists (they share a licence, or `me` is a system admin)? */
export const seesAccount = (me: AuthenticatedUser, target: Pick<UserDoc, 'licences'>): boolean =>
  me.isSystemAdmin || target.licences.some((l) => belongsToLicence(me, l.id));

/**
 * A user the signed-in user may administer: any for a system admin; else one sharing a licence the caller
 * administers (404 when no licence is shared, 403 when none of the shared ones is administered). `wholeAccount`
 * (disable, enable) is the domain's `accountChangeRefusal`: every licence of the user administered, no system admin.
 */
export const loadManagedUser = async (
  deps: AppDeps,
  request: FastifyRequest,
  userId: string,
  wholeAccount: boolean,
): Promise<{ me: AuthenticatedUser; target: UserDoc }> => {
  const me = requireUser(request);
  const target = await deps.adapters.documentStore.collection<UserDoc>('users').findOne({ _id: userId });
  if (!target || !seesAccount(me, target)) throw new DomainError(accountMessages.userNotFound, 404);
  if (!target.licences.some((l) => administers(me, l.id)) && !me.isSystemAdmin) throw new DomainError(messages.shared.forbidden, 403);
  if (wholeAccount) {
    const account = {
      userId: target._id,
      isSystemAdmin: target.isSystemAdmin,
      licences: Object.fromEntries(target.licences.map((l) => [l.id, l.isAdmin])),
    };
    const refused = accountChangeRefusal(me, account);
    if (refused) throw refused;
  }
  return { me, target };
};
