import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  DomainError,
  sbsNodeDecider,
  sbsNodeSchemas,
  toSbsNodeStreamId,
  type Actor,
  type DeleteSbsNode,
  type JobState,
} from '@stramien/domain';
import type { BlobStore, DocumentStore } from '@stramien/infra';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { defineJobKind, type JobContext, type JobPlan } from '../kinds/jobKind';
import { tabularFile, tabularPart } from '../kinds/tabular';
import { byDepth, depthsInSet } from './sbsChunks';

export const SBS_DELETE_KIND = 'sbs-delete';
export const SBS_CLEAR_KIND = 'sbs-clear';
/** ids read from the read model per query (an `$in` of this many) */
const LOOKUP_BATCH = 1_000;

export const sbsDeleteParamsSchema = z.object({
  projectId: z.string(),
  /** the ids to delete, a JSON array in the BlobStore (`sbsDeleteBlobIds.ids`): a long list is no event's data */
  blobId: z.string(),
  filename: z.string().min(1),
});
export type SbsDeleteParams = z.infer<typeof sbsDeleteParamsSchema>;

export const sbsClearParamsSchema = z.object({ projectId: z.string(), versionId: z.string(), filename: z.string().min(1) });
export type SbsClearParams = z.infer<typeof sbsClearParamsSchema>;

export const sbsDeleteBlobIds = { ids: (jobId: string) => `job-${jobId}-ids` };

/** a chunk: its nodes as [id, code], all of one depth */
const chunkSchema = z.object({ nodes: z.array(z.tuple([z.string(), z.string()])) });

type NodeRef = Pick<SbsNodeDoc, '_id' | 'code' | 'parentKey'>;
const REF = { _id: 1, code: 1, parentKey: 1 } as const;

/** The live nodes of a project among `ids`, read `LOOKUP_BATCH` at a time. */
export const findSbsNodes = async (documentStore: DocumentStore, projectId: string, ids: readonly string[]): Promise<SbsNodeDoc[]> => {
  const nodes = documentStore.collection<SbsNodeDoc>(SBS_NODES_COLLECTION);
  const found: SbsNodeDoc[] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH)
    found.push(...(await nodes.find({ _id: { $in: ids.slice(i, i + LOOKUP_BATCH) }, projectId })));
  return found;
};

/** children before parents, SBS_CHUNK nodes of one depth a chunk */
const deletePlan = (nodes: readonly NodeRef[], filename: string): JobPlan => {
  const chunks = byDepth(depthsInSet(nodes), 'children-first').map((level) => ({ nodes: level.map((n) => [n._id, n.code]) }));
  if (chunks.length === 0) chunks.push({ nodes: [] });
  return { chunks, items: chunks.map((c) => c.nodes.length), filename, contentType: 'text/csv; charset=utf-8' };
};

/**
 * Deletes a chunk's nodes side by side as the job's owner (`SbsNodeDeleted`). Every child of a node is in the job and
 * in an earlier chunk (the route checked that), so `hasChildren` is false; a node already deleted (this chunk ran
 * before a crash, or somebody deleted it meanwhile) answers 404 and is passed over: nothing is written twice.
 */
const deleteChunk = async (job: JobState, projectId: string, chunk: unknown, { pipeline, now }: JobContext) => {
  const { nodes } = chunkSchema.parse(chunk);
  const actor: Actor = { userId: job.ownerId, licenceId: job.licenceId };
  const command: DeleteSbsNode = { type: 'DeleteSbsNode', data: { hasChildren: false }, metadata: { actor, now: now().toISOString() } };
  const context = { actor, correlationId: job.jobId, causationId: job.jobId, projectId };
  await Promise.all(
    nodes.map(async ([nodeId]) => {
      try {
        await pipeline({ decider: sbsNodeDecider, schemas: sbsNodeSchemas, streamId: toSbsNodeStreamId(nodeId), command, context });
      } catch (e) {
        if (!(e instanceof DomainError && e.status === 404)) throw e;
      }
    }),
  );
  return { content: tabularPart('csv', nodes), items: nodes.length };
};

const readIds = async (blobStore: BlobStore, blobId: string): Promise<string[]> => {
  const stored = await blobStore.get(blobId);
  if (!stored) return [];
  const parts: Buffer[] = [];
  for await (const part of stored.stream) parts.push(part as Buffer);
  return z.array(z.string()).parse(JSON.parse(Buffer.concat(parts).toString('utf8')));
};

const HEADER = ['node', 'code'];

/**
 * `DELETE /sbs {ids}` (docs/sbs.md "Bulk calls"): the nodes the route checked (each of the project, every child of
 * each in the list), deleted children first in chunks of one depth. Nodes gone meanwhile are passed over. The file
 * lists each node of the job with its code.
 */
export const sbsDeleteKind = defineJobKind<SbsDeleteParams>({
  kind: SBS_DELETE_KIND,
  params: sbsDeleteParamsSchema,
  async plan(_job, params, { documentStore, blobStore }) {
    const ids = await readIds(blobStore, params.blobId);
    return deletePlan(await findSbsNodes(documentStore, params.projectId, ids), params.filename);
  },
  runChunk: (job, params, chunk, context) => deleteChunk(job, params.projectId, chunk, context),
  async discard(_job, params, { blobStore }) {
    await blobStore.delete(params.blobId);
  },
  assemble(_job, params, _plan, parts, { blobStore }) {
    const file = tabularFile('csv', HEADER, parts);
    return Readable.from(
      (async function* () {
        yield* file;
        await blobStore.delete(params.blobId);
      })(),
    );
  },
});

/**
 * `DELETE /sbs-clear` (docs/sbs.md "Bulk calls"): every node the version held when the job planned, children first
 * in chunks of one depth. A node created while the clear runs stays.
 */
export const sbsClearKind = defineJobKind<SbsClearParams>({
  kind: SBS_CLEAR_KIND,
  params: sbsClearParamsSchema,
  async plan(_job, params, { documentStore }) {
    const nodes = await documentStore
      .collection<SbsNodeDoc>(SBS_NODES_COLLECTION)
      .find({ projectId: params.projectId, versionId: params.versionId }, { projection: REF });
    return deletePlan(nodes, params.filename);
  },
  runChunk: (job, params, chunk, context) => deleteChunk(job, params.projectId, chunk, context),
  assemble: (_job, _params, _plan, parts) => tabularFile('csv', HEADER, parts),
});
