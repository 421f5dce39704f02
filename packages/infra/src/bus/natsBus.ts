import {
  connect,
  JSONCodec,
  nanos,
  NatsError,
  type JetStreamManager,
  type NatsConnection,
  type StreamConfig,
  type Subscription,
} from 'nats';
import { subjectMatches, type Bus, type BusHandler, type BusMessage, type BusSubscription, type SubscribeOptions } from './bus';
import { allIdle, createHandlerQueue, logHandlerError, type BusHandlerErrorSink, type HandlerQueue } from './handlerQueue';
import { assertPattern, assertSubject } from './subjects';

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
}

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
 * Integrations that need to resume after downtime read the stream with their own durable consumer.
 */
export const createNatsBus = async (options: NatsBusOptions): Promise<Bus & { connection: NatsConnection }> => {
  const streamName = options.stream ?? 'STRAMIEN';
  const streamSubjects = options.streamSubjects ?? 'stramien.>';
  const deliverPrefix = options.deliverPrefix ?? 'bus';
  const onHandlerError = options.onHandlerError ?? logHandlerError;
  assertPattern(streamSubjects);
  assertSubject(deliverPrefix);
  const servers = typeof options.servers === 'string' ? options.servers.split(',').map((server) => server.trim()) : options.servers;

  const nc = await connect({ servers, name: options.name ?? 'stramien-bus' });
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
  const codec = JSONCodec<unknown>();
  const queues = new Set<HandlerQueue>();
  const pendingPublishes = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;

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
          let data: unknown;
          try {
            data = codec.decode(msg.data);
          } catch (decodeError) {
            onHandlerError(decodeError, { subject, data: undefined });
            return;
          }
          const id = msg.headers?.get('Nats-Msg-Id');
          const message: BusMessage = id ? { subject, data, id } : { subject, data };
          queue.push(message);
        },
      });
      // once subscribe resolves, the server knows the subscription: messages published afterwards, from any connection, reach it
      await nc.flush();
      return {
        async unsubscribe() {
          // messages already on their way to us are still handled, then nothing more
          if (!subscription.isClosed() && !nc.isClosed()) await subscription.drain();
          await queue.idle();
          queues.delete(queue);
        },
      };
    },

    async flush() {
      await Promise.allSettled([...pendingPublishes]);
      if (!nc.isClosed()) await nc.flush();
      await allIdle(() => queues);
    },

    close() {
      closing ??= (async () => {
        await Promise.allSettled([...pendingPublishes]);
        if (!nc.isClosed()) await nc.drain();
        await allIdle(() => queues);
      })();
      return closing;
    },
  };
};
