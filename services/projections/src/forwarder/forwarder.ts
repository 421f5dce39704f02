import type { Bus, DocumentStore, EventStore, HealthRegistry } from '@stramien/infra';
import { logCheckpoint, streamCategory, supervise, type Supervised } from '@stramien/infra';
import { toEnvelope } from '../runner/projectionRunner';
import type { EventEnvelope } from '@stramien/domain';

export const FORWARDER_CHECKPOINT = '$forwarder';
/** the forwarder's name in the health report */
export const FORWARDER_COMPONENT = 'forwarder';

/** Bus subject of an event: stramien.<licenceId>.<category>.<EventType> */
export const eventSubject = (event: Pick<EventEnvelope, 'streamId' | 'type' | 'metadata'>): string =>
  `stramien.${event.metadata.licenceId || 'system'}.${streamCategory(event.streamId)}.${event.type}`;

/** events the forwarder reads per page */
const READ_BATCH = 500;

/**
 * Publishes the event log to the bus from its own checkpoint (message id = event id), never
 * "after commit" from a request: a crash between commit and publish loses nothing, and a
 * re-published event is dropped by the bus's duplicate window. A failed publish (the bus
 * unreachable) is retried with backoff for ever, from the last event the bus acknowledged.
 */
export const createForwarder = (deps: {
  eventStore: EventStore;
  documentStore: DocumentStore;
  bus: Bus;
  /** the longest its stored checkpoint lags what it published, while it runs (ms); default 1,000 */
  checkpointEveryMs?: number;
  /** where it reports its state and lag (events not yet published) */
  health?: HealthRegistry;
  /** told of every failure, before the retry */
  onError?: (e: unknown) => void;
}) => {
  const checkpoint = logCheckpoint(deps.documentStore, FORWARDER_CHECKPOINT, {
    ...(deps.checkpointEveryMs !== undefined ? { everyMs: deps.checkpointEveryMs } : {}),
    ...(deps.onError ? { onError: deps.onError } : {}),
  });
  let supervised: Supervised | null = null;
  let position = 0;
  const reporter = deps.health?.register(FORWARDER_COMPONENT, { lag: async () => (await deps.eventStore.headPosition()) - position });
  return {
    position: () => position,
    async start() {
      position = await checkpoint.load();
      supervised = supervise({
        ...(reporter ? { reporter } : {}),
        ...(deps.onError ? { onError: deps.onError } : {}),
        async run({ signal, running }) {
          const sub = deps.eventStore.subscribe({ after: position });
          const close = () => void sub.close();
          signal.addEventListener('abort', close, { once: true });
          try {
            if ((await deps.eventStore.headPosition()) <= position) running();
            for await (const batch of sub.batches(READ_BATCH)) {
              for (const recorded of batch) {
                const event = toEnvelope(recorded);
                await deps.bus.publish(eventSubject(event), event, { id: event.id });
                position = event.position;
                if (signal.aborted) break;
              }
              running();
              if (signal.aborted) break;
              // a checkpoint behind what was published only means publishing those events again, which the bus drops
              await checkpoint.passed(position);
            }
          } finally {
            signal.removeEventListener('abort', close);
            await sub.close();
            await checkpoint.flush().catch(() => undefined);
          }
        },
      });
    },
    async stop() {
      await supervised?.stop();
    },
  };
};
