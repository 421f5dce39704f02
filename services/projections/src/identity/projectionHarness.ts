import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createEmbeddedDocumentStore, createSqliteEventStore, type Doc } from '@stramien/infra';
import { applyBatch, createProjectionRunner, toEnvelope } from '../runner/projectionRunner';
import type { Projection } from '../runner/projection';

/**
 * One projection on a real SQLite event store and embedded document store in a temp dir, for the identity read
 * model specs: append events (each at its own time), wait until the runner has handled them, read documents; and
 * `handleTwice`, which applies a stream's recorded events to a scratch collection once and then again.
 */
export const startProjection = async <D extends Doc>(projection: Projection<D>) => {
  const dir = mkdtempSync(join(tmpdir(), `${projection.name}-`));
  const eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
  const runner = createProjectionRunner({ eventStore, documentStore, projections: [projection as unknown as Projection] });
  await runner.start();
  const collection = documentStore.collection<D>(projection.collection);
  return {
    /** appends to the stream (any revision) and waits until the read model has them */
    async append(streamId: string, events: { type: string; data: unknown; at?: string }[]): Promise<void> {
      const { position } = await eventStore.append(
        streamId,
        events.map((e) => ({
          id: randomUUID(),
          type: e.type,
          data: e.data,
          metadata: {
            userId: 'actor',
            licenceId: 'l1',
            correlationId: 'c',
            causationId: 'c',
            occurredAt: e.at ?? '2026-01-01T00:00:00.000Z',
          },
        })),
        'any',
      );
      if (!(await runner.waitForPosition(position, 5000))) throw new Error(`${projection.name} did not reach position ${position}`);
    },
    find: (id: string) => collection.findOne({ _id: id } as never),
    /** the document `id` after the stream's events were handled once, and after they were handled again */
    async handleTwice(streamIds: string[], id: string): Promise<{ once: unknown; twice: unknown }> {
      const recorded = (await Promise.all(streamIds.map((s) => eventStore.readStream(s)))).flat().sort((a, b) => a.position - b.position);
      const scratch = documentStore.collection(`${projection.collection}__twice`);
      await applyBatch(projection as unknown as Projection, scratch, recorded.map(toEnvelope));
      const once = await scratch.findOne({ _id: id });
      await applyBatch(projection as unknown as Projection, scratch, recorded.map(toEnvelope));
      return { once, twice: await scratch.findOne({ _id: id }) };
    },
    async stop(): Promise<void> {
      await runner.stop();
      await eventStore.close();
      await documentStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
export type ProjectionHarness = Awaited<ReturnType<typeof startProjection>>;
