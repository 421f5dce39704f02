import type { EventEnvelope } from '@stramien/domain';
import type { Random } from './domainEvents';

/**
 * At-least-once delivery of `events` (in log order): streams interleave in a random order that keeps each
 * stream's order of first deliveries, each event is delivered one to three times, and every extra copy
 * comes at a random point after its first delivery (possibly after later events of its own stream).
 */
export const atLeastOnceDeliveries = (events: EventEnvelope[], random: Random): EventEnvelope[] => {
  const byStream = new Map<string, EventEnvelope[]>();
  for (const event of events) {
    const list = byStream.get(event.streamId);
    if (list) list.push(event);
    else byStream.set(event.streamId, [event]);
  }
  const queues = [...byStream.values()].map((list) => ({ list, next: 0 }));
  const firsts: EventEnvelope[] = [];
  while (queues.length > 0) {
    const i = random.int(0, queues.length - 1);
    const queue = queues[i]!;
    firsts.push(queue.list[queue.next++]!);
    if (queue.next === queue.list.length) queues.splice(i, 1);
  }
  const n = firsts.length;
  const keyed: Array<{ key: number; event: EventEnvelope }> = [];
  firsts.forEach((event, k) => {
    keyed.push({ key: k, event });
    const extra = random.int(0, 2);
    for (let c = 0; c < extra; c++) keyed.push({ key: k + 0.5 + random.next() * (n - k), event });
  });
  return keyed.sort((a, b) => a.key - b.key).map((d) => d.event);
};

/** splits deliveries into consecutive batches of 1..maxSize */
export const randomBatches = <T>(items: T[], random: Random, maxSize: number): T[][] => {
  const batches: T[][] = [];
  for (let i = 0; i < items.length;) {
    const size = random.int(1, maxSize);
    batches.push(items.slice(i, i + size));
    i += size;
  }
  return batches;
};
