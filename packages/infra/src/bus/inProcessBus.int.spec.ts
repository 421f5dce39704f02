import { describe, expect, it } from 'vitest';
import type { BusMessage } from './bus';
import { describeBusContract } from './bus.contract';
import { createInProcessBus } from './inProcessBus';

describeBusContract('InProcessBus', async () => {
  const bus = createInProcessBus({ redeliveryBackoff: { initialMs: 20, maxMs: 100 } });
  return { bus, cleanup: () => bus.close() };
});

describe('InProcessBus', () => {
  describe('when subscribers share a queue group', () => {
    it('hands the messages out round-robin', async () => {
      const bus = createInProcessBus();
      const received: string[] = [];
      await bus.subscribe('jobs.>', () => void received.push('a'), { queue: 'workers' });
      await bus.subscribe('jobs.>', () => void received.push('b'), { queue: 'workers' });
      for (let i = 0; i < 4; i++) await bus.publish('jobs.queued', i);
      await bus.flush();
      expect(received.sort()).toEqual(['a', 'a', 'b', 'b']);
      await bus.close();
    });
  });

  describe('with a dedupe window of 2 ids', () => {
    it('forgets the oldest id once two newer ones were published', async () => {
      const bus = createInProcessBus({ dedupeWindow: 2 });
      const received: BusMessage[] = [];
      await bus.subscribe('a', (message) => void received.push(message));
      for (const id of ['1', '2', '1', '3', '1']) await bus.publish('a', id, { id });
      await bus.flush();
      expect(received.map((message) => message.id)).toEqual(['1', '2', '3', '1']);
      await bus.close();
    });
  });

  describe('with a dedupe window of 3 ids published round and round', () => {
    it('drops an id among the last three and delivers one that left the window, however often it went round', async () => {
      const bus = createInProcessBus({ dedupeWindow: 3 });
      const received: BusMessage[] = [];
      await bus.subscribe('a', (message) => void received.push(message));
      const ids = Array.from({ length: 20 }, (_, i) => `m${i}`);
      for (const id of ids) await bus.publish('a', id, { id });
      // m17-m19 are the last three; m16 and m0 left the window
      for (const id of ['m19', 'm17', 'm16', 'm18', 'm0', 'm19', 'm16']) await bus.publish('a', id, { id });
      await bus.flush();
      expect(received.map((message) => message.id)).toEqual([...ids, 'm16', 'm0']);
      await bus.close();
    });
  });

  describe('when a handler fails', () => {
    it('reports the error and the message to onHandlerError', async () => {
      const failures: Array<{ error: unknown; message: BusMessage }> = [];
      const bus = createInProcessBus({ onHandlerError: (error, message) => failures.push({ error, message }) });
      await bus.subscribe('a', () => {
        throw new Error('boom');
      });
      await bus.publish('a', 1, { id: 'x' });
      await bus.flush();
      expect(failures).toEqual([{ error: new Error('boom'), message: { subject: 'a', data: 1, id: 'x' } }]);
      await bus.close();
    });
  });

  describe('when closed', () => {
    it('lets the handlers finish what was already published', async () => {
      const bus = createInProcessBus();
      const handled: number[] = [];
      await bus.subscribe<number>('a', async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        handled.push(message.data);
      });
      await bus.publish('a', 1);
      await bus.publish('a', 2);
      await bus.close();
      expect(handled).toEqual([1, 2]);
    });
  });
});
