import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore, type EmbeddedDocumentStore } from '@stramien/infra';
import { ensureTableCollections, tableRecordsCollection, type RecordDoc } from '@stramien/projections/tables/tableDocs';
import { searchTable } from './tableSearchRoutes';

/**
 * The search's bound (docs/tables.md "Across tables"): a table is read newest first in spans of log positions, and
 * stops at its limit or when the call's time budget is spent, saying so.
 */
const TABLE = '00000000-0000-4000-8000-000000000001';
let store: EmbeddedDocumentStore;
/** 100 records at positions 10, 20, … 1000; every third holds 'match' */
const record = (i: number): RecordDoc => ({
  _id: `r${i}`,
  _seq: i * 10,
  v: { c: i % 3 === 0 ? `a Match ${i}` : `other ${i}` },
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'u',
});
const doc = { _id: TABLE, _position: 1000 };
const filter = { 'v.c': { $regex: 'match', $options: 'i' } };

beforeAll(async () => {
  store = createEmbeddedDocumentStore({ file: ':memory:' });
  await ensureTableCollections(store, TABLE);
  await store.collection<RecordDoc>(tableRecordsCollection(TABLE)).insertMany(Array.from({ length: 100 }, (_, k) => record(k + 1)));
});
afterAll(async () => {
  await store.close();
});

describe('searchTable', () => {
  it('finds every match newest first across all spans within the budget', async () => {
    const found = await searchTable(store, doc, filter, 100, performance.now() + 60_000, 50);
    expect(found.rows.map((r) => r.id)).toEqual(Array.from({ length: 33 }, (_, k) => `r${99 - 3 * k}`));
    expect(found).toMatchObject({ capped: false, complete: true });
  });

  it('stops at the limit and says more match', async () => {
    const found = await searchTable(store, doc, filter, 2, performance.now() + 60_000, 50);
    expect(found.rows.map((r) => r.id)).toEqual(['r99', 'r96']);
    expect(found).toMatchObject({ capped: true, complete: true });
  });

  it('reads only the newest span once the budget is spent, and says the search is incomplete', async () => {
    // a span of 50 positions holds the records at 960..1000 (r96..r100): of those r96 and r99 match
    const found = await searchTable(store, doc, filter, 100, performance.now() - 1, 50);
    expect(found.rows.map((r) => r.id)).toEqual(['r99', 'r96']);
    expect(found).toMatchObject({ capped: false, complete: false });
  });

  it('answers an empty table as complete', async () => {
    const empty = { _id: '00000000-0000-4000-8000-000000000002', _position: 5 };
    await ensureTableCollections(store, empty._id);
    expect(await searchTable(store, empty, filter, 10, performance.now() - 1, 50)).toEqual({ rows: [], capped: false, complete: true });
  });
});
