import type { FastifyInstance } from 'fastify';
import { asyncApiDocument, eventRoutes } from '@stramien/api';
import { matchesAny, streamCategoryOf, webhookEventName, type WebhookPayload } from '@stramien/domain';
import type { EventFilter } from '@stramien/infra';
import { createEventVisibility } from '@stramien/webhooks';
import { addRoute } from '../../plugins/route';
import { authoriseLicence, loadLicenceAccess } from '../../access/licenceAccess';

/** events read per batch, and at most per request (a page may end before `limit` with hasMore: true) */
const BATCH = 5_000;
const SCAN_MAX = 100_000;

/**
 * `GET /api/events`: the licence's events after a position, with the same filtering and redaction as webhooks (the
 * payload a delivery would carry; hidden categories and private tasks left out), for integrations that cannot receive
 * webhooks. `GET /api/asyncapi.json`: the published event catalogue.
 */
export const registerEventRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { eventStore } = deps.adapters;
  const visibility = createEventVisibility(eventStore);
  const catalogue = asyncApiDocument(deps.config.STRAMIEN_RELEASE);

  addRoute(app, eventRoutes.feed, async ({ query, request }) => {
    authoriseLicence(await loadLicenceAccess(deps, request, query.license), 'admin');
    const patterns = query.types && query.types.length > 0 ? query.types : ['*'];
    // patterns that each name a category let the store skip the others
    const filter: EventFilter | undefined = patterns.includes('*')
      ? undefined
      : { categories: [...new Set(patterns.map((p) => p.split('.')[0]!))] };
    const data: WebhookPayload[] = [];
    // read first: the scan below sees every event up to it, so a page that reaches the end may answer it as `next`
    const head = await eventStore.headPosition();
    let next = query.after;
    let scanned = 0;
    let reachedEnd = false;
    while (data.length < query.limit && scanned < SCAN_MAX) {
      const batch = await eventStore.readAll({ after: next, maxCount: BATCH, ...(filter ? { filter } : {}) });
      if (batch.length === 0) {
        reachedEnd = true;
        break;
      }
      for (const event of batch) {
        scanned++;
        next = event.position;
        if ((event.metadata as { licenceId?: string }).licenceId !== query.license) continue;
        if (!matchesAny(patterns, webhookEventName(streamCategoryOf(event.streamId), event.type))) continue;
        const payload = await visibility.payloadOf(event);
        if (payload) data.push(payload);
        if (data.length >= query.limit) break;
      }
      if (batch.length < BATCH && data.length < query.limit) {
        reachedEnd = true;
        break;
      }
    }
    return { data, next: reachedEnd ? Math.max(next, head) : next, hasMore: !reachedEnd };
  });

  addRoute(app, eventRoutes.asyncapi, async () => catalogue);
};
