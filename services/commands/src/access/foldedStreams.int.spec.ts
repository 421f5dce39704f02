import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { evolveRecord, initialRecordState, type RecordState } from '@stramien/domain';
import { createSqliteEventStore, type EventStore, type NewEvent } from '@stramien/infra';
import { keepsOneShape } from '@stramien/infra/testing/index';
import { readFolded } from './foldedStreams';

type Event = { type: 'Add'; data: { n: number } } | { type: 'Reset'; data: Record<string, never> };
const initial = () => ({ total: 0, seen: 0 });
const evolve = (state: { total: number; seen: number }, event: Event) =>
  event.type === 'Add' ? { total: state.total + event.data.n, seen: state.seen + 1 } : { total: 0, seen: state.seen + 1 };
const add = (n: number, by: string): NewEvent => ({ id: randomUUID(), type: 'Add', data: { n }, metadata: { userId: by } });

describe('readFolded', () => {
  const stores: EventStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  const open = () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    stores.push(store);
    return store;
  };

  it('gives what folding the whole stream gives, as the stream grows between calls', async () => {
    const store = open();
    expect(await readFolded(store, 'counter-1', initial, evolve)).toEqual({
      state: initial(),
      revision: -1,
      first: undefined,
      last: undefined,
    });
    await store.append('counter-1', [add(1, 'ann'), add(2, 'bob')], 'no_stream');
    const once = await readFolded(store, 'counter-1', initial, evolve);
    expect(once.state).toEqual({ total: 3, seen: 2 });
    expect(once.revision).toBe(1);
    // written by whoever (here straight to the store): the next call folds what came since on top
    await store.append('counter-1', [add(4, 'cy')], 1);
    await store.append('counter-1', [{ id: randomUUID(), type: 'Reset', data: {}, metadata: { userId: 'dee' } }, add(5, 'eve')], 2);
    const again = await readFolded(store, 'counter-1', initial, evolve);
    const whole = await store.readStream('counter-1');
    expect(again.state).toEqual(whole.map((r) => ({ type: r.type, data: r.data }) as Event).reduce(evolve, initial()));
    expect(again.state).toEqual({ total: 5, seen: 5 });
    expect(again.revision).toBe(4);
    expect(again.first).toEqual(whole[0]);
    expect(again.last).toEqual(whole[4]);
    expect(await readFolded(store, 'counter-1', initial, evolve)).toEqual(again);
  });

  it('keeps folds apart per event store, per stream and per evolve function', async () => {
    const one = open();
    const two = open();
    await one.append('counter-1', [add(1, 'ann')], 'no_stream');
    await two.append('counter-1', [add(10, 'ann')], 'no_stream');
    await one.append('counter-2', [add(100, 'ann')], 'no_stream');
    expect((await readFolded(one, 'counter-1', initial, evolve)).state.total).toBe(1);
    expect((await readFolded(two, 'counter-1', initial, evolve)).state.total).toBe(10);
    expect((await readFolded(one, 'counter-2', initial, evolve)).state.total).toBe(100);
    const double = (state: { total: number; seen: number }, event: Event) => {
      const next = evolve(state, event);
      return { ...next, total: next.total * 2 };
    };
    expect((await readFolded(one, 'counter-1', initial, double)).state.total).toBe(2);
  });

  it('keeps a record folded over many edits in one shape (docs/performance.md 40.)', () => {
    let state: RecordState = evolveRecord(initialRecordState(), {
      type: 'RecordCreated',
      data: { recordId: 'r1', tableId: 't1', projectId: 'p1', values: { c1: 'a' } },
    });
    let n = 0;
    const edit = (): RecordState =>
      (state = evolveRecord(state, {
        type: 'RecordUpdated',
        data: { recordId: 'r1', tableId: 't1', projectId: 'p1', changes: { c1: { from: null, to: `v${++n}` } } },
      }));
    expect(keepsOneShape(edit, 200)).toBe(true);
    expect(state.values).toEqual({ c1: `v${n}` });
  });
});
