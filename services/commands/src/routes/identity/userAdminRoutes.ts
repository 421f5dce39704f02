import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountRoutes, type AdminUser } from '@stramien/api';
import { DomainError, accountMessages, format, messages } from '@stramien/domain';
import type { AuthenticatedUser } from '@stramien/infra';
import type { UserDoc } from '@stramien/projections';
import { actorOf, requireUser } from '../../plugins/auth';
import { addRoute } from '../../plugins/route';
import type { AppDeps } from '../../deps';
import { actorIn, type AccountSupport } from './accountSupport';
import { administers, administersAll, loadLicenceAdminAccess } from '../../access/licenceAccess';
import { licencesShownTo, loadManagedUser, seesAccount } from '../../access/accountAccess';
import { belongsToLicence } from '../../plugins/permissionSubject';
import { createInviter } from './invitationRoutes';

/**
 * A user as the administration shows it to `me`: the admin flag on `licenceId` (null across licences), and only
 * the licences `me` administers (all for a system admin), so another licence's membership does not leak.
 */
export const toAdminUser = (doc: UserDoc, me: AuthenticatedUser, licenceId: string | null): AdminUser => ({
  id: doc._id,
  name: doc.name,
  firstname: doc.firstname,
  lastname: doc.lastname,
  email: doc.email,
  language: doc.language,
  is_systemadmin: doc.isSystemAdmin,
  is_admin: licenceId === null ? null : (doc.licences.find((l) => l.id === licenceId)?.isAdmin ?? false),
  disabled: doc.disabled,
  status: doc.status ?? 'active',
  licenses: licencesShownTo(me, doc).map((l) => ({ id: l.id, is_admin: l.isAdmin })),
  created_at: doc.createdAt,
  last_sign_in_at: doc.lastSignInAt,
});

const matches = (doc: UserDoc, search: string | undefined): boolean => {
  const needle = search?.trim().toLowerCase();
  return !needle || doc.name.toLowerCase().includes(needle) || doc.email.includes(needle);
};
const byName = (a: UserDoc, b: UserDoc) => (a.name || a.email).localeCompare(b.name || b.email) || a.email.localeCompare(b.email);

/** Users administration (spec 1 §6, §7 Users): lists, create, add to and remove from a licence, admin flag, disable. */
export const registerUserAdminRoutes = (app: FastifyInstance, deps: AppDeps, support: AccountSupport): void => {
  const { users } = support;
  const invite = createInviter(app, deps, support);

  const listOf = async (me: AuthenticatedUser, licenceId: string | null, search: string | undefined) => {
    const docs = await users.find(licenceId === null ? {} : { 'licences.id': licenceId });
    return {
      data: docs
        .filter((d) => matches(d, search))
        .sort(byName)
        .map((d) => toAdminUser(d, me, licenceId)),
    };
  };
  const viewOf = async (me: AuthenticatedUser, userId: string, licenceId: string | null, position: number) => {
    await support.settle(position);
    const doc = await users.findOne({ _id: userId });
    if (!doc) throw new DomainError(accountMessages.userNotFound, 404);
    return { data: toAdminUser(doc, me, licenceId), position };
  };
  /** a member of the licence, else 404 */
  const memberOf = async (licenceId: string, userId: string): Promise<UserDoc> => {
    const doc = await users.findOne({ _id: userId });
    if (!doc || !doc.licences.some((l) => l.id === licenceId)) throw new DomainError(accountMessages.userNotFound, 404);
    return doc;
  };
  /** the licence the answer shows the user in: the one asked for when administered, else the caller's selected one */
  const viewLicence = (request: FastifyRequest, me: AuthenticatedUser, asked: string | undefined): string | null => {
    if (asked && administers(me, asked)) return asked;
    const selected = actorOf(request).licenceId;
    return selected && belongsToLicence(me, selected) ? selected : null;
  };

  addRoute(app, accountRoutes.listUsers, async ({ query, request }) => {
    const me = requireUser(request);
    if (query.license) {
      await loadLicenceAdminAccess(deps, request, query.license);
      return listOf(me, query.license, query.search);
    }
    // across every licence only for whoever administers all of them (a system admin)
    if (administersAll(me)) return listOf(me, null, query.search);
    const selected = actorOf(request).licenceId;
    if (!selected) throw new DomainError(messages.shared.forbidden, 403);
    await loadLicenceAdminAccess(deps, request, selected);
    return listOf(me, selected, query.search);
  });

  addRoute(app, accountRoutes.licenceUsers, async ({ params, query, request }) => {
    const { me } = await loadLicenceAdminAccess(deps, request, params.id);
    return listOf(me, params.id, query?.search);
  });

  addRoute(app, accountRoutes.createUser, async ({ body, request }) => {
    const ctx = await loadLicenceAdminAccess(deps, request, body.license);
    const { userId, position } = await invite(
      {
        email: body.email,
        firstname: body.firstname,
        lastname: body.lastname,
        language: body.language,
        isAdmin: body.is_admin ?? false,
        mustBeNew: true,
      },
      { request, ...ctx },
    );
    return viewOf(ctx.me, userId, body.license, position);
  });

  /**
   * Adds an address (or a user the caller can see, by id) to the licence. An unknown address is invited, a known
   * account is added and told by mail; the answer is the same for both and carries nothing of the account, so it
   * neither tells whether the address has an account nor shows its profile (issue 6, D2/D3). Being added gives the
   * adder no power over an account that also works elsewhere (the domain's `accountChangeRefusal`).
   */
  addRoute(app, accountRoutes.addLicenceUser, async ({ params, body, request }) => {
    const ctx = await loadLicenceAdminAccess(deps, request, params.id);
    let email = body.email;
    if (body.user_id !== undefined) {
      const target = await users.findOne({ _id: body.user_id });
      if (!target || !seesAccount(ctx.me, target)) throw new DomainError(accountMessages.userNotFound, 404);
      email = target.email;
    }
    const { position } = await invite(
      { email: email!, firstname: '', lastname: '', language: undefined, isAdmin: body.is_admin ?? false, mustBeNew: false },
      { request, ...ctx },
    );
    return { message: format(accountMessages.invitationSent, { email: email! }), position };
  });

  addRoute(app, accountRoutes.setLicenceAdmin, async ({ params, body, request }) => {
    const { me, actor } = await loadLicenceAdminAccess(deps, request, params.id);
    await memberOf(params.id, params.userId);
    const result = await support.run(
      params.userId,
      {
        type: 'SetLicenceAdmin',
        data: { licenceId: params.id, isAdmin: body.is_admin },
      },
      request,
      actor,
    );
    return viewOf(me, params.userId, params.id, result.position);
  });

  addRoute(app, accountRoutes.removeLicenceUser, async ({ params, request }) => {
    const { actor } = await loadLicenceAdminAccess(deps, request, params.id);
    const target = await memberOf(params.id, params.userId);
    const result = await support.run(params.userId, { type: 'RemoveUserFromLicence', data: { licenceId: params.id } }, request, actor);
    await support.settle(result.position);
    return { message: format(accountMessages.userUpdated, { name: target.name || target.email }), position: result.position };
  });

  addRoute(app, accountRoutes.userAccess, async ({ params, request }) => {
    const me = requireUser(request);
    const self = me.userId === params.id;
    const target = self ? await users.findOne({ _id: params.id }) : (await loadManagedUser(deps, request, params.id, false)).target;
    if (!target) throw new DomainError(accountMessages.userNotFound, 404);
    const shown = licencesShownTo(me, target);
    const names = new Map((await support.licences.find({ _id: { $in: shown.map((l) => l.id) } })).map((l) => [l._id, l.name]));
    return {
      id: target._id,
      is_systemadmin: target.isSystemAdmin,
      disabled: target.disabled,
      licenses: shown.map((l) => ({ id: l.id, name: names.get(l.id) ?? '', is_admin: l.isAdmin })),
    };
  });

  const setDisabled = (type: 'DisableUser' | 'EnableUser') =>
    addRoute(app, type === 'DisableUser' ? accountRoutes.disableUser : accountRoutes.enableUser, async ({ params, body, request }) => {
      const { me, target } = await loadManagedUser(deps, request, params.id, true);
      const licenceId = viewLicence(request, me, body?.license);
      const actor = actorIn(me, licenceId ?? target.licences[0]?.id ?? '');
      const result = await support.run(params.id, { type, data: {} }, request, actor);
      return viewOf(me, params.id, licenceId, result.position);
    });
  setDisabled('DisableUser');
  setDisabled('EnableUser');
};
