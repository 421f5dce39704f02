import type { Projection } from './runner/projection';
import { identityProjections } from './identity/index';
import { licenceProjections } from './licences/index';
import { projectProjections } from './projects/index';
import { teamProjections } from './teams/index';
import { labelProjections } from './labels/index';
import { taskProjections } from './tasks/index';
import { boardProjections } from './boards/index';
import { licenceModuleProjections } from './licenceModules/index';
import { directoryProjections } from './directory/index';
import { systemProjections } from './system/index';
import { newsProjections } from './notifications/news/index';
import { knowledgeBaseProjections } from './knowledgeBase/index';
import { notificationProjections } from './notifications/index';
import { webhookProjections } from './webhooks/index';
import { sbsProjections } from './sbs/index';
import { tableProjections } from './tables/index';
import { projectWorkflowsProjection } from './workflows/projectWorkflows';
import { workflowSessionsProjection } from './workflows/sessions';
import { workflowJobsProjection } from './workflows/sessionJobs';
import { workflowsProjection } from './workflows/builderWorkflows';

/** Every read model the projections service maintains. */
export const allProjections: Projection[] = [
  ...identityProjections,
  ...licenceProjections,
  ...projectProjections,
  ...teamProjections,
  ...labelProjections,
  ...taskProjections,
  ...boardProjections,
  ...licenceModuleProjections,
  ...directoryProjections,
  ...systemProjections,
  ...newsProjections,
  ...knowledgeBaseProjections,
  ...notificationProjections,
  ...webhookProjections,
  ...sbsProjections,
  ...tableProjections,
  projectWorkflowsProjection as unknown as Projection,
  workflowSessionsProjection as unknown as Projection,
  workflowJobsProjection,
  workflowsProjection as unknown as Projection,
];
