import {
  AckPolicy,
  connect,
  DebugEvents,
  DeliverPolicy,
  Events,
  JSONCodec,
  nanos,
  NatsError,
  type ConsumerConfig,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type StreamConfig,
  type Subscription,
} from 'nats';
import { backoffDelay, withTimeout, type BackoffOptions } from '../health/backoff';
import { silentReporter, type HealthReporter } from '../health/healthRegistry';
import { supervise, type Supervised } from '../health/supervise';
import {
  subjectMatches,
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

export interface NatsBusOptions {
  /** nats://host:port, several separated by commas */
  servers: string | string[];
  /** JetStream stream that keeps the messages; default 'STRAMIEN' */
  stream?: string;
  /** subjects the stream captures; default 'stramien.>' */
  streamSubjects?: string;
  /** subscribers listen under this prefix, where the stream republishes what it stored; default 'bus' */
  deliverPrefix?: string;
  /** JetStream's duplicate window; default 2 minutes */
  duplicateWindowMs?: number;
  /** called when a handler throws or rejects; default: console.error */
  onHandlerError?: BusHandlerErrorSink;
  /** connection name shown by the server's monitoring */
  name?: string;
  /** delays before a durable message whose handler threw comes again, and between attempts to re-open a consumer */
  redeliveryBackoff?: BackoffOptions;
  /** the longest close() (and unsubscribe) waits for pending publishes, handlers and the drain; default 1 s */
  closeTimeoutMs?: number;
}

/** the connection to NATS is lost; the client reconnects for ever */
export class BusDisconnectedError extends Error {
  override readonly name = 'BusDisconnected';
}

/** JetStream API error: consumer not found */
const CONSUMER_NOT_FOUND = 10014;

/**
 * Creates the durable pull consumer (explicit acks, from the messages published after its creation on) or, when it
 * exists, points it at the pattern. Its state lives on the server: a consumer that comes back resumes where it was.
 */
const ensureConsumer = async (jsm: JetStreamManager, stream: string, name: string, pattern: string) => {
  try {
    const { config } = await jsm.consumers.info(stream, name);
    if (config.filter_subject !== pattern) await jsm.consumers.update(stream, name, { filter_subject: pattern });
    return;
  } catch (error) {
    if (!(error instanceof NatsError) || error.api_error?.err_code !== CONSUMER_NOT_FOUND) throw error;
  }
  const config: Partial<ConsumerConfig> = {
    durable_name: name,
    filter_subject: pattern,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    ack_wait: nanos(30_000),
    max_deliver: -1,
  };
  await jsm.consumers.add(stream, config);
};

/** JetStream API error: stream name already in use (with another configuration) */
const STREAM_NAME_IN_USE = 10058;

/**
 * The stream keeps every message published to its subjects and republishes each message it stored under the
 * deliver prefix. Subscribers listen there, so a message id that JetStream drops as a duplicate is never delivered
 * (a plain core subscription on the stream's own subjects would see both copies: JetStream de-duplicates what it
 * stores, not what the server routes).
 */
const ensureStream = async (jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string; subjects: string[] }) => {
  try {
    await jsm.streams.add(config);
    return;
  } catch (error) {
    if (!(error instanceof NatsError) || error.api_error?.err_code !== STREAM_NAME_IN_USE) throw error;
  }
  // the stream exists with another configuration (an older version, or extra subjects added by an operator): add what we need
  const { config: current } = await jsm.streams.info(config.name);
  const subjects = [...new Set([...current.subjects, ...config.subjects])];
  const republishOk = current.republish?.src === config.republish?.src && current.republish?.dest === config.republish?.dest;
  if (subjects.length === current.subjects.length && republishOk && current.duplicate_window === config.duplicate_window) return;
  try {
    await jsm.streams.update(config.name, { ...current, subjects, republish: config.republish, duplicate_window: config.duplicate_window });
  } catch (error) {
    if (republishOk) throw error;
    // servers before 2.10 cannot change the republish rule of an existing stream
    throw new Error(
      `JetStream stream ${config.name} exists without republishing ${config.republish?.src} to ${config.republish?.dest} ` +
        `and the server refused to add it (${error instanceof Error ? error.message : String(error)}): ` +
        'delete the stream (its messages are kept elsewhere: the event store is the truth) or configure another stream name',
    );
  }
};

/**
 * Bus over NATS. Publishing to a subject the stream captures goes through JetStream (with `msgID` = id when given,
 * so the server drops a duplicate within the window) and resolves on the stream's acknowledgement; any other
 * subject is a core publish (and cannot carry an id). Subscriptions are core subscriptions (optionally in a queue
 * group) under the deliver prefix; handlers run in order per subscription; the id comes from `Nats-Msg-Id`.
 * Consumers that need to resume after downtime use `durable` (a JetStream durable consumer with explicit acks).
 * The connection reconnects for ever; close() is bounded, so a shutdown with NATS unreachable does not hang.
 */
export const createNatsBus = async (options: NatsBusOptions): Promise<Bus & { connection: NatsConnection }> => {
  const streamName = options.stream ?? 'STRAMIEN';
  const streamSubjects = options.streamSubjects ?? 'stramien.>';
  const deliverPrefix = options.deliverPrefix ?? 'bus';
  const onHandlerError = options.onHandlerError ?? logHandlerError;
  const reportError = safeSink(onHandlerError);
  assertPattern(streamSubjects);
  assertSubject(deliverPrefix);
  const servers = typeof options.servers === 'string' ? options.servers.split(',').map((server) => server.trim()) : options.servers;

  const closeTimeoutMs = options.closeTimeoutMs ?? 1_000;
  // reconnect for ever (the client's default gives up after 10 attempts, and with it every subscription)
  const nc = await connect({
    servers,
    name: options.name ?? 'stramien-bus',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    pingInterval: 10_000,
    maxPingOut: 2,
  });
  try {
    await ensureStream(await nc.jetstreamManager(), {
      name: streamName,
      subjects: [streamSubjects],
      duplicate_window: nanos(options.duplicateWindowMs ?? 120_000),
      republish: { src: streamSubjects, dest: `${deliverPrefix}.${streamSubjects}` },
    });
  } catch (error) {
    await nc.close();
    throw error;
  }
  const js = nc.jetstream();
  const jsm = await nc.jetstreamManager();
  const codec = JSONCodec<unknown>();
  const queues = new Set<HandlerQueue>();
  const pendingPublishes = new Set<Promise<unknown>>();
  const durables = new Set<Supervised>();
  let closing: Promise<void> | undefined;

  // what subscriptions tell their health reporters: down on a lost connection, up once it is back
  const watchers = new Set<HealthReporter>();
  let connected = true;
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect || status.type === DebugEvents.Reconnecting) {
        connected = false;
        const error = new BusDisconnectedError(`connection to NATS lost (${String(status.data)})`);
        for (const watcher of watchers) watcher.retrying(error);
      } else if (status.type === Events.Reconnect) {
        connected = true;
        for (const watcher of watchers) watcher.running();
      }
    }
  })();

  const decode = (msg: { subject: string; data: Uint8Array; headers?: { get(key: string): string } | undefined }, subject: string) => {
    const data = codec.decode(msg.data);
    const id = msg.headers?.get('Nats-Msg-Id');
    const message: BusMessage = id ? { subject, data, id } : { subject, data };
    return message;
  };

  const assertOpen = () => {
    if (closing || nc.isClosed()) throw new Error('Bus is closed');
  };

  const track = <R>(promise: Promise<R>): Promise<R> => {
    pendingPublishes.add(promise);
    const forget = () => pendingPublishes.delete(promise);
    promise.then(forget, forget);
    return promise;
  };

  return {
    connection: nc,

    async publish(subject, data, publishOptions) {
      assertOpen();
      assertSubject(subject);
      const json = JSON.stringify(data);
      if (json === undefined) throw new TypeError(`Bus message data for ${subject} is not JSON-serialisable`);
      const payload = new TextEncoder().encode(json);
      const id = publishOptions?.id;
      if (subjectMatches(streamSubjects, subject)) {
        await track(js.publish(subject, payload, id !== undefined ? { msgID: id } : undefined));
      } else if (id !== undefined) {
        throw new Error(
          `Bus message ids are de-duplicated by the ${streamName} stream, which does not capture ${subject} (${streamSubjects})`,
        );
      } else {
        nc.publish(`${deliverPrefix}.${subject}`, payload);
      }
    },

    async subscribe<T>(pattern: string, handler: BusHandler<T>, subscribeOptions?: SubscribeOptions): Promise<BusSubscription> {
      assertOpen();
      assertPattern(pattern);
      const queue = createHandlerQueue(handler, onHandlerError);
      queues.add(queue);
      const prefixLength = deliverPrefix.length + 1;
      const subscription: Subscription = nc.subscribe(`${deliverPrefix}.${pattern}`, {
        ...(subscribeOptions?.queue !== undefined ? { queue: subscribeOptions.queue } : {}),
        callback: (error, msg) => {
          if (error) {
            onHandlerError(error, { subject: pattern, data: undefined });
            return;
          }
          const subject = msg.subject.slice(prefixLength);
          let message: BusMessage;
          try {
            message = decode(msg, subject);
          } catch (decodeError) {
            onHandlerError(decodeError, { subject, data: undefined });
            return;
          }
          queue.push(message);
        },
      });
      // once subscribe resolves, the server knows the subscription: messages published afterwards, from any connection, reach it
      await nc.flush();
      // the client subscribes again by itself after a reconnect; the reporter follows the connection
      const health = subscribeOptions?.health;
      if (health) {
        watchers.add(health);
        if (connected) health.running();
      }
      return {
        async unsubscribe() {
          if (health) watchers.delete(health);
          // messages already on their way to us are still handled, then nothing more
          if (!subscription.isClosed() && !nc.isClosed()) await withTimeout(subscription.drain(), closeTimeoutMs, () => undefined);
          await queue.idle();
          queues.delete(queue);
        },
      };
    },

    /**
     * A JetStream durable pull consumer on the stream, filtered by the pattern, with explicit acks: ack when the
     * handler resolves, nak with a backoff delay when it throws (JetStream redelivers it). The client pulls again
     * after a reconnect; when the consumer is gone or its pull ends, a supervisor re-opens it with backoff.
     */
    async durable<T>(pattern: string, handler: BusHandler<T>, durableOptions: DurableOptions): Promise<DurableSubscription> {
      assertOpen();
      assertPattern(pattern);
      const { name } = durableOptions;
      assertDurableName(name);
      if (!patternWithin(streamSubjects, pattern))
        throw new Error(`Durable subscriptions read the ${streamName} stream (${streamSubjects}), not ${pattern}`);
      const reporter = durableOptions.health ?? silentReporter;
      let opened!: (error?: unknown) => void;
      const firstAttempt = new Promise<unknown>((resolve) => (opened = resolve));
      let handling: Promise<void> = Promise.resolve();
      const supervised = supervise({
        reporter,
        backoff: options.redeliveryBackoff,
        async run({ signal, running, retrying }) {
          const watcher: HealthReporter = { running, retrying, stopped() {} };
          try {
            await ensureConsumer(jsm, streamName, name, pattern);
            const consumer = await js.consumers.get(streamName, name);
            // a deleted consumer or stream ends the pull, and the supervisor opens it again
            const messages = await consumer.consume({ max_messages: 64, abort_on_missing_resource: true });
            const stop = () => void messages.close();
            signal.addEventListener('abort', stop, { once: true });
            watchers.add(watcher);
            running();
            opened();
            try {
              for await (const msg of messages) {
                if (signal.aborted) break;
                handling = handleDurable(msg as JsMsg);
                await handling;
              }
            } finally {
              watchers.delete(watcher);
              signal.removeEventListener('abort', stop);
            }
            const ended = await messages.closed();
            if (ended instanceof Error) throw ended;
          } catch (error) {
            opened(error);
            throw error;
          }

          async function handleDurable(msg: JsMsg) {
            let message: BusMessage;
            try {
              message = decode(msg, msg.subject);
            } catch (decodeError) {
              // not JSON: it never will be, so it is not redelivered
              onHandlerError(decodeError, { subject: msg.subject, data: undefined });
              msg.term('not JSON');
              return;
            }
            try {
              await handler(message as BusMessage<T>);
            } catch (error) {
              // with a health reporter, the failure is logged once per change of state, not per redelivery
              if (durableOptions.health) retrying(error);
              else reportError(error, message);
              msg.nak(backoffDelay(msg.info.deliveryCount, options.redeliveryBackoff));
              return;
            }
            msg.ack();
            running();
          }
        },
      });
      durables.add(supervised);
      // the first attempt tells whether the consumer exists now; either way the supervisor keeps it open from here on
      await withTimeout(firstAttempt, 5_000, () => undefined);
      return {
        async unsubscribe() {
          durables.delete(supervised);
          // the message being handled is finished (or, when that takes too long, redelivered later)
          await withTimeout(
            Promise.all([supervised.stop(closeTimeoutMs), handling]).then(() => undefined),
            closeTimeoutMs,
            () => undefined,
          );
        },
        async lag() {
          const info = await jsm.consumers.info(streamName, name);
          return info.num_pending + info.num_ack_pending;
        },
      };
    },

    async flush() {
      await Promise.allSettled([...pendingPublishes]);
      if (!nc.isClosed()) await nc.flush();
      await allIdle(() => queues);
    },

    /**
     * Bounded: stops the durables, waits for pending publishes and drains the connection, each at most closeTimeoutMs;
     * with the connection lost it closes at once (what is not acknowledged is published again by the forwarder).
     */
    close() {
      closing ??= (async () => {
        await Promise.all([...durables].map((durable) => durable.stop(closeTimeoutMs)));
        if (connected) await withTimeout(Promise.allSettled([...pendingPublishes]), closeTimeoutMs, () => []);
        if (!nc.isClosed() && connected) {
          await withTimeout(
            nc.drain().catch(() => undefined),
            closeTimeoutMs,
            () => undefined,
          );
        }
        if (!nc.isClosed()) await nc.close();
        await withTimeout(
          allIdle(() => queues),
          closeTimeoutMs,
          () => undefined,
        );
      })();
      return closing;
    },
  };
};
