import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, Filter } from '../documentStore';
import { documents, filter, sort } from '../documentStore.arbitraries';
import { compileFilter } from '../query/matches';
import { compileSort } from '../query/sort';
import { compareValues } from '../query/values';
import { ShapeSummary } from './shape';
import {
  REGEXP_FUNCTION,
  conditionTemplate,
  filterShape,
  sqlRegexp,
  translateFilter,
  translateSort,
  type ConditionTemplate,
} from './translate';

/**
 * The SQL translation against the JavaScript engine on random documents and filters, in a real
 * SQLite database: the SQL must select every document the engine matches, and exactly those when
 * it says it is exact; a translated sort must give the engine's order.
 */

describe('translateFilter and translateSort', () => {
  let db: Database.Database;

  beforeAll(() => {
    db = new Database(':memory:');
    db.function(REGEXP_FUNCTION, { deterministic: true }, sqlRegexp);
  });

  afterAll(() => db.close());

  const load = (docs: Doc[]): ShapeSummary => {
    db.exec('DROP TABLE IF EXISTS t; CREATE TABLE t (_id TEXT PRIMARY KEY, doc BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO t (_id, doc) VALUES (?, jsonb(?))');
    const shape = new ShapeSummary();
    for (const doc of docs) {
      insert.run(doc._id, JSON.stringify(doc));
      shape.observe(doc);
    }
    return shape;
  };

  /** the filter with every string and finite number value changed, keeping its shape */
  const otherValues = (value: unknown, field?: string): unknown => {
    if (field === '$exists' || field === '$options') return value;
    if (typeof value === 'string') return `${value}~`;
    if (typeof value === 'number' && Number.isFinite(value)) return value + 1;
    if (Array.isArray(value)) return value.map((item) => otherValues(item));
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, otherValues(item, key)]));
    return value;
  };

  const bind = (template: ConditionTemplate, leaves: Array<string | number>) => ({
    sql: template.sql,
    exact: template.exact,
    params: template.slots.map((slot) => (typeof slot === 'number' ? leaves[slot] : slot.value)),
  });

  it('translates a filter of a known shape as anew, with its own values bound', () => {
    fc.assert(
      fc.property(documents, filter, (docs, query) => {
        const shape = load(docs);
        const shapeOf = (p: string) => shape.pathShape(p);
        const { key, leaves } = filterShape(query);
        if (key === null) return;
        const template = conditionTemplate(query, shapeOf);
        if (template === null) return;
        expect(bind(template, leaves)).toEqual(translateFilter(query, shapeOf));
        const other = otherValues(query) as Filter;
        const otherShape = filterShape(other);
        expect(otherShape.key).toBe(key);
        expect(bind(template, otherShape.leaves)).toEqual(translateFilter(other, shapeOf));
      }),
      { numRuns: 600 },
    );
  });

  it('tells filters apart whose values change the SQL', () => {
    expect(filterShape({ a: 'x' }).key).not.toBe(filterShape({ a: 1 }).key);
    expect(filterShape({ a: true }).key).not.toBe(filterShape({ a: false }).key);
    expect(filterShape({ a: null }).key).not.toBe(filterShape({ a: 'x' }).key);
    expect(filterShape({ a: { $exists: true } }).key).not.toBe(filterShape({ a: { $exists: false } }).key);
    expect(filterShape({ a: { $regex: 'x', $options: 'i' } }).key).not.toBe(filterShape({ a: { $regex: 'x' } }).key);
    expect(filterShape({ a: { $in: ['x', 'y'] } }).key).not.toBe(filterShape({ a: { $in: ['x'] } }).key);
    expect(filterShape({ a: { $in: Array.from({ length: 101 }, (_, i) => i) } }).key).toBeNull();
    expect(filterShape({ a: 'x', b: 2 })).toEqual(filterShape({ a: 'x', b: 2 }));
    expect(filterShape({ a: 'x', b: 2 }).leaves).toEqual(['x', 2]);
  });

  it('selects a superset of the matching documents, and exactly them when exact', () => {
    fc.assert(
      fc.property(documents, filter, (docs, query) => {
        const shape = load(docs);
        const condition = translateFilter(query, (p) => shape.pathShape(p));
        const selected = (
          db
            .prepare(`SELECT _id FROM t${condition.sql === null ? '' : ` WHERE ${condition.sql}`}`)
            .pluck()
            .all(...condition.params) as string[]
        ).sort();
        const predicate = compileFilter(query);
        const matching = docs
          .filter((doc) => predicate(doc))
          .map((doc) => doc._id)
          .sort();
        expect(selected).toEqual(expect.arrayContaining(matching));
        if (condition.exact) expect(selected).toEqual(matching);
      }),
      { numRuns: 600 },
    );
  });

  it('orders as the engine does whenever it translates a sort', () => {
    let translated = 0;
    fc.assert(
      fc.property(documents, sort, (docs, spec) => {
        const shape = load(docs);
        const order = translateSort(spec, (p) => shape.pathShape(p));
        if (order === null) return;
        translated++;
        const sorted = (db.prepare(`SELECT json(doc) FROM t ORDER BY ${order}`).pluck().all() as string[]).map(
          (json) => JSON.parse(json) as Doc,
        );
        const compiled = compileSort(spec);
        const keys = sorted.map((doc) => compiled.keyOf(doc));
        for (let i = 1; i < keys.length; i++) expect(compiled.compareKeys(keys[i - 1]!, keys[i]!)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
    expect(translated).toBeGreaterThan(20);
  });

  it('keeps strings, numbers and null apart as MongoDB does', () => {
    expect(compareValues('1', 1)).toBeGreaterThan(0);
    const shape = load([{ _id: 'n', v: 5 }, { _id: 's', v: '5' }, { _id: 'z', v: null }, { _id: 'm' }]);
    const run = (query: Filter) => {
      const condition = translateFilter(query, (p) => shape.pathShape(p));
      expect(condition.exact).toBe(true);
      return (
        db
          .prepare(`SELECT _id FROM t WHERE ${condition.sql}`)
          .pluck()
          .all(...condition.params) as string[]
      ).sort();
    };
    expect(run({ v: { $gt: 1 } })).toEqual(['n']);
    expect(run({ v: { $gt: '' } })).toEqual(['s']);
    expect(run({ v: { $lt: '9' } })).toEqual(['s']);
    expect(run({ v: null })).toEqual(['m', 'z']);
    expect(run({ v: { $ne: null } })).toEqual(['n', 's']);
  });

  it('tells a boolean from the numbers 1 and 0 in SQL, so equality on a boolean is exact (counted and paged in SQL)', () => {
    const shape = load([{ _id: 't', v: true }, { _id: 'f', v: false }, { _id: '1', v: 1 }, { _id: '0', v: 0 }, { _id: 'm' }]);
    const run = (query: Filter) => {
      const condition = translateFilter(query, (p) => shape.pathShape(p));
      expect(condition.exact).toBe(true);
      return (
        db
          .prepare(`SELECT _id FROM t WHERE ${condition.sql}`)
          .pluck()
          .all(...condition.params) as string[]
      ).sort();
    };
    expect(run({ v: true })).toEqual(['t']);
    expect(run({ v: false })).toEqual(['f']);
    expect(run({ v: { $ne: false } })).toEqual(['0', '1', 'm', 't']);
    expect(run({ v: { $in: [true, false] } })).toEqual(['f', 't']);
  });
});
