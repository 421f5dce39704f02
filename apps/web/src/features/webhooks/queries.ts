import { webhookRoutes, type Body, type DELIVERY_STATUSES } from '@stramien/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** the delivery log's filters and page, as GET /api/webhooks/:id/deliveries takes them */
export interface DeliveryQuery {
  status?: DeliveryStatus;
  /** a webhook name or pattern: `task.*` */
  eventType?: string;
  /** ISO times: [from, to) */
  from?: string;
  to?: string;
  /** the position of the last delivery of the page before */
  before?: number;
  limit?: number;
}

export const webhookKeys = {
  list: (licenceId: string) => ['webhooks', licenceId] as const,
  /** every page and filter of an endpoint's log */
  deliveriesOf: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
  deliveries: (endpointId: string, query: DeliveryQuery) => ['webhooks', 'deliveries', endpointId, query] as const,
};

/** GET /api/license/:id/webhooks — the licence's endpoints (no secrets). */
export const webhooksQuery = (licenceId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(licenceId),
    queryFn: async ({ signal }) => (await api.call(webhookRoutes.list, { params: { id: licenceId }, signal })).data,
  });

/**
 * GET /api/webhooks/:id/deliveries — a page of an endpoint's delivery log, newest first, with the filters' total (the
 * previous page stays on screen while the next loads).
 */
export const deliveriesQuery = (endpointId: string, query: DeliveryQuery) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId, query),
    queryFn: async ({ signal }) => api.call(webhookRoutes.deliveries, { params: { id: endpointId }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** The webhook commands of the admin screen (one place, so tests can fake them). */
export const webhookCalls = {
  create: (licenceId: string, body: Body<typeof webhookRoutes.create>) =>
    api.call(webhookRoutes.create, { params: { id: licenceId }, body }),
  update: (id: string, body: Body<typeof webhookRoutes.update>) => api.call(webhookRoutes.update, { params: { id }, body }),
  delete: (id: string) => api.call(webhookRoutes.delete, { params: { id } }),
  rotateSecret: (id: string) => api.call(webhookRoutes.rotateSecret, { params: { id }, body: {} }),
  redeliver: (id: string, eventId: string) => api.call(webhookRoutes.redeliver, { params: { id, eventId }, body: {} }),
  replay: (id: string, body: Body<typeof webhookRoutes.replay>) => api.call(webhookRoutes.replay, { params: { id }, body }),
};
