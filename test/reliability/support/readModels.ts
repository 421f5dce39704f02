import { createEmbeddedDocumentStore, type Doc, type DocumentStore } from '@stramien/infra';
import { CHECKPOINTS_COLLECTION } from '@stramien/projections';

/** `use` on the embedded document store of `file`, closed after it (the kill tests read a data dir between runs) */
export const withDocumentStore = async <T>(file: string, use: (store: DocumentStore) => Promise<T>): Promise<T> => {
  const store = createEmbeddedDocumentStore({ file });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
};

/** every projection's checkpoint by name */
export const checkpointsOf = async (store: DocumentStore): Promise<Record<string, number>> =>
  Object.fromEntries((await store.collection<Doc & { position: number }>(CHECKPOINTS_COLLECTION).find()).map((c) => [c._id, c.position]));
