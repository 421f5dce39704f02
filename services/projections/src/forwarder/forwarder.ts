import type { Bus, DocumentStore, EventStore } from '@stramien/infra';
import { streamCategory } from '@stramien/infra';
import { CHECKPOINTS_COLLECTION } from '../runner/projection';
import type { Checkpoint } from '../runner/projectionRunner';
import { toEnvelope } from '../runner/projectionRunner';
import type { EventEnvelope } from '@stramien/domain';

export const FORWARDER_CHECKPOINT = '$forwarder';

/** Bus subject of an event: stramien.<licenceId>.<category>.<EventType> */
export const eventSubject = (event: Pick<EventEnvelope, 'streamId' | 'type' | 'metadata'>): string =>
  `stramien.${event.metadata.licenceId || 'system'}.${streamCategory(event.streamId)}.${event.type}`;

/**
 * Publishes the event log to the bus from its own checkpoint (message id = event id), never
 * "after commit" from a request: a crash between commit and publish loses nothing, and a
 * re-published event is dropped by the bus's duplicate window.
 */
export const createForwarder = (deps: {
  eventStore: EventStore;
  documentStore: DocumentStore;
  bus: Bus;
  checkpointEvery?: number;
  onError?: (e: unknown) => void;
}) => {
  const checkpoints = deps.documentStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
  const every = deps.checkpointEvery ?? 100;
  let subscription: ReturnType<EventStore['subscribe']> | null = null;
  let done: Promise<void> = Promise.resolve();
  let position = 0;
  return {
    position: () => position,
    async start() {
      position = (await checkpoints.findOne({ _id: FORWARDER_CHECKPOINT }))?.position ?? 0;
      subscription = deps.eventStore.subscribe({ after: position });
      const sub = subscription;
      done = (async () => {
        let sinceCheckpoint = 0;
        const save = () => checkpoints.replaceOne({ _id: FORWARDER_CHECKPOINT }, { _id: FORWARDER_CHECKPOINT, position }, { upsert: true });
        for await (const recorded of sub) {
          const event = toEnvelope(recorded);
          await deps.bus.publish(eventSubject(event), event, { id: event.id });
          position = event.position;
          if (++sinceCheckpoint >= every) {
            await save();
            sinceCheckpoint = 0;
          }
        }
        if (sinceCheckpoint > 0) await save();
      })().catch((e) => deps.onError?.(e));
    },
    async stop() {
      await subscription?.close();
      await done;
    },
  };
};
