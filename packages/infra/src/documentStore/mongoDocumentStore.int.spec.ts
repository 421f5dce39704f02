import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { describeDocumentStoreContract } from './documentStore.contract';
import { createMongoDocumentStore, type MongoDocumentStore } from './mongoDocumentStore';

const url = process.env.MONGO_URL;

if (url) {
  describeDocumentStoreContract('MongoDocumentStore', async () => {
    // a database of its own per test, dropped afterwards
    const dbName = `stramien_contract_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    let store: MongoDocumentStore = await createMongoDocumentStore({ url, dbName });
    return {
      store,
      reopen: async () => {
        await store.close();
        store = await createMongoDocumentStore({ url, dbName });
        return store;
      },
      cleanup: async () => {
        await store.db.dropDatabase();
        await store.close();
      },
    };
  });
} else {
  console.log('MongoDB contract skipped: MONGO_URL not set');
  describe.skip('MongoDocumentStore', () => {
    describeDocumentStoreContract('MongoDocumentStore', async () => {
      throw new Error('MONGO_URL not set');
    });
  });
}
