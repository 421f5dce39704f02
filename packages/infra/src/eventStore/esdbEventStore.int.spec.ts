import { describe } from 'vitest';
import { describeEventStoreContract } from './eventStore.contract';
import { createEsdbEventStore } from './esdbEventStore';

const connectionString = process.env.ESDB_URL;

if (connectionString) {
  describeEventStoreContract('EsdbEventStore', async () => {
    const store = createEsdbEventStore({ connectionString });
    return { store, cleanup: () => store.close() };
  });
} else {
  console.log('EventStoreDB contract skipped: ESDB_URL not set');
  describe.skip('EsdbEventStore', () => {
    describeEventStoreContract('EsdbEventStore', async () => {
      throw new Error('ESDB_URL not set');
    });
  });
}
