import { webhookRoutes, type Body, type DELIVERY_STATUSES } from '@stramien/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookKeys = {
  list: (licenceId: string) => ['webhooks', licenceId] as const,
  deliveries: (endpointId: string, status: DeliveryStatus | '') => ['webhooks', 'deliveries', endpointId, status] as const,
};

/** GET /api/license/:id/webhooks — the licence's endpoints (no secrets). */
export const webhooksQuery = (licenceId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(licenceId),
    queryFn: async ({ signal }) => (await api.call(webhookRoutes.list, { params: { id: licenceId }, signal })).data,
  });

/** GET /api/webhooks/:id/deliveries — an endpoint's delivery log, newest first, optionally of one status. */
export const deliveriesQuery = (endpointId: string, status: DeliveryStatus | '') =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId, status),
    queryFn: async ({ signal }) =>
      (
        await api.call(webhookRoutes.deliveries, {
          params: { id: endpointId },
          query: { limit: 50, ...(status ? { status } : {}) },
          signal,
        })
      ).data,
  });

/** The webhook commands of the admin screen (one place, so tests can fake them). */
export const webhookCalls = {
  create: (licenceId: string, body: Body<typeof webhookRoutes.create>) =>
    api.call(webhookRoutes.create, { params: { id: licenceId }, body }),
  update: (id: string, body: Body<typeof webhookRoutes.update>) => api.call(webhookRoutes.update, { params: { id }, body }),
  delete: (id: string) => api.call(webhookRoutes.delete, { params: { id } }),
  rotateSecret: (id: string) => api.call(webhookRoutes.rotateSecret, { params: { id }, body: {} }),
  redeliver: (id: string, eventId: string) => api.call(webhookRoutes.redeliver, { params: { id, eventId }, body: {} }),
};
