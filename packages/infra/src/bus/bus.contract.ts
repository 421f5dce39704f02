import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bus, BusMessage } from './bus';

export interface BusContractFixture {
  bus: Bus;
  cleanup(): Promise<void>;
}

/**
 * The behaviour every Bus adapter has. The factory gives a fresh bus per test; subjects are unique per test
 * (`stramien.<random>.…`), so a shared server or stream does not leak messages between tests.
 */
export const describeBusContract = (name: string, factory: () => Promise<BusContractFixture>): void => {
  describe(`${name} (Bus contract)`, () => {
    let fixture: BusContractFixture;
    let bus: Bus;
    let scope: string;

    beforeEach(async () => {
      fixture = await factory();
      bus = fixture.bus;
      scope = `stramien.t${randomUUID().replaceAll('-', '')}`;
    });

    afterEach(async () => {
      vi.restoreAllMocks();
      await fixture.cleanup();
    });

    const collect = async <T = unknown>(pattern: string, queue?: string) => {
      const received: BusMessage<T>[] = [];
      const subscription = await bus.subscribe<T>(pattern, (message) => void received.push(message), queue ? { queue } : undefined);
      return { received, subscription };
    };

    const subjectsOf = (messages: BusMessage[]) => messages.map((message) => message.subject);

    describe('when subscribed to an exact subject', () => {
      it('delivers a message published to that subject with its subject and data', async () => {
        const { received } = await collect(`${scope}.task.TaskCreated`);
        await bus.publish(`${scope}.task.TaskCreated`, { taskId: 'a' });
        await bus.flush();
        expect(received).toEqual([{ subject: `${scope}.task.TaskCreated`, data: { taskId: 'a' } }]);
      });

      it('does not deliver messages published to other subjects', async () => {
        const { received } = await collect(`${scope}.task.TaskCreated`);
        await bus.publish(`${scope}.task.TaskClosed`, 1);
        await bus.publish(`${scope}.task.TaskCreated.extra`, 2);
        await bus.publish(`${scope}.task`, 3);
        await bus.publish(`${scope}.project.TaskCreated`, 4);
        await bus.publish(`${scope}.task.TaskCreated`, 5);
        await bus.flush();
        expect(received.map((message) => message.data)).toEqual([5]);
      });
    });

    describe("when subscribed with a '*' wildcard", () => {
      it('delivers messages whose token at that place is anything, and nothing with more or fewer tokens', async () => {
        const { received } = await collect(`${scope}.*.TaskCreated`);
        await bus.publish(`${scope}.task.TaskCreated`, 1);
        await bus.publish(`${scope}.other.TaskCreated`, 2);
        await bus.publish(`${scope}.task.TaskClosed`, 3);
        await bus.publish(`${scope}.a.b.TaskCreated`, 4);
        await bus.publish(`${scope}.TaskCreated`, 5);
        await bus.flush();
        expect(subjectsOf(received)).toEqual([`${scope}.task.TaskCreated`, `${scope}.other.TaskCreated`]);
      });
    });

    describe("when subscribed with a '>' wildcard", () => {
      it('delivers messages with one or more further tokens, not the prefix itself', async () => {
        const { received } = await collect(`${scope}.task.>`);
        await bus.publish(`${scope}.task`, 1);
        await bus.publish(`${scope}.task.TaskCreated`, 2);
        await bus.publish(`${scope}.task.a.b.c`, 3);
        await bus.publish(`${scope}.project.ProjectCreated`, 4);
        await bus.flush();
        expect(received.map((message) => message.data)).toEqual([2, 3]);
      });
    });

    it('delivers messages on subjects outside the stramien namespace too', async () => {
      const subject = `other${randomUUID().replaceAll('-', '')}.ping`;
      const { received } = await collect(subject);
      await bus.publish(subject, { pong: true });
      await bus.flush();
      expect(received).toEqual([{ subject, data: { pong: true } }]);
    });

    describe('when several subscribers match', () => {
      it('gives each of them every message', async () => {
        const first = await collect(`${scope}.>`);
        const second = await collect(`${scope}.task.*`);
        const third = await collect(`${scope}.task.TaskCreated`);
        await bus.publish(`${scope}.task.TaskCreated`, 1);
        await bus.publish(`${scope}.task.TaskCreated`, 2);
        await bus.flush();
        for (const { received } of [first, second, third]) expect(received.map((message) => message.data)).toEqual([1, 2]);
      });
    });

    describe('when subscribers share a queue group', () => {
      it('gives each message to exactly one member, and the group all of them, while a plain subscriber gets all', async () => {
        const members = [await collect<number>(`${scope}.>`, 'workers'), await collect<number>(`${scope}.>`, 'workers')];
        const plain = await collect<number>(`${scope}.>`);
        const count = 40;
        for (let i = 0; i < count; i++) await bus.publish(`${scope}.job.JobQueued`, i);
        await bus.flush();
        const handled = members.flatMap(({ received }) => received.map((message) => message.data));
        expect(handled.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
        expect(plain.received.map((message) => message.data)).toEqual(Array.from({ length: count }, (_, i) => i));
      });

      it('gives each message once to each group', async () => {
        const groupA = [await collect(`${scope}.>`, 'a'), await collect(`${scope}.>`, 'a')];
        const groupB = [await collect(`${scope}.>`, 'b')];
        for (let i = 0; i < 10; i++) await bus.publish(`${scope}.job.JobQueued`, i);
        await bus.flush();
        expect(groupA.flatMap(({ received }) => received)).toHaveLength(10);
        expect(groupB.flatMap(({ received }) => received)).toHaveLength(10);
      });
    });

    describe('when a subscription is unsubscribed', () => {
      it('delivers nothing more to it while other subscriptions keep receiving', async () => {
        const leaving = await collect(`${scope}.>`);
        const staying = await collect(`${scope}.>`);
        await bus.publish(`${scope}.a`, 1);
        await bus.flush();
        await leaving.subscription.unsubscribe();
        await bus.publish(`${scope}.a`, 2);
        await bus.flush();
        expect(leaving.received.map((message) => message.data)).toEqual([1]);
        expect(staying.received.map((message) => message.data)).toEqual([1, 2]);
      });
    });

    describe('per subscription', () => {
      it('calls the handler in publish order, one message at a time, even when it is slow', async () => {
        const handled: number[] = [];
        let running = 0;
        let overlapped = false;
        await bus.subscribe<number>(`${scope}.>`, async (message) => {
          running++;
          if (running > 1) overlapped = true;
          await new Promise((resolve) => setTimeout(resolve, message.data % 3));
          handled.push(message.data);
          running--;
        });
        const count = 30;
        for (let i = 0; i < count; i++) await bus.publish(`${scope}.seq`, i);
        await bus.flush();
        expect(handled).toEqual(Array.from({ length: count }, (_, i) => i));
        expect(overlapped).toBe(false);
      });

      it('keeps delivering after a handler throws, and reports the error', async () => {
        const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
        const handled: number[] = [];
        await bus.subscribe<number>(`${scope}.>`, async (message) => {
          if (message.data === 1) throw new Error('handler failed');
          handled.push(message.data);
        });
        for (const i of [0, 1, 2]) await bus.publish(`${scope}.a`, i);
        await bus.flush();
        expect(handled).toEqual([0, 2]);
        expect(errors).toHaveBeenCalled();
      });

      it('calls the handler after publish has returned, not inside it', async () => {
        const handled: number[] = [];
        await bus.subscribe<number>(`${scope}.>`, (message) => void handled.push(message.data));
        const publishing = bus.publish(`${scope}.a`, 1);
        expect(handled).toEqual([]);
        await publishing;
        await bus.flush();
        expect(handled).toEqual([1]);
      });
    });

    describe('message data', () => {
      it('arrives as its JSON round trip', async () => {
        const { received } = await collect(`${scope}.>`);
        const data = {
          text: 'Grüße, 集合 ✓',
          number: 12.5,
          negative: -3,
          flag: false,
          nothing: null,
          list: [1, 'two', { three: [3] }],
          nested: { deeper: { deepest: 'yes' } },
          at: new Date('2024-05-01T10:00:00.000Z'),
          skipped: undefined,
        };
        await bus.publish(`${scope}.a`, data);
        await bus.publish(`${scope}.b`, 'plain string');
        await bus.publish(`${scope}.c`, [1, 2, 3]);
        await bus.flush();
        expect(received.map((message) => message.data)).toEqual([JSON.parse(JSON.stringify(data)), 'plain string', [1, 2, 3]]);
        expect((received[0]?.data as { at: unknown }).at).toBe('2024-05-01T10:00:00.000Z');
        expect(Object.keys(received[0]?.data as object)).not.toContain('skipped');
      });

      it('gives every subscriber its own copy', async () => {
        const seen: unknown[] = [];
        await bus.subscribe<{ n: number }>(`${scope}.>`, (message) => {
          message.data.n = 99;
        });
        await bus.subscribe<{ n: number }>(`${scope}.>`, async (message) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          seen.push(message.data);
        });
        await bus.publish(`${scope}.a`, { n: 1 });
        await bus.flush();
        expect(seen).toEqual([{ n: 1 }]);
      });
    });

    describe('message ids', () => {
      it('passes the id to the handler', async () => {
        const { received } = await collect(`${scope}.>`);
        const id = randomUUID();
        await bus.publish(`${scope}.task.TaskCreated`, { a: 1 }, { id });
        await bus.flush();
        expect(received).toEqual([{ subject: `${scope}.task.TaskCreated`, data: { a: 1 }, id }]);
      });

      it('delivers a message published twice with the same id once', async () => {
        const { received } = await collect(`${scope}.>`);
        const id = randomUUID();
        await bus.publish(`${scope}.task.TaskCreated`, { attempt: 1 }, { id });
        await bus.publish(`${scope}.task.TaskCreated`, { attempt: 2 }, { id });
        await bus.publish(`${scope}.task.TaskCreated`, { attempt: 3 }, { id: randomUUID() });
        await bus.flush();
        expect(received.map((message) => message.data)).toEqual([{ attempt: 1 }, { attempt: 3 }]);
      });

      it('delivers messages without an id every time', async () => {
        const { received } = await collect(`${scope}.>`);
        await bus.publish(`${scope}.a`, 'same');
        await bus.publish(`${scope}.a`, 'same');
        await bus.flush();
        expect(received.map((message) => message.data)).toEqual(['same', 'same']);
      });
    });

    describe('flush', () => {
      it('resolves once every message published so far has been handled by the subscribers', async () => {
        let handled = 0;
        await bus.subscribe(`${scope}.>`, async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          handled++;
        });
        const published = Array.from({ length: 20 }, (_, i) => bus.publish(`${scope}.a`, i));
        await Promise.all(published);
        await bus.flush();
        expect(handled).toBe(20);
      });

      it('also waits for messages that handlers publish while flushing', async () => {
        const { received } = await collect(`${scope}.second`);
        await bus.subscribe(`${scope}.first`, async (message) => {
          await bus.publish(`${scope}.second`, message.data);
        });
        await bus.publish(`${scope}.first`, 'relayed');
        await bus.flush();
        expect(received.map((message) => message.data)).toEqual(['relayed']);
      });

      it('resolves when nothing was published', async () => {
        await collect(`${scope}.>`);
        await expect(bus.flush()).resolves.toBeUndefined();
      });
    });

    describe('subjects', () => {
      it('refuses to publish to a wildcard or malformed subject', async () => {
        for (const subject of [`${scope}.*`, `${scope}.>`, `${scope}..a`, '', `${scope}.a b`]) {
          await expect(bus.publish(subject, 1)).rejects.toThrow();
        }
      });

      it("refuses a pattern with '>' before its last token", async () => {
        await expect(bus.subscribe(`${scope}.>.a`, () => {})).rejects.toThrow();
      });
    });

    describe('a durable subscription', () => {
      const durableName = () => `d${randomUUID().replaceAll('-', '')}`;
      const poll = { timeout: 10_000, interval: 20 };

      it('delivers each matching message of the stream once, with its subject, data and id', async () => {
        const received: BusMessage[] = [];
        await bus.durable(`${scope}.*.TaskCreated`, (message) => void received.push(message), { name: durableName() });
        const id = randomUUID();
        await bus.publish(`${scope}.task.TaskCreated`, { a: 1 }, { id });
        await bus.publish(`${scope}.task.TaskClosed`, { a: 2 });
        await bus.publish(`${scope}.task.TaskCreated`, { a: 3 }, { id });
        await bus.publish(`${scope}.other.TaskCreated`, { a: 4 });
        await expect.poll(() => received.length, poll).toBe(2);
        await bus.flush();
        expect(received).toEqual([
          { subject: `${scope}.task.TaskCreated`, data: { a: 1 }, id },
          { subject: `${scope}.other.TaskCreated`, data: { a: 4 } },
        ]);
      });

      it('gives a message whose handler threw again, and drops none', async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const attempts = new Map<number, number>();
        const handled: number[] = [];
        const states: string[] = [];
        const health = { running: () => states.push('running'), retrying: () => states.push('retrying'), stopped: () => {} };
        await bus.durable<number>(
          `${scope}.>`,
          async (message) => {
            const attempt = (attempts.get(message.data) ?? 0) + 1;
            attempts.set(message.data, attempt);
            if (message.data === 1 && attempt <= 2) throw new Error('handler failed');
            handled.push(message.data);
          },
          { name: durableName(), health },
        );
        for (const i of [0, 1, 2]) await bus.publish(`${scope}.a`, i);
        await expect.poll(() => [...handled].sort(), poll).toEqual([0, 1, 2]);
        expect(attempts.get(1)).toBe(3);
        expect(attempts.get(0)).toBe(1);
        expect(attempts.get(2)).toBe(1);
        expect(states).toContain('retrying');
        expect(states.at(-1)).toBe('running');
      });

      it('keeps what is published while no subscriber of its name runs, and hands it to the next one', async () => {
        const name = durableName();
        const first: number[] = [];
        const leaving = await bus.durable<number>(`${scope}.>`, (message) => void first.push(message.data), { name });
        await bus.publish(`${scope}.a`, 1);
        await expect.poll(() => first, poll).toEqual([1]);
        await leaving.unsubscribe();
        for (const i of [2, 3, 4]) await bus.publish(`${scope}.a`, i);
        await expect.poll(() => leaving.lag(), poll).toBe(3);
        const second: number[] = [];
        const coming = await bus.durable<number>(`${scope}.>`, (message) => void second.push(message.data), { name });
        await expect.poll(() => second, poll).toEqual([2, 3, 4]);
        await expect.poll(() => coming.lag(), poll).toBe(0);
        expect(first).toEqual([1]);
      });

      it('shares the messages among the subscribers of one name, each message to one of them', async () => {
        const name = durableName();
        const a: number[] = [];
        const b: number[] = [];
        await bus.durable<number>(`${scope}.>`, (message) => void a.push(message.data), { name });
        await bus.durable<number>(`${scope}.>`, (message) => void b.push(message.data), { name });
        for (let i = 0; i < 20; i++) await bus.publish(`${scope}.job`, i);
        await expect.poll(() => a.length + b.length, poll).toBe(20);
        await bus.flush();
        expect([...a, ...b].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      });

      it('refuses a pattern outside the durable store and a malformed name', async () => {
        await expect(bus.durable(`elsewhere${randomUUID().slice(0, 8)}.>`, () => {}, { name: durableName() })).rejects.toThrow();
        await expect(bus.durable(`${scope}.>`, () => {}, { name: 'has.dot' })).rejects.toThrow(/durable name/);
      });
    });

    describe('when closed', () => {
      it('refuses to publish', async () => {
        await bus.close();
        await expect(bus.publish(`${scope}.a`, 1)).rejects.toThrow();
      });
    });
  });
};
