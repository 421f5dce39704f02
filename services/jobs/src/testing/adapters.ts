import { join } from 'node:path';
import { createEmbeddedDocumentStore, createFileBlobStore, createInProcessBus, createSqliteEventStore } from '@stramien/infra';

/** The embedded adapters of a job test on the files of `dataDir`: event store, document store, blob store, in-process bus. */
export const openTestAdapters = (dataDir: string) => ({
  eventStore: createSqliteEventStore({ file: join(dataDir, 'events.sqlite') }),
  documentStore: createEmbeddedDocumentStore({ file: join(dataDir, 'documents.sqlite') }),
  blobStore: createFileBlobStore({ dir: join(dataDir, 'blobs') }),
  bus: createInProcessBus(),
});
export type TestAdapters = ReturnType<typeof openTestAdapters>;
