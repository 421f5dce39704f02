import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { jobRoutes } from '@stramien/api';
import { can, jobDecider, jobMessages, jobSchemas, toJobStreamId } from '@stramien/domain';
import { TASKS_EXPORT_KIND, type TasksExportParams } from '@stramien/jobs';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadLicenceAccess } from '../../access/licenceAccess';
import { loadProjectAccess, projectNotFound } from '../../access/projectAccess';
import { memberProjectIds } from '../../plugins/permissionSubject';
import { actorOf } from '../../plugins/auth';
import { loadOwnDownload } from '../notifications/downloadRoutes';
import { toDownloadView } from '../notifications/downloadView';

/** 'tasks-2026-11-23-1405.csv': what the file is, and when it was asked for (UTC) */
export const exportFilename = (what: string, format: string, at: Date): string =>
  `${what}-${at.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}.${format}`;

/**
 * Background jobs (docs/jobs.md): a request appends JobRequested and answers at once with the spec's message; the
 * job worker (services/jobs) does the work and the file appears in /downloads.
 */
export const registerJobRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const handle = createCommandHandler(app, { decider: jobDecider, schemas: jobSchemas, toStreamId: toJobStreamId });

  addRoute(app, jobRoutes.exportTasks, async ({ body, request }) => {
    const licenceId = body.license?.id ?? actorOf(request).licenceId;
    const access = await loadLicenceAccess(deps, request, licenceId);
    let projectIds: string[] | null;
    if (body.project) {
      const project = await loadProjectAccess(deps, request, body.project.id, 'project');
      if (project.project.licenceId !== licenceId) throw projectNotFound();
      projectIds = [project.project._id];
    } else {
      // licence admins see every project of the licence; everyone else the projects they are in
      projectIds = can(access.subject, 'admin') ? null : await memberProjectIds(deps, access.userId, licenceId);
    }
    const jobId = randomUUID();
    const params: TasksExportParams = {
      format: body.format,
      filters: body.filters,
      filename: exportFilename('tasks', body.format, deps.clock()),
      projectIds,
    };
    const result = await handle(
      request,
      jobId,
      { type: 'RequestJob', data: { jobId, licenceId, projectId: body.project?.id ?? null, kind: TASKS_EXPORT_KIND, params } },
      { actor: access.actor, ...(body.project ? { projectId: body.project.id } : {}) },
    );
    return { message: jobMessages.exportStarted, data: { id: jobId }, position: result.position };
  });

  addRoute(app, jobRoutes.get, async ({ params, request }) => ({
    data: toDownloadView(await loadOwnDownload(app, request, params.jobId)),
  }));
};
