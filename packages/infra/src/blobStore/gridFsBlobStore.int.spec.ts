import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe } from 'vitest';
import { describeBlobStoreContract } from './blobStore.contract';
import { createGridFsBlobStore } from './gridFsBlobStore';

const mongoUrl = process.env.MONGO_URL;

if (mongoUrl) {
  describeBlobStoreContract('GridFsBlobStore', async () => {
    const dbName = `stramien_blobs_${randomUUID().replaceAll('-', '')}`;
    const store = await createGridFsBlobStore({ url: mongoUrl, dbName });
    return {
      store,
      cleanup: async () => {
        await store.close();
        const client = await MongoClient.connect(mongoUrl);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  console.log('GridFS contract skipped: MONGO_URL not set');
  describe.skip('GridFsBlobStore (BlobStore contract)', () => {});
}
