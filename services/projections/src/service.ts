import type { Adapters } from '@stramien/infra';
import { createProjectionRunner } from './runner/projectionRunner';
import { createForwarder } from './forwarder/forwarder';
import { allProjections } from './registry';

export interface Logger {
  info(msg: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Starts every projection and the bus forwarder on the given adapters. */
export const startProjectionsService = async (adapters: Pick<Adapters, 'eventStore' | 'documentStore' | 'bus'>, log: Logger) => {
  const runner = createProjectionRunner({
    eventStore: adapters.eventStore,
    documentStore: adapters.documentStore,
    projections: allProjections,
    onError: (name, e) => log.error(e, `projection ${name} stopped`),
  });
  const forwarder = createForwarder({ ...adapters, onError: (e) => log.error(e, 'forwarder stopped') });
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
