import type { FastifyInstance, FastifyRequest } from 'fastify';
import { securityRoutes } from '@stramien/api';
import {
  DomainError,
  notFound,
  rejectionOf,
  toTwoFactorStreamId,
  twoFactorDecider,
  twoFactorMessages,
  twoFactorSchemas,
  TWO_FACTOR_CODE_USED,
  TWO_FACTOR_INVALID_CODE,
  type Actor,
  type CodeCheck,
  type TwoFactorCommand,
  type TwoFactorState,
} from '@stramien/domain';
import { createSecretBox, createTotp, jwtSecret, SecretBoxError, type SignInKeys } from '@stramien/infra';
import type { UserDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { createCommandHandler, type Unsent } from '../../pipeline/commandHandler';
import { actorOf, requireUser } from '../../plugins/auth';

/**
 * Two-factor codes as the routes and the token endpoint use them: the aggregate's state from its stream, a code
 * checked against the decrypted secret (the domain gets only the outcome), and the command run through the pipeline.
 */
export const createTwoFactorCodes = (app: FastifyInstance) => {
  const { deps } = app;
  const handle = createCommandHandler(app, { decider: twoFactorDecider, schemas: twoFactorSchemas, toStreamId: toTwoFactorStreamId });
  const box = createSecretBox({ secret: jwtSecret(deps.config), purpose: 'two-factor' });
  const totp = createTotp();

  return {
    box,
    totp,
    load(userId: string): Promise<TwoFactorState> {
      return handle.load(userId);
    },
    /** the outcome of `code` against the sealed secret of `userId` */
    check(sealed: string | null, userId: string, code: string | undefined): CodeCheck {
      if (!code) return { result: 'missing' };
      if (!sealed) return { result: 'invalid' };
      let secret: string;
      try {
        secret = box.open(sealed, userId);
      } catch (e) {
        // sealed under another JWT secret (rotated): no code can match; a system admin resets the user's 2FA
        if (e instanceof SecretBoxError) return { result: 'invalid' };
        throw e;
      }
      const step = totp.match(code, secret);
      return step === null ? { result: 'invalid' } : { result: 'match', timeStep: step };
    },
    run(command: Unsent<TwoFactorCommand>, actor: Actor, request: FastifyRequest) {
      return handle(request, command.data.userId, command, { actor, settle: false });
    },
  };
};
export type TwoFactorCodes = ReturnType<typeof createTwoFactorCodes>;

export const registerSecurityRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { limiter } = deps;
  const { documentStore } = deps.adapters;
  const users = documentStore.collection<UserDoc>('users');
  const codes = createTwoFactorCodes(app);
  const keysOf = (request: FastifyRequest, userId: string): SignInKeys => ({ account: userId, address: request.ip });

  /** Runs a code command; a failed attempt is appended, counted by the limiter and answered with 422. */
  const useCode = async (request: FastifyRequest, build: (state: TwoFactorState) => Unsent<TwoFactorCommand>) => {
    const user = requireUser(request);
    const keys = keysOf(request, user.userId);
    await limiter.guard(keys);
    const command = build(await codes.load(user.userId));
    const result = await codes.run(command, actorOf(request), request);
    const rejection = rejectionOf(result.events);
    if (rejection) {
      await limiter.failure(keys);
      const [message, code] =
        rejection === 'replayed'
          ? [twoFactorMessages.codeUsed, TWO_FACTOR_CODE_USED]
          : [twoFactorMessages.invalidCode, TWO_FACTOR_INVALID_CODE];
      throw new DomainError(message, 422, { code: [message] }, code);
    }
    await limiter.success(keys);
    await app.projectionWait.waitFor(result.position, app.minPositionWaitMs);
    return result;
  };

  addRoute(app, securityRoutes.generateTwoFactor, async ({ request, reply }) => {
    const user = requireUser(request);
    const doc = await users.findOne({ _id: user.userId });
    if (!doc) throw notFound('User not found');
    const secret = codes.totp.generateSecret();
    await codes.run(
      {
        type: 'GenerateTwoFactorSecret',
        data: { userId: user.userId, encryptedSecret: codes.box.seal(secret, user.userId) },
      },
      actorOf(request),
      request,
    );
    const otpauthUrl = codes.totp.otpauthUrl(doc.email, secret);
    reply.header('cache-control', 'no-store');
    return { otpauth_url: otpauthUrl, qr_code: await codes.totp.qrCodeDataUrl(otpauthUrl), secret };
  });

  addRoute(app, securityRoutes.enableTwoFactor, async ({ body, request }) => {
    const { userId } = requireUser(request);
    const result = await useCode(request, (state) => ({
      type: 'EnableTwoFactor',
      data: { userId, checkedSecret: state.pendingSecret ?? '', check: codes.check(state.pendingSecret, userId, body.code) },
    }));
    return { data: { two_factor_enabled: result.state.enabled }, position: result.position };
  });

  addRoute(app, securityRoutes.disableTwoFactor, async ({ body, request }) => {
    const { userId } = requireUser(request);
    const result = await useCode(request, (state) => ({
      type: 'DisableTwoFactor',
      data: { userId, checkedSecret: state.secret ?? '', check: codes.check(state.secret, userId, body.code) },
    }));
    return { data: { two_factor_enabled: result.state.enabled }, position: result.position };
  });

  addRoute(app, securityRoutes.verifyTwoFactor, async ({ body, request }) => {
    const { userId } = requireUser(request);
    const result = await useCode(request, (state) => ({
      type: 'VerifyTwoFactorCode',
      data: { userId, purpose: 'verify', checkedSecret: state.secret ?? '', check: codes.check(state.secret, userId, body.code) },
    }));
    return { data: { verified: true as const }, position: result.position };
  });

  addRoute(app, securityRoutes.resetTwoFactor, async ({ params, request }) => {
    const actor = actorOf(request);
    if (!(await users.findOne({ _id: params.id }))) throw notFound('User not found');
    const result = await codes.run({ type: 'ResetTwoFactor', data: { userId: params.id } }, actor, request);
    await app.projectionWait.waitFor(result.position, app.minPositionWaitMs);
    return { data: { two_factor_enabled: result.state.enabled }, position: result.position };
  });
};
