// CPU per record edit of the tables projection (a batch of 50 records edited) and of a command's three stream reads
// (the record before, its table, the record after its append): `node --import tsx --import ./test/bench/production.mjs
// test/bench/profileRecordEdit.ts` (docs/performance.md 30.-31.).
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@stramien/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createSqliteEventStore } from '@stramien/infra';
import { applyBatch } from '../../services/projections/src/runner/projectionRunner';
import { tablesProjection } from '../../services/projections/src/tables/tables';
import { TABLES_COLLECTION } from '../../services/projections/src/tables/tableDocs';
import { column, createTableLog } from '../../services/projections/src/tables/tablesTesting';
const dir = mkdtempSync(join(tmpdir(), 'micro-'));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const R = 50;
{
  const store = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
  const log = createTableLog();
  const t = randomUUID();
  log.table({ type: 'TableCreated', data: { tableId: t, projectId: 'p1', name: 'Rooms' } });
  log.table({ type: 'ColumnAdded', data: { tableId: t, projectId: 'p1', column: column('name', 'text', 0) } });
  const apply = (events: EventEnvelope[]) => applyBatch(tablesProjection, store.collection(TABLES_COLLECTION), events, store);
  await apply(log.events.splice(0));
  await apply(
    Array.from({ length: R }, (_, i) =>
      log.record({ type: 'RecordCreated', data: { recordId: `r${i}`, tableId: t, projectId: 'p1', values: { name: 'e0' } } }),
    ),
  );
  let n = 0;
  const round = () =>
    apply(
      Array.from({ length: R }, (_, i) =>
        log.record({
          type: 'RecordUpdated',
          data: { recordId: `r${i}`, tableId: t, projectId: 'p1', changes: { name: { from: `e${n}`, to: `e${n + 1}` } } },
        }),
      ),
    ).then(() => n++);
  for (let i = 0; i < 100; i++) await round();
  const c0 = cpu();
  for (let i = 0; i < 200; i++) await round();
  const c = cpu() - c0;
  console.log(`projection: ${((1000 * c) / (200 * R)).toFixed(1)} µs CPU per record edit (batches of ${R})`);
  await store.close();
}
{
  const es = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const ev = () => ({ id: randomUUID(), type: 'RecordUpdated', data: { recordId: 'x', values: { a: 'b' } }, metadata: { userId: 'u' } });
  await es.append('table-1', [ev()], 'no_stream');
  const heads = new Array(R).fill(-1);
  for (let i = 0; i < R; i++) {
    await es.append(`record-${i}`, [ev()], 'no_stream');
    heads[i] = 0;
  }
  let reads = 0,
    readMs = 0;
  for (let round = 0; round < 300; round++) {
    const c0 = cpu();
    for (let i = 0; i < R; i++) {
      await es.readStream(`record-${i}`, { fromRevision: heads[i] + 1 });
      await es.readStream('table-1', { fromRevision: 1 });
    }
    readMs += cpu() - c0;
    await Promise.all(Array.from({ length: R }, (_, i) => es.append(`record-${i}`, [ev()], heads[i]).then(() => heads[i]++)));
    const c1 = cpu();
    for (let i = 0; i < R; i++) await es.readStream(`record-${i}`, { fromRevision: heads[i] });
    readMs += cpu() - c1;
    reads += R;
  }
  console.log(`event store: ${((1000 * readMs) / reads).toFixed(1)} µs CPU for the three stream reads of an edit`);
  await es.close();
}
rmSync(dir, { recursive: true, force: true });
