import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fold, jobDecider, jobSchemas, sbsMessages, toJobStreamId, type JobEvent, type JobParams, type JobState } from '@stramien/domain';
import { createCommandPipeline } from '@stramien/infra';
import { createProjectionRunner, type ProjectionRunner } from '@stramien/projections/runner/projectionRunner';
import { sbsProjections } from '@stramien/projections/sbs/index';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { createJobKindRegistry, type JobContext, type JobKind } from '../kinds/jobKind';
import { createJobWorker } from '../worker/jobWorker';
import { SBS_CHUNK } from './sbsChunks';
import { sbsClearKind, sbsDeleteBlobIds, sbsDeleteKind, SBS_CLEAR_KIND, SBS_DELETE_KIND } from './sbsDelete';
import { importedSbsNodeId, sbsImportBlobIds, sbsImportKind, SBS_IMPORT_KIND } from './sbsImport';
import { openTestAdapters, type TestAdapters } from '../testing/adapters';

const LICENCE = 'licence-1';
const OWNER = 'owner-1';
const PROJECT = 'project-1';
const VERSION = PROJECT;

let dir: string;
let adapters: TestAdapters;
let runner: ProjectionRunner;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stramien-sbs-jobs-'));
  adapters = openTestAdapters(dir);
  // the real SBS read models, which the jobs' plans read
  runner = createProjectionRunner({ eventStore: adapters.eventStore, documentStore: adapters.documentStore, projections: sbsProjections });
  await runner.start();
});
afterEach(async () => {
  await runner.stop();
  await adapters.bus.close();
  await adapters.eventStore.close();
  await adapters.documentStore.close();
  await adapters.blobStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const pipeline = () => createCommandPipeline({ eventStore: adapters.eventStore });
const actor = { userId: OWNER, licenceId: LICENCE };
const context = (): JobContext => ({
  ...adapters,
  pipeline: pipeline(),
  now: () => new Date('2026-11-23T12:00:00Z'),
  appendNewStreams: (streams) => adapters.eventStore.appendNewStreams(streams),
});
const settled = async () => expect(await runner.waitForPosition(await adapters.eventStore.headPosition(), 20_000)).toBe(true);

const requestJob = async (kind: string, params: JobParams, jobId = randomUUID()): Promise<JobState> =>
  (
    await pipeline()({
      decider: jobDecider,
      schemas: jobSchemas,
      streamId: toJobStreamId(jobId),
      command: {
        type: 'RequestJob',
        data: { jobId, licenceId: LICENCE, projectId: PROJECT, kind, params },
        metadata: { actor, now: new Date().toISOString() },
      },
      context: { actor, correlationId: 'test', causationId: 'test' },
    })
  ).state;

/** an import of `text`, its upload stored, its job requested */
const requestImport = async (text: string) => {
  const jobId = randomUUID();
  await adapters.blobStore.put(Buffer.from(text, 'utf8'), { id: sbsImportBlobIds.upload(jobId), contentType: 'text/csv' });
  const params = { projectId: PROJECT, versionId: VERSION, blobId: sbsImportBlobIds.upload(jobId), filename: 'sbs-import.csv' };
  return { job: await requestJob(SBS_IMPORT_KIND, params, jobId), params };
};

/** ROOTS roots with CHILDREN children each: the roots are one level of 2 chunks and 7 rows, the children another */
const ROOTS = SBS_CHUNK + 7;
const CHILDREN = 2;
const tree = () =>
  [
    'code,label,parent code',
    ...Array.from({ length: ROOTS }, (_, r) => `R${r},Root ${r},`),
    ...Array.from({ length: ROOTS * CHILDREN }, (_, i) => `R${i % ROOTS}.${Math.floor(i / ROOTS)},Child,R${i % ROOTS}`),
  ].join('\n');

const eventsOf = async (type: string, correlationId?: string) =>
  (await adapters.eventStore.readAll({ after: 0, maxCount: 1_000_000, filter: { eventTypes: [type] } })).filter(
    (e) => correlationId === undefined || e.metadata.correlationId === correlationId,
  );
const jobOf = async (jobId: string) =>
  fold(
    jobDecider,
    (await adapters.eventStore.readStream(toJobStreamId(jobId))).map((r) => ({ type: r.type, data: r.data }) as JobEvent),
  );
const worker = (...kinds: JobKind[]) =>
  createJobWorker({ ...adapters, kinds: createJobKindRegistry(kinds.length > 0 ? kinds : [sbsImportKind, sbsDeleteKind, sbsClearKind]) });
const liveNodes = () =>
  adapters.documentStore.collection<SbsNodeDoc>(SBS_NODES_COLLECTION).find({ projectId: PROJECT, versionId: VERSION });
/** a job kind that cancels its job while its first chunk is at work */
const cancelingDuringFirstChunk = (kind: JobKind): JobKind => ({
  ...kind,
  async runChunk(job, params, chunk, c, previous) {
    if (job.completedChunks.length === 0)
      await pipeline()({
        decider: jobDecider,
        schemas: jobSchemas,
        streamId: toJobStreamId(job.jobId),
        command: { type: 'CancelJob', data: {}, metadata: { actor, now: new Date().toISOString() } },
        context: { actor, correlationId: 'test', causationId: 'test' },
      });
    return kind.runChunk(job, params, chunk, c, previous);
  },
});

describe('sbs-import', () => {
  it('plans chunks of at most SBS_CHUNK rows of one level each, parents first', async () => {
    const { job, params } = await requestImport(tree());
    const plan = await sbsImportKind.plan(job, params, context());
    expect(plan.items).toEqual([SBS_CHUNK, 7, SBS_CHUNK, SBS_CHUNK, 14]);
    const first = (plan.chunks[0] as { steps: { code: string; nodeId: string; create: boolean }[] }).steps[0]!;
    expect(first).toMatchObject({ code: 'R0', create: true, nodeId: importedSbsNodeId(job.jobId, 2) });
  });

  describe('when a chunk runs again (after a crash before it was recorded)', () => {
    it('writes nothing twice: row n is the same node, created once, and the output is the same', async () => {
      const { job, params } = await requestImport(tree());
      const plan = await sbsImportKind.plan(job, params, context());
      const first = await sbsImportKind.runChunk(job, params, plan.chunks[1], context(), null);
      const again = await sbsImportKind.runChunk(job, params, plan.chunks[1], context(), null);
      expect(Buffer.from(again.content as Uint8Array).toString()).toBe(Buffer.from(first.content as Uint8Array).toString());
      const created = await eventsOf('SbsNodeCreated', job.jobId);
      expect(created.map((e) => (e.data as { code: string }).code)).toEqual(Array.from({ length: 7 }, (_, i) => `R${SBS_CHUNK + i}`));
    });
  });

  describe('when the worker runs it', () => {
    it('creates every row once with its parent, reports its progress, and removes the upload', async () => {
      const { job } = await requestImport(tree());
      await worker().runJob(job.jobId);
      const done = await jobOf(job.jobId);
      expect(done.status).toBe('finished');
      expect(done.progress).toEqual({ done: ROOTS * 3, total: ROOTS * 3 });
      expect(await eventsOf('SbsNodeCreated', job.jobId)).toHaveLength(ROOTS * 3);
      await settled();
      const nodes = await liveNodes();
      expect(nodes).toHaveLength(ROOTS * 3);
      expect(nodes.find((n) => n.code === 'R3')).toMatchObject({ childCount: CHILDREN });
      expect(await adapters.blobStore.stat(sbsImportBlobIds.upload(job.jobId))).toBeNull();
    });

    it('changes a code the version has, and an import run again appends nothing', async () => {
      const { job } = await requestImport('code,label\nA,Old');
      await worker().runJob(job.jobId);
      await settled();
      const { job: second } = await requestImport('code,label\nA,New\nB,Other');
      await worker().runJob(second.jobId);
      expect((await eventsOf('SbsNodeUpdated', second.jobId)).map((e) => e.data)).toMatchObject([{ code: 'A', label: 'New' }]);
      await settled();
      const { job: third } = await requestImport('code,label\nA,New\nB,Other');
      await worker().runJob(third.jobId);
      expect(await jobOf(third.jobId)).toMatchObject({ status: 'finished' });
      expect(await eventsOf('SbsNodeUpdated', third.jobId)).toEqual([]);
    });

    it('fails, before writing anything, when the version no longer takes the file', async () => {
      const { job } = await requestImport('code,label,parent code\nA.1,Walls,A');
      await worker().runJob(job.jobId);
      expect(await jobOf(job.jobId)).toMatchObject({ status: 'failed', reason: sbsMessages.importFailed });
      expect(await eventsOf('SbsNodeCreated', job.jobId)).toEqual([]);
    });
  });

  describe('when canceled while a chunk is at work', () => {
    it('stops after that chunk: its rows stay, the later chunks never run, the upload goes', async () => {
      const { job } = await requestImport(tree());
      await worker(cancelingDuringFirstChunk(sbsImportKind)).runJob(job.jobId);
      const canceled = await jobOf(job.jobId);
      expect(canceled.status).toBe('canceled');
      expect(canceled.completedChunks).toEqual([]);
      expect(await eventsOf('SbsNodeCreated', job.jobId)).toHaveLength(SBS_CHUNK);
      expect(await adapters.blobStore.stat(sbsImportBlobIds.upload(job.jobId))).toBeNull();
    });
  });
});

describe('sbs-delete and sbs-clear', () => {
  /** the tree imported and in the read model; its nodes by code */
  const imported = async () => {
    const { job } = await requestImport(tree());
    await worker().runJob(job.jobId);
    await settled();
    return new Map((await liveNodes()).map((n) => [n.code, n._id]));
  };
  const requestDelete = async (ids: string[]) => {
    const jobId = randomUUID();
    await adapters.blobStore.put(Buffer.from(JSON.stringify(ids)), { id: sbsDeleteBlobIds.ids(jobId), contentType: 'application/json' });
    const params = { projectId: PROJECT, blobId: sbsDeleteBlobIds.ids(jobId), filename: 'sbs-delete.csv' };
    return { job: await requestJob(SBS_DELETE_KIND, params, jobId), params };
  };

  it('deletes children before their parents, one event per node, and a chunk run again writes nothing twice', async () => {
    const byCode = await imported();
    const ids = ['R1', 'R1.0', 'R1.1', 'R2.0'].map((code) => byCode.get(code)!);
    const { job, params } = await requestDelete(ids);
    const plan = await sbsDeleteKind.plan(job, params, context());
    const codes = (plan.chunks as { nodes: [string, string][] }[]).map((c) => c.nodes.map(([id, code]) => [code, id]).sort());
    // R2.0's parent stays: R2.0 is at the top of the set, with R1
    expect(codes).toEqual(
      [
        ['R1.0', 'R1.1'],
        ['R1', 'R2.0'],
      ].map((level) => level.map((code) => [code, byCode.get(code)])),
    );
    await sbsDeleteKind.runChunk(job, params, plan.chunks[0], context(), null);
    await sbsDeleteKind.runChunk(job, params, plan.chunks[0], context(), null);
    expect(await eventsOf('SbsNodeDeleted', job.jobId)).toHaveLength(2);
    // the worker plans again (the job had not started): the nodes left
    await settled();
    await worker().runJob(job.jobId);
    const deleted = (await eventsOf('SbsNodeDeleted', job.jobId)).map((e) => (e.data as { code: string }).code);
    expect(deleted.slice(0, 2).sort()).toEqual(['R1.0', 'R1.1']);
    expect(deleted.slice(2).sort()).toEqual(['R1', 'R2.0']);
    expect(await jobOf(job.jobId)).toMatchObject({ status: 'finished', progress: { done: 2, total: 2 } });
    expect(await adapters.blobStore.stat(sbsDeleteBlobIds.ids(job.jobId))).toBeNull();
  });

  it('clears the version, children first, and stops between chunks when canceled', async () => {
    await imported();
    const params = { projectId: PROJECT, versionId: VERSION, filename: 'sbs-clear.csv' };
    const canceled = await requestJob(SBS_CLEAR_KIND, params);
    await worker(cancelingDuringFirstChunk(sbsClearKind)).runJob(canceled.jobId);
    expect(await jobOf(canceled.jobId)).toMatchObject({ status: 'canceled' });
    const firstChunk = await eventsOf('SbsNodeDeleted', canceled.jobId);
    expect(firstChunk).toHaveLength(SBS_CHUNK);
    // a child level goes first
    expect(firstChunk.every((e) => (e.data as { parentId: string | null }).parentId !== null)).toBe(true);
    await settled();
    const job = await requestJob(SBS_CLEAR_KIND, params);
    await worker().runJob(job.jobId);
    expect(await jobOf(job.jobId)).toMatchObject({
      status: 'finished',
      progress: { done: ROOTS * 3 - SBS_CHUNK, total: ROOTS * 3 - SBS_CHUNK },
    });
    await settled();
    expect(await liveNodes()).toEqual([]);
    // one delete per node in all
    const deleted = (await eventsOf('SbsNodeDeleted')).map((e) => (e.data as { nodeId: string }).nodeId);
    expect(new Set(deleted).size).toBe(ROOTS * 3);
    expect(deleted).toHaveLength(ROOTS * 3);
  });
});
