import { trimOldest, type DocumentStore } from '@stramien/infra';
import { tableVersionsCollection, type VersionDoc } from './tableDocs';

/** record versions kept per document store (least recently used first out) */
export const LATEST_VERSIONS_SIZE = 10_000;

/**
 * A collection name no one writes: its stamp moves only when another connection committed (the store reloaded its
 * catalogue), which tells a write of ours that came with such a reload from one that did not.
 */
const UNWRITTEN = '\u0000latest-versions';

interface TableMark {
  /** the versions collection's stamp right after the last write whose records were kept */
  stamp: number;
  /** entries of an older generation are void */
  generation: number;
}

interface Entry {
  generation: number;
  version: VersionDoc;
}

/**
 * The latest version of the records the tables projection wrote lately, per table, so that a live edit's batch finds
 * the version it closes without a read (`versions.find` on the (recordId, from) index cost ~20 µs a record). It holds
 * what the versions collection holds only as long as the collection's stamp (`DocumentStore.collectionStamp`) is the
 * one read right after the projection's own write: any other write to the collection (a rebuild or a drop, another
 * connection's commit, a failed write) moves the stamp, and then every kept version of that table is void. A store
 * without stamps (MongoDB) keeps nothing.
 */
export class LatestVersions {
  private readonly tables = new Map<string, TableMark>();
  private readonly entries = new Map<string, Entry>();
  private generations = 0;

  constructor(
    private readonly store: DocumentStore,
    private readonly size = LATEST_VERSIONS_SIZE,
  ) {}

  /** the kept latest version of `recordId` (a copy the caller may change), or undefined when none is known */
  get(tableId: string, recordId: string): VersionDoc | undefined {
    const mark = this.tables.get(tableId);
    if (mark === undefined) return undefined;
    const key = `${tableId}\u0000${recordId}`;
    const entry = this.entries.get(key);
    if (entry === undefined || entry.generation !== mark.generation) return undefined;
    if (this.store.collectionStamp?.(tableVersionsCollection(tableId)) !== mark.stamp) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    // the batch closes it by assigning its top-level fields; `v` and `changes` are copied before any change
    return { ...entry.version };
  }

  /**
   * Writes a table's versions with `write` and then keeps `latest` (each record's latest version after the write;
   * none to keep nothing). What was kept for the table stays only when nothing but this write changed the collection
   * since it was kept.
   */
  async write(tableId: string, write: () => Promise<void>, latest: Iterable<VersionDoc> = []): Promise<void> {
    const collection = tableVersionsCollection(tableId);
    const stampOf = this.store.collectionStamp?.bind(this.store);
    const before = stampOf?.(collection);
    const reloadBefore = stampOf?.(UNWRITTEN);
    const mark = this.tables.get(tableId);
    // void until the write is through: a write that fails leaves nothing kept
    this.tables.delete(tableId);
    await write();
    const after = stampOf?.(collection);
    if (after === undefined) return;
    const carried = mark !== undefined && before === mark.stamp && reloadBefore === stampOf?.(UNWRITTEN);
    const next: TableMark = { stamp: after, generation: carried ? mark.generation : ++this.generations };
    this.tables.set(tableId, next);
    for (const version of latest) {
      const key = `${tableId}\u0000${version.recordId}`;
      this.entries.delete(key);
      this.entries.set(key, { generation: next.generation, version });
      trimOldest(this.entries, this.size);
    }
  }

  /** nothing kept for the table (its collections dropped) */
  forget(tableId: string): void {
    this.tables.delete(tableId);
  }
}

const perStore = new WeakMap<DocumentStore, LatestVersions>();

/** the kept latest versions of a document store */
export const latestVersionsOf = (store: DocumentStore): LatestVersions => {
  let latest = perStore.get(store);
  if (latest === undefined) {
    latest = new LatestVersions(store);
    perStore.set(store, latest);
  }
  return latest;
};
