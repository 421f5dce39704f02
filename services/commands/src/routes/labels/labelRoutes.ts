import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { labelRoutes, type Label } from '@stramien/api';
import {
  can,
  DomainError,
  labelDecider,
  labelMessages,
  labelSchemas,
  messages,
  toLabelStreamId,
  type Actor,
  type LabelState,
} from '@stramien/domain';
import type { LabelDoc } from '@stramien/projections';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { actorOf } from '../../plugins/auth';
import { memberProjectIds } from '../../plugins/permissionSubject';
import { loadLicenceAccess } from '../../access/licenceAccess';
import { loadProjectAccess, projectNotFound } from '../../access/projectAccess';

const toLabel = (l: Pick<LabelDoc, '_id' | 'licenceId' | 'projectId' | 'title' | 'color'>): Label => ({
  id: l._id,
  title: l.title,
  color: l.color,
  project: l.projectId ? { id: l.projectId } : null,
  license: { id: l.licenceId },
});
const stateToLabel = (s: LabelState): Label =>
  toLabel({ _id: s.labelId, licenceId: s.licenceId, projectId: s.projectId, title: s.title, color: s.color });

/**
 * Labels per licence (spec 1 §7). Licence-wide labels are managed by licence admins; a project's labels by
 * whoever may use that project's labels app (general-apps 'labels'). Every signed-in user of the licence reads.
 */
export const registerLabelRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore } = deps.adapters;
  const labels = documentStore.collection<LabelDoc>('labels');

  /** may the user change labels of this scope: the licence (projectId null) or one project */
  const mayManage = async (request: FastifyRequest, licenceId: string, projectId: string | null): Promise<Actor> => {
    if (projectId === null) {
      const access = await loadLicenceAccess(deps, request, licenceId);
      if (!can(access.subject, 'admin')) throw new DomainError(messages.shared.forbidden, 403);
      return access.actor;
    }
    const access = await loadProjectAccess(deps, request, projectId, 'general-apps', { app: 'labels' });
    if (access.project.licenceId !== licenceId) throw projectNotFound();
    return access.actor;
  };

  const handle = createCommandHandler(app, { decider: labelDecider, schemas: labelSchemas, toStreamId: toLabelStreamId });

  const loadLabel = async (request: FastifyRequest, labelId: string): Promise<LabelDoc> => {
    const label = await labels.findOne({ _id: labelId });
    if (!label) throw new DomainError(labelMessages.notFound, 404);
    // a label of a licence the user does not belong to is not even known
    await loadLicenceAccess(deps, request, label.licenceId).catch(() => {
      throw new DomainError(labelMessages.notFound, 404);
    });
    return label;
  };

  addRoute(app, labelRoutes.list, async ({ query, request }) => {
    const licenceId = query?.['filter[license]'] ?? actorOf(request).licenceId;
    const access = await loadLicenceAccess(deps, request, licenceId);
    const projectId = query?.['filter[project]'];
    if (projectId) {
      const project = await loadProjectAccess(deps, request, projectId, 'project');
      if (project.project.licenceId !== licenceId) throw projectNotFound();
      const docs = await labels.find({ licenceId, $or: [{ projectId: null }, { projectId }] });
      return { data: docs.sort((a, b) => a.title.localeCompare(b.title)).map(toLabel) };
    }
    let docs = await labels.find({ licenceId });
    if (!can(access.subject, 'admin')) {
      // ordinary users see licence-wide labels and those of their own projects
      const mine = new Set(await memberProjectIds(deps, access.userId, licenceId));
      docs = docs.filter((l) => l.projectId === null || mine.has(l.projectId));
    }
    return { data: docs.sort((a, b) => a.title.localeCompare(b.title)).map(toLabel) };
  });

  addRoute(app, labelRoutes.create, async ({ body, request }) => {
    const licenceId = body.license?.id ?? actorOf(request).licenceId;
    const projectId = body.project?.id ?? null;
    const actor = await mayManage(request, licenceId, projectId);
    const labelId = randomUUID();
    const result = await handle(
      request,
      labelId,
      {
        type: 'CreateLabel',
        data: { labelId, licenceId, projectId, title: body.title, color: body.color },
      },
      { actor: actor, ...(projectId ? { projectId: projectId } : {}) },
    );
    return { data: stateToLabel(result.state), position: result.position };
  });

  addRoute(app, labelRoutes.update, async ({ params, body, request }) => {
    const label = await loadLabel(request, params.id);
    const actor = await mayManage(request, label.licenceId, label.projectId);
    const result = await handle(
      request,
      label._id,
      { type: 'UpdateLabel', data: body },
      { actor: actor, ...(label.projectId ? { projectId: label.projectId } : {}) },
    );
    return { data: stateToLabel(result.state), position: result.position };
  });

  addRoute(app, labelRoutes.delete, async ({ params, request }) => {
    const label = await loadLabel(request, params.id);
    const actor = await mayManage(request, label.licenceId, label.projectId);
    const result = await handle(
      request,
      label._id,
      { type: 'DeleteLabel', data: {} },
      { actor: actor, ...(label.projectId ? { projectId: label.projectId } : {}) },
    );
    return { message: labelMessages.deleted, position: result.position };
  });
};
