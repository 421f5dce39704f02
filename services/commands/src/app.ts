import type { FastifyInstance } from 'fastify';
import {
  createAuthCache,
  createAuthenticator,
  createHttpServer,
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
import { registerAuth } from './plugins/auth';
import { registerSwagger } from './plugins/swagger';
import { createMaintenanceGate, registerMaintenanceGate } from './plugins/maintenance';
import type { ProjectionWait } from './plugins/route';
import { registerIdentityRoutes } from './routes/identity/identityRoutes';
import { registerAccountRoutes } from './routes/identity/accountRoutes';
import { registerSecurityRoutes } from './routes/identity/securityRoutes';
import { registerApiTokenRoutes } from './routes/identity/apiTokenRoutes';
import { registerLicenceRoutes } from './routes/licences/licenceRoutes';
import { registerProjectRoutes } from './routes/projects/projectRoutes';
import { registerTeamRoutes } from './routes/teams/teamRoutes';
import { registerLabelRoutes } from './routes/labels/labelRoutes';
import { registerLicenceModuleRoutes } from './routes/licenceModules/licenceModuleRoutes';
import { registerDirectoryRoutes } from './routes/directory/directoryRoutes';
import { registerNotificationRoutes } from './routes/notifications/notificationRoutes';
import { registerSystemRoutes } from './routes/system/systemRoutes';
import { registerHealthRoutes } from './routes/system/healthRoutes';

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
  /** the authenticators' short-lived lookups; the pipeline's appends end revoked ones at once */
  authCache: AuthCache;
}

export const createAppDeps = (
  config: Config,
  adapters: Adapters,
  projectionWait: ProjectionWait,
  hasher = createPasswordHasher(),
  authCache = createAuthCache(),
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
});

/** The commands/queries HTTP API; `extend` lets the one-process runtime mount the notifier on the same server. */
export const buildApp = async (deps: AppDeps, extend?: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> => {
  const app = createHttpServer({
    logLevel: deps.config.LOG_LEVEL,
    webDist: deps.config.STRAMIEN_WEB_DIST,
    trustProxy: deps.config.STRAMIEN_TRUST_PROXY,
  });
  app.decorate('projectionWait', deps.projectionWait);
  app.decorate('minPositionWaitMs', deps.config.STRAMIEN_MIN_POSITION_WAIT_MS);
  registerAuth(app, createAuthenticator({ tokens: deps.tokens, documentStore: deps.adapters.documentStore, cache: deps.authCache }));
  // revocations by other writers and processes reach the cache through the log
  const revocations = deps.authCache.watch(deps.adapters.eventStore);
  app.addHook('onClose', () => revocations.stop());
  registerMaintenanceGate(app, createMaintenanceGate({ documentStore: deps.adapters.documentStore, secret: jwtSecret(deps.config) }));
  await registerSwagger(app, deps.config.STRAMIEN_RELEASE);
  registerIdentityRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerSecurityRoutes(app, deps);
  registerApiTokenRoutes(app, deps);
  registerLicenceRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerLabelRoutes(app, deps);
  registerLicenceModuleRoutes(app, deps);
  registerDirectoryRoutes(app, deps);
  registerNotificationRoutes(app, deps.adapters.documentStore);
  registerSystemRoutes(app, deps.config);
  registerHealthRoutes(app, deps.adapters.health);
  if (extend) await extend(app);
  return app;
};
