import { Webhook } from 'standardwebhooks';
import {
  DomainError,
  fold,
  inProjects,
  matchesAny,
  signingSecrets,
  streamCategoryOf,
  toWebhookEndpointStreamId,
  WEBHOOK_ENDPOINT_CATEGORY,
  WEBHOOK_RETRY_SCHEDULE_MS,
  webhookEndpointDecider,
  webhookEndpointSchemas,
  webhookEventName,
  type WebhookDisabledReason,
  type WebhookEndpointEvent,
  type WebhookEndpointState,
} from '@stramien/domain';
import {
  DuplicateKeyError,
  errorKind,
  logCheckpoint,
  newEventId,
  sleep,
  supervise,
  WrongExpectedRevisionError,
  type DocumentStore,
  type EventStore,
  type HealthRegistry,
  type RecordedEvent,
  type SecretBox,
  type Supervised,
} from '@stramien/infra';
import {
  deliveryId,
  DELIVERY_ATTEMPTS_KEPT,
  WEBHOOK_DELIVERIES_COLLECTION,
  WEBHOOK_DISPATCHER_CHECKPOINT,
  type DeliveryAttempt,
  type WebhookDeliveryDoc,
} from './deliveries';
import { sendWebhook, type SendOptions, type TargetPolicy } from './targetGuard';
import { createEventVisibility } from './visibility';

/** the dispatcher's name in the health report */
export const WEBHOOKS_COMPONENT = 'webhooks';
/** a delivery's time limit, redirects included */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** deliveries in flight per endpoint (one while it is slowed down) */
export const WEBHOOK_CONCURRENCY = 16;
/** answers that slow an endpoint down instead of only retrying: too many requests, bad gateway, gateway timeout */
export const SLOW_DOWN_STATUSES = [429, 502, 504];
const SLOW_DOWN_START_MS = 1_000;
/** events of the log read (and their deliveries inserted) at once */
const READ_BATCH = 500;
const DAY_MS = 86_400_000;

/** How long finished deliveries stay in the log (pending ones always stay): docs/webhooks.md, "Retention". */
export interface WebhookRetention {
  deliveredMs: number;
  failedMs: number;
}
/** failed deliveries are kept this many times longer than delivered ones: they are what an admin looks into */
export const FAILED_RETENTION_FACTOR = 3;
/** the retention for STRAMIEN_WEBHOOKS_RETENTION_DAYS (default 30: delivered 30 days, failed 90 days) */
export const webhookRetention = (days: number): WebhookRetention => ({
  deliveredMs: days * DAY_MS,
  failedMs: days * FAILED_RETENTION_FACTOR * DAY_MS,
});
export const WEBHOOK_RETENTION = webhookRetention(30);
const PRUNE_EVERY_MS = 3_600_000;
const SLOW_DOWN_MAX_MS = 60_000;

export interface DispatcherOptions {
  eventStore: EventStore;
  documentStore: DocumentStore;
  /** opens the endpoints' sealed secrets (purpose 'webhooks', context the endpoint id) */
  secretBox: SecretBox;
  policy: TargetPolicy;
  health?: HealthRegistry;
  /** the wait after each failed attempt; default WEBHOOK_RETRY_SCHEDULE_MS (tests inject a short one) */
  schedule?: readonly number[];
  timeoutMs?: number;
  now?: () => Date;
  /** DNS resolution for the target guard (tests) */
  lookup?: SendOptions['lookup'];
  /** how long finished deliveries are kept; default WEBHOOK_RETENTION (30 days delivered, 90 days failed) */
  retention?: WebhookRetention;
  /** how often the finished deliveries past their retention are removed; default hourly */
  pruneEveryMs?: number;
  onError?: (error: unknown) => void;
}

interface EndpointQueue {
  endpointId: string;
  wake: () => void;
  waiter: Promise<void> | null;
  pausedUntil: number;
  slowDownMs: number;
  slowed: boolean;
  done: Promise<void>;
}

/**
 * The webhook dispatcher (issue 10). A reader of the event log from its own checkpoint records, for each event and each
 * endpoint that wants it, a pending delivery document before it moves its checkpoint: nothing is ever sent from a
 * request, and a crash loses nothing (a delivery in flight is sent again, with the same webhook-id). Each endpoint has
 * its own queue, so a slow or failing endpoint delays only itself. docs/webhooks.md has the design.
 */
export const createWebhookDispatcher = (options: DispatcherOptions) => {
  const { eventStore, documentStore, secretBox, policy } = options;
  const schedule = options.schedule ?? WEBHOOK_RETRY_SCHEDULE_MS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const retention = options.retention ?? WEBHOOK_RETENTION;
  const deliveries = documentStore.collection<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES_COLLECTION);
  const visibility = createEventVisibility(eventStore);
  /** the users read model (services/projections): who administers a licence, to notify when an endpoint is disabled */
  const users = documentStore.collection<{ _id: string; [key: string]: unknown }>('users');
  const endpoints = new Map<string, WebhookEndpointState>();
  const queues = new Map<string, EndpointQueue>();
  const controller = new AbortController();
  const { signal } = controller;
  let position = 0;
  let supervised: Supervised | null = null;
  let pruneTimer: ReturnType<typeof setInterval> | null = null;
  const reporter = options.health?.register(WEBHOOKS_COMPONENT, { lag: async () => (await eventStore.headPosition()) - position });
  const fail = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      // a failing error sink changes nothing
    }
  };

  // written within a second of the batches it passes: a restart records their deliveries again, under the same ids
  const checkpoint = logCheckpoint(documentStore, WEBHOOK_DISPATCHER_CHECKPOINT, { onError: fail });

  /** removes finished deliveries past their retention (by their last attempt); pending ones stay */
  const prune = async () => {
    const at = now().getTime();
    await deliveries.bulkWrite([
      { deleteMany: { filter: { status: 'delivered', lastAttemptAt: { $lt: new Date(at - retention.deliveredMs).toISOString() } } } },
      { deleteMany: { filter: { status: 'failed', lastAttemptAt: { $lt: new Date(at - retention.failedMs).toISOString() } } } },
    ]);
  };

  /** the signer of an endpoint's sealed secret, opened once */
  const signers = new Map<string, Webhook>();
  const signer = (endpointId: string, sealed: string): Webhook => {
    const key = `${endpointId}:${sealed}`;
    let found = signers.get(key);
    if (!found) {
      found = new Webhook(secretBox.open(sealed, endpointId));
      signers.set(key, found);
    }
    return found;
  };

  const applyEndpointEvent = (event: RecordedEvent) => {
    const id = event.streamId.slice(WEBHOOK_ENDPOINT_CATEGORY.length + 1);
    const state = webhookEndpointDecider.evolve(endpoints.get(id) ?? webhookEndpointDecider.initialState(), {
      type: event.type,
      data: event.data,
    } as WebhookEndpointEvent);
    endpoints.set(id, state);
    queues.get(id)?.wake();
  };

  /** appends the endpoint's disabling (410 Gone, an exhausted schedule) through its decider; nothing when already off */
  const disable = async (endpointId: string, reason: WebhookDisabledReason) => {
    const local = endpoints.get(endpointId);
    if (local) endpoints.set(endpointId, { ...local, enabled: false, disabledReason: reason });
    const streamId = toWebhookEndpointStreamId(endpointId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const recorded = await eventStore.readStream(streamId);
      const state = fold(
        webhookEndpointDecider,
        recorded.map((r) => ({ type: r.type, data: r.data }) as WebhookEndpointEvent),
      );
      const at = now().toISOString();
      const actor = { userId: 'system', licenceId: state.licenceId };
      const admins = await users.find(
        { licences: { $elemMatch: { id: state.licenceId, isAdmin: true } }, disabled: { $ne: true } },
        { projection: { _id: 1 } },
      );
      const decision = webhookEndpointDecider.decide(
        { type: 'DisableWebhookEndpoint', data: { reason, notifyUserIds: admins.map((u) => u._id) }, metadata: { actor, now: at } },
        state,
      );
      if (decision instanceof DomainError || decision.length === 0) return;
      const causationId = newEventId();
      const metadata = { userId: 'system', licenceId: state.licenceId, correlationId: causationId, causationId, occurredAt: at };
      const events = decision.map((e) => ({
        id: newEventId(),
        type: e.type,
        data: (webhookEndpointSchemas as Record<string, { parse(v: unknown): unknown }>)[e.type]!.parse(e.data),
        metadata,
      }));
      try {
        await eventStore.append(streamId, events, recorded.length - 1);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  };

  const queue = (endpointId: string): EndpointQueue => {
    let q = queues.get(endpointId);
    if (q) return q;
    let resolveWait: (() => void) | null = null;
    q = {
      endpointId,
      waiter: null,
      wake: () => resolveWait?.(),
      pausedUntil: 0,
      slowDownMs: SLOW_DOWN_START_MS,
      slowed: false,
      done: Promise.resolve(),
    };
    /** until `ms` pass, the queue is woken (new delivery, endpoint changed) or the dispatcher stops */
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolveWait = null;
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, Math.min(ms, 60_000)));
        signal.addEventListener('abort', done, { once: true });
        resolveWait = done;
      });
    const self = q;
    queues.set(endpointId, q);
    q.done = (async () => {
      let failures = 0;
      while (!signal.aborted) {
        try {
          const endpoint = endpoints.get(endpointId);
          if (!endpoint || !endpoint.enabled || endpoint.deleted) {
            await wait(60_000);
            continue;
          }
          const at = now().getTime();
          if (self.pausedUntil > at) {
            await wait(self.pausedUntil - at);
            continue;
          }
          const due = await deliveries.find(
            { endpointId, status: 'pending', nextAttemptAt: { $lte: new Date(at).toISOString() } },
            // the index's order (due first, then log order), so the store reads only the rows it answers
            { sort: { nextAttemptAt: 1, position: 1 }, limit: self.slowed ? 1 : WEBHOOK_CONCURRENCY },
          );
          if (due.length === 0) {
            const next = await deliveries.findOne({ endpointId, status: 'pending' }, { sort: { nextAttemptAt: 1 } });
            await wait(next?.nextAttemptAt ? Date.parse(next.nextAttemptAt) - at : 60_000);
            continue;
          }
          // the batch's outcomes are written in one bulk (one transaction in the embedded store)
          const outcomes = await Promise.all(due.map((d) => deliver(self, endpoint, d)));
          await deliveries.bulkWrite(outcomes.map(({ doc }) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc } })));
          const disableFor = outcomes.find((o) => o.disableFor)?.disableFor;
          if (disableFor) await disable(endpointId, disableFor);
          failures = 0;
        } catch (error) {
          failures++;
          fail(error);
          await sleep(Math.min(5_000, 200 * 2 ** failures), signal);
        }
      }
    })();
    return q;
  };

  const deliver = async (q: EndpointQueue, endpoint: WebhookEndpointState, delivery: WebhookDeliveryDoc) => {
    const sentAt = now();
    const iso = sentAt.toISOString();
    const body = JSON.stringify(delivery.payload);
    const signature = signingSecrets(endpoint, iso)
      .map((sealed) => signer(endpoint.endpointId, sealed).sign(delivery.eventId, sentAt, body))
      .join(' ');
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Stramien-Webhooks/1',
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let excerpt = '';
    let retryAfterMs: number | null = null;
    try {
      const result = await sendWebhook(endpoint.url, {
        headers,
        body,
        timeoutMs,
        policy,
        ...(options.lookup ? { lookup: options.lookup } : {}),
      });
      ({ excerpt, retryAfterMs } = result);
      statusCode = result.status;
    } catch (e) {
      const kind = errorKind(e);
      error = kind === 'AbortError' || kind === 'TimeoutError' ? 'TIMEOUT' : kind;
    }
    const durationMs = Math.round(performance.now() - started);
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const attempts = delivery.attempts + 1;
    const entry: DeliveryAttempt = { at: iso, attempt: delivery.totalAttempts + 1, statusCode, durationMs, error, excerpt };
    const doneAt = now().getTime();
    let next: Pick<WebhookDeliveryDoc, 'status' | 'nextAttemptAt'>;
    let disableFor: WebhookDisabledReason | null = null;
    if (ok) next = { status: 'delivered', nextAttemptAt: null };
    else if (statusCode === 410) {
      next = { status: 'failed', nextAttemptAt: null };
      disableFor = 'gone';
    } else if (attempts > schedule.length) {
      next = { status: 'failed', nextAttemptAt: null };
      disableFor = 'exhausted';
    } else next = { status: 'pending', nextAttemptAt: new Date(doneAt + schedule[attempts - 1]!).toISOString() };
    if (statusCode !== null && SLOW_DOWN_STATUSES.includes(statusCode)) {
      q.slowed = true;
      q.pausedUntil = Math.max(q.pausedUntil, doneAt + Math.max(Math.min(retryAfterMs ?? 0, 3_600_000), q.slowDownMs));
      q.slowDownMs = Math.min(q.slowDownMs * 2, SLOW_DOWN_MAX_MS);
    } else if (ok && q.slowed) {
      q.slowed = false;
      q.slowDownMs = SLOW_DOWN_START_MS;
    }
    const doc: WebhookDeliveryDoc = {
      ...delivery,
      ...next,
      attempts,
      totalAttempts: delivery.totalAttempts + 1,
      lastAttemptAt: iso,
      lastStatusCode: statusCode,
      log: [...delivery.log, entry].slice(-DELIVERY_ATTEMPTS_KEPT),
    };
    return { doc, disableFor };
  };

  const wants = (endpoint: WebhookEndpointState, event: RecordedEvent, name: string): boolean => {
    const metadata = event.metadata as { licenceId?: string; projectId?: string };
    return (
      endpoint.exists &&
      !endpoint.deleted &&
      endpoint.licenceId === metadata.licenceId &&
      inProjects(endpoint.projectIds, metadata.projectId) &&
      matchesAny(endpoint.eventTypes, name)
    );
  };

  /** the pending deliveries of the event to the given endpoints (none when the integration may not see it) */
  const pendingOf = async (event: RecordedEvent, targets: WebhookEndpointState[]): Promise<WebhookDeliveryDoc[]> => {
    if (targets.length === 0) return [];
    const payload = await visibility.payloadOf(event);
    if (!payload) return [];
    const at = now().toISOString();
    return targets.map((endpoint): WebhookDeliveryDoc => ({
      _id: deliveryId(endpoint.endpointId, event.id),
      endpointId: endpoint.endpointId,
      licenceId: endpoint.licenceId,
      eventId: event.id,
      eventType: payload.type,
      position: event.position,
      occurredAt: payload.timestamp,
      createdAt: at,
      status: 'pending',
      attempts: 0,
      totalAttempts: 0,
      nextAttemptAt: at,
      lastAttemptAt: null,
      lastStatusCode: null,
      payload,
      log: [],
    }));
  };

  /**
   * Records pending deliveries, insert-if-absent: one bulk (one transaction in the embedded store) for all of them; when
   * some exist (events read again after a crash, a replay) one by one, keeping what exists, and `again` (replay) queues
   * the existing ones again.
   */
  const insert = async (docs: WebhookDeliveryDoc[], again: boolean) => {
    if (docs.length === 0) return;
    const inserted =
      !again &&
      (await deliveries.bulkWrite(docs.map((document) => ({ insertOne: { document } }))).then(
        () => true,
        (error: unknown) => {
          if (error instanceof DuplicateKeyError) return false;
          throw error;
        },
      ));
    if (!inserted) {
      for (const doc of docs) {
        try {
          await deliveries.insertOne(doc);
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
          if (again) await requeue(doc._id);
        }
      }
    }
    for (const endpointId of new Set(docs.map((d) => d.endpointId))) queue(endpointId).wake();
  };

  const requeue = (id: string) =>
    deliveries.updateOne({ _id: id }, { $set: { status: 'pending', attempts: 0, nextAttemptAt: now().toISOString() } });

  const replay = async (endpointId: string, request: { from: string; to: string; eventTypes?: string[] }, upTo: number) => {
    const endpoint = endpoints.get(endpointId);
    if (!endpoint) return;
    const { from, to, eventTypes } = request;
    for (let after = 0; after < upTo;) {
      const batch = await eventStore.readAll({ after, maxCount: 1_000 });
      if (batch.length === 0) break;
      const docs: WebhookDeliveryDoc[] = [];
      for (const event of batch) {
        if (event.position > upTo) break;
        const occurredAt = (event.metadata as { occurredAt?: string }).occurredAt ?? event.recordedAt;
        if (occurredAt < from || occurredAt >= to) continue;
        const name = webhookEventName(streamCategoryOf(event.streamId), event.type);
        if (wants(endpoint, event, name) && (!eventTypes || matchesAny(eventTypes, name)))
          docs.push(...(await pendingOf(event, [endpoint])));
      }
      await insert(docs, true);
      after = batch[batch.length - 1]!.position;
    }
  };

  /**
   * A batch of the log in order: an endpoint's events change whom the events after them go to; the deliveries of the
   * batch are inserted together, and before a redelivery or replay (which act on what is recorded) is handled.
   */
  const handleBatch = async (batch: RecordedEvent[]) => {
    let docs: WebhookDeliveryDoc[] = [];
    const flush = async () => {
      await insert(docs, false);
      docs = [];
    };
    for (const event of batch) {
      const category = streamCategoryOf(event.streamId);
      if (category !== WEBHOOK_ENDPOINT_CATEGORY) {
        const name = webhookEventName(category, event.type);
        docs.push(
          ...(await pendingOf(
            event,
            [...endpoints.values()].filter((e) => e.enabled && wants(e, event, name)),
          )),
        );
        continue;
      }
      applyEndpointEvent(event);
      const id = event.streamId.slice(WEBHOOK_ENDPOINT_CATEGORY.length + 1);
      if (event.type === 'WebhookRedeliveryRequested') {
        await flush();
        await requeue(deliveryId(id, (event.data as { eventId: string }).eventId));
        queue(id).wake();
      }
      if (event.type === 'WebhookReplayRequested') {
        await flush();
        await replay(id, event.data as { from: string; to: string; eventTypes?: string[] }, event.position);
      }
    }
    await flush();
  };

  /** the endpoints as of the checkpoint: their own events up to it */
  const loadEndpoints = async () => {
    for (let after = 0; ;) {
      const batch = await eventStore.readAll({ after, maxCount: 1_000, filter: { categories: [WEBHOOK_ENDPOINT_CATEGORY] } });
      const upTo = batch.filter((e) => e.position <= position);
      for (const event of upTo) applyEndpointEvent(event);
      if (batch.length === 0 || upTo.length < batch.length) break;
      after = batch[batch.length - 1]!.position;
    }
  };

  return {
    position: () => position,
    async start() {
      position = await checkpoint.load();
      await deliveries.createIndex({ keys: { endpointId: 1, status: 1, nextAttemptAt: 1, position: 1 } });
      await deliveries.createIndex({ keys: { endpointId: 1, position: -1 } });
      await deliveries.createIndex({ keys: { status: 1, lastAttemptAt: 1 } });
      await loadEndpoints();
      await prune().catch(fail);
      pruneTimer = setInterval(() => void prune().catch(fail), options.pruneEveryMs ?? PRUNE_EVERY_MS);
      for (const id of endpoints.keys()) queue(id);
      supervised = supervise({
        ...(reporter ? { reporter } : {}),
        onError: fail,
        async run({ signal: attemptSignal, running }) {
          const sub = eventStore.subscribe({ after: position });
          const close = () => void sub.close();
          attemptSignal.addEventListener('abort', close, { once: true });
          try {
            if ((await eventStore.headPosition()) <= position) running();
            for await (const batch of sub.batches(READ_BATCH)) {
              if (batch.length === 0) continue;
              await handleBatch(batch);
              position = batch[batch.length - 1]!.position;
              await checkpoint.passed(position);
              running();
              if (attemptSignal.aborted) break;
            }
          } finally {
            attemptSignal.removeEventListener('abort', close);
            await sub.close();
            await checkpoint.flush().catch(() => undefined);
          }
        },
      });
    },
    async stop() {
      if (pruneTimer) clearInterval(pruneTimer);
      controller.abort();
      await supervised?.stop();
      for (const q of queues.values()) q.wake();
      await Promise.race([Promise.all([...queues.values()].map((q) => q.done)), sleep(1_000)]);
    },
  };
};
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
