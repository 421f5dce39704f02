import { backoffDelay, type BackoffOptions } from '../health/backoff';
import { silentReporter, type HealthReporter } from '../health/healthRegistry';
import {
  tokensMatch,
  type Bus,
  type BusHandler,
  type BusMessage,
  type BusSubscription,
  type DurableOptions,
  type DurableSubscription,
  type SubscribeOptions,
} from './bus';
import { allIdle, createHandlerQueue, logHandlerError, safeSink, type BusHandlerErrorSink, type HandlerQueue } from './handlerQueue';
import { assertDurableName, assertPattern, assertSubject, patternWithin } from './subjects';

export interface InProcessBusOptions {
  /** how many recent message ids are remembered to drop duplicates (JetStream's duplicate window); default 10,000 */
  dedupeWindow?: number;
  /** called when a handler throws or rejects; default: console.error */
  onHandlerError?: BusHandlerErrorSink;
  /** subjects durable subscriptions may read (JetStream's stream subjects); default 'stramien.>' */
  durableSubjects?: string;
  /** delays before a failed durable message comes again */
  redeliveryBackoff?: BackoffOptions;
}

interface DurableMember {
  handler: BusHandler;
  health: HealthReporter;
  /** a reporter was given: it logs failures once per change of state */
  reportsHealth: boolean;
}

/**
 * A durable in this process: it keeps every matching message from its first subscription on, hands each to one
 * member at a time, and keeps a message until a handler resolves for it (a throwing handler gets it again after a
 * backoff delay). Without members it keeps collecting; members of the same name share it.
 */
interface Durable {
  pattern: string;
  /** the pattern split at its dots */
  tokens: string[];
  backlog: BusMessage[];
  members: DurableMember[];
  turn: number;
  failures: number;
  /** the delivery loop while it runs */
  active: Promise<void> | null;
  retryTimer: ReturnType<typeof setTimeout> | null;
}

interface Subscriber {
  pattern: string;
  /** the pattern split at its dots */
  tokens: string[];
  queueGroup: string | undefined;
  queue: HandlerQueue;
}

/**
 * Who reads a subject: the plain subscribers, the queue groups' members and the durables it matches. Kept per subject
 * (the forwarder publishes every event of the log; most subjects have no reader in this process).
 */
interface Route {
  subscribers: Subscriber[];
  groups: Map<string, Subscriber[]>;
  durables: Durable[];
}
/** subjects whose routes are kept at most (then they are worked out anew) */
const ROUTES_KEPT = 10_000;

/**
 * The embedded bus: NATS subject semantics inside one process.
 * - data is delivered as its JSON form (as over the wire), each subscriber gets its own copy;
 * - queue groups (by name, as NATS does) get each message once, round-robin among their members;
 * - a message whose id was seen among the last `dedupeWindow` ids is dropped;
 * - a durable keeps what matches it in memory from its first subscription on (lost with the process, like
 *   everything else in it: the event log is the truth and the forwarder publishes again from its checkpoint).
 * A handler must not await flush() or close() of its own bus (it would wait for itself).
 */
export const createInProcessBus = (options: InProcessBusOptions = {}): Bus => {
  const dedupeWindow = options.dedupeWindow ?? 10_000;
  const onHandlerError = options.onHandlerError ?? logHandlerError;
  const reportError = safeSink(onHandlerError);
  const subscribers = new Set<Subscriber>();
  const roundRobin = new Map<string, number>();
  const durableSubjects = options.durableSubjects ?? 'stramien.>';
  const durables = new Map<string, Durable>();
  // the last `dedupeWindow` ids: a set to look them up, a ring of them in order to forget the oldest (not the set's
  // `values().next()`, which walks every id deleted before it: ~8 µs a message at 10,000; trimOldest.ts)
  const recentIds = new Set<string>();
  const ring: string[] = [];
  let oldest = 0;
  let closed = false;

  const isDuplicate = (id: string): boolean => {
    if (recentIds.has(id)) return true;
    recentIds.add(id);
    if (ring.length < dedupeWindow) ring.push(id);
    else {
      recentIds.delete(ring[oldest]!);
      ring[oldest] = id;
      oldest = (oldest + 1) % dedupeWindow;
    }
    return false;
  };

  // who reads each subject (`Route`), kept until a subscription or a durable comes or goes
  const routes = new Map<string, Route>();
  const routeOf = (subject: string): Route => {
    let route = routes.get(subject);
    if (route !== undefined) return route;
    const tokens = subject.split('.');
    route = { subscribers: [], groups: new Map(), durables: [] };
    for (const subscriber of subscribers) {
      if (!tokensMatch(subscriber.tokens, tokens)) continue;
      if (subscriber.queueGroup === undefined) route.subscribers.push(subscriber);
      else route.groups.set(subscriber.queueGroup, [...(route.groups.get(subscriber.queueGroup) ?? []), subscriber]);
    }
    for (const durable of durables.values()) if (tokensMatch(durable.tokens, tokens)) route.durables.push(durable);
    if (routes.size >= ROUTES_KEPT) routes.clear();
    routes.set(subject, route);
    return route;
  };

  const assertOpen = () => {
    if (closed) throw new Error('Bus is closed');
  };

  const deliverDurable = (durable: Durable) => {
    if (durable.active || durable.retryTimer || closed) return;
    durable.active = (async () => {
      // never inside publish(): start on a later microtask
      await Promise.resolve();
      while (!closed && durable.backlog.length > 0 && durable.members.length > 0) {
        const member = durable.members[durable.turn++ % durable.members.length] as DurableMember;
        const message = durable.backlog[0] as BusMessage;
        try {
          await member.handler({ ...message, data: JSON.parse(JSON.stringify(message.data)) as unknown });
        } catch (error) {
          // with a health reporter, the failure is logged once per change of state, not per redelivery
          if (member.reportsHealth) member.health.retrying(error);
          else reportError(error, message);
          // the message stays first in line and comes again after the backoff delay (a nak with delay)
          durable.failures++;
          durable.retryTimer = setTimeout(
            () => {
              durable.retryTimer = null;
              deliverDurable(durable);
            },
            backoffDelay(durable.failures, options.redeliveryBackoff),
          );
          return;
        }
        durable.backlog.shift();
        durable.failures = 0;
        member.health.running();
      }
    })().finally(() => {
      durable.active = null;
      // a message published while the loop was ending
      if (durable.backlog.length > 0 && durable.members.length > 0) deliverDurable(durable);
    });
  };

  return {
    async publish(subject, data, publishOptions) {
      assertOpen();
      // a subject with a kept route was checked when the route was made
      const known = routes.get(subject);
      if (known === undefined) assertSubject(subject);
      // what JSON.stringify answers undefined for; the text itself is made only for a subject somebody reads
      if (data === undefined || typeof data === 'function' || typeof data === 'symbol')
        throw new TypeError(`Bus message data for ${subject} is not JSON-serialisable`);
      const id = publishOptions?.id;
      if (id !== undefined && isDuplicate(id)) return;

      const route = known ?? routeOf(subject);
      if (route.subscribers.length === 0 && route.groups.size === 0 && route.durables.length === 0) return;
      const json = JSON.stringify(data);
      const message = (): BusMessage =>
        id !== undefined ? { subject, data: JSON.parse(json) as unknown, id } : { subject, data: JSON.parse(json) as unknown };
      const targets = [...route.subscribers];
      for (const [group, members] of route.groups) {
        const turn = roundRobin.get(group) ?? 0;
        roundRobin.set(group, turn + 1);
        targets.push(members[turn % members.length] as Subscriber);
      }
      for (const target of targets) target.queue.push(message());
      for (const durable of route.durables) {
        durable.backlog.push(message());
        deliverDurable(durable);
      }
    },

    async subscribe<T>(pattern: string, handler: BusHandler<T>, subscribeOptions?: SubscribeOptions): Promise<BusSubscription> {
      assertOpen();
      assertPattern(pattern);
      const subscriber: Subscriber = {
        pattern,
        tokens: pattern.split('.'),
        queueGroup: subscribeOptions?.queue,
        queue: createHandlerQueue(handler, onHandlerError),
      };
      subscribers.add(subscriber);
      routes.clear();
      subscribeOptions?.health?.running();
      return {
        async unsubscribe() {
          // no new messages; those already handed over are still handled
          subscribers.delete(subscriber);
          routes.clear();
          await subscriber.queue.idle();
        },
      };
    },

    async durable<T>(pattern: string, handler: BusHandler<T>, durableOptions: DurableOptions): Promise<DurableSubscription> {
      assertOpen();
      assertPattern(pattern);
      assertDurableName(durableOptions.name);
      if (!patternWithin(durableSubjects, pattern)) throw new Error(`Durable subscriptions read ${durableSubjects}, not ${pattern}`);
      let durable = durables.get(durableOptions.name);
      if (!durable) {
        durable = { pattern, tokens: pattern.split('.'), backlog: [], members: [], turn: 0, failures: 0, active: null, retryTimer: null };
        durables.set(durableOptions.name, durable);
        routes.clear();
      } else if (durable.pattern !== pattern) {
        throw new Error(`Durable ${durableOptions.name} reads ${durable.pattern}, not ${pattern}`);
      }
      const member: DurableMember = {
        handler: handler as BusHandler,
        health: durableOptions.health ?? silentReporter,
        reportsHealth: durableOptions.health !== undefined,
      };
      durable.members.push(member);
      member.health.running();
      deliverDurable(durable);
      const own = durable;
      return {
        async unsubscribe() {
          // the durable keeps collecting for the next subscriber of its name; a message being handled is finished
          own.members = own.members.filter((m) => m !== member);
          if (own.active) await own.active;
        },
        async lag() {
          return own.backlog.length;
        },
      };
    },

    async flush() {
      for (;;) {
        await allIdle(() => [...subscribers].map((subscriber) => subscriber.queue));
        const active = [...durables.values()].map((durable) => durable.active).filter((a): a is Promise<void> => a !== null);
        if (active.length === 0) return;
        await Promise.all(active);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      const queues = [...subscribers].map((subscriber) => subscriber.queue);
      subscribers.clear();
      for (const durable of durables.values()) if (durable.retryTimer) clearTimeout(durable.retryTimer);
      await Promise.all([...durables.values()].map((durable) => durable.active));
      await allIdle(() => queues);
    },
  };
};
