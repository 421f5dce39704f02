import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, prepareDataDir } from './dataDir';
import type { EventStore } from '../eventStore/eventStore';
import type { DocumentStore } from '../documentStore/documentStore';
import type { Bus } from '../bus/bus';
import type { BlobStore } from '../blobStore/blobStore';
import { createSqliteEventStore } from '../eventStore/sqliteEventStore';
import { createEsdbEventStore } from '../eventStore/esdbEventStore';
import { createEmbeddedDocumentStore } from '../documentStore/embeddedDocumentStore';
import { createMongoDocumentStore } from '../documentStore/mongoDocumentStore';
import { createInProcessBus } from '../bus/inProcessBus';
import { createNatsBus } from '../bus/natsBus';
import { createFileBlobStore } from '../blobStore/fileBlobStore';
import { createGridFsBlobStore } from '../blobStore/gridFsBlobStore';
import { createHealthRegistry, type HealthRegistry } from '../health/healthRegistry';

export interface Adapters {
  eventStore: EventStore;
  documentStore: DocumentStore;
  bus: Bus;
  blobStore: BlobStore;
  /** where the readers of the log and the bus running on these adapters report their state (GET /api/health) */
  health: HealthRegistry;
  close(): Promise<void>;
}

/** Picks each port's adapter from the configuration: embedded unless a production URL is set. */
export const createAdapters = async (config: Config): Promise<Adapters> => {
  // before any store opens: the data dir and everything created in it stay private to the service user
  prepareDataDir(config.dataDir);
  const eventStore = config.ESDB_URL
    ? createEsdbEventStore({ connectionString: config.ESDB_URL })
    : createSqliteEventStore({ file: join(config.dataDir, 'events.sqlite') });
  const documentStore = config.MONGO_URL
    ? await createMongoDocumentStore({ url: config.MONGO_URL, dbName: config.MONGO_DB })
    : createEmbeddedDocumentStore({ file: join(config.dataDir, 'documents.sqlite'), walCheckpoints: config.STRAMIEN_SQLITE_CHECKPOINTS });
  const bus = config.NATS_URL ? await createNatsBus({ servers: config.NATS_URL }) : createInProcessBus();
  const blobStore = config.MONGO_URL
    ? await createGridFsBlobStore({ url: config.MONGO_URL, dbName: config.MONGO_DB })
    : createFileBlobStore({ dir: join(config.dataDir, 'blobs') });
  return {
    eventStore,
    documentStore,
    bus,
    blobStore,
    health: createHealthRegistry(),
    async close() {
      await bus.close();
      await eventStore.close();
      await documentStore.close();
      await blobStore.close();
    },
  };
};

/** The JWT secret: from the configuration, else generated once and kept in the data dir. */
export const jwtSecret = (config: Config): Uint8Array => {
  if (config.STRAMIEN_JWT_SECRET) return new TextEncoder().encode(config.STRAMIEN_JWT_SECRET);
  const file = join(config.dataDir, 'jwt-secret');
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
};
