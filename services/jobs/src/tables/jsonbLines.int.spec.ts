import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore, type Doc } from '@stramien/infra';
import type { StoredValues } from '@stramien/projections/tables/tableDocs';
import { csvLinesOf } from './csvLines';
import { createExportReaders } from './exportReaders';
import { csvLinesOfJsonb } from './jsonbLines';

/**
 * `csvLinesOfJsonb` against `csvLinesOf` over the same records, written by the embedded store and read back as it
 * stores them (the reader threads' statement with the stored JSONB, the plan's `storedSql`).
 */
describe('CSV lines from the stored JSONB', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stramien-jsonb-'));
  const file = join(dir, 'docs.sqlite');
  const store = createEmbeddedDocumentStore({ file });
  const db = new Database(file, { readonly: true });
  const toJson = db.prepare('SELECT json(?)').pluck();
  afterAll(async () => {
    db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let collections = 0;
  /** the records stored in a collection of their own, then read back as the reader threads read them */
  const storedAndRead = async (docs: Doc[]) => {
    const collection = `records_${collections++}`;
    const records = store.collection(collection);
    await records.createIndex({ keys: { _seq: 1 } });
    await records.insertMany(docs);
    const plan = store.readPlan(collection, {}, { sort: { _seq: 1 }, limit: docs.length + 1 });
    expect(plan).not.toBeNull();
    const rows = db
      .prepare(plan!.storedSql)
      .raw(true)
      .all(...plan!.params) as [number, Buffer][];
    return { plan: plan!, stored: rows.map((row) => row[1]) };
  };

  /** the bytes of the file (a lone surrogate becomes U+FFFD in UTF-8), read back as text */
  const asFile = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

  const linesOf = (stored: Buffer[], ids: string[], booleans: boolean[]) => {
    let fallbacks = 0;
    const answer = csvLinesOfJsonb(
      stored,
      ids.map((id) => Buffer.from(id, 'utf8')),
      booleans,
      (doc) => {
        fallbacks++;
        return JSON.parse(toJson.get(doc) as string) as { v: unknown; _seq?: unknown };
      },
      (v) => csvLinesOf([v as StoredValues], ids, booleans),
    );
    return { ...answer, text: answer.content.toString('utf8'), fallbacks };
  };

  it('writes texts, numbers, booleans, empty and missing cells as csvLinesOf does, without parsing a record', async () => {
    const ids = ['t', 'n', 'b', 'f', 'é', 'm'];
    const booleans = [false, false, true, false, false, false];
    const v: StoredValues[] = [
      { t: '=SUM(A1)', n: 12, b: 1, f: 1.5, é: 'a,b', m: null },
      { t: '-3', n: -0.5, b: 0, f: 1e21, é: '', other: 'not exported' },
      { t: '@me', n: 5e-324, b: null, f: -1234567890123, é: 'é ü ß 漢 😀' },
      { n: 0, b: 2, m: '+1', t: 'keys in another order' },
    ];
    const { stored } = await storedAndRead(v.map((values, i) => ({ _id: `r${i}`, _seq: i - 2, v: values })));
    const lines = linesOf(stored, ids, booleans);
    expect(lines.text).toBe(asFile(csvLinesOf(v, ids, booleans)));
    expect(lines.text).toBe(
      `'=SUM(A1),12,true,1.5,"a,b",\n'-3,-0.5,false,1e+21,,\n'@me,5e-324,,-1234567890123,é ü ß 漢 😀,\nkeys in another order,0,false,,,'+1\n`,
    );
    expect(lines.fallbacks).toBe(0);
    expect(lines.count).toBe(4);
    expect(lines.last).toBe(1);
  });

  it('decodes texts with escapes (quotes, line breaks, tabs, backslashes) and parses only records of other shapes', async () => {
    const ids = ['a', 'b'];
    const v: Record<string, unknown>[] = [
      { a: 'say "hi", twice', b: 'two\nlines' },
      { a: '\tTab', b: 'cr\r\nlf \\ \u0001 \ud800' },
      { a: [], b: 'x' },
      { a: true, b: { nested: 1 } },
    ];
    const { stored } = await storedAndRead(v.map((values, i) => ({ _id: `r${i}`, _seq: i, v: values })));
    const lines = linesOf(stored, ids, [false, false]);
    expect(lines.text).toBe(asFile(csvLinesOf(v as StoredValues[], ids, [false, false])));
    expect(lines.fallbacks).toBe(2);
  });

  it('equals csvLinesOf for any records of any cells', async () => {
    const columns = ['c0', 'c1', 'c2', 'c3', 'c4', 'ü-5'];
    const cell = fc.oneof(
      fc.constant(null),
      fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', '\t', '\\', '=', '+', '-', '@', 'é', '漢', '😀', '1', '\u0000') }),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom('a', '\ud800', '\udc00', '"') }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
      fc.constantFrom(0, 1, 2, -0),
    );
    const values = fc.dictionary(fc.constantFrom(...columns, 'gone', 'x'), cell, { maxKeys: 8 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(values, { minLength: 0, maxLength: 20 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        async (vs, booleans) => {
          const { stored } = await storedAndRead(vs.map((v, i) => ({ _id: `r${i}`, _seq: 1_000 + i, v })));
          const lines = linesOf(stored, columns, booleans);
          expect(lines.text).toBe(asFile(csvLinesOf(vs as StoredValues[], columns, booleans)));
          expect(lines.count).toBe(vs.length);
          expect(lines.last).toBe(vs.length === 0 ? null : 1_000 + vs.length - 1);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is what the reader thread writes from the stored JSONB, the same bytes as from the JSON text', async () => {
    const ids = ['a', 'b', 'c'];
    const docs = Array.from({ length: 500 }, (_, i) => ({
      _id: `r${i}`,
      _seq: i,
      v: { a: i % 7 === 0 ? `"quoted" ${i}` : `text ${i}`, b: i / 3, c: i % 2 },
    }));
    const { plan } = await storedAndRead(docs);
    expect(plan.storedSql).not.toContain('json(');
    const readers = createExportReaders({ threads: 1 });
    try {
      const fromJsonb = await readers.read({ plan, jsonb: true, ids, booleans: [false, false, true] });
      const fromText = await readers.read({ plan, ids, booleans: [false, false, true] });
      expect(fromJsonb.content.toString('utf8')).toBe(
        csvLinesOf(
          docs.map((d) => d.v),
          ids,
          [false, false, true],
        ),
      );
      expect(fromJsonb.content.equals(fromText.content)).toBe(true);
      expect([fromJsonb.count, fromJsonb.last]).toEqual([500, 499]);
      expect([fromText.count, fromText.last]).toEqual([500, 499]);
    } finally {
      await readers.close();
    }
  });

  it('selects the stored JSONB in both of the store statements the export reads (a page in order, a sorted page)', async () => {
    const { plan } = await storedAndRead([{ _id: 'r', _seq: 1, v: { a: 'x' } }]);
    const collection = `records_${collections - 1}`;
    const sorted = store.readPlan(collection, { 'v.a': { $gt: '' } }, { sort: { 'v.a': -1, _seq: -1 }, limit: 10 });
    expect(sorted).not.toBeNull();
    expect(sorted!.storedSql).toMatch(/^SELECT t\.rowid AS rowid, t\.doc AS json /);
    for (const { sql, storedSql, params } of [plan, sorted!]) {
      const text = db
        .prepare(sql)
        .raw(true)
        .all(...params) as [number, string][];
      const stored = db
        .prepare(storedSql)
        .raw(true)
        .all(...params) as [number, Buffer][];
      expect(stored.map(([rowid, doc]) => [rowid, toJson.get(doc)])).toEqual(text);
      expect(stored.every(([, doc]) => Buffer.isBuffer(doc))).toBe(true);
    }
  });
});
