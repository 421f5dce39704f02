import { trimOldest, type DocumentStore } from '@stramien/infra';

/**
 * What a request derived from read-model documents that change rarely (a project with its members and roles, a
 * project's teams, licences, a user's project roles), kept between requests while the document store's stamp of the
 * collection it came from stays (`DocumentStore.collectionStamp`: it changes with every write to the collection
 * through the store, failed or not, and with every commit of another connection, so a second process writing the
 * file is seen as before). A store without stamps (MongoDB) is read on every call.
 *
 * What is handed out is shared between requests and deeply frozen: a caller that changed it would throw instead of
 * changing the next request's view.
 */

/** entries kept per kind and store; past it the one read longest ago goes */
const LIMIT = 2_000;

interface Kept {
  stamp: number;
  value: unknown;
}

const caches = new WeakMap<DocumentStore, Map<string, Map<string, Kept>>>();

const mapOf = (store: DocumentStore, kind: string): Map<string, Kept> => {
  let kinds = caches.get(store);
  if (kinds === undefined) {
    kinds = new Map();
    caches.set(store, kinds);
  }
  let map = kinds.get(kind);
  if (map === undefined) {
    map = new Map();
    kinds.set(kind, map);
  }
  return map;
};

export const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};

export interface CachedRead<V> {
  /** the collection the value is read from: its stamp decides whether a kept value is still good */
  collection: string;
  /** names what is kept (with `key`), e.g. 'project' */
  kind: string;
  key: string;
  read: () => Promise<V>;
  /** whether to keep this answer (e.g. not a miss); default all */
  keep?: (value: V) => boolean;
  /** entries kept of this kind; default `LIMIT` */
  limit?: number;
}

/**
 * `read()`'s answer, or the one kept for (kind, key) while the collection's stamp is the one it was read at. An answer
 * is kept only when the stamp is the same after the read as before it (nothing wrote in between).
 */
export const cachedRead = async <V>(
  store: DocumentStore,
  { collection, kind, key, read, keep, limit = LIMIT }: CachedRead<V>,
): Promise<V> => {
  const stamp = store.collectionStamp?.(collection);
  if (stamp === undefined) return read();
  const map = mapOf(store, kind);
  const kept = map.get(key);
  // a hit is not moved to the end (that was a delete and a set per request): past the limit the oldest read goes
  if (kept !== undefined && kept.stamp === stamp) return kept.value as V;
  const value = await read();
  if ((keep === undefined || keep(value)) && store.collectionStamp?.(collection) === stamp) {
    map.delete(key);
    map.set(key, { stamp, value: deepFreeze(value) });
    trimOldest(map, limit);
  }
  return value;
};
