import type { Bus, DocumentStore, EventStore, HealthRegistry } from '@stramien/infra';
import { streamCategory, supervise, type Supervised } from '@stramien/infra';
import { CHECKPOINTS_COLLECTION } from '../runner/projection';
import type { Checkpoint } from '../runner/projectionRunner';
import { toEnvelope } from '../runner/projectionRunner';
import type { EventEnvelope } from '@stramien/domain';

export const FORWARDER_CHECKPOINT = '$forwarder';
/** the forwarder's name in the health report */
export const FORWARDER_COMPONENT = 'forwarder';

/** Bus subject of an event: stramien.<licenceId>.<category>.<EventType> */
export const eventSubject = (event: Pick<EventEnvelope, 'streamId' | 'type' | 'metadata'>): string =>
  `stramien.${event.metadata.licenceId || 'system'}.${streamCategory(event.streamId)}.${event.type}`;

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
  checkpointEvery?: number;
  /** where it reports its state and lag (events not yet published) */
  health?: HealthRegistry;
  /** told of every failure, before the retry */
  onError?: (e: unknown) => void;
}) => {
  const checkpoints = deps.documentStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
  const every = deps.checkpointEvery ?? 100;
  let supervised: Supervised | null = null;
  let position = 0;
  const save = () => checkpoints.replaceOne({ _id: FORWARDER_CHECKPOINT }, { _id: FORWARDER_CHECKPOINT, position }, { upsert: true });
  const reporter = deps.health?.register(FORWARDER_COMPONENT, { lag: async () => (await deps.eventStore.headPosition()) - position });
  return {
    position: () => position,
    async start() {
      position = (await checkpoints.findOne({ _id: FORWARDER_CHECKPOINT }))?.position ?? 0;
      supervised = supervise({
        ...(reporter ? { reporter } : {}),
        ...(deps.onError ? { onError: deps.onError } : {}),
        async run({ signal, running }) {
          const sub = deps.eventStore.subscribe({ after: position });
          const close = () => void sub.close();
          signal.addEventListener('abort', close, { once: true });
          let sinceCheckpoint = 0;
          try {
            if ((await deps.eventStore.headPosition()) <= position) running();
            for await (const recorded of sub) {
              const event = toEnvelope(recorded);
              await deps.bus.publish(eventSubject(event), event, { id: event.id });
              position = event.position;
              running();
              if (signal.aborted) break;
              if (++sinceCheckpoint >= every) {
                await save();
                sinceCheckpoint = 0;
              }
            }
          } finally {
            signal.removeEventListener('abort', close);
            await sub.close();
            // a lost checkpoint only means publishing a few events again, which the bus drops
            if (sinceCheckpoint > 0) await save().catch(() => undefined);
          }
        },
      });
    },
    async stop() {
      await supervised?.stop();
    },
  };
};
