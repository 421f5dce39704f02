import {
  createAuthCache,
  createMailPort,
  createPasswordHasher,
  createSignInLimiter,
  createTokenService,
  jwtSecret,
  type Adapters,
  type AuthCache,
  type Config,
  type MailPort,
  type PasswordHasher,
  type SignInLimiter,
  type TokenService,
} from '@stramien/infra';
import { createCommandPipeline, type CommandPipeline } from './pipeline/commandPipeline';
import type { ProjectionWait } from './plugins/route';

/** The time of a command (its events' `occurredAt`, deadlines): injected, so tests can set it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

declare module 'fastify' {
  interface FastifyInstance {
    /** what routes need, decorated once on the app (fastify/demo style): routes never import app.ts */
    deps: AppDeps;
  }
}

export interface AppDeps {
  config: Config;
  adapters: Adapters;
  pipeline: CommandPipeline;
  hasher: PasswordHasher;
  tokens: TokenService;
  /** one limiter for every sign-in path: password, TOTP, reset, change password, token */
  limiter: SignInLimiter;
  /** account e-mails: SMTP when SMTP_URL is set, else files under <dataDir>/mail */
  mail: MailPort;
  projectionWait: ProjectionWait;
  clock: Clock;
  /** the authenticators' short-lived lookups; the pipeline's appends end revoked ones at once */
  authCache: AuthCache;
}

export const createAppDeps = (
  config: Config,
  adapters: Adapters,
  projectionWait: ProjectionWait,
  hasher = createPasswordHasher(),
  clock: Clock = systemClock,
  authCache: AuthCache = createAuthCache(),
): AppDeps => ({
  config,
  adapters,
  authCache,
  pipeline: createCommandPipeline({ eventStore: adapters.eventStore, onAppended: authCache.observe }),
  hasher,
  tokens: createTokenService({ secret: jwtSecret(config), ttlSeconds: config.STRAMIEN_TOKEN_TTL_SECONDS }),
  limiter: createSignInLimiter({
    documentStore: adapters.documentStore,
    freeAttempts: config.STRAMIEN_SIGNIN_FREE_ATTEMPTS,
    lockAfter: config.STRAMIEN_SIGNIN_LOCK_AFTER,
  }),
  mail: createMailPort(config),
  projectionWait,
  clock,
});
