import { join } from 'node:path';
import { createEmbeddedDocumentStore, createFileBlobStore, createInProcessBus, createSqliteEventStore } from '@stramien/infra';

/** The embedded adapters of a data dir (event and document stores, blobs) and an in-process bus, as the job-worker test uses them. */
export const createJobAdapters = (dataDir: string) => {
  const adapters = {
    eventStore: createSqliteEventStore({ file: join(dataDir, 'events.sqlite') }),
    documentStore: createEmbeddedDocumentStore({ file: join(dataDir, 'documents.sqlite') }),
    blobStore: createFileBlobStore({ dir: join(dataDir, 'blobs') }),
    bus: createInProcessBus(),
  };
  return {
    ...adapters,
    async close() {
      await adapters.bus.close();
      await adapters.eventStore.close();
      await adapters.documentStore.close();
      await adapters.blobStore.close();
    },
  };
};
