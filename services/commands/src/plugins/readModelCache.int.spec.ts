import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore, type DocumentStore, type EmbeddedDocumentStore } from '@stramien/infra';
import { cachedRead } from './readModelCache';
import { projectById, userTeamsOfProject } from './projectReadCache';

describe('readModelCache', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stramien-cache-'));
    store = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const countingRead = (target: DocumentStore) => {
    let reads = 0;
    const read = () =>
      cachedRead(target, {
        collection: 'things',
        kind: 'thing',
        key: 'a',
        read: async () => {
          reads++;
          return target.collection('things').findOne({ _id: 'a' });
        },
      });
    return { read, reads: () => reads };
  };

  describe('when nothing wrote to the collection', () => {
    it('answers the kept value, frozen, without reading again', async () => {
      await store.collection('things').insertOne({ _id: 'a', tags: ['x'] });
      const { read, reads } = countingRead(store);
      const first = await read();
      await store.collection('others').insertOne({ _id: 'b' });
      const second = await read();
      expect(second).toBe(first);
      expect(reads()).toBe(1);
      expect(Object.isFrozen(second)).toBe(true);
      expect(() => (second!.tags as string[]).push('y')).toThrow(TypeError);
    });
  });

  describe('when the collection changed', () => {
    it('reads again after a write through the store and after a commit of another connection', async () => {
      const things = store.collection('things');
      await things.insertOne({ _id: 'a', n: 1 });
      const { read, reads } = countingRead(store);
      expect(await read()).toEqual({ _id: 'a', n: 1 });
      await things.updateOne({ _id: 'a' }, { $set: { n: 2 } });
      expect(await read()).toEqual({ _id: 'a', n: 2 });
      const other = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
      try {
        await other.collection('things').updateOne({ _id: 'a' }, { $set: { n: 3 } });
        expect(await read()).toEqual({ _id: 'a', n: 3 });
      } finally {
        await other.close();
      }
      expect(reads()).toBe(3);
    });
  });

  describe('when the store cannot stamp its collections', () => {
    it('reads every time', async () => {
      await store.collection('things').insertOne({ _id: 'a' });
      const unstamped: DocumentStore = {
        collection: (name) => store.collection(name),
        listCollections: () => store.listCollections(),
        renameCollection: (from, to) => store.renameCollection(from, to),
        close: async () => {},
      };
      const { read, reads } = countingRead(unstamped);
      await read();
      await read();
      expect(reads()).toBe(2);
    });
  });

  describe('for project access', () => {
    it("sees a member's new team and a project's change at once", async () => {
      const teams = store.collection('teams');
      await teams.insertMany([
        { _id: 't1', projectId: 'p1', userIds: ['u1'] },
        { _id: 't2', projectId: 'p1', userIds: ['u2'] },
        { _id: 't3', projectId: 'p2', userIds: ['u1'] },
      ]);
      expect((await userTeamsOfProject(store, 'p1', 'u1')).map((t) => t._id)).toEqual(['t1']);
      await teams.updateOne({ _id: 't2' }, { $set: { userIds: ['u2', 'u1'] } });
      expect((await userTeamsOfProject(store, 'p1', 'u1')).map((t) => t._id).sort()).toEqual(['t1', 't2']);
      expect(await projectById(store, 'p1')).toBeNull();
      await store.collection('projects').insertOne({ _id: 'p1', name: 'One' });
      expect(await projectById(store, 'p1')).toMatchObject({ name: 'One' });
      await store.collection('projects').updateOne({ _id: 'p1' }, { $set: { name: 'Two' } });
      expect(await projectById(store, 'p1')).toMatchObject({ name: 'Two' });
    });
  });
});
