import type { BusHandler, BusMessage } from './bus';

export type BusHandlerErrorSink = (error: unknown, message: BusMessage) => void;

export const logHandlerError: BusHandlerErrorSink = (error, message) => {
  console.error(`bus handler failed for ${message.subject}${message.id ? ` (id ${message.id})` : ''}`, error);
};

/** the sink, made safe: a sink that throws must not stop delivery */
export const safeSink =
  (sink: BusHandlerErrorSink): BusHandlerErrorSink =>
  (error, message) => {
    try {
      sink(error, message);
    } catch {
      // ignored
    }
  };

/**
 * One per subscription: calls the handler asynchronously, one message at a time, in the order pushed.
 * A throwing handler is reported to onError and the next message is delivered all the same.
 */
export interface HandlerQueue {
  push(message: BusMessage): void;
  /** true while a message waits or a handler runs */
  readonly busy: boolean;
  /** resolves when nothing waits and no handler runs */
  idle(): Promise<void>;
}

export const createHandlerQueue = <T>(handler: BusHandler<T>, onError: BusHandlerErrorSink): HandlerQueue => {
  let items: BusMessage[] = [];
  let head = 0;
  let running = false;
  let waiters: Array<() => void> = [];

  const run = async () => {
    running = true;
    // never call the handler inside publish(): start on a later microtask
    await Promise.resolve();
    while (head < items.length) {
      const message = items[head] as BusMessage<T>;
      items[head] = undefined as unknown as BusMessage;
      head++;
      if (head > 1024 && head * 2 > items.length) {
        items = items.slice(head);
        head = 0;
      }
      try {
        await handler(message);
      } catch (error) {
        try {
          onError(error, message);
        } catch {
          // an error sink that throws must not stop delivery
        }
      }
    }
    items = [];
    head = 0;
    running = false;
    const settled = waiters;
    waiters = [];
    for (const resolve of settled) resolve();
  };

  return {
    push(message) {
      items.push(message);
      if (!running) void run();
    },
    get busy() {
      return running;
    },
    idle() {
      return running ? new Promise<void>((resolve) => waiters.push(resolve)) : Promise.resolve();
    },
  };
};

/** waits until every queue is idle at once (handlers may publish further messages while we wait) */
export const allIdle = async (queues: () => Iterable<HandlerQueue>): Promise<void> => {
  for (;;) {
    const busy = [...queues()].filter((queue) => queue.busy);
    if (busy.length === 0) return;
    await Promise.all(busy.map((queue) => queue.idle()));
  }
};
