import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountRoutes } from '@stramien/api';
import {
  DomainError,
  RESET_TOKEN_TTL_MINUTES,
  accountMessages,
  format,
  fullName,
  normaliseEmail,
  userDecider,
  type Actor,
  type Language,
} from '@stramien/domain';
import type { SignInKeys } from '@stramien/infra';
import { addRoute } from '../../plugins/route';
import { actorOf, requireUser } from '../../plugins/auth';
import type { AppDeps } from '../../deps';
import { hashAccountToken, newAccountToken, type AccountSupport } from './accountSupport';

/**
 * Change password, forgotten password, reset (spec 1 §5, §7, §8). Every check of a secret goes through the one
 * sign-in limiter, per account and per address.
 */
export const registerPasswordRoutes = (app: FastifyInstance, deps: AppDeps, support: AccountSupport): void => {
  const { hasher, limiter, tokens } = deps;
  const { users } = support;

  const notifyChanged = (request: FastifyRequest, to: string, language: Language, name: string) =>
    support.later(() => support.mail(to, language, { kind: 'password-changed', name, link: support.link(request, '/forgot') }));

  addRoute(app, accountRoutes.updatePassword, async ({ body, request }) => {
    const me = requireUser(request);
    const actor = actorOf(request);
    const keys: SignInKeys = { account: me.userId, address: request.ip };
    await limiter.guard(keys);
    const state = await support.loadState(me.userId);
    if (normaliseEmail(body.email) !== state.email) {
      throw new DomainError(accountMessages.emailNotYours, 422, { email: [accountMessages.emailNotYours] });
    }
    const currentPasswordValid = await hasher.verify(body.currentpassword, state.passwordHash);
    if (!currentPasswordValid) await limiter.failure(keys);
    const passwordHash = currentPasswordValid ? await hasher.hash(body.newpassword) : '';
    // the decider refuses a wrong current password (422 with the field message)
    const result = await support.run(me.userId, { type: 'ChangePassword', data: { passwordHash, currentPasswordValid } }, request, actor);
    await limiter.success(keys);
    await support.settle(result.position);
    // every token issued before the change stops working; this session goes on with a fresh one
    const { token, expiresIn } = await tokens.issue({ sub: me.userId, sid: me.sessionId });
    notifyChanged(request, state.email, state.language, fullName(state));
    return {
      message: format(accountMessages.passwordUpdated, { name: fullName(state) }),
      token_type: 'Bearer' as const,
      access_token: token,
      expires_in: expiresIn,
      position: result.position,
    };
  });

  addRoute(app, accountRoutes.forgotPassword, async ({ body, request }) => {
    // not limited: it checks no secret, and a lock here would let anyone block a victim's reset mail (D4); the
    // decider sends at most one link a moment
    const user = await users.findOne({ email: body.email });
    if (user) {
      // after the answer: known and unknown addresses answer alike, in the same time
      support.later(async () => {
        const { token, tokenHash } = newAccountToken();
        const actor: Actor = { userId: user._id, licenceId: user.licences[0]?.id ?? '' };
        const result = await support.run(user._id, { type: 'RequestPasswordReset', data: { tokenHash } }, request, actor);
        if (result.events.length === 0) return; // disabled, or a link was sent a moment ago
        const link = support.link(request, `/reset/${token}?email=${encodeURIComponent(user.email)}`);
        await support.mail(user.email, user.language, { kind: 'password-reset', name: user.name, link, minutes: RESET_TOKEN_TTL_MINUTES });
      });
    }
    return { message: accountMessages.resetLinkSent };
  });

  addRoute(app, accountRoutes.resetPassword, async ({ body, request }) => {
    const user = await users.findOne({ email: body.email });
    const keys: SignInKeys = { account: user?._id ?? body.email, address: request.ip };
    await limiter.guard(keys);
    const tokenHash = hashAccountToken(body.token);
    const now = deps.clock().toISOString();
    const actor: Actor = { userId: user?._id ?? 'anonymous', licenceId: user?.licences[0]?.id ?? '' };
    const command = { type: 'ResetPassword' as const, data: { tokenHash, passwordHash: '' }, metadata: { actor, now } };
    // the domain's own check first, so a wrong token costs no password hash
    const refusal = user
      ? userDecider.decide(command, await support.loadState(user._id))
      : new DomainError(accountMessages.resetTokenInvalid, 422, undefined, 'invalid-reset-token');
    if (refusal instanceof DomainError) {
      if (refusal.code === 'invalid-reset-token') await limiter.failure(keys);
      throw refusal;
    }
    const passwordHash = await hasher.hash(body.password);
    // decided again on the fresh stream: of two uses of one link only the first succeeds
    const result = await support.run(user!._id, { type: command.type, data: { tokenHash, passwordHash } }, request, actor);
    await limiter.success(keys);
    await support.settle(result.position);
    notifyChanged(request, user!.email, user!.language, user!.name);
    return { message: accountMessages.passwordReset, position: result.position };
  });
};
