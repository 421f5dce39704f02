import { randomUUID } from 'node:crypto';
import { createNatsBus, type EventStore, type NewEvent } from '@stramien/infra';

type NatsConnection = Awaited<ReturnType<typeof createNatsBus>>['connection'];

/** the ids (Nats-Msg-Id) of every message in the stream, in stream order (read with an ordered consumer) */
export const streamMessageIds = async (nc: NatsConnection, stream = 'STRAMIEN'): Promise<string[]> => {
  let lastSeq: number;
  try {
    const { state } = await (await nc.jetstreamManager()).streams.info(stream);
    if (state.messages === 0) return [];
    lastSeq = state.last_seq;
  } catch {
    return [];
  }
  const consumer = await nc.jetstream().consumers.get(stream);
  const messages = await consumer.consume();
  const ids: string[] = [];
  for await (const message of messages) {
    ids.push(message.headers?.get('Nats-Msg-Id') ?? '');
    if (message.info.streamSequence >= lastSeq) break;
  }
  await messages.close();
  return ids;
};

/** the number of messages in the stream (0 when it does not exist yet) */
export const streamCount = async (nc: NatsConnection, stream = 'STRAMIEN'): Promise<number> => {
  try {
    return (await (await nc.jetstreamManager()).streams.info(stream)).state.messages;
  } catch {
    return 0;
  }
};

/** ids that are not exactly once in `ids`, and expected ids that are missing */
export const exactlyOnce = (ids: string[], expected: string[]) => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return {
    missing: expected.filter((id) => !counts.has(id)).length,
    duplicated: [...counts.values()].filter((n) => n > 1).length,
    unexpected: ids.filter((id) => !expected.includes(id)).length,
  };
};

/** a NATS bus of its own for the test's reads (its connection reconnects for ever) */
export const connectTo = (url: string) => createNatsBus({ servers: url, name: 'reliability-test' });

const meta = (licenceId: string) => ({
  userId: 'system',
  licenceId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});

/** a sign-in from a new device: the notifier makes one notification of it */
export const newDeviceSignIn = (userId: string): NewEvent => ({
  id: randomUUID(),
  type: 'UserSignedIn',
  data: { userId, sessionId: randomUUID(), deviceId: randomUUID(), newDevice: true, userAgent: null },
  metadata: meta('l1'),
});

/** appends `count` events, each to its own stream; resolves with their ids */
export const appendEvents = async (
  eventStore: EventStore,
  count: number,
  make = () => newDeviceSignIn(randomUUID()),
): Promise<string[]> => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const event = make();
    const userId = (event.data as { userId?: string }).userId ?? randomUUID();
    await eventStore.append(`user-${userId}`, [event], 'any');
    ids.push(event.id);
  }
  return ids;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
