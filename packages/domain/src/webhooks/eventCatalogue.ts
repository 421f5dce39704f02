import type { z } from 'zod';
import { userEventSchemas } from '../identity/user';
import { userEmailEventSchemas } from '../identity/userEmail';
import { twoFactorEventSchemas } from '../identity/twoFactor/twoFactor';
import { apiTokenEventSchemas } from '../identity/apiTokens/apiToken';
import { licenceEventSchemas } from '../licences/licence';
import { licenceModuleEventSchemas } from '../licenceModules/licenceModules';
import { projectEventSchemas } from '../projects/project';
import { projectSlugEventSchemas } from '../projects/slugClaim';
import { teamEventSchemas } from '../teams/team';
import { labelEventSchemas } from '../labels/label';
import { taskEventSchemas } from '../tasks/task';
import { boardEventSchemas } from '../boards/board';
import { jobEventSchemas } from '../jobs/job';
import { maintenanceEventSchemas } from '../system/maintenance';
import { newsItemEventSchemas, newsReaderEventSchemas } from '../notifications/news/newsItem';
import { knowledgeBaseEventSchemas } from '../knowledgeBase/article';
import { collections, companies } from '../directory/namedEntity';
import { webhookEndpointEventSchemas } from './webhookEndpoint';
import { sbsNodeEventSchemas } from '../sbs/sbsNode';
import { sbsVersionEventSchemas } from '../sbs/sbsVersion';
import { tableEventSchemas } from '../tables/table';
import { recordEventSchemas } from '../tables/record';
import { workflowEventSchemas } from '../workflows/workflow';
import { projectWorkflowEventSchemas } from '../workflows/projectWorkflow';
import { sessionEventSchemas } from '../workflows/session';
import { HIDDEN_EVENT_CATEGORIES } from './payload';

/** One stream category and the data schema of each of its event types. */
export interface EventCategory {
  category: string;
  schemas: Record<string, z.ZodType>;
}

/**
 * Every stream category with its event schemas: the source of the published event catalogue (AsyncAPI). A context
 * that adds a category adds one line here (eventCatalogue.unit.spec.ts fails until it does); event types added to an
 * existing category appear by themselves. Webhooks and the event feed need nothing from here: they carry every event.
 */
export const EVENT_CATALOGUE: readonly EventCategory[] = [
  { category: 'user', schemas: userEventSchemas },
  { category: 'userEmail', schemas: userEmailEventSchemas },
  { category: 'twoFactor', schemas: twoFactorEventSchemas },
  { category: 'apiToken', schemas: apiTokenEventSchemas },
  { category: 'licence', schemas: licenceEventSchemas },
  { category: 'licenceModules', schemas: licenceModuleEventSchemas },
  { category: 'project', schemas: projectEventSchemas },
  { category: 'projectSlug', schemas: projectSlugEventSchemas },
  { category: 'team', schemas: teamEventSchemas },
  { category: 'label', schemas: labelEventSchemas },
  { category: 'task', schemas: taskEventSchemas },
  { category: 'board', schemas: boardEventSchemas },
  { category: 'job', schemas: jobEventSchemas },
  { category: 'maintenance', schemas: maintenanceEventSchemas },
  { category: 'newsItem', schemas: newsItemEventSchemas },
  { category: 'newsReader', schemas: newsReaderEventSchemas },
  { category: 'knowledgeBaseArticle', schemas: knowledgeBaseEventSchemas },
  { category: companies.category, schemas: companies.schemas as unknown as Record<string, z.ZodType> },
  { category: collections.category, schemas: collections.schemas as unknown as Record<string, z.ZodType> },
  { category: 'webhookEndpoint', schemas: webhookEndpointEventSchemas },
  { category: 'sbs', schemas: sbsNodeEventSchemas },
  { category: 'sbsVersion', schemas: sbsVersionEventSchemas },
  { category: 'table', schemas: tableEventSchemas },
  { category: 'record', schemas: recordEventSchemas },
  { category: 'workflow', schemas: workflowEventSchemas },
  { category: 'projectWorkflow', schemas: projectWorkflowEventSchemas },
  { category: 'session', schemas: sessionEventSchemas },
];

/** the categories integrations receive (the published catalogue leaves the hidden ones out) */
export const publishedEventCategories = (): EventCategory[] => EVENT_CATALOGUE.filter((c) => !HIDDEN_EVENT_CATEGORIES.includes(c.category));
