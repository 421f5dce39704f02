import { subjectMatches, type Bus, type BusHandler, type BusSubscription, type SubscribeOptions } from './bus';
import { allIdle, createHandlerQueue, logHandlerError, type BusHandlerErrorSink, type HandlerQueue } from './handlerQueue';
import { assertPattern, assertSubject } from './subjects';

export interface InProcessBusOptions {
  /** how many recent message ids are remembered to drop duplicates (JetStream's duplicate window); default 10,000 */
  dedupeWindow?: number;
  /** called when a handler throws or rejects; default: console.error */
  onHandlerError?: BusHandlerErrorSink;
}

interface Subscriber {
  pattern: string;
  queueGroup: string | undefined;
  queue: HandlerQueue;
}

/**
 * The embedded bus: NATS subject semantics inside one process.
 * - data is delivered as its JSON form (as over the wire), each subscriber gets its own copy;
 * - queue groups (by name, as NATS does) get each message once, round-robin among their members;
 * - a message whose id was seen among the last `dedupeWindow` ids is dropped.
 * A handler must not await flush() or close() of its own bus (it would wait for itself).
 */
export const createInProcessBus = (options: InProcessBusOptions = {}): Bus => {
  const dedupeWindow = options.dedupeWindow ?? 10_000;
  const onHandlerError = options.onHandlerError ?? logHandlerError;
  const subscribers = new Set<Subscriber>();
  const roundRobin = new Map<string, number>();
  // insertion-ordered: the oldest id is the first key
  const recentIds = new Set<string>();
  let closed = false;

  const isDuplicate = (id: string): boolean => {
    if (recentIds.has(id)) return true;
    recentIds.add(id);
    if (recentIds.size > dedupeWindow) {
      const oldest = recentIds.values().next().value;
      if (oldest !== undefined) recentIds.delete(oldest);
    }
    return false;
  };

  const assertOpen = () => {
    if (closed) throw new Error('Bus is closed');
  };

  return {
    async publish(subject, data, publishOptions) {
      assertOpen();
      assertSubject(subject);
      const json = JSON.stringify(data);
      if (json === undefined) throw new TypeError(`Bus message data for ${subject} is not JSON-serialisable`);
      const id = publishOptions?.id;
      if (id !== undefined && isDuplicate(id)) return;

      const groups = new Map<string, Subscriber[]>();
      const targets: Subscriber[] = [];
      for (const subscriber of subscribers) {
        if (!subjectMatches(subscriber.pattern, subject)) continue;
        if (subscriber.queueGroup === undefined) targets.push(subscriber);
        else groups.set(subscriber.queueGroup, [...(groups.get(subscriber.queueGroup) ?? []), subscriber]);
      }
      for (const [group, members] of groups) {
        const turn = roundRobin.get(group) ?? 0;
        roundRobin.set(group, turn + 1);
        targets.push(members[turn % members.length] as Subscriber);
      }
      for (const target of targets) {
        target.queue.push({ subject, data: JSON.parse(json) as unknown, ...(id !== undefined ? { id } : {}) });
      }
    },

    async subscribe<T>(pattern: string, handler: BusHandler<T>, subscribeOptions?: SubscribeOptions): Promise<BusSubscription> {
      assertOpen();
      assertPattern(pattern);
      const subscriber: Subscriber = { pattern, queueGroup: subscribeOptions?.queue, queue: createHandlerQueue(handler, onHandlerError) };
      subscribers.add(subscriber);
      return {
        async unsubscribe() {
          // no new messages; those already handed over are still handled
          subscribers.delete(subscriber);
          await subscriber.queue.idle();
        },
      };
    },

    async flush() {
      await allIdle(() => [...subscribers].map((subscriber) => subscriber.queue));
    },

    async close() {
      if (closed) return;
      closed = true;
      const queues = [...subscribers].map((subscriber) => subscriber.queue);
      subscribers.clear();
      await allIdle(() => queues);
    },
  };
};
