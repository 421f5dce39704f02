export * from './documentStore';
export * from './logCheckpoint';
export {
  createEmbeddedDocumentStore,
  type EmbeddedDocumentStore,
  type EmbeddedDocumentStoreOptions,
  type ReadPlan,
} from './embeddedDocumentStore';
export { createMongoDocumentStore, type MongoDocumentStore, type MongoDocumentStoreOptions } from './mongoDocumentStore';
export {
  QueryError,
  applyUpdate,
  compareValues,
  compileFilter,
  compileProjection,
  compileSort,
  isReplacement,
  matches,
  project,
  sortDocuments,
  upsertSeed,
  validateUpdate,
  valuesEqual,
  type CompiledProjection,
  type CompiledSort,
  type DocumentPredicate,
  type Update,
} from './query/index';
// The contract suite (./documentStore.contract) is not re-exported: it imports vitest, which throws
// outside a vitest run. Spec files import it from '@stramien/infra/documentStore/documentStore.contract'.
