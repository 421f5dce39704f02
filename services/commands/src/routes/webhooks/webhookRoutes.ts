import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { webhookRoutes, type WebhookDelivery, type WebhookEndpoint } from '@stramien/api';
import {
  DomainError,
  toWebhookEndpointStreamId,
  WEBHOOK_DEFAULT_GRACE_SECONDS,
  webhookEndpointDecider,
  webhookEndpointSchemas,
  webhookMessages,
  type UrlFacts,
  type WebhookEndpointState,
} from '@stramien/domain';
import type { Filter } from '@stramien/infra';
import type { WebhookEndpointDoc } from '@stramien/projections';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import {
  createTargetPolicy,
  deliveryId,
  newWebhookSecret,
  WEBHOOK_DELIVERIES_COLLECTION,
  webhookSecretBox,
  type WebhookDeliveryDoc,
} from '@stramien/webhooks';
import { addRoute } from '../../plugins/route';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { authoriseLicence, loadLicenceAccess } from '../../access/licenceAccess';
import { PROJECTS_COLLECTION } from '../../plugins/permissionSubject';

/**
 * Webhook endpoints (issue 10): licence admins (and API tokens with `webhooks:manage`) add, change, rotate and delete
 * endpoints, read the delivery log, and ask for a redelivery or a replay. Nothing is sent from a request: redelivery
 * and replay are recorded on the endpoint's stream and the dispatcher (services/webhooks) acts on them.
 */
export const registerWebhookRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore } = deps.adapters;
  const endpoints = documentStore.collection<WebhookEndpointDoc>('webhookEndpoints');
  const deliveries = documentStore.collection<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES_COLLECTION);
  const projects = documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION);
  const box = webhookSecretBox(deps.config);
  const policy = createTargetPolicy(deps.config.STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS);
  const handle = createCommandHandler(app, {
    decider: webhookEndpointDecider,
    schemas: webhookEndpointSchemas,
    toStreamId: toWebhookEndpointStreamId,
  });

  /** what can be told of a URL before it is resolved; the dispatcher checks every resolved address again */
  const urlFacts = (url: string): UrlFacts => {
    let host = '';
    try {
      host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    } catch {
      return { httpAllowed: false, privateTarget: false };
    }
    const literal = host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : isIP(host) ? host : null;
    if (literal) return { httpAllowed: policy.allows(literal), privateTarget: !policy.isPublic(literal) && !policy.allows(literal) };
    return { httpAllowed: deps.config.STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS.length > 0, privateTarget: false };
  };

  const view = (state: WebhookEndpointState, doc: WebhookEndpointDoc | null, now: string): WebhookEndpoint => ({
    id: state.endpointId,
    licenceId: state.licenceId,
    url: state.url,
    eventTypes: state.eventTypes,
    projectIds: state.projectIds,
    description: state.description,
    enabled: state.enabled,
    disabledReason: state.disabledReason,
    secretHint: state.secretHint,
    previousSecretValidUntil: state.previousValidUntil,
    createdAt: doc?.createdAt ?? now,
    updatedAt: doc?.updatedAt ?? now,
  });
  const listed = (doc: WebhookEndpointDoc): WebhookEndpoint => {
    const { _id, ...rest } = doc;
    return { id: _id, ...rest };
  };

  /** an endpoint of a licence the user belongs to, else 404; then 403 unless they administer it */
  const access = async (request: FastifyRequest, endpointId: string) => {
    const doc = await endpoints.findOne({ _id: endpointId });
    if (!doc) throw new DomainError(webhookMessages.notFound, 404);
    const licence = await loadLicenceAccess(deps, request, doc.licenceId);
    authoriseLicence(licence, 'admin');
    return { doc, actor: licence.actor };
  };

  const projectsOfLicence = async (licenceId: string, projectIds: string[]) => {
    if (projectIds.length === 0) return;
    const found = await projects.count({ _id: { $in: projectIds }, licenceId });
    if (found !== new Set(projectIds).size) throw new DomainError(webhookMessages.notFound, 404);
  };

  addRoute(app, webhookRoutes.list, async ({ params, request }) => {
    authoriseLicence(await loadLicenceAccess(deps, request, params.id), 'admin');
    const docs = await endpoints.find({ licenceId: params.id }, { sort: { createdAt: 1 } });
    return { data: docs.map(listed) };
  });

  addRoute(app, webhookRoutes.create, async ({ params, body, request }) => {
    const licence = await loadLicenceAccess(deps, request, params.id);
    authoriseLicence(licence, 'admin');
    const projectIds = body.projectIds ?? [];
    await projectsOfLicence(params.id, projectIds);
    const endpointId = crypto.randomUUID();
    const secret = newWebhookSecret();
    const result = await handle(
      request,
      endpointId,
      {
        type: 'CreateWebhookEndpoint',
        data: {
          endpointId,
          licenceId: params.id,
          url: body.url,
          eventTypes: body.eventTypes,
          projectIds,
          description: body.description ?? '',
          enabled: body.enabled ?? true,
          secret: box.seal(secret, endpointId),
          secretHint: secret.slice(-4),
          urlFacts: urlFacts(body.url),
        },
      },
      { actor: licence.actor },
    );
    const doc = await endpoints.findOne({ _id: endpointId });
    return {
      data: { ...view(result.state, doc, deps.clock().toISOString()), secret },
      position: result.position,
      message: webhookMessages.created,
    };
  });

  addRoute(app, webhookRoutes.get, async ({ params, request }) => ({ data: listed((await access(request, params.id)).doc) }));

  addRoute(app, webhookRoutes.update, async ({ params, body, request }) => {
    const { doc, actor } = await access(request, params.id);
    if (body.projectIds) await projectsOfLicence(doc.licenceId, body.projectIds);
    const result = await handle(
      request,
      params.id,
      { type: 'ChangeWebhookEndpoint', data: { ...body, urlFacts: urlFacts(body.url ?? doc.url) } },
      { actor },
    );
    const after = await endpoints.findOne({ _id: params.id });
    return { data: view(result.state, after, deps.clock().toISOString()), position: result.position };
  });

  addRoute(app, webhookRoutes.delete, async ({ params, request }) => {
    const { actor } = await access(request, params.id);
    const result = await handle(request, params.id, { type: 'DeleteWebhookEndpoint', data: {} }, { actor });
    return { data: { id: params.id, deleted: true as const }, position: result.position };
  });

  addRoute(app, webhookRoutes.rotateSecret, async ({ params, body, request }) => {
    const { actor } = await access(request, params.id);
    const secret = newWebhookSecret();
    const result = await handle(
      request,
      params.id,
      {
        type: 'RotateWebhookSecret',
        data: {
          secret: box.seal(secret, params.id),
          secretHint: secret.slice(-4),
          graceSeconds: body?.graceSeconds ?? WEBHOOK_DEFAULT_GRACE_SECONDS,
        },
      },
      { actor },
    );
    const after = await endpoints.findOne({ _id: params.id });
    return {
      data: { ...view(result.state, after, deps.clock().toISOString()), secret },
      position: result.position,
      message: webhookMessages.secretRotated,
    };
  });

  addRoute(app, webhookRoutes.deliveries, async ({ params, query, request }) => {
    await access(request, params.id);
    const filter: Filter = { endpointId: params.id };
    if (query.status) filter.status = query.status;
    if (query.eventType && query.eventType !== '*') {
      filter.eventType = query.eventType.endsWith('.*')
        ? { $regex: `^${query.eventType.slice(0, -1).replace(/\./g, '\\.')}` }
        : query.eventType;
    }
    const occurred: Record<string, string> = {};
    if (query.from) occurred.$gte = query.from;
    if (query.to) occurred.$lt = query.to;
    if (Object.keys(occurred).length > 0) filter.occurredAt = occurred;
    const [docs, total] = await Promise.all([
      deliveries.find(query.before ? { ...filter, position: { $lt: query.before } } : filter, {
        sort: { position: -1 },
        limit: query.limit,
      }),
      deliveries.count(filter),
    ]);
    return {
      total,
      data: docs.map((d): WebhookDelivery => ({
        id: d._id,
        endpointId: d.endpointId,
        eventId: d.eventId,
        eventType: d.eventType,
        position: d.position,
        occurredAt: d.occurredAt,
        status: d.status,
        attempts: d.totalAttempts,
        nextAttemptAt: d.nextAttemptAt,
        lastAttemptAt: d.lastAttemptAt,
        lastStatusCode: d.lastStatusCode,
        log: d.log,
      })),
    };
  });

  addRoute(app, webhookRoutes.redeliver, async ({ params, request }) => {
    const { actor } = await access(request, params.id);
    if (!(await deliveries.findOne({ _id: deliveryId(params.id, params.eventId) })))
      throw new DomainError(webhookMessages.deliveryNotFound, 404);
    const result = await handle(
      request,
      params.id,
      { type: 'RequestWebhookRedelivery', data: { eventId: params.eventId } },
      { actor, settle: false },
    );
    return { position: result.position, message: webhookMessages.redeliveryRequested };
  });

  addRoute(app, webhookRoutes.replay, async ({ params, body, request }) => {
    const { actor } = await access(request, params.id);
    const result = await handle(request, params.id, { type: 'RequestWebhookReplay', data: body }, { actor, settle: false });
    return { position: result.position, message: webhookMessages.replayRequested };
  });
};
