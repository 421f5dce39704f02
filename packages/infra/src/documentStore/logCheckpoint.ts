import type { DocumentStore } from './documentStore';

/** where the readers of the event log keep how far they got, one document per reader */
export const CHECKPOINTS_COLLECTION = '_checkpoints';

/** a reader's position in the event log: every event up to it was handled */
export interface Checkpoint {
  [key: string]: unknown;
  _id: string;
  position: number;
}

export interface LogCheckpointOptions {
  /** the longest the stored position lags the one passed, while the reader runs (ms); default 1,000 */
  everyMs?: number;
  /** told when a write that no caller awaits (the trailing one) fails; the next write tries again */
  onError?: (error: unknown) => void;
}

/** the stored checkpoint of a reader whose effects are idempotent (it may read the events past it again) */
export interface LogCheckpoint {
  /** the stored position (0 when none is) */
  load(): Promise<number>;
  /**
   * The reader handled every event up to `position`. It is written at once when `now` is set or `everyMs` passed
   * since the last write; else a timer writes it when that time is up, so the stored position is never further behind.
   */
  passed(position: number, now?: boolean): Promise<void>;
  /** writes the last position passed if it is not stored yet, and stops the timer (when the reader stops) */
  flush(): Promise<void>;
}

/**
 * The checkpoint of a reader that follows the log outside the projections' transactions (the bus forwarder, the
 * workflow manager, the webhook dispatcher). A write per batch was a document-store commit in nearly every turn of
 * the API's loop under load; these readers' effects are idempotent (the bus drops a re-published event id, effects and
 * deliveries have deterministic ids), so a restart may read up to `everyMs` of events again. Writes never overlap, so
 * a later position is never overwritten by an earlier one.
 */
export const logCheckpoint = (documentStore: DocumentStore, name: string, options: LogCheckpointOptions = {}): LogCheckpoint => {
  const checkpoints = documentStore.collection<Checkpoint>(CHECKPOINTS_COLLECTION);
  const everyMs = options.everyMs ?? 1_000;
  let position = 0;
  let saved = 0;
  let savedAt = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = (): Promise<void> => {
    const next = writing
      .catch(() => undefined)
      .then(async () => {
        clearTimeout(timer);
        timer = undefined;
        if (position === saved) return;
        const at = position;
        await checkpoints.replaceOne({ _id: name }, { _id: name, position: at }, { upsert: true });
        saved = at;
        savedAt = performance.now();
      });
    writing = next;
    return next;
  };

  return {
    async load() {
      position = (await checkpoints.findOne({ _id: name }))?.position ?? 0;
      saved = position;
      savedAt = performance.now();
      return position;
    },
    async passed(at, now = false) {
      position = at;
      const since = performance.now() - savedAt;
      if (now || since >= everyMs) return write();
      if (timer !== undefined) return;
      timer = setTimeout(() => void write().catch((error: unknown) => options.onError?.(error)), everyMs - since);
      timer.unref?.();
    },
    flush: write,
  };
};
