import type { BulkOperation, DocumentStore } from '@stramien/infra';
import {
  evolveTable,
  isModuleTable,
  recordEventTypes,
  tableEventTypes,
  type EventEnvelope,
  type RecordEvent,
  type TableEvent,
  type TableState,
} from '@stramien/domain';
import { nextTurn, pausesBefore, writeInSlices, type ApplyOptions, type StoreProjection } from '../runner/projection';
import {
  encodeCell,
  encodeValues,
  ensureTableCollections,
  OPEN,
  OPEN_AT,
  TABLE_COLUMN_VERSIONS_COLLECTION,
  TABLE_REVISIONS_COLLECTION,
  TABLES_COLLECTION,
  tableRecordsCollection,
  tableVersionsCollection,
  versionIdAt,
  type ColumnVersionDoc,
  type RecordDoc,
  type RevisionDoc,
  type TableDoc,
  type VersionDoc,
} from './tableDocs';
import { latestVersionsOf } from './latestVersions';

type TableEnvelope = EventEnvelope<TableEvent>;
type RecordEnvelope = EventEnvelope<RecordEvent>;
type Envelope = TableEnvelope | RecordEnvelope;

const RECORD_EVENTS = new Set<string>(recordEventTypes);
const isRecordEvent = (event: Envelope): event is RecordEnvelope => RECORD_EVENTS.has(event.type);
const CHUNK = 500;
/** a batch touching at most this many records of a table reads each one's latest version on its own */
const FEW_RECORDS = 16;

/** the shared collections' indexes, and each table's collections, created once per store */
const sharedReady = new WeakSet<DocumentStore>();
const tablesReady = new WeakMap<DocumentStore, Set<string>>();
const ensureTable = async (store: DocumentStore, tableId: string): Promise<void> => {
  const ready = tablesReady.get(store) ?? new Set<string>();
  tablesReady.set(store, ready);
  if (ready.has(tableId)) return;
  await ensureTableCollections(store, tableId);
  ready.add(tableId);
};
const ensureSharedIndexes = async (store: DocumentStore): Promise<void> => {
  if (sharedReady.has(store)) return;
  await store.collection(TABLE_REVISIONS_COLLECTION).createIndex({ keys: { tableId: 1, position: -1 } });
  await store.collection(TABLE_COLUMN_VERSIONS_COLLECTION).createIndex({ keys: { tableId: 1, to: 1 } });
  sharedReady.add(store);
};

const stateOf = (doc: TableDoc): TableState => ({
  exists: true,
  deleted: doc.deleted,
  tableId: doc._id,
  projectId: doc.projectId,
  name: doc.name,
  columns: doc.columns,
  relations: doc.relations,
  permissions: doc.permissions,
  revisions: [],
});

/** The events of one table in one batch, applied to its documents; everything is written by `flush`. */
class TableBatch {
  private readonly versions = new Map<string, VersionDoc>();
  private readonly records = new Map<string, RecordDoc | null>();
  /** the latest version of each record the batch touches (null: none before the batch) */
  private readonly latest = new Map<string, VersionDoc | null>();
  private columnOps: BulkOperation<ColumnVersionDoc>[] = [];
  private revisionOps: BulkOperation<RevisionDoc>[] = [];

  constructor(
    private readonly store: DocumentStore,
    private doc: TableDoc | null,
    private readonly tableId: string,
  ) {}

  /**
   * Loads the latest version before each record's first event in the batch (a replay after a crash may find
   * versions the batch itself wrote: those start at or after that event and are passed over).
   */
  async load(events: RecordEnvelope[]): Promise<void> {
    const first = new Map<string, number>();
    for (const e of events) if (!first.has(e.data.recordId)) first.set(e.data.recordId, e.position);
    const versions = this.store.collection<VersionDoc>(tableVersionsCollection(this.tableId));
    // each record's latest version as the projection's last write of it left it (`LatestVersions`), where that is
    // known and before the record's first event here; the others are read
    const kept = latestVersionsOf(this.store);
    const ids: string[] = [];
    for (const [id, before] of first) {
      const known = kept.get(this.tableId, id);
      if (known !== undefined && known.from < before) {
        this.latest.set(id, known);
      } else {
        this.latest.set(id, null);
        ids.push(id);
      }
    }
    if (ids.length <= FEW_RECORDS) {
      // a few records: each one's latest version before its first event from the (recordId, from) index, not every
      // version of the record (one per edit)
      for (const id of ids) {
        const [version] = await versions.find({ recordId: id, from: { $lt: first.get(id)! } }, { sort: { from: -1 }, limit: 1 });
        if (version) this.latest.set(id, version);
      }
      return;
    }
    // only a version still valid at the batch's first event can be live for it (versions of a record follow one
    // another: the next opens where the last closed), so the closed ones before it are not read
    let earliest = Number.MAX_SAFE_INTEGER;
    for (const id of ids) earliest = Math.min(earliest, first.get(id)!);
    for (let i = 0; i < ids.length; i += CHUNK) {
      for (const version of await versions.find({ recordId: { $in: ids.slice(i, i + CHUNK) }, to: { $gte: earliest } })) {
        const before = first.get(version.recordId)!;
        const known = this.latest.get(version.recordId);
        if (version.from < before && (!known || known.from < version.from)) this.latest.set(version.recordId, version);
      }
    }
  }

  apply(event: Envelope): void {
    if (event.type === 'TableCreated') {
      const { tableId, projectId, name } = (event as EventEnvelope<Extract<TableEvent, { type: 'TableCreated' }>>).data;
      const at = event.metadata.occurredAt;
      this.doc = {
        _id: tableId,
        licenceId: event.metadata.licenceId,
        projectId,
        name,
        module: isModuleTable(name),
        columns: [],
        relations: [],
        permissions: [],
        recordCount: 0,
        columnSince: {},
        versionIds: 'position',
        createdAt: at,
        createdBy: event.metadata.userId,
        updatedAt: at,
        deleted: false,
        _position: event.position,
      };
      return;
    }
    const doc = this.doc;
    if (!doc || doc.deleted) return;
    if (isRecordEvent(event)) this.applyRecord(doc, event);
    else this.applyTable(doc, event);
    doc._position = event.position;
  }

  get table(): TableDoc | null {
    return this.doc;
  }

  get deleted(): boolean {
    return this.doc?.deleted ?? false;
  }

  private applyTable(doc: TableDoc, envelope: TableEnvelope): void {
    const at = envelope.metadata.occurredAt;
    const position = envelope.position;
    const event = { type: envelope.type, data: envelope.data } as TableEvent;
    const next = evolveTable(stateOf(doc), event);
    Object.assign(doc, {
      name: next.name,
      module: isModuleTable(next.name),
      columns: next.columns,
      relations: next.relations,
      permissions: next.permissions,
      deleted: next.deleted,
      updatedAt: at,
    });
    if (event.type === 'ColumnAdded' || event.type === 'ColumnUpdated' || event.type === 'ColumnDeleted') {
      const columnId = event.type === 'ColumnAdded' ? event.data.column.columnId : event.data.columnId;
      const since = doc.columnSince[columnId];
      if (since !== undefined) {
        this.columnOps.push({
          updateOne: { filter: { _id: `${doc._id}:${columnId}:${since}` }, update: { $set: { to: position, toAt: at } } },
        });
      }
      const column = next.columns.find((c) => c.columnId === columnId);
      const { [columnId]: _closed, ...open } = doc.columnSince;
      doc.columnSince = column ? { ...open, [columnId]: position } : open;
      if (column) {
        const version: ColumnVersionDoc = {
          _id: `${doc._id}:${columnId}:${position}`,
          tableId: doc._id,
          columnId,
          name: column.name,
          type: column.type,
          options: column.options,
          position: column.position,
          from: position,
          to: OPEN,
          fromAt: at,
          toAt: OPEN_AT,
        };
        this.columnOps.push({ replaceOne: { filter: { _id: version._id }, replacement: version, upsert: true } });
      }
    }
    if (event.type === 'RevisionStored') {
      const { revisionId, reason } = event.data;
      const revision: RevisionDoc = {
        _id: revisionId,
        tableId: doc._id,
        projectId: doc.projectId,
        licenceId: doc.licenceId,
        reason,
        position: event.data.position,
        createdAt: at,
        createdBy: envelope.metadata.userId,
      };
      this.revisionOps.push({ replaceOne: { filter: { _id: revisionId }, replacement: revision, upsert: true } });
    }
  }

  private applyRecord(doc: TableDoc, envelope: RecordEnvelope): void {
    const event = { type: envelope.type, data: envelope.data } as RecordEvent;
    const { recordId } = event.data;
    const at = envelope.metadata.occurredAt;
    const by = envelope.metadata.userId;
    const position = envelope.position;
    const previous = this.latest.get(recordId) ?? null;
    // `to >= position`: valid when this event came (a replay may meet a version this very event closed)
    const live = previous !== null && previous.to >= position;
    const close = (version: VersionDoc, closedOp: VersionDoc['closedOp'], closedRevisionId: string | null) => {
      Object.assign(version, { to: position, validTo: position, toAt: at, closedBy: by, closedOp, closedRevisionId });
      this.versions.set(version._id, version);
    };
    type Opened = Pick<VersionDoc, '_seq' | 'v' | 'op' | 'changes' | 'revisionId' | 'createdAt' | 'createdBy'>;
    const open = (version: Opened) => {
      const opened: VersionDoc = {
        _id: doc.versionIds === 'position' ? versionIdAt(position) : `${recordId}:${position}`,
        recordId,
        from: position,
        to: OPEN,
        validFrom: position,
        validTo: OPEN,
        fromAt: at,
        toAt: OPEN_AT,
        by,
        closedBy: null,
        closedOp: null,
        closedRevisionId: null,
        ...version,
      };
      this.versions.set(opened._id, opened);
      this.latest.set(recordId, opened);
      this.records.set(recordId, {
        _id: recordId,
        _seq: opened._seq,
        v: opened.v,
        createdAt: opened.createdAt,
        createdBy: opened.createdBy,
        updatedAt: at,
        updatedBy: by,
      });
    };
    switch (event.type) {
      case 'RecordCreated': {
        if (live) close(previous, event.type, null);
        else doc.recordCount++;
        const v = encodeValues(event.data.values);
        open({
          _seq: position,
          v,
          op: event.type,
          changes: Object.fromEntries(Object.entries(v).map(([columnId, to]) => [columnId, { from: null, to }])),
          revisionId: event.data.restoredFrom ?? null,
          createdAt: at,
          createdBy: by,
        });
        return;
      }
      case 'RecordUpdated':
      case 'RecordRestored': {
        if (!live) return;
        close(previous, event.type, null);
        const changes = Object.fromEntries(
          Object.entries(event.data.changes).map(([columnId, change]) => [
            columnId,
            { from: encodeCell(change.from), to: encodeCell(change.to) },
          ]),
        );
        const v = { ...previous.v };
        for (const [columnId, change] of Object.entries(changes)) v[columnId] = change.to;
        open({
          _seq: previous._seq,
          v,
          op: event.type,
          changes,
          revisionId: event.type === 'RecordRestored' ? event.data.revisionId : null,
          createdAt: previous.createdAt,
          createdBy: previous.createdBy,
        });
        return;
      }
      case 'RecordDeleted': {
        if (!live) return;
        close(previous, event.type, event.data.revisionId ?? null);
        doc.recordCount--;
        this.records.set(recordId, null);
        return;
      }
    }
  }

  /**
   * writes the versions, records, column versions and revisions, then the table document (its `_position` last);
   * with a slice, the versions and records in slices with a turn of the event loop between them (else in chunks of
   * CHUNK)
   */
  async flush(options?: ApplyOptions): Promise<void> {
    const doc = this.doc;
    if (!doc) return;
    if (doc.deleted) {
      // "a table's drop drops its data" (issue 8): its collections, column versions and revisions go
      latestVersionsOf(this.store).forget(doc._id);
      await this.store.collection(tableRecordsCollection(doc._id)).drop();
      await this.store.collection(tableVersionsCollection(doc._id)).drop();
      await this.store.collection(TABLE_COLUMN_VERSIONS_COLLECTION).deleteMany({ tableId: doc._id });
      await this.store.collection(TABLE_REVISIONS_COLLECTION).deleteMany({ tableId: doc._id });
    } else {
      await ensureTable(this.store, doc._id);
      const versions = [...this.versions.values()];
      // every record the batch touched, with its latest version now (a record's versions are written only here)
      const latest = [...this.latest.values()].filter((v): v is VersionDoc => v !== null);
      const versionsCollection = this.store.collection<VersionDoc>(tableVersionsCollection(doc._id));
      await latestVersionsOf(this.store).write(
        doc._id,
        () =>
          writeInSlices(versions, options, CHUNK, (chunk) =>
            versionsCollection.bulkWrite(chunk.map((v) => ({ replaceOne: { filter: { _id: v._id }, replacement: v, upsert: true } }))),
          ),
        latest,
      );
      const recordsCollection = this.store.collection<RecordDoc>(tableRecordsCollection(doc._id));
      // a turn between the versions' last slice and the records' first
      if (options?.slice !== undefined) await nextTurn();
      await writeInSlices([...this.records.entries()], options, CHUNK, (chunk) =>
        recordsCollection.bulkWrite(
          chunk.map(([id, record]): BulkOperation<RecordDoc> =>
            record ? { replaceOne: { filter: { _id: id }, replacement: record, upsert: true } } : { deleteOne: { filter: { _id: id } } },
          ),
        ),
      );
      if (this.columnOps.length > 0)
        await this.store.collection<ColumnVersionDoc>(TABLE_COLUMN_VERSIONS_COLLECTION).bulkWrite(this.columnOps);
      if (this.revisionOps.length > 0) await this.store.collection<RevisionDoc>(TABLE_REVISIONS_COLLECTION).bulkWrite(this.revisionOps);
    }
    // $set, not a replacement: `indexes` belongs to the query side
    const { _id, indexes: _indexes, ...fields } = doc;
    await this.store.collection<TableDoc>(TABLES_COLLECTION).updateOne({ _id }, { $set: fields }, { upsert: true });
  }
}

/**
 * The tables read side (docs/tables.md "Read side"): the `tables` catalogue (definition, permissions, record count),
 * `table_revisions`, `table_column_versions`, and per table `table_records_<id>` (current values) and
 * `table_versions_<id>` (every record version with the positions and times it was valid from and to).
 *
 * Idempotent: a table's events at or below its document's `_position` are skipped; the document is written after
 * everything else, so a crash in between replays events whose writes are absolute (each version and record is
 * written whole, computed from the version before the event, never from what the batch had already written).
 */
export const tablesProjection: StoreProjection = {
  name: 'tables',
  collection: TABLES_COLLECTION,
  eventTypes: [...tableEventTypes, ...recordEventTypes],
  indexes: [{ keys: { projectId: 1, name: 1 } }],
  async applyEvents(store, events, options?: ApplyOptions) {
    if (events.length === 0) return;
    await ensureSharedIndexes(store);
    const byTable = new Map<string, Envelope[]>();
    for (const event of events as Envelope[]) {
      const { tableId } = event.data;
      const list = byTable.get(tableId);
      if (list) list.push(event);
      else byTable.set(tableId, [event]);
    }
    const tables = store.collection<TableDoc>(TABLES_COLLECTION);
    for (const [tableId, list] of byTable) {
      const doc = await tables.findOne({ _id: tableId });
      const fresh = list.filter((e) => e.position > (doc?._position ?? 0));
      if (fresh.length === 0 || doc?.deleted) continue;
      const batch = new TableBatch(store, doc, tableId);
      await batch.load(fresh.filter(isRecordEvent));
      for (let i = 0; i < fresh.length; i++) {
        if (pausesBefore(i, options)) await nextTurn();
        batch.apply(fresh[i]!);
        if (batch.deleted) break;
      }
      if (batch.table) await batch.flush(options);
    }
  },
};
