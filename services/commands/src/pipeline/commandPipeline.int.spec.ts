import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteEventStore, WrongExpectedRevisionError, type EventStore } from '@stramien/infra';
import { DomainError, userDecider, userSchemas, type UserCommand } from '@stramien/domain';
import { createCommandPipeline, MAX_CONFLICT_RETRIES } from './commandPipeline';

let dir: string;
let store: EventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pipeline-'));
  store = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const actor = { userId: 'u1', licenceId: 'l1' };
const context = { actor, correlationId: 'corr', causationId: 'cause' };
const now = '2026-01-01T00:00:00.000Z';
const register: UserCommand = {
  type: 'RegisterUser',
  data: { userId: 'u1', email: 'a@b.nl', firstname: 'A', lastname: 'B', language: 'en', passwordHash: 'h', isSystemAdmin: false },
  metadata: { actor, now },
};
const setLanguage = (language: 'nl' | 'de'): UserCommand => ({ type: 'UpdateUserProfile', data: { language }, metadata: { actor, now } });

describe('Command pipeline', () => {
  it('appends the decided events with metadata and answers state and position', async () => {
    const pipeline = createCommandPipeline({ eventStore: store });
    const result = await pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command: register, context });
    expect(result.state.exists).toBe(true);
    expect(result.position).toBe(1);
    const [event] = await store.readStream('user-u1');
    expect(event?.metadata).toEqual({ userId: 'u1', licenceId: 'l1', correlationId: 'corr', causationId: 'cause', occurredAt: now });
  });

  it('throws the DomainError and appends nothing', async () => {
    const pipeline = createCommandPipeline({ eventStore: store });
    await expect(
      pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command: setLanguage('nl'), context }),
    ).rejects.toBeInstanceOf(DomainError);
    expect(await store.headPosition()).toBe(0);
  });

  it('retries on a concurrency conflict with the fresh stream', async () => {
    const pipeline = createCommandPipeline({ eventStore: store });
    await pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command: register, context });
    const results = await Promise.all([
      pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command: setLanguage('nl'), context }),
      pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command: setLanguage('de'), context }),
    ]);
    expect(results.map((r) => r.events.length)).toEqual([1, 1]);
    expect((await store.readStream('user-u1')).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('gives up after a bounded number of conflicts', async () => {
    let appends = 0;
    const conflicting: EventStore = {
      ...store,
      readStream: (id, o) => store.readStream(id, o),
      append: async (streamId) => {
        appends++;
        throw new WrongExpectedRevisionError(streamId, 0, 1);
      },
    };
    const pipeline = createCommandPipeline({ eventStore: conflicting });
    await expect(
      pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command: register, context }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(appends).toBe(MAX_CONFLICT_RETRIES + 1);
  });

  describe('for a stream the caller expects to be new', () => {
    it('decides without reading the stream, and on an existing stream decides again on what it holds', async () => {
      const read: string[] = [];
      const counting: EventStore = { ...store, readStream: (id, o) => (read.push(id), store.readStream(id, o)) };
      const pipeline = createCommandPipeline({ eventStore: counting, stateCacheSize: 0 });
      const first = await pipeline({
        decider: userDecider,
        schemas: userSchemas,
        streamId: 'user-u1',
        command: register,
        context,
        newStream: true,
      });
      expect(first.events).toHaveLength(1);
      expect(read).toEqual([]);
      // the stream exists: the 'no_stream' append conflicts, the retry reads it and the decider refuses a second register
      await expect(
        pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command: register, context, newStream: true }),
      ).rejects.toBeInstanceOf(DomainError);
      expect(read).toEqual(['user-u1']);
      expect(await store.readStream('user-u1')).toHaveLength(1);
    });
  });

  describe('with its stream state cached', () => {
    const reads = (target: EventStore, log: (number | undefined)[]): EventStore => ({
      ...target,
      readStream: (id, o) => {
        log.push(o?.fromRevision);
        return target.readStream(id, o);
      },
    });

    it('decides on the cached state without reading the stream, and reads only the events after it for an answer without events', async () => {
      const log: (number | undefined)[] = [];
      const pipeline = createCommandPipeline({ eventStore: reads(store, log) });
      const run = (command: UserCommand) => pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command, context });
      await run(register);
      await run(setLanguage('nl'));
      const result = await run(setLanguage('de'));
      expect(log).toEqual([undefined]);
      expect(result.state.language).toBe('de');
      expect((await store.readStream('user-u1')).map((e) => e.revision)).toEqual([0, 1, 2]);
      // nothing to append: that answer is given on the stream as read, not on the cache alone
      const same = await run(setLanguage('de'));
      expect(same.events).toEqual([]);
      expect(log).toEqual([undefined, 3]);
      await expect(run(register)).rejects.toBeInstanceOf(DomainError);
      expect(log).toEqual([undefined, 3, 3]);
    });

    it('sees what another writer appended since, and decides on it', async () => {
      const mine = createCommandPipeline({ eventStore: store });
      const other = createCommandPipeline({ eventStore: store });
      const run = (pipeline: typeof mine, command: UserCommand) =>
        pipeline({ decider: userDecider, schemas: userSchemas, streamId: 'user-u1', command, context });
      await run(mine, register);
      await run(mine, setLanguage('nl'));
      await run(other, setLanguage('de'));
      // the cached state says 'nl'; the stream says 'de', so setting 'de' again decides nothing
      const result = await run(mine, setLanguage('de'));
      expect(result.events).toEqual([]);
      expect(result.state.language).toBe('de');
      expect(result.position).toBe(3);
    });

    it('drops the cached state on a conflict and decides again on the fresh stream', async () => {
      let conflicts = 1;
      const once: EventStore = {
        ...store,
        readStream: (id, o) => store.readStream(id, o),
        append: async (streamId, events, expected) => {
          if (conflicts-- > 0) {
            // another writer gets in first
            await other({ decider: userDecider, schemas: userSchemas, streamId, command: setLanguage('de'), context });
            throw new WrongExpectedRevisionError(streamId, expected, 1);
          }
          return store.append(streamId, events, expected);
        },
      };
      const other = createCommandPipeline({ eventStore: store });
      const pipeline = createCommandPipeline({ eventStore: once });
      await createCommandPipeline({ eventStore: store })({
        decider: userDecider,
        schemas: userSchemas,
        streamId: 'user-u1',
        command: register,
        context,
      });
      const result = await pipeline({
        decider: userDecider,
        schemas: userSchemas,
        streamId: 'user-u1',
        command: setLanguage('nl'),
        context,
      });
      expect(result.state.language).toBe('nl');
      expect((await store.readStream('user-u1')).map((e) => (e.data as { language?: string }).language)).toEqual(['en', 'de', 'nl']);
    });
  });
});
