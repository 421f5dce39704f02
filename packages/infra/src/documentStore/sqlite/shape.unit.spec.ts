import { describe, expect, it } from 'vitest';
import { ARRAY, BOOLEAN, OBJECT, ShapeSummary } from './shape';

describe('ShapeSummary', () => {
  it('records arrays, booleans and sub-documents by path, not looking into arrays', () => {
    const shape = new ShapeSummary();
    expect(shape.observe({ _id: '1', s: 'x', n: 1, z: null, b: true, o: { p: [1], q: { r: false } }, l: [{ deep: true }] })).toBe(true);
    expect(shape.pathShape('s')).toEqual({ translatable: true, flags: 0 });
    expect(shape.pathShape('b')).toEqual({ translatable: true, flags: BOOLEAN });
    expect(shape.pathShape('o')).toEqual({ translatable: true, flags: OBJECT });
    expect(shape.pathShape('o.p')).toEqual({ translatable: true, flags: ARRAY });
    expect(shape.pathShape('o.q.r')).toEqual({ translatable: true, flags: BOOLEAN });
    expect(shape.pathShape('l').flags).toBe(ARRAY);
    expect(shape.pathShape('never.seen')).toEqual({ translatable: true, flags: 0 });
  });

  it('marks a path below an array as not translatable', () => {
    const shape = new ShapeSummary();
    shape.observe({ _id: '1', l: [{ k: 1 }] });
    expect(shape.pathShape('l.k').translatable).toBe(false);
    expect(shape.pathShape('l.0').translatable).toBe(false);
  });

  it('only reports growth', () => {
    const shape = new ShapeSummary();
    expect(shape.observe({ _id: '1', a: [1] })).toBe(true);
    expect(shape.observe({ _id: '2', a: [2] })).toBe(false);
    expect(shape.observe({ _id: '3', a: true })).toBe(true);
    expect(shape.pathShape('a').flags).toBe(ARRAY | BOOLEAN);
  });

  it('gives up on the fields of a sub-document with too many recorded keys', () => {
    const shape = new ShapeSummary();
    const cells = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`col${i}`, [i]]));
    shape.observe({ _id: '1', cells, name: 'x' });
    expect(shape.pathShape('cells.col5').translatable).toBe(false);
    expect(shape.pathShape('cells.col299').translatable).toBe(false);
    expect(shape.pathShape('name').translatable).toBe(true);
    expect(shape.pathShape('cells').flags).toBe(OBJECT);
  });

  it('survives serialization', () => {
    const shape = new ShapeSummary();
    shape.observe({ _id: '1', a: { b: [1] }, c: false });
    const copy = ShapeSummary.parse(shape.serialize());
    expect(shape.dirty).toBe(false);
    expect(copy.pathShape('a.b')).toEqual(shape.pathShape('a.b'));
    expect(copy.pathShape('c')).toEqual(shape.pathShape('c'));
    expect(copy.observe({ _id: '2', a: { b: [2] } })).toBe(false);
  });
});
