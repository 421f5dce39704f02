// The contract suite (./eventStore.contract) is not re-exported: it imports vitest, which throws outside a
// vitest run. Spec files import it from '@stramien/infra/eventStore/eventStore.contract'.
export * from './eventStore';
export { createSqliteEventStore, type SqliteEventStoreOptions } from './sqliteEventStore';
export { createEsdbEventStore, type EsdbEventStoreOptions } from './esdbEventStore';
export { newEventId } from './eventIds';
