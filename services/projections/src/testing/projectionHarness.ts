import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createEmbeddedDocumentStore, createSqliteEventStore, type Doc } from '@stramien/infra';
import type { EventMetadata } from '@stramien/domain';
import { applyBatch, createProjectionRunner, toEnvelope } from '../runner/projectionRunner';
import type { Projection } from '../runner/projection';

/** an event to append: its type and data, and when it happened (default 2026-01-01) */
export interface HarnessEvent {
  type: string;
  data: unknown;
  at?: string;
}

/** the metadata every appended event carries, over which an `append` may set its own (a user, a project id) */
const DEFAULT_METADATA = { userId: 'actor', licenceId: 'l1', correlationId: 'c', causationId: 'c' };

/** a projection whatever its documents' type (they are interfaces, which a `Record` of the runner's `Doc` does not take) */
type AnyProjection = Pick<Projection, 'name' | 'collection' | 'eventTypes'>;

/**
 * Projections on a real SQLite event store and embedded document store in a temp dir, for the read model specs:
 * append events (each at its own time), wait until the runner has handled them, read documents; and
 * `handleTwice`, which applies streams' recorded events to a scratch collection once and then again.
 */
export const startProjections = async (projections: readonly AnyProjection[]) => {
  const all = projections as unknown as Projection[];
  const dir = mkdtempSync(join(tmpdir(), `${all[0]?.name ?? 'projections'}-`));
  const eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'docs.sqlite') });
  const runner = createProjectionRunner({ eventStore, documentStore, projections: all });
  await runner.start();
  const waitFor = async (position: number): Promise<void> => {
    if (!(await runner.waitForPosition(position, 5000))) throw new Error(`the read models did not reach position ${position}`);
  };
  return {
    eventStore,
    documentStore,
    runner,
    collection: <D extends Doc>(name: string) => documentStore.collection<D>(name),
    /**
     * appends to the stream and waits until the read models have the events; `expected` is the stream's revision
     * the append expects (default any), `metadata` what the events' metadata says besides the defaults
     */
    async append(
      streamId: string,
      events: HarnessEvent[],
      options: { expected?: 'any' | 'no_stream' | number; metadata?: Partial<EventMetadata> & Record<string, unknown> } = {},
    ): Promise<number> {
      const { position } = await eventStore.append(
        streamId,
        events.map((e) => ({
          id: randomUUID(),
          type: e.type,
          data: e.data,
          metadata: { ...DEFAULT_METADATA, ...options.metadata, occurredAt: e.at ?? '2026-01-01T00:00:00.000Z' },
        })),
        options.expected ?? 'any',
      );
      await waitFor(position);
      return position;
    },
    waitFor,
    /** the document `id` of the first projection after the streams' events were handled once, and after they were handled again */
    async handleTwice(
      streamIds: string[],
      id: string,
      projection: AnyProjection = projections[0]!,
    ): Promise<{ once: unknown; twice: unknown }> {
      const applied = projection as unknown as Projection;
      const recorded = (await Promise.all(streamIds.map((s) => eventStore.readStream(s)))).flat().sort((a, b) => a.position - b.position);
      const scratch = documentStore.collection(`${applied.collection}__twice`);
      await applyBatch(applied, scratch, recorded.map(toEnvelope));
      const once = await scratch.findOne({ _id: id });
      await applyBatch(applied, scratch, recorded.map(toEnvelope));
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
export type ProjectionsHarness = Awaited<ReturnType<typeof startProjections>>;

/** One projection: `find(id)` reads its collection. */
export const startProjection = async <D extends Doc>(projection: Projection<D>) => {
  const h = await startProjections([projection]);
  const collection = h.collection<D>(projection.collection);
  return { ...h, find: (id: string) => collection.findOne({ _id: id } as never) };
};
export type ProjectionHarness = Awaited<ReturnType<typeof startProjection>>;

/**
 * How many turns of the event loop ran while `work` did (a `setImmediate` chain, as a request's callbacks would run):
 * 0 for work that never lets the loop go, one or more per pause of a batch written in slices (`ApplyOptions.slice`).
 */
export const turnsWhile = async (work: Promise<void>): Promise<number> => {
  let turns = 0;
  let done = false;
  const tick = () => {
    turns++;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  await work;
  done = true;
  return turns;
};
