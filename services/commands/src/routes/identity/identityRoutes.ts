import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityRoutes } from '@stramien/api';
import {
  DomainError,
  fold,
  messages,
  rejectionOf,
  toUserStreamId,
  twoFactorMessages,
  TWO_FACTOR_INVALID_CODE,
  TWO_FACTOR_REQUIRED_CODE,
  userDecider,
  userSchemas,
  type Actor,
  type UserCommand,
  fullName,
} from '@stramien/domain';
import type { SignInKeys } from '@stramien/infra';
import type { UserDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { actorOf, requireUser } from '../../plugins/auth';
import { loadUserView } from './userView';
import { createTwoFactorCodes } from './securityRoutes';

const sameSecret = (a: string, b: string): boolean => {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
};

export const registerIdentityRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { config, pipeline, hasher, tokens, limiter } = deps;
  const codes = createTwoFactorCodes(deps);
  const { eventStore, documentStore } = deps.adapters;
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
        metadata: { actor, now: deps.clock().toISOString() },
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
    const streamId = toUserStreamId(user._id);
    const state = fold(
      userDecider,
      (await eventStore.readStream(streamId)).map((e) => ({ type: e.type, data: e.data }) as never),
    );
    const credentialsValid = state.exists && (await hasher.verify(body.password, state.passwordHash));
    const actor: Actor = { userId: user._id, licenceId: Object.keys(state.licences)[0] ?? '' };
    if (credentialsValid) await requireSecondFactor(user._id, body.code, keys, actor, request);
    const sessionId = randomUUID();
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    const command: UserCommand = {
      type: 'SignIn',
      data: { sessionId, deviceId: body.device_id ?? null, userAgent, credentialsValid },
      metadata: { actor, now: deps.clock().toISOString() },
    };
    await pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId,
      command,
      context: { actor, correlationId: request.id, causationId: request.id },
    });
    if (!credentialsValid) {
      await limiter.failure(keys);
      throw invalid();
    }
    await limiter.success(keys);
    const { token, expiresIn } = await tokens.issue({ sub: user._id, sid: sessionId });
    return { token_type: 'Bearer' as const, access_token: token, expires_in: expiresIn };
  });

  addRoute(app, identityRoutes.currentUser, async ({ request }) => loadUserView(documentStore, requireUser(request).userId));

  addRoute(app, identityRoutes.updateUser, async ({ params, body, request }) => {
    const actor = actorOf(request);
    const result = await pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId: toUserStreamId(params.id),
      command: { type: 'UpdateUserProfile', data: body, metadata: { actor, now: deps.clock().toISOString() } },
      context: { actor, correlationId: request.id, causationId: request.id },
    });
    // the answer is the resulting aggregate state (the read models catch up; X-Min-Position waits for them)
    const { firstname, lastname, language } = result.state;
    const view = await loadUserView(documentStore, params.id);
    return { data: { ...view, firstname, lastname, name: fullName(result.state), language }, position: result.position };
  });

  addRoute(app, identityRoutes.signOut, async ({ request }) => {
    const user = requireUser(request);
    const actor = actorOf(request);
    const result = await pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId: toUserStreamId(user.userId),
      command: { type: 'SignOut', data: { sessionId: user.sessionId }, metadata: { actor, now: deps.clock().toISOString() } },
      context: { actor, correlationId: request.id, causationId: request.id },
    });
    // the session's tokens stop working once the sessions read model has the revocation
    await app.projectionWait.waitFor(result.position, app.minPositionWaitMs);
    return { message: messages.identity.signedOut };
  });
};
