import type { Adapters } from '@stramien/infra';
import type { RecordEventType, TaskEventType } from '@stramien/domain';
import { createProjectionRunner } from './runner/projectionRunner';
import { createForwarder } from './forwarder/forwarder';
import { allProjections } from './registry';

/**
 * the events the runner holds for larger batches under load: those of the commands answered before their read models,
 * record creates and edits (docs/performance.md 46.) and updates of a task's plain details (48.)
 */
export const HELD_EVENT_TYPES: readonly (RecordEventType | TaskEventType)[] = ['RecordCreated', 'RecordUpdated', 'TaskUpdated'];

/**
 * Starts every projection and the bus forwarder on the given adapters; both report to `adapters.health` (and log
 * there). `coalesceMs`: how long record edits' events may be held under load (`RunnerOptions.coalesce`), from
 * STRAMIEN_PROJECTION_COALESCE_MS.
 */
export const startProjectionsService = async (
  adapters: Pick<Adapters, 'eventStore' | 'documentStore' | 'bus' | 'health'>,
  { coalesceMs = 0 }: { coalesceMs?: number } = {},
) => {
  const runner = createProjectionRunner({
    eventStore: adapters.eventStore,
    documentStore: adapters.documentStore,
    projections: allProjections,
    health: adapters.health,
    // record edits are answered from the record's stream, before the read models (services/commands recordRoutes.ts)
    coalesce: { ms: coalesceMs, eventTypes: HELD_EVENT_TYPES },
  });
  const forwarder = createForwarder(adapters);
  await runner.start();
  await forwarder.start();
  return {
    runner,
    forwarder,
    async stop() {
      await forwarder.stop();
      await runner.stop();
    },
  };
};
export type ProjectionsService = Awaited<ReturnType<typeof startProjectionsService>>;
