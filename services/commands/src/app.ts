import type { FastifyInstance } from 'fastify';
import { createAuthenticator, createHttpServer, jwtSecret } from '@stramien/infra';
import type { AppDeps } from './deps';
import { registerAuth } from './plugins/auth';
import { OwnWrites } from './plugins/ownWrites';
import { registerSwagger } from './plugins/swagger';
import { createMaintenanceGate, registerMaintenanceGate } from './plugins/maintenance';
import { registerIdentityRoutes } from './routes/identity/identityRoutes';
import { registerAccountRoutes } from './routes/identity/accountRoutes';
import { registerSecurityRoutes } from './routes/identity/securityRoutes';
import { registerApiTokenRoutes } from './routes/identity/apiTokenRoutes';
import { registerLicenceRoutes } from './routes/licences/licenceRoutes';
import { registerProjectRoutes } from './routes/projects/projectRoutes';
import { registerTeamRoutes } from './routes/teams/teamRoutes';
import { registerLabelRoutes } from './routes/labels/labelRoutes';
import { registerTaskRoutes } from './routes/tasks/taskRoutes';
import { registerTaskPartRoutes } from './routes/tasks/partRoutes';
import { registerBoardRoutes } from './routes/boards/boardRoutes';
import { registerLicenceModuleRoutes } from './routes/licenceModules/licenceModuleRoutes';
import { registerDirectoryRoutes } from './routes/directory/directoryRoutes';
import { registerNotificationRoutes } from './routes/notifications/notificationRoutes';
import { registerNewsRoutes } from './routes/notifications/newsRoutes';
import { registerKnowledgeBaseRoutes } from './routes/knowledgeBase/knowledgeBaseRoutes';
import { registerDownloadRoutes } from './routes/notifications/downloadRoutes';
import { registerJobRoutes } from './routes/jobs/jobRoutes';
import { registerSystemRoutes } from './routes/system/systemRoutes';
import { registerMaintenanceRoutes } from './routes/system/maintenanceRoutes';
import { registerHealthRoutes } from './routes/system/healthRoutes';
import { registerWebhookRoutes } from './routes/webhooks/webhookRoutes';
import { registerEventRoutes } from './routes/webhooks/eventRoutes';
import { registerSbsRoutes } from './routes/sbs/sbsRoutes';
import { registerTableRoutes } from './routes/tables/tableRoutes';
import { registerRecordRoutes } from './routes/tables/recordRoutes';
import { registerRecordImportRoutes } from './routes/tables/recordImportRoutes';
import { registerTableQueryRoutes } from './routes/tables/queries/tableQueryRoutes';
import { registerTableBulkRoutes } from './routes/tables/tableBulkRoutes';
import { registerProjectWorkflowRoutes } from './routes/workflows/projectWorkflowRoutes';
import { registerSessionRoutes } from './routes/workflows/sessionRoutes';
import { registerBuilderRoutes } from './routes/workflows/builderRoutes';

export { createAppDeps, systemClock, type AppDeps, type Clock } from './deps';

/** The commands/queries HTTP API; `extend` lets the one-process runtime mount the notifier on the same server. */
export const buildApp = async (deps: AppDeps, extend?: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> => {
  const app = createHttpServer({
    logLevel: deps.config.LOG_LEVEL,
    webDist: deps.config.STRAMIEN_WEB_DIST,
    trustProxy: deps.config.STRAMIEN_TRUST_PROXY,
  });
  app.decorate('deps', deps);
  app.decorate('projectionWait', deps.projectionWait);
  app.decorate('minPositionWaitMs', deps.config.STRAMIEN_MIN_POSITION_WAIT_MS);
  app.decorate('ownWrites', new OwnWrites());
  registerAuth(app, createAuthenticator({ tokens: deps.tokens, documentStore: deps.adapters.documentStore, cache: deps.authCache }));
  // revocations by other writers and processes reach the cache through the log
  const revocations = deps.authCache.watch(deps.adapters.eventStore);
  app.addHook('onClose', () => revocations.stop());
  registerMaintenanceGate(app, createMaintenanceGate({ documentStore: deps.adapters.documentStore, secret: jwtSecret(deps.config) }));
  await registerSwagger(app, deps.config.STRAMIEN_RELEASE);
  registerIdentityRoutes(app);
  registerAccountRoutes(app);
  registerSecurityRoutes(app);
  registerApiTokenRoutes(app);
  registerLicenceRoutes(app);
  registerProjectRoutes(app);
  registerTeamRoutes(app);
  registerLabelRoutes(app);
  registerTaskRoutes(app);
  registerTaskPartRoutes(app);
  registerBoardRoutes(app);
  registerLicenceModuleRoutes(app);
  registerDirectoryRoutes(app);
  registerNotificationRoutes(app);
  registerNewsRoutes(app);
  registerKnowledgeBaseRoutes(app);
  registerDownloadRoutes(app);
  registerJobRoutes(app);
  registerSystemRoutes(app);
  registerMaintenanceRoutes(app);
  registerHealthRoutes(app, deps.adapters.health);
  registerWebhookRoutes(app);
  registerEventRoutes(app);
  registerSbsRoutes(app);
  registerTableRoutes(app);
  registerRecordRoutes(app);
  registerRecordImportRoutes(app);
  registerTableQueryRoutes(app);
  registerTableBulkRoutes(app);
  registerProjectWorkflowRoutes(app);
  registerSessionRoutes(app);
  registerBuilderRoutes(app);
  if (extend) await extend(app);
  return app;
};
