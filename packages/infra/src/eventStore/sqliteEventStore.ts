import { chmodSync, closeSync, fdatasync, fdatasyncSync, mkdirSync, openSync } from 'node:fs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../config/dataDir';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  streamCategory,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  JsonText,
  type NewEvent,
  type NewStream,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from './eventStore';
import { PollingSubscription } from './pollingSubscription';
import { dataVersionOf } from '../sqlite/dataVersion';
import { startWalCheckpoints, type WalCheckpoints } from '../sqlite/walCheckpoints';
import { trimOldest } from '../caches/trimOldest';

export interface SqliteEventStoreOptions {
  /** path of the database file, or ':memory:' */
  file: string;
  /** how often live subscriptions look for events appended by other processes; default 250 ms */
  pollIntervalMs?: number;
  /** events a subscription reads per page while catching up (a consumer of `batches(max)` reads pages of `max`); default 500 */
  subscriptionPageSize?: number;
  /**
   * on disk: where the WAL is copied into the database (walCheckpoints.ts); default `inline`: a thread's checkpoints
   * (each syncing the files) slowed the appends, which each wait for their own fdatasync (docs/performance.md 29.)
   */
  walCheckpoints?: WalCheckpoints;
  /**
   * on disk: where the fdatasync of the WAL after a group commit runs. `loop` (the default): on the event loop, right
   * after the commit, so the group's appends are answered in the same turn; when the running mean of those
   * fdatasyncs passes `slowFsyncMs`, the next second's go to the thread pool, so a slow disk does not hold up the
   * event loop.
   * `thread`: always on libuv's thread pool, answered in a later turn (docs/performance.md 2. and 37.).
   */
  fsync?: 'loop' | 'thread';
  /** when the running mean of the fdatasyncs on the event loop passes this (ms), the next second's go to the thread pool; default 5 */
  slowFsyncMs?: number;
}

/** how long fsyncs go to the thread pool once those on the event loop were slow (ms) */
const SLOW_FSYNC_SPELL_MS = 1_000;

/** at most this many appends share one commit */
const MAX_GROUP = 1_000;

/** the recent events this connection committed that it keeps for unfiltered readAll and for subscriptions (see `tail`) */
const TAIL_SIZE = 1_024;

/** streams whose newest revision (and rows still in the tail) the store keeps for readStream (see `heads`) */
const HEADS_SIZE = 10_000;

/** readStream limits up to this one are written into a statement of their own (see `readStreamRows`) */
const STREAM_LIMITS_KEPT = 16;

/** filters on up to this many categories (or event types) are read as merged index ranges (SQLite allows 500) */
const MAX_MERGED = 100;

/** a row as better-sqlite3 returns it in raw mode, in the order of COLUMNS */
type EventRow = [
  position: number,
  id: string,
  streamId: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  recordedAt: string,
];

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** an `appendNewStreams` call: written in its own savepoint inside the group's transaction */
interface PendingStreams {
  streams: NewStream[];
  resolve(result: (AppendResult | null)[]): void;
  reject(error: unknown): void;
}

type Pending = PendingAppend | PendingStreams;

/** id, type, data JSON, metadata JSON */
type SerializedEvent = [id: string, type: string, data: string, metadata: string];

type Outcome = { ok: true; result: AppendResult | (AppendResult | null)[] } | { ok: false; error: unknown };

interface StoredRef {
  id: string;
  stream_id: string;
  revision: number;
  position: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY,
  id          TEXT    NOT NULL UNIQUE,
  stream_id   TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  category    TEXT    NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream_id, revision);
CREATE INDEX IF NOT EXISTS events_category_position ON events (category, position);
CREATE INDEX IF NOT EXISTS events_type_position ON events (type, position);
`;

const COLUMNS = 'position, id, stream_id, revision, type, data, metadata, recorded_at';

/** SQLite's "no limit" */
const NO_LIMIT = -1;

/** a row as an event (by index: array destructuring goes through the iterator protocol) */
const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row[1],
  type: row[4],
  streamId: row[2],
  revision: row[3],
  position: row[0],
  data: JSON.parse(row[5]) as unknown,
  metadata: JSON.parse(row[6]) as Record<string, unknown>,
  recordedAt: row[7],
});

/**
 * The tail's rows as events, parsed once for all the live subscriptions, which each read every new group (the
 * projection runner, forwarder, webhooks, workflows), and for the reads of a stream to its end that ask for them
 * (`ReadStreamOptions.shared`: the kept ends hold the same rows): one JSON.parse of an event where there were one per
 * reader. Readers share these objects and only read them; the test suite freezes them
 * (STRAMIEN_FREEZE_SHARED_EVENTS=1, set in vitest.config.ts), so a subscriber that changed one would fail there.
 */
const sharedEvents = new WeakMap<EventRow, RecordedEvent>();
const FREEZE_SHARED = process.env.STRAMIEN_FREEZE_SHARED_EVENTS === '1';
const deepFreeze = (value: unknown): void => {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
};
const sharedRecorded = (row: EventRow): RecordedEvent => {
  let event = sharedEvents.get(row);
  if (event === undefined) {
    event = toRecorded(row);
    if (FREEZE_SHARED) deepFreeze(event);
    sharedEvents.set(row, event);
  }
  return event;
};

const limitOf = (maxCount: number | undefined): number => (maxCount === undefined ? NO_LIMIT : Math.max(0, Math.floor(maxCount)));

const expectationHolds = (expected: ExpectedRevision, current: number | undefined): boolean => {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === undefined;
    case 'stream_exists':
      return current !== undefined;
    default:
      return current === expected;
  }
};

const toJson = (value: unknown): string => {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`event data and metadata must be JSON values, got ${typeof value}`);
  return json;
};

/** an event's data as stored: a JsonText's text as it is, anything else as JSON */
const dataJsonOf = (data: unknown): string => (data instanceof JsonText ? data.json : toJson(data ?? null));

const assertValidEvents = (streamId: string, events: NewEvent[]): void => {
  if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('streamId must be a non-empty string');
  for (const event of events) {
    if (typeof event.id !== 'string' || event.id.length === 0)
      throw new TypeError(`event id must be a non-empty string (stream ${streamId})`);
    if (typeof event.type !== 'string' || event.type.length === 0)
      throw new TypeError(`event type must be a non-empty string (stream ${streamId})`);
  }
};

/**
 * EventStore on one SQLite file (better-sqlite3): one `events` table whose rowid is the global position.
 * An append is durable when its promise resolves. Appends take the write lock at the start of their
 * transaction (BEGIN IMMEDIATE), so several processes may share the file.
 *
 * Group commit: appends made in the same turn of the event loop (concurrent requests) are written in one
 * transaction, each checked in full before it writes, so they share one fsync but succeed or fail on their own.
 *
 * Durability (a file on disk): SQLite runs with synchronous = NORMAL, so a commit only writes its WAL frames,
 * and the store then fsyncs the WAL file itself: right after the commit on the event loop while those fsyncs are
 * fast, on libuv's thread pool for a while after they were slow (see the `fsync` option). The appends of a group
 * resolve once an fsync that began after their commit has finished (one fsync at a time, so the groups committed
 * while one runs on the thread pool share the next). That is synchronous = FULL's guarantee (the WAL is on disk
 * before an append is answered), with the fsync of a group rather than of each transaction. Until then the group's
 * events are not handed out by readAll, subscriptions or headPosition, so no read model, notification or webhook
 * runs ahead of the durable log (readStream does see them: a command deciding after them appends after them, and
 * is answered after the same or a later fsync).
 */
export const createSqliteEventStore = (options: SqliteEventStoreOptions): EventStore => {
  const { file, pollIntervalMs = 250, subscriptionPageSize = 500 } = options;
  const onDisk = file !== ':memory:' && !file.startsWith('file:');
  if (onDisk) mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });

  const db = new Database(file, { timeout: 10_000 });
  // private to the service user; SQLite gives the -wal and -shm files the database file's mode
  if (onDisk) chmodSync(file, PRIVATE_FILE_MODE);
  db.pragma('journal_mode = WAL');
  // on disk the store fsyncs the WAL itself after each commit (see `fsync`)
  db.pragma(onDisk ? 'synchronous = NORMAL' : 'synchronous = FULL');
  // 16 MiB page cache; checkpoint every ~40 MiB of WAL rather than every 4 MiB
  db.pragma('cache_size = -16384');
  db.pragma('wal_autocheckpoint = 10000');
  db.exec(SCHEMA);
  const checkpoints = onDisk && options.walCheckpoints === 'thread' ? startWalCheckpoints(file) : null;

  const statements = {
    streamHead: db.prepare<[string], { revision: number }>(
      'SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
    ),
    byId: db.prepare<[string], StoredRef>('SELECT id, stream_id, revision, position FROM events WHERE id = ?'),
    byIds: db.prepare<[string], StoredRef>(
      'SELECT id, stream_id, revision, position FROM events WHERE id IN (SELECT value FROM json_each(?))',
    ),
    insert: db.prepare<[string, string, number, string, string, string, string, string]>(
      'INSERT INTO events (id, stream_id, revision, category, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    // a new stream's first event, written only when the stream has none (its revision 0 taken): one statement where a
    // read of the stream's head and an insert were two; an id stored elsewhere still fails the insert (another index)
    insertFirst: db.prepare<[string, string, string, string, string, string, string]>(
      `INSERT INTO events (id, stream_id, revision, category, type, data, metadata, recorded_at) VALUES (?, ?, 0, ?, ?, ?, ?, ?)
       ON CONFLICT (stream_id, revision) DO NOTHING`,
    ),
    streamForwards: db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
      )
      .raw(true),
    streamBackwards: db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      )
      .raw(true),
    head: db.prepare<[], { head: number }>('SELECT COALESCE(MAX(position), 0) AS head FROM events'),
  };

  /**
   * readStream's statements by direction and limit, the limit written into the SQL (none for no limit): with the
   * limit a bound parameter, better-sqlite3's SQLite (built with STAT4) ran these index range reads several times
   * slower (a command's stream read after its cached revision, usually no row: ~12 against ~2.5 µs in-memory).
   * Limits up to STREAM_LIMITS_KEPT each get a statement of their own; larger ones bind it (`streamForwards`…).
   */
  const streamStatements = new Map<string, Statement<[string, number], EventRow>>();
  const readStreamRows = (streamId: string, backwards: boolean, from: number, limit: number): EventRow[] => {
    if (limit !== NO_LIMIT && !(Number.isInteger(limit) && limit <= STREAM_LIMITS_KEPT))
      return (backwards ? statements.streamBackwards : statements.streamForwards).all(streamId, from, limit);
    const key = `${backwards ? 'DESC' : 'ASC'}${limit}`;
    let statement = streamStatements.get(key);
    if (statement === undefined) {
      const range = backwards ? 'revision <= ? ORDER BY revision DESC' : 'revision >= ? ORDER BY revision ASC';
      const sql = `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND ${range}${limit === NO_LIMIT ? '' : ` LIMIT ${limit}`}`;
      statement = db.prepare<[string, number], EventRow>(sql).raw(true);
      streamStatements.set(key, statement);
    }
    return statement.all(streamId, from);
  };

  /**
   * readAll statements, keyed by the number of categories and event types they filter on. `x IN (a, b)`
   * cannot be read in position order from the (x, position) index, so SQLite would sort every match after
   * the cursor on each page; a filter on several values therefore reads each value's index range up to
   * the limit and merges them (UNION ALL), so a page costs at most (values × limit) rows.
   */
  const readAllStatements = new Map<string, Statement<unknown[], EventRow>>();
  const readAllStatement = (categories: number, eventTypes: number): Statement<unknown[], EventRow> => {
    const key = `${categories}:${eventTypes}`;
    let statement = readAllStatements.get(key);
    if (!statement) {
      const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');
      // a leading + keeps SQLite from choosing that column's index (and then sorting) for a residual filter
      const residualTypes = eventTypes > 0 ? ` AND +type IN (${list(eventTypes)})` : '';
      let sql: string;
      if (categories > 1 && categories <= MAX_MERGED) {
        const part = `SELECT * FROM (SELECT ${COLUMNS} FROM events WHERE category = ? AND position > ?${residualTypes} ORDER BY position LIMIT ?)`;
        sql = `${Array.from({ length: categories }, () => part).join(' UNION ALL ')} ORDER BY position LIMIT ?`;
      } else if (categories === 0 && eventTypes > 1 && eventTypes <= MAX_MERGED) {
        const part = `SELECT * FROM (SELECT ${COLUMNS} FROM events WHERE type = ? AND position > ? ORDER BY position LIMIT ?)`;
        sql = `${Array.from({ length: eventTypes }, () => part).join(' UNION ALL ')} ORDER BY position LIMIT ?`;
      } else {
        const where = ['position > ?'];
        if (categories > 0) where.push(`category IN (${list(categories)})`);
        if (eventTypes > 0) where.push(categories > 0 ? `+type IN (${list(eventTypes)})` : `type IN (${list(eventTypes)})`);
        sql = `SELECT ${COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position ASC LIMIT ?`;
      }
      statement = db.prepare<unknown[], EventRow>(sql).raw(true);
      readAllStatements.set(key, statement);
    }
    return statement;
  };

  /**
   * The file's last events as this connection committed them, in position order (the rows SQLite would return):
   * the live subscriptions (projection runner, forwarder, webhooks, workflows) each read every new group unfiltered,
   * and read it here instead of each running the query and copying the rows out of SQLite. Positions are consecutive
   * (a group's inserts are, and a group is added only when it starts right after the tail). It is the end of the
   * file only as long as no other connection has committed: `tailVersion` is SQLite's data_version read inside the
   * last group's write transaction (the write lock held, so every other commit came before it); data_version moves
   * with every other connection's commit, so once it differs readers go to SQLite until this connection's next group
   * starts a new tail.
   */
  let tail: EventRow[] = [];
  let tailVersion: number | undefined;
  /** the rows the group being committed has inserted */
  let groupRows: EventRow[] = [];
  let groupVersion: number | undefined;
  /** the streams the group being committed has appended to */
  const groupStreams = new Set<string>();
  /**
   * Whether the kept ends (`heads`) tell the group's expectation checks the streams' revisions: read once under the
   * group's write lock, so no other connection commits until the group ends
   */
  let headsHold = false;
  /**
   * data_version: read under the write lock by the group commit and by the tail's readers; once per turn of the event
   * loop for the kept ends (a read costs as much as the stream read it spares), so another connection's commit is seen
   * there from the next turn on, as the document store's reads see it. An append's expected revision is checked
   * against the kept end only under the write lock (`headsHold`), else in SQL.
   */
  const versions = dataVersionOf(db);

  /** the unfiltered page after `after` from the tail, or undefined when the tail cannot tell it */
  const readTail = (after: number, limit: number): EventRow[] | undefined => {
    const first = tail[0]?.[0];
    if (first === undefined || !(after >= first - 1) || versions.now() !== tailVersion) return undefined;
    const start = Math.floor(after) - first + 1;
    return tail.slice(start, limit === NO_LIMIT ? tail.length : start + limit);
  };

  /**
   * The rows of the tail after `after` that `match`, at most `limit`, and the position the scan went through (none
   * after `after` up to it matched but those returned); undefined when the tail cannot tell.
   */
  const scanTail = (after: number, limit: number, match: (row: EventRow) => boolean): { rows: EventRow[]; through: number } | undefined => {
    const first = tail[0]?.[0];
    if (first === undefined || !(after >= first - 1) || versions.now() !== tailVersion) return undefined;
    const rows: EventRow[] = [];
    let through = after;
    for (let i = Math.floor(after) - first + 1; i < tail.length && (limit === NO_LIMIT || rows.length < limit); i++) {
      const row = tail[i]!;
      through = row[0];
      if (match(row)) rows.push(row);
    }
    return { rows, through };
  };

  /**
   * What the store knows of a stream's end while the tail is the end of the file (same `tailVersion`): no revision
   * above `atMost`; `rows`, when there are any, are the stream's rows from `rows[0]` up to `atMost` (so the last is
   * its newest event), all still in the tail. A command's stream reads (the pipeline's, and the folds of the access
   * checks and answers: a record edit read three streams after their cached revisions, mostly finding nothing or
   * the one event just appended) are answered from it without SQL. Learnt from readStream's own reads, and kept up
   * to date by this connection's commits; forgotten whole when the tail starts anew (another connection committed).
   */
  let heads = new Map<string, { atMost: number; rows: EventRow[] }>();
  const keepHead = (streamId: string, atMost: number, rows: EventRow[]) => {
    heads.delete(streamId);
    heads.set(streamId, { atMost, rows });
    trimOldest(heads, HEADS_SIZE);
  };
  /** a committed row: the newest of its stream */
  const noteRow = (row: EventRow) => {
    const known = heads.get(row[2]);
    const rows = known?.rows;
    if (rows !== undefined && rows.length > 0 && rows[rows.length - 1]![3] === row[3] - 1) {
      rows.push(row);
      known!.atMost = row[3];
      heads.delete(row[2]);
      heads.set(row[2], known!);
    } else {
      keepHead(row[2], row[3], [row]);
    }
  };
  /**
   * A stream's newest revision for an append's expectation, inside the group's transaction: from its kept end when
   * that names it (its newest row) and no append of this group wrote to it yet (those rows are kept once the group
   * commits), else from SQLite
   */
  const currentRevision = (streamId: string): number | undefined => {
    if (headsHold && !groupStreams.has(streamId)) {
      const known = heads.get(streamId);
      if (known !== undefined && known.rows.length > 0) return known.atMost;
    }
    return statements.streamHead.get(streamId)?.revision;
  };
  /** the stream's rows from `from` on as SQLite would give them, or undefined when the kept end cannot tell */
  const readHead = (streamId: string, from: number): EventRow[] | undefined => {
    const known = heads.get(streamId);
    if (known === undefined || tail.length === 0 || versions.thisTurn() !== tailVersion) return undefined;
    if (from > known.atMost) return [];
    const first = known.rows[0]?.[3];
    return first !== undefined && first <= from ? known.rows.slice(from - first) : undefined;
  };
  /** after readStream read the stream from `from` to its end in SQLite */
  const learnHead = (streamId: string, from: number, rows: EventRow[]) => {
    const start = tail[0]?.[0];
    if (start === undefined || versions.thisTurn() !== tailVersion) return;
    if (rows.length === 0) {
      keepHead(streamId, from - 1, []);
      return;
    }
    // only the rows still in the tail are kept (its memory is held anyway)
    let i = rows.length;
    while (i > 0 && rows[i - 1]![0] >= start) i--;
    keepHead(streamId, rows[rows.length - 1]![3], rows.slice(i));
  };

  /** after a group's commit: its rows continue the tail, or start a new one */
  const extendTail = () => {
    if (groupRows.length === 0) return;
    const last = tail[tail.length - 1]?.[0];
    if (last !== undefined && groupVersion === tailVersion && groupRows[0]![0] === last + 1) {
      for (const row of groupRows) tail.push(row);
      if (tail.length > 2 * TAIL_SIZE) {
        tail = tail.slice(-TAIL_SIZE);
        // the kept ends let go of the rows that left the tail
        const start = tail[0]![0];
        for (const known of heads.values()) {
          if (known.rows.length === 0 || known.rows[0]![0] >= start) continue;
          let i = 0;
          while (i < known.rows.length && known.rows[i]![0] < start) i++;
          known.rows = known.rows.slice(i);
        }
      }
    } else {
      tail = groupRows;
      // another connection committed since the kept ends were learnt
      heads = new Map();
    }
    tailVersion = groupVersion;
    // only streams already kept: a bulk of new streams (an import's chunk) would churn the map for reads that may never
    // come; a stream not kept is read from SQLite once, then kept
    for (const row of groupRows) if (heads.has(row[2])) noteRow(row);
    groupRows = [];
  };

  /** `shared`: for a live subscription, the tail's events as `sharedRecorded` parsed them */
  const readAllSync = (after: number, maxCount: number | undefined, filter: EventFilter | undefined, shared = false): RecordedEvent[] => {
    if (filter?.categories === undefined && filter?.eventTypes === undefined) {
      const rows = readTail(after, limitOf(maxCount));
      if (rows !== undefined) return rows.map(shared ? sharedRecorded : toRecorded);
    }
    const categories = filter?.categories ?? [];
    const eventTypes = filter?.eventTypes ?? [];
    // an empty list names no category (or type) at all, so it matches nothing
    if (filter?.categories?.length === 0 || filter?.eventTypes?.length === 0) return [];
    const limit = limitOf(maxCount);
    const statement = readAllStatement(categories.length, eventTypes.length);
    let params: unknown[];
    if (categories.length > 1 && categories.length <= MAX_MERGED) {
      params = [...categories.flatMap((category) => [category, after, ...eventTypes, limit]), limit];
    } else if (categories.length === 0 && eventTypes.length > 1 && eventTypes.length <= MAX_MERGED) {
      params = [...eventTypes.flatMap((type) => [type, after, limit]), limit];
    } else {
      params = [after, ...categories, ...eventTypes, limit];
    }
    return statement.all(...params).map(toRecorded);
  };

  /** the first position the group being committed writes (its events are hidden until the WAL is fsynced) */
  let firstWritten: number | undefined;

  const insertEvents = (
    streamId: string,
    rows: SerializedEvent[],
    current: number | undefined,
    recordedAt = new Date().toISOString(),
  ): AppendResult => {
    const category = streamCategory(streamId);
    groupStreams.add(streamId);
    let revision = current ?? -1;
    let position = 0;
    for (const [id, type, data, metadata] of rows) {
      revision += 1;
      position = Number(statements.insert.run(id, streamId, revision, category, type, data, metadata, recordedAt).lastInsertRowid);
      firstWritten ??= position;
      groupRows.push([position, id, streamId, revision, type, data, metadata, recordedAt]);
    }
    return { nextExpectedRevision: revision, position };
  };

  /**
   * Decides what one append writes, without writing: which events are new, and whether the expectation
   * holds. Throws (WrongExpectedRevisionError, an id of another stream) before anything is written, so
   * the other appends of its group go on in the same transaction without a savepoint.
   */
  const plan = (
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    lookUp = events.length !== 1,
  ): { write: SerializedEvent[]; current: number | undefined } | { done: AppendResult } => {
    const current = currentRevision(streamId);
    // most appends hold one new event and meet their expectation: its id is not looked up first. An id already stored
    // (a retry, or another stream's) fails the insert on the unique id index, and the append is planned again with
    // the lookup (`appendGroup`)
    if (!lookUp && expectationHolds(expected, current)) return { write: serialize(events), current };
    const stored = new Map<string, StoredRef>();
    if (events.length === 1) {
      // most appends hold one event: its id looked up directly, without a JSON list for json_each
      const ref = statements.byId.get(events[0]!.id);
      if (ref) stored.set(ref.id, ref);
    } else if (events.length > 1) {
      for (const ref of statements.byIds.all(JSON.stringify(events.map((event) => event.id)))) stored.set(ref.id, ref);
    }
    const fresh: NewEvent[] = [];
    const seen = new Set<string>();
    let lastDuplicate: StoredRef | undefined;
    for (const event of events) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      const ref = stored.get(event.id);
      if (ref === undefined) {
        fresh.push(event);
      } else if (ref.stream_id === streamId) {
        if (lastDuplicate === undefined || ref.revision > lastDuplicate.revision) lastDuplicate = ref;
      } else {
        throw new Error(`Event id ${event.id} is already stored in stream ${ref.stream_id}, cannot append it to ${streamId}`);
      }
    }
    // idempotent retry: every event is already in the stream, whatever the expectation says
    if (fresh.length === 0 && lastDuplicate !== undefined) {
      return { done: { nextExpectedRevision: lastDuplicate.revision, position: lastDuplicate.position } };
    }
    if (!expectationHolds(expected, current)) throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
    if (fresh.length === 0) {
      // nothing to write: the append only checked the expectation
      const last = current === undefined ? undefined : statements.streamForwards.get(streamId, current, 1);
      return { done: { nextExpectedRevision: current ?? -1, position: last?.[0] ?? 0 } };
    }
    return { write: serialize(fresh), current };
  };

  /** id, type, data JSON, metadata JSON of each event; a metadata object the events share (one command's) written once */
  const serialize = (events: NewEvent[], shared: { of?: unknown; json: string } = { json: '' }): SerializedEvent[] =>
    events.map((event): SerializedEvent => {
      const metadata = event.metadata ?? {};
      if (metadata !== shared.of) {
        shared.json = toJson(metadata);
        shared.of = metadata;
      }
      return [event.id, event.type, dataJsonOf(event.data), shared.json];
    });

  /**
   * One `appendNewStreams` call, inside the group's transaction (better-sqlite3 makes a nested transaction a
   * savepoint): each stream not yet there gets its events, an existing one is skipped. A stored event id (of
   * another stream) makes the UNIQUE index refuse the insert: the savepoint rolls back all of the call.
   */
  const writeNewStreams = db.transaction((streams: NewStream[]): (AppendResult | null)[] => {
    const recordedAt = new Date().toISOString();
    // the events of one call mostly share one metadata object (one command's, one job's): written out once
    const shared: { of?: unknown; json: string } = { json: '' };
    return streams.map(({ streamId, events }) => {
      if (events.length === 0) return statements.streamHead.get(streamId) !== undefined ? null : { nextExpectedRevision: -1, position: 0 };
      // the first event written out here (no array per event: most streams of a call hold one)
      const { id, type } = events[0]!;
      const metadata = events[0]!.metadata ?? {};
      if (metadata !== shared.of) {
        shared.json = toJson(metadata);
        shared.of = metadata;
      }
      const data = dataJsonOf(events[0]!.data);
      // the stream's revision 0 is there: the stream exists, skipped
      groupStreams.add(streamId);
      const first = statements.insertFirst.run(id, streamId, streamCategory(streamId), type, data, shared.json, recordedAt);
      if (first.changes === 0) return null;
      const position = Number(first.lastInsertRowid);
      firstWritten ??= position;
      groupRows.push([position, id, streamId, 0, type, data, shared.json, recordedAt]);
      return events.length === 1
        ? { nextExpectedRevision: 0, position }
        : insertEvents(streamId, serialize(events.slice(1), shared), 0, recordedAt);
    });
  });

  const isUniqueViolation = (error: unknown): boolean => error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
  /** why a call's insert broke the unique id index: an id stored in another stream (as `plan` words it), or twice in the call */
  const idConflict = (streams: NewStream[], error: unknown): unknown => {
    if (!isUniqueViolation(error)) return error;
    const seen = new Set<string>();
    for (const { streamId, events } of streams) {
      for (const event of events) {
        const ref = statements.byId.get(event.id);
        if (ref) return new Error(`Event id ${event.id} is already stored in stream ${ref.stream_id}, cannot append it to ${streamId}`);
        if (seen.has(event.id)) return new Error(`Event id ${event.id} is given twice, cannot append it to ${streamId}`);
        seen.add(event.id);
      }
    }
    return error;
  };

  /** an append's plan: its outcome when it writes nothing (answered already, or refused), else what it writes */
  const planAppend = (pending: PendingAppend, lookUp?: boolean): Outcome | { write: SerializedEvent[]; current: number | undefined } => {
    try {
      const decided = plan(pending.streamId, pending.events, pending.expected, lookUp);
      return 'done' in decided ? { ok: true, result: decided.done } : decided;
    } catch (error) {
      return { ok: false, error };
    }
  };

  /**
   * Appends of one event-loop turn in one transaction. A refused append (plan throws) writes nothing and
   * the others go on; an error while writing (disk full, I/O) rolls the whole group back and fails it.
   */
  const appendGroup = db.transaction((group: Pending[]): Outcome[] => {
    groupStreams.clear();
    headsHold = tail.length > 0 && versions.now() === tailVersion;
    const outcomes = group.map((pending): Outcome => {
      if ('streams' in pending) {
        const before = { firstWritten, rows: groupRows.length };
        try {
          return { ok: true, result: writeNewStreams(pending.streams) };
        } catch (error) {
          // the call's savepoint rolled back: none of its rows is stored
          firstWritten = before.firstWritten;
          groupRows.length = before.rows;
          return { ok: false, error: idConflict(pending.streams, error) };
        }
      }
      const decided = planAppend(pending);
      if ('ok' in decided) return decided;
      try {
        return { ok: true, result: insertEvents(pending.streamId, decided.write, decided.current) };
      } catch (error) {
        // an id stored already (SQLite backed out the insert alone): an idempotent retry is answered, another
        // stream's id refused, as the lookup decides; any other failure fails the group
        if (!isUniqueViolation(error) || pending.events.length !== 1) throw error;
        const again = planAppend(pending, true);
        if ('ok' in again) return again;
        throw error;
      }
    });
    // under the write lock: every other connection's commit is counted in it (see `tail`)
    if (groupRows.length > 0) groupVersion = versions.now();
    return outcomes;
  });

  const subscriptions = new Set<PollingSubscription>();
  let queue: Pending[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  let closed = false;

  /** committed groups whose WAL frames wait for an fsync, each with the lowest position it wrote */
  let unsynced: Array<{ from: number; settle: () => void; fail: (error: unknown) => void }> = [];
  /** the groups the fsync under way covers */
  let syncing: typeof unsynced = [];
  let walFd: number | undefined;
  /**
   * An fsync failed: nothing written since can be known durable, so the store takes no more appends. A later fsync
   * that succeeds does not vouch for the failed group's frames (Linux may have dropped the dirty pages it could not
   * write), so the groups still waiting fail with it.
   */
  let syncError: unknown;
  /**
   * Where the first group that failed its fsync began: its events and every later one stay hidden from `readAll`,
   * subscriptions and `headPosition` for as long as this store is open, as their appends were answered with an
   * error (whether they reached the disk is known again only when the file is opened anew).
   */
  let failedFrom: number | undefined;
  const synced: Array<() => void> = [];

  /**
   * The lowest position readers may not see yet (written, not yet fsynced), or undefined. Groups commit in order
   * (the syncing ones before the unsynced) and positions only grow, so it is where the first group that wrote
   * something began: no scan of every waiting group on each read (a group that wrote nothing has no `from`).
   */
  const hiddenFrom = (): number | undefined => {
    if (failedFrom !== undefined) return failedFrom;
    for (const group of syncing) if (group.from !== Number.MAX_SAFE_INTEGER) return group.from;
    for (const group of unsynced) if (group.from !== Number.MAX_SAFE_INTEGER) return group.from;
    return syncing.length === 0 && unsynced.length === 0 ? undefined : Number.MAX_SAFE_INTEGER;
  };

  const slowFsyncMs = options.slowFsyncMs ?? 5;
  /** until when (performance.now()) fsyncs go to the thread pool; always with `fsync: 'thread'` */
  let threadPoolUntil = options.fsync === 'thread' ? Infinity : 0;
  /** the recent fsyncs on the event loop: a running mean of how long they took (ms), the latest weighing an eighth */
  let loopFsyncMs = 0;

  /**
   * fsyncs the WAL file for the groups committed so far; one fsync at a time, the next takes what came meanwhile.
   * On the event loop (see `fsync`) it takes well under a millisecond on a local disk (~0.1 ms alone, ~0.5 ms under
   * load), and the group is answered in the turn of its commit: on the thread pool its answer waited for the event
   * loop's next poll phase, behind every request read meanwhile (docs/performance.md 37.).
   */
  const syncWal = () => {
    if (syncing.length > 0 || unsynced.length === 0) return;
    syncing = unsynced;
    unsynced = [];
    if (syncError) return afterSync(syncError);
    try {
      // the -wal file exists from the first commit on and stays while this connection is open
      walFd ??= openSync(`${file}-wal`, 'r');
    } catch (error) {
      return afterSync(error);
    }
    const startedAt = performance.now();
    if (startedAt < threadPoolUntil) return fdatasync(walFd, (error) => afterSync(error));
    let failure: unknown;
    try {
      fdatasyncSync(walFd);
    } catch (error) {
      failure = error;
    }
    const endedAt = performance.now();
    loopFsyncMs += (endedAt - startedAt - loopFsyncMs) / 8;
    if (loopFsyncMs > slowFsyncMs) {
      threadPoolUntil = endedAt + SLOW_FSYNC_SPELL_MS;
      loopFsyncMs = 0;
    }
    afterSync(failure);
  };
  const notifyAll = () => {
    for (const subscription of subscriptions) subscription.notify();
  };
  /**
   * Wakes the live subscriptions once the group's appenders have run on: a tick queued from a microtask runs when the
   * microtask queue is empty, so the commands answered by this group have written their responses first (their
   * continuations are promise reactions, several deep; a woken subscription's would otherwise run among them, and the
   * projections' work delayed every answer). The subscriptions then run before the loop's next poll, which gives the
   * clients answered last the time to send their next request and have it read in that poll (docs/performance.md 50.).
   */
  const notifyAfterAnswers = () => queueMicrotask(() => process.nextTick(notifyAll));
  const afterSync = (error: unknown) => {
    const done = syncing;
    syncing = [];
    if (error) syncError ??= error;
    for (const group of done) {
      if (!error) group.settle();
      else {
        failedFrom = Math.min(failedFrom ?? Number.MAX_SAFE_INTEGER, group.from);
        group.fail(error);
      }
    }
    if (done.length > 0) notifyAfterAnswers();
    if (unsynced.length > 0) syncWal();
    else for (const resolve of synced.splice(0)) resolve();
  };

  /** events at or after the first not yet durable position are not handed out */
  const durableOnly = (events: RecordedEvent[]): RecordedEvent[] => {
    const hidden = hiddenFrom();
    if (hidden === undefined || events.length === 0 || events[events.length - 1]!.position < hidden) return events;
    return events.filter((event) => event.position < hidden);
  };

  const flush = () => {
    scheduled = undefined;
    const group = queue.slice(0, MAX_GROUP);
    queue = queue.slice(group.length);
    if (queue.length > 0) scheduled = setImmediate(flush);
    if (group.length === 0) return;
    let outcomes: Outcome[];
    firstWritten = undefined;
    groupRows = [];
    try {
      if (syncError) throw syncError;
      outcomes = appendGroup.immediate(group);
    } catch (error) {
      // the transaction itself failed (lock timeout, disk full…): nothing of the group is stored
      groupRows = [];
      for (const pending of group) pending.reject(error);
      return;
    }
    extendTail();
    const answered: Array<{ pending: Pending; result: AppendResult | (AppendResult | null)[] }> = [];
    const answer = (pending: Pending, result: AppendResult | (AppendResult | null)[]) =>
      'streams' in pending ? pending.resolve(result as (AppendResult | null)[]) : pending.resolve(result as AppendResult);
    group.forEach((pending, i) => {
      const outcome = outcomes[i] as Outcome;
      if (!outcome.ok) pending.reject(outcome.error);
      else if (!onDisk) answer(pending, outcome.result);
      else answered.push({ pending, result: outcome.result });
    });
    if (!onDisk) {
      if (outcomes.some((outcome) => outcome.ok)) notifyAfterAnswers();
      return;
    }
    if (answered.length === 0) return;
    // an idempotent retry or a bare expectation check wrote nothing, but still waits for the fsync: the events
    // it names may be those an earlier group has just committed
    unsynced.push({
      from: firstWritten ?? Number.MAX_SAFE_INTEGER,
      settle: () => answered.forEach(({ pending, result }) => answer(pending, result)),
      fail: (error) => answered.forEach(({ pending }) => pending.reject(error)),
    });
    syncWal();
  };

  const assertOpen = () => {
    if (closed) throw new Error('SqliteEventStore is closed');
  };

  return {
    async append(streamId, events, expected) {
      assertOpen();
      assertValidEvents(streamId, events);
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ streamId, events, expected, resolve, reject });
        scheduled ??= setImmediate(flush);
      });
    },

    async appendNewStreams(streams) {
      assertOpen();
      const named = new Set<string>();
      for (const { streamId, events } of streams) {
        assertValidEvents(streamId, events);
        if (named.has(streamId)) throw new TypeError(`stream ${streamId} is named twice in one appendNewStreams call`);
        named.add(streamId);
      }
      if (streams.length === 0) return [];
      return new Promise<(AppendResult | null)[]>((resolve, reject) => {
        queue.push({ streams, resolve, reject });
        scheduled ??= setImmediate(flush);
      });
    },

    async readStream(streamId, options: ReadStreamOptions = {}) {
      assertOpen();
      const limit = limitOf(options.maxCount);
      if (options.direction === 'backwards')
        return readStreamRows(streamId, true, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit).map(toRecorded);
      const from = options.fromRevision ?? 0;
      if (limit !== NO_LIMIT || !Number.isInteger(from)) return readStreamRows(streamId, false, from, limit).map(toRecorded);
      // to the stream's end: from the kept end when it tells, else from SQLite (and the end is kept)
      let rows = readHead(streamId, from);
      if (rows === undefined) {
        rows = readStreamRows(streamId, false, from, NO_LIMIT);
        learnHead(streamId, from, rows);
      }
      return rows.map(options.shared ? sharedRecorded : toRecorded);
    },

    async readAll(options: ReadAllOptions = {}) {
      assertOpen();
      return durableOnly(readAllSync(options.after ?? 0, options.maxCount, options.filter));
    },

    subscribe(options: SubscribeOptions = {}): EventSubscription {
      assertOpen();
      const { filter } = options;
      const categories = filter?.categories === undefined ? undefined : new Set(filter.categories);
      const eventTypes = filter?.eventTypes === undefined ? undefined : new Set(filter.eventTypes);
      const match = (row: EventRow) =>
        (categories === undefined || categories.has(streamCategory(row[2]))) && (eventTypes === undefined || eventTypes.has(row[4]));
      // a filtered subscription's cursor stays at the last event it matched: what the tail showed after it without a
      // match is remembered, so each wake scans only the rows that came since (the SQLite path uses the indexes)
      let skipAfter = Number.NaN;
      let skipThrough = 0;
      const readFiltered = (after: number): RecordedEvent[] => {
        const from = after === skipAfter ? skipThrough : after;
        const scanned = scanTail(from, subscriptionPageSize, match);
        if (scanned === undefined) return durableOnly(readAllSync(from, subscriptionPageSize, filter));
        const page = durableOnly(scanned.rows.map(sharedRecorded));
        if (page.length === 0) {
          // not past an event still waiting for its fsync: it may match once it is handed out
          const hidden = hiddenFrom();
          skipAfter = after;
          skipThrough = Math.max(from, hidden === undefined ? scanned.through : Math.min(scanned.through, hidden - 1));
        }
        return page;
      };
      const subscription = new PollingSubscription({
        after: options.after ?? 0,
        pollIntervalMs,
        readPage:
          categories === undefined && eventTypes === undefined
            ? (after, max) => durableOnly(readAllSync(after, max ?? subscriptionPageSize, filter, true))
            : readFiltered,
        onClose: (closedSubscription) => subscriptions.delete(closedSubscription),
      });
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      assertOpen();
      const head = statements.head.get()?.head ?? 0;
      const hidden = hiddenFrom();
      return hidden === undefined ? head : Math.min(head, hidden - 1);
    },

    async close() {
      if (closed) return;
      closed = true;
      // appends already accepted are still written
      do {
        if (scheduled) clearImmediate(scheduled);
        flush();
      } while (queue.length > 0);
      if (scheduled) clearImmediate(scheduled);
      // and answered once on disk
      if (syncing.length > 0 || unsynced.length > 0) await new Promise<void>((resolve) => synced.push(resolve));
      await Promise.all([...subscriptions].map((subscription) => subscription.close()));
      await checkpoints?.close();
      if (walFd !== undefined) closeSync(walFd);
      db.close();
    },
  };
};
