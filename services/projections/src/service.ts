import type { Adapters } from '@stramien/infra';
import { createProjectionRunner } from './runner/projectionRunner';
import { createForwarder } from './forwarder/forwarder';
import { allProjections } from './registry';

/** Starts every projection and the bus forwarder on the given adapters; both report to `adapters.health` (and log there). */
export const startProjectionsService = async (adapters: Pick<Adapters, 'eventStore' | 'documentStore' | 'bus' | 'health'>) => {
  const runner = createProjectionRunner({
    eventStore: adapters.eventStore,
    documentStore: adapters.documentStore,
    projections: allProjections,
    health: adapters.health,
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
