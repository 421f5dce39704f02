import { z } from 'zod';
import { taskQueryFilterSchema } from '@stramien/domain';
import { defineRoute, uuid } from '../shared/contract';
import { downloadSchema } from '../notifications/downloadRoutes';

/** The export formats of a task list. */
export const TASK_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** A job request's answer: the spec's message ('Export jobs are started. …'), the job and the position of its event. */
export const jobStartedSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.string() }),
  position: z.number().int().nonnegative(),
});

/** Background jobs (docs/jobs.md): requests of long work, and its progress. */
export const jobRoutes = {
  exportTasks: defineRoute({
    method: 'POST',
    path: '/api/tasks/export',
    summary:
      'Export the tasks the task query finds (filters are column, operator, values; optionally one project) as CSV or XLSX, in the background; the file appears in /downloads',
    tag: 'jobs',
    auth: true,
    policy: { access: 'user' },
    body: z
      .object({
        filters: z.array(taskQueryFilterSchema).max(50).default([]),
        format: z.enum(TASK_EXPORT_FORMATS).default('csv'),
        project: z.object({ id: uuid }).strict().nullable().optional(),
        /** the licence whose tasks to export; the signed-in user's licence when left out */
        license: z.object({ id: uuid }).strict().optional(),
      })
      .strict(),
    response: jobStartedSchema,
    alsoAnswers: [404],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/jobs/:jobId',
    summary: 'A background job of the signed-in user: its state and progress (and its file once finished)',
    tag: 'jobs',
    auth: true,
    policy: { access: 'user' },
    params: z.object({ jobId: uuid }),
    response: z.object({ data: downloadSchema }),
    alsoAnswers: [404],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/cancel',
    summary: 'Cancel a background job of the signed-in user; it stops between two chunks (what it did stays)',
    tag: 'jobs',
    auth: true,
    policy: { access: 'user' },
    params: z.object({ jobId: uuid }),
    response: z.object({ data: downloadSchema, position: z.number().int().nonnegative() }),
    alsoAnswers: [404, 409],
  }),
};
