import type { EventSubscription, RecordedEvent } from './eventStore';

export interface PollingSubscriptionOptions {
  /** exclusive position to start after */
  after: number;
  /**
   * reads the next page of matching events after a position, in position order ([] when there is none yet): at most
   * `max` events when given (a consumer of `batches(max)` takes pages of its batch size), else the reader's own page
   */
  readPage: (after: number, max?: number) => RecordedEvent[];
  /** how long to sleep on an empty page unless notify() wakes the subscription earlier */
  pollIntervalMs: number;
  onClose?: (subscription: PollingSubscription) => void;
}

/**
 * Catch-up then live subscription over a synchronous, position-ordered reader.
 * It pages from its cursor (the position of the last event it yielded) until a page comes back
 * empty, then sleeps until notify() (an append in this process) or the poll interval (an append
 * by another process) wakes it. Since every read starts strictly after the cursor and pages are
 * ordered by position, nothing is delivered twice and, as positions are assigned at commit under
 * the write lock, nothing is skipped.
 */
export class PollingSubscription implements EventSubscription {
  private cursor: number;
  private closed = false;
  private wake: (() => void) | undefined;
  private iterator: AsyncGenerator<RecordedEvent> | undefined;
  private paging: AsyncGenerator<RecordedEvent[]> | undefined;

  constructor(private readonly options: PollingSubscriptionOptions) {
    this.cursor = options.after;
  }

  /** position of the last event handed out (or the start position) */
  get position(): number {
    return this.cursor;
  }

  notify(): void {
    this.wake?.();
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    this.iterator ??= this.run();
    return this.iterator;
  }

  /** the store's pages of at most `max` events as they are read: one await per page, not per event */
  batches(max: number): AsyncIterable<RecordedEvent[]> {
    this.paging ??= this.pages(max);
    const paging = this.paging;
    return { [Symbol.asyncIterator]: () => paging };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake?.();
    this.options.onClose?.(this);
  }

  private async *run(): AsyncGenerator<RecordedEvent> {
    try {
      while (!this.closed) {
        const page = this.options.readPage(this.cursor);
        if (page.length === 0) {
          await this.sleep();
          continue;
        }
        for (const event of page) {
          if (this.closed) return;
          this.cursor = event.position;
          yield event;
        }
      }
    } finally {
      // a consumer that breaks out of its loop closes the subscription too
      await this.close();
    }
  }

  private async *pages(max: number): AsyncGenerator<RecordedEvent[]> {
    try {
      while (!this.closed) {
        const page = this.options.readPage(this.cursor, max);
        if (page.length === 0) {
          await this.sleep();
          continue;
        }
        // a reader may answer more than asked (a filtered one reads its own pages): never a batch above `max`
        for (let from = 0; from < page.length; from += max) {
          if (this.closed) return;
          const batch = from === 0 && page.length <= max ? page : page.slice(from, from + max);
          this.cursor = batch[batch.length - 1]!.position;
          yield batch;
        }
      }
    } finally {
      await this.close();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.options.pollIntervalMs);
      this.wake = done;
    });
  }
}
