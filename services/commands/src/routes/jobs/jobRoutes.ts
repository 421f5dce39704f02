import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { jobRoutes } from '@stramien/api';
import { jobDecider, jobMessages, jobSchemas, taskFiltersToQuery, toJobStreamId, type JobParams } from '@stramien/domain';
import { TASKS_EXPORT_KIND, type TasksExportParams } from '@stramien/jobs';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadLicenceAccess } from '../../access/licenceAccess';
import { loadProjectAccess, projectNotFound } from '../../access/projectAccess';
import { visibleTaskFilter } from '../../access/taskAccess';
import { taskQueriesOf } from '../tasks/taskQueries';
import { actorOf } from '../../plugins/auth';
import { loadOwnDownload } from '../notifications/downloadRoutes';
import { toDownloadView, toJobView } from '../notifications/downloadView';

/** 'tasks-2026-11-23-140512.csv': what the file is, and when it was asked for (UTC) */
export const exportFilename = (what: string, format: string, at: Date): string =>
  `${what}-${at.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '')}.${format}`;

/**
 * Background jobs (docs/jobs.md): a request appends JobRequested and answers at once with the spec's message; the
 * job worker (services/jobs) does the work and the file appears in /downloads.
 */
export const registerJobRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const handle = createCommandHandler(app, { decider: jobDecider, schemas: jobSchemas, toStreamId: toJobStreamId });
  const taskQueries = taskQueriesOf(app);

  addRoute(app, jobRoutes.exportTasks, async ({ body, request }) => {
    const licenceId = body.license?.id ?? actorOf(request).licenceId;
    const access = await loadLicenceAccess(deps, request, licenceId);
    let scope: Record<string, unknown>;
    if (body.project) {
      const project = await loadProjectAccess(deps, request, body.project.id, 'project');
      if (project.project.licenceId !== licenceId) throw projectNotFound();
      scope = { licenceId, projectId: project.project._id };
    } else {
      scope = await taskQueries.projectScope(access, licenceId);
    }
    // the task query's own rules: the projects the user sees, private tasks only their creator's and assignee's
    const columns = taskFiltersToQuery(body.filters);
    // one flat filter (scope fields, the visibility $or, the column filters under $and): the store's SQL takes it whole
    const query = { ...scope, ...visibleTaskFilter(access.userId), ...(Object.keys(columns).length > 0 ? { $and: [columns] } : {}) };
    const jobId = randomUUID();
    // plain JSON: the filter syntax holds strings, numbers, booleans, null, arrays and objects only
    const params: TasksExportParams = {
      format: body.format,
      filters: body.filters,
      filename: exportFilename('tasks', body.format, deps.clock()),
      query,
    };
    const result = await handle(
      request,
      jobId,
      {
        type: 'RequestJob',
        data: { jobId, licenceId, projectId: body.project?.id ?? null, kind: TASKS_EXPORT_KIND, params: params as JobParams },
      },
      { actor: access.actor, ...(body.project ? { projectId: body.project.id } : {}) },
    );
    return { message: jobMessages.exportStarted, data: { id: jobId }, position: result.position };
  });

  addRoute(app, jobRoutes.get, async ({ params, request }) => ({
    data: toDownloadView(await loadOwnDownload(app, request, params.jobId)),
  }));

  /** the owner cancels a job: the worker stops after the chunk at work (what the chunks did stays); 409 once it ended */
  addRoute(app, jobRoutes.cancel, async ({ params, request }) => {
    const own = await loadOwnDownload(app, request, params.jobId);
    const actor = { userId: own.ownerId, licenceId: own.licenceId };
    const result = await handle(
      request,
      params.jobId,
      { type: 'CancelJob', data: {} },
      { actor, ...(own.projectId ? { projectId: own.projectId } : {}), settle: false },
    );
    return { data: toJobView(result.state, own.finishedAt), position: result.position };
  });
};
