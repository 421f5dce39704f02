import { identityRoutes } from './identity/routes';
import { accountRoutes } from './identity/accountRoutes';
import { securityRoutes } from './identity/securityRoutes';
import { apiTokenRoutes } from './identity/apiTokenRoutes';
import { licenceRoutes } from './licences/routes';
import { projectRoutes } from './projects/routes';
import { teamRoutes } from './teams/routes';
import { labelRoutes } from './labels/routes';
import { taskRoutes } from './tasks/routes';
import { taskPartRoutes } from './tasks/partRoutes';
import { boardRoutes } from './boards/routes';
import { licenceModuleRoutes } from './licenceModules/routes';
import { collectionRoutes, companyRoutes } from './directory/routes';
import { notificationRoutes } from './notifications/routes';
import { newsRoutes } from './notifications/newsRoutes';
import { knowledgeBaseRoutes } from './knowledgeBase/routes';
import { downloadRoutes } from './notifications/downloadRoutes';
import { jobRoutes } from './jobs/routes';
import { systemRoutes } from './system/routes';
import { maintenanceRoutes } from './system/maintenance';
import { healthRoutes } from './system/health';
import { webhookRoutes } from './webhooks/routes';
import { eventRoutes } from './webhooks/eventRoutes';
import { sbsRoutes } from './sbs/routes';
import { tableRoutes } from './tables/routes';
import { tableQueryRoutes } from './tables/queryRoutes';
import { recordImportRoutes } from './tables/importRoutes';
import { tableBulkRoutes } from './tables/bulkRoutes';
import { projectWorkflowRoutes } from './workflows/projectRoutes';
import { sessionRoutes } from './workflows/sessionRoutes';
import { builderRoutes } from './workflows/builderRoutes';
import type { RouteContract } from './shared/contract';

/** Every route of the public API, keyed '<group>.<name>'. */
export const allRoutes: Record<string, RouteContract> = Object.fromEntries(
  Object.entries({
    identity: identityRoutes,
    account: accountRoutes,
    security: securityRoutes,
    apiTokens: apiTokenRoutes,
    licences: licenceRoutes,
    projects: projectRoutes,
    teams: teamRoutes,
    labels: labelRoutes,
    tasks: taskRoutes,
    taskParts: taskPartRoutes,
    boards: boardRoutes,
    licenceModules: licenceModuleRoutes,
    companies: companyRoutes,
    collections: collectionRoutes,
    notifications: notificationRoutes,
    news: newsRoutes,
    knowledgeBase: knowledgeBaseRoutes,
    downloads: downloadRoutes,
    jobs: jobRoutes,
    system: systemRoutes,
    maintenance: maintenanceRoutes,
    health: healthRoutes,
    webhooks: webhookRoutes,
    events: eventRoutes,
    sbs: sbsRoutes,
    tables: tableRoutes,
    tableQueries: tableQueryRoutes,
    recordImports: recordImportRoutes,
    tableBulk: tableBulkRoutes,
    projectWorkflows: projectWorkflowRoutes,
    sessions: sessionRoutes,
    builder: builderRoutes,
  }).flatMap(([group, routes]) => Object.entries(routes).map(([name, route]) => [`${group}.${name}`, route as RouteContract])),
);
