import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@stramien/api';
import { DomainError, fold, messages, toUserStreamId, userDecider, userSchemas, type UserCommand } from '@stramien/domain';
import type { UserDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { actorOf, requireUser } from '../../plugins/auth';
import type { AppDeps } from '../../app';
import { loadUserView } from './userView';

const sameSecret = (a: string, b: string): boolean => {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
};

export const registerIdentityRoutes = (app: FastifyInstance, deps: AppDeps): void => {
  const { config, pipeline, hasher, tokens } = deps;
  const { eventStore, documentStore } = deps.adapters;
  const users = documentStore.collection<UserDoc>('users');
  // verified when the e-mail is unknown, so a missing account costs the same time as a wrong password
  const dummyHash = hasher.hash(randomUUID());

  addRoute(app, identityRoutes.token, async ({ body, request }) => {
    if (!sameSecret(body.client_id, config.STRAMIEN_WEB_CLIENT_ID) || !sameSecret(body.client_secret, config.STRAMIEN_WEB_CLIENT_SECRET)) {
      throw new DomainError(messages.identity.invalidClient, 401, undefined, 'invalid_client');
    }
    const invalid = () => new DomainError(messages.identity.invalidCredentials, 401, undefined, 'invalid_grant');
    const user = await users.findOne({ email: body.username.trim().toLowerCase() });
    if (!user) {
      await hasher.verify(body.password, await dummyHash);
      throw invalid();
    }
    const streamId = toUserStreamId(user._id);
    const state = fold(
      userDecider,
      (await eventStore.readStream(streamId)).map((e) => ({ type: e.type, data: e.data }) as never),
    );
    const credentialsValid = state.exists && (await hasher.verify(body.password, state.passwordHash));
    const sessionId = randomUUID();
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    const command: UserCommand = {
      type: 'SignIn',
      data: { sessionId, deviceId: body.device_id ?? null, userAgent, credentialsValid },
      metadata: { actor: { userId: user._id, licenceId: Object.keys(state.licences)[0] ?? '' }, now: new Date().toISOString() },
    };
    await pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId,
      command,
      context: { actor: command.metadata.actor, correlationId: request.id, causationId: request.id },
    });
    if (!credentialsValid) throw invalid();
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
      command: { type: 'UpdateUserProfile', data: body, metadata: { actor, now: new Date().toISOString() } },
      context: { actor, correlationId: request.id, causationId: request.id },
    });
    await app.projectionWait.waitFor(result.position, app.minPositionWaitMs);
    return { data: await loadUserView(documentStore, params.id), position: result.position };
  });

  addRoute(app, identityRoutes.signOut, async ({ request }) => {
    const user = requireUser(request);
    const actor = actorOf(request);
    const result = await pipeline({
      decider: userDecider,
      schemas: userSchemas,
      streamId: toUserStreamId(user.userId),
      command: { type: 'SignOut', data: { sessionId: user.sessionId }, metadata: { actor, now: new Date().toISOString() } },
      context: { actor, correlationId: request.id, causationId: request.id },
    });
    // the session's tokens stop working once the sessions read model has the revocation
    await app.projectionWait.waitFor(result.position, app.minPositionWaitMs);
    return { message: messages.identity.signedOut };
  });
};
