import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityRoutes } from '@stramien/api';
import {
  DomainError,
  messages,
  rejectionOf,
  toUserStreamId,
  twoFactorMessages,
  TWO_FACTOR_INVALID_CODE,
  TWO_FACTOR_REQUIRED_CODE,
  userDecider,
  userSchemas,
  type Actor,
  fullName,
} from '@stramien/domain';
import type { SignInKeys } from '@stramien/infra';
import type { UserDoc } from '@stramien/projections';
import { addExactRoute, addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { actorOf, requireUser } from '../../plugins/auth';
import { loadUserView } from './userView';
import { createTwoFactorCodes } from './securityRoutes';

const sameSecret = (a: string, b: string): boolean => {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
};

export const registerIdentityRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const handleUser = createCommandHandler(app, { decider: userDecider, schemas: userSchemas, toStreamId: toUserStreamId });
  const { config, hasher, tokens, limiter } = deps;
  const codes = createTwoFactorCodes(app);
  const { documentStore } = deps.adapters;
  const users = documentStore.collection<UserDoc>('users');
  // verified when the e-mail is unknown, so a missing account costs the same time as a wrong password
  const dummyHash = hasher.hash(randomUUID());

  /**
   * A user with two-factor authentication signs in with password and code: without a code the answer is 401
   * 'Two-factor authentication code required' (code two-factor-required), with a wrong or used one 401 'Invalid
   * two-factor authentication code'; both are appended as failed attempts, a wrong code also counts for the limiter.
   */
  const requireSecondFactor = async (userId: string, code: string | undefined, keys: SignInKeys, actor: Actor, request: FastifyRequest) => {
    const twoFactor = await codes.load(userId);
    if (!twoFactor.enabled) return;
    const result = await codes.run(
      {
        type: 'VerifyTwoFactorCode',
        data: { userId, purpose: 'sign-in', checkedSecret: twoFactor.secret ?? '', check: codes.check(twoFactor.secret, userId, code) },
      },
      actor,
      request,
    );
    const rejection = rejectionOf(result.events);
    if (rejection === 'missing') throw new DomainError(twoFactorMessages.codeRequired, 401, undefined, TWO_FACTOR_REQUIRED_CODE);
    if (rejection) {
      await limiter.failure(keys);
      throw new DomainError(twoFactorMessages.invalidCode, 401, undefined, TWO_FACTOR_INVALID_CODE);
    }
  };

  addRoute(app, identityRoutes.token, async ({ body, request }) => {
    if (!sameSecret(body.client_id, config.STRAMIEN_WEB_CLIENT_ID) || !sameSecret(body.client_secret, config.STRAMIEN_WEB_CLIENT_SECRET)) {
      throw new DomainError(messages.identity.invalidClient, 401, undefined, 'invalid_client');
    }
    const invalid = () => new DomainError(messages.identity.invalidCredentials, 401, undefined, 'invalid_grant');
    const email = body.username.trim().toLowerCase();
    const user = await users.findOne({ email });
    // per account and per address: failures slow the answers down, then lock (429 with the limiter's message)
    const keys: SignInKeys = { account: user?._id ?? email, address: request.ip };
    await limiter.guard(keys);
    if (!user) {
      await hasher.verify(body.password, await dummyHash);
      await limiter.failure(keys);
      throw invalid();
    }
    const state = await handleUser.load(user._id);
    const credentialsValid = state.exists && (await hasher.verify(body.password, state.passwordHash));
    const actor: Actor = { userId: user._id, licenceId: Object.keys(state.licences)[0] ?? '' };
    if (credentialsValid) await requireSecondFactor(user._id, body.code, keys, actor, request);
    const sessionId = randomUUID();
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    const data = { sessionId, deviceId: body.device_id ?? null, userAgent, credentialsValid };
    const signedIn = await handleUser(request, user._id, { type: 'SignIn', data }, { actor, settle: false });
    if (!credentialsValid) {
      await limiter.failure(keys);
      throw invalid();
    }
    await limiter.success(keys);
    // sessions are an allow-list: the token works once the sessions read model holds its session
    await app.projectionWait.waitFor(signedIn.position, app.minPositionWaitMs);
    const { token, expiresIn } = await tokens.issue({ sub: user._id, sid: sessionId });
    return { token_type: 'Bearer' as const, access_token: token, expires_in: expiresIn };
  });

  addRoute(app, identityRoutes.currentUser, async ({ request }) => loadUserView(documentStore, requireUser(request).userId));

  addExactRoute(app, identityRoutes.updateUser, async ({ params, body, request }) => {
    const result = await handleUser(
      request,
      params.id,
      { type: 'UpdateUserProfile', data: body },
      { actor: actorOf(request), settle: false },
    );
    // the answer is the resulting aggregate state (the read models catch up; X-Min-Position waits for them)
    const { firstname, lastname, language } = result.state;
    const view = await loadUserView(documentStore, params.id);
    return { data: { ...view, firstname, lastname, name: fullName(result.state), language }, position: result.position };
  });

  addRoute(app, identityRoutes.signOut, async ({ request }) => {
    const user = requireUser(request);
    // the session's tokens stop working once the sessions read model has the revocation (the handler settles)
    await handleUser(request, user.userId, { type: 'SignOut', data: { sessionId: user.sessionId } }, { actor: actorOf(request) });
    return { message: messages.identity.signedOut };
  });
};
