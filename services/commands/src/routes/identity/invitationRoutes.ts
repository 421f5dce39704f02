import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountRoutes } from '@stramien/api';
import {
  DomainError,
  INVITATION_TTL_DAYS,
  accountMessages,
  format,
  fullName,
  messages,
  toUserEmailStreamId,
  userDecider,
  userEmailDecider,
  userEmailSchemas,
  type Actor,
  type Language,
} from '@stramien/domain';
import type { AuthenticatedUser, SignInKeys } from '@stramien/infra';
import type { LicenceDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import type { AppDeps } from '../../deps';
import { loadLicenceAdminAccess } from '../../access/licenceAccess';
import { hashAccountToken, newAccountToken, type AccountSupport } from './accountSupport';

export interface Invitation {
  email: string;
  firstname: string;
  lastname: string;
  language: Language | undefined;
  isAdmin: boolean;
  /** POST /user: an address that already has an account is refused (409) instead of added */
  mustBeNew: boolean;
}

/**
 * Invites an address into a licence the caller administers: a new address gets an account (its e-mail reserved
 * first, so two registrations of one address cannot both succeed) with an invitation link; an existing account
 * is added to the licence and told by mail; an account that never set its password gets a fresh link.
 */
export const createInviter = (app: FastifyInstance, deps: AppDeps, support: AccountSupport) => {
  const { users } = support;
  const reserve = createCommandHandler(app, { decider: userEmailDecider, schemas: userEmailSchemas, toStreamId: toUserEmailStreamId });
  return async (input: Invitation, ctx: { request: FastifyRequest; me: AuthenticatedUser; licence: LicenceDoc; actor: Actor }) => {
    const { request, me, licence, actor } = ctx;
    const known = await users.findOne({ email: input.email });
    let userId = known?._id;
    if (known && input.mustBeNew) throw new DomainError(messages.identity.emailTaken, 409, { email: [messages.identity.emailTaken] });
    if (!userId) {
      const candidate = randomUUID();
      const reservation = await reserve(
        request,
        input.email,
        { type: 'ReserveUserEmail', data: { email: input.email, userId: candidate } },
        { actor, settle: false },
      );
      userId = reservation.state.ownerId ?? candidate;
      if (userId !== candidate && input.mustBeNew) {
        throw new DomainError(messages.identity.emailTaken, 409, { email: [messages.identity.emailTaken] });
      }
    }
    const { token, tokenHash } = newAccountToken();
    const language: Language = input.language ?? (me.language as Language);
    const result = await support.run(
      userId,
      {
        type: 'InviteUser',
        data: {
          userId,
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          language,
          licenceId: licence._id,
          isAdmin: input.isAdmin,
          tokenHash,
          passwordHash: await support.unusablePasswordHash(),
        },
      },
      request,
      actor,
    );
    await support.settle(result.position);
    const state = result.state;
    const inviter = (await users.findOne({ _id: me.userId }))?.name ?? '';
    const types = result.events.map((e) => e.type);
    const name = fullName(state);
    if (types.includes('UserInvited')) {
      await support.mail(state.email, state.language, {
        kind: 'invitation',
        name,
        licence: licence.name,
        inviter,
        link: support.link(request, `/invite/${token}`),
        days: INVITATION_TTL_DAYS,
      });
    } else if (types.includes('UserAddedToLicence') && !state.disabled) {
      await support.mail(state.email, state.language, {
        kind: 'added-to-licence',
        name,
        licence: licence.name,
        inviter,
        link: support.link(request, '/login'),
      });
    }
    return { userId, position: result.position };
  };
};

export const registerInvitationRoutes = (app: FastifyInstance, deps: AppDeps, support: AccountSupport): void => {
  const { hasher, limiter } = deps;
  const { users, licences } = support;
  const invite = createInviter(app, deps, support);
  const invalidInvitation = () => new DomainError(accountMessages.invitationInvalid, 422, undefined, 'invalid-invitation');

  addRoute(app, accountRoutes.invite, async ({ body, request }) => {
    const ctx = await loadLicenceAdminAccess(deps, request, body.license);
    const { position } = await invite(
      {
        email: body.email,
        firstname: body.firstname ?? '',
        lastname: body.lastname ?? '',
        language: body.language,
        isAdmin: body.is_admin ?? false,
        mustBeNew: false,
      },
      { request, ...ctx },
    );
    // the same answer for a new and a known address
    return { message: format(accountMessages.invitationSent, { email: body.email }), position };
  });

  /** The account an open, unexpired invitation token belongs to; every miss counts for the limiter. */
  const openInvitation = async (token: string, ip: string) => {
    const tokenHash = hashAccountToken(token);
    const user = await users.findOne({ 'invitation.tokenHash': tokenHash });
    const keys: SignInKeys = { account: user?._id ?? null, address: ip };
    await limiter.guard(keys);
    const open = user?.invitation;
    if (!user || !open || Date.parse(open.expiresAt) <= Date.now()) {
      await limiter.failure(keys);
      throw invalidInvitation();
    }
    return { user, tokenHash, keys };
  };

  addRoute(app, accountRoutes.invitationDetails, async ({ body, request }) => {
    const { user } = await openInvitation(body.token, request.ip);
    const licence = await licences.findOne({ _id: user.invitation!.licenceId });
    return { email: user.email, firstname: user.firstname, lastname: user.lastname, license_name: licence?.name ?? '' };
  });

  addRoute(app, accountRoutes.acceptInvitation, async ({ body, request }) => {
    const { user, tokenHash, keys } = await openInvitation(body.token, request.ip);
    const actor: Actor = { userId: user._id, licenceId: user.invitation!.licenceId };
    const now = deps.clock().toISOString();
    const command = {
      type: 'AcceptInvitation' as const,
      data: { tokenHash, passwordHash: '', firstname: body.firstname, lastname: body.lastname },
      metadata: { actor, now },
    };
    const refusal = userDecider.decide(command, await support.loadState(user._id));
    if (refusal instanceof DomainError) {
      if (refusal.code === 'invalid-invitation') await limiter.failure(keys);
      throw refusal;
    }
    const passwordHash = await hasher.hash(body.password);
    const result = await support.run(user._id, { type: command.type, data: { ...command.data, passwordHash } }, request, actor);
    await limiter.success(keys);
    await support.settle(result.position);
    return { message: accountMessages.invitationAccepted, email: user.email, position: result.position };
  });
};
