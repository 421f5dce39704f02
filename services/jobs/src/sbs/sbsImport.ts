import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  derivedId,
  DomainError,
  parseSbsCsv,
  planSbsImport,
  sbsMessages,
  sbsNodeDecider,
  sbsNodeSchemas,
  toSbsNodeStreamId,
  type Actor,
  type SbsExistingNode,
  type SbsImportErrors,
  type SbsImportStep,
  type SbsNodeCommand,
} from '@stramien/domain';
import type { BlobStore, DocumentStore } from '@stramien/infra';
import { SBS_NODES_COLLECTION, type SbsNodeDoc } from '@stramien/projections/sbs/sbsNodes';
import { defineJobKind, JobRefused } from '../kinds/jobKind';
import { tabularFile, tabularPart } from '../kinds/tabular';
import { byDepth } from './sbsChunks';

export const SBS_IMPORT_KIND = 'sbs-import';

export const sbsImportParamsSchema = z.object({
  projectId: z.string(),
  versionId: z.string(),
  /** the uploaded CSV in the BlobStore (`sbsImportBlobIds.upload`) */
  blobId: z.string(),
  filename: z.string().min(1),
});
export type SbsImportParams = z.infer<typeof sbsImportParamsSchema>;

export const sbsImportBlobIds = { upload: (jobId: string) => `job-${jobId}-upload` };

/**
 * The id of the node that row `line` of import `jobId` creates: a name-based uuid (`derivedId`), so a chunk run again
 * after a crash names the same nodes and finds those it created (docs/sbs.md "Bulk calls").
 */
export const importedSbsNodeId = (jobId: string, line: number): string => derivedId('sbs-import', jobId, String(line));

/** What a chunk does with one row: create node `nodeId`, or change the existing one. */
const importStepSchema = z.object({
  line: z.number().int(),
  code: z.string(),
  label: z.string(),
  nodeId: z.string(),
  parent: z.object({ code: z.string(), id: z.string() }).nullable(),
  create: z.boolean(),
});
type ImportStep = z.infer<typeof importStepSchema>;
const chunkSchema = z.object({ steps: z.array(importStepSchema) });

/**
 * Reads an SBS CSV and checks every row against the version's nodes as the read model holds them (docs/sbs.md): the
 * rows to write, parents first, or the file's error (`file`) or the errors of each row. The route answers the errors
 * (422, nothing written) before it starts the job; the job's plan checks again, against the version as it is then.
 */
export const checkSbsImport = async (
  documentStore: DocumentStore,
  projectId: string,
  versionId: string,
  text: string,
): Promise<{ steps: SbsImportStep[]; present: Map<string, string> } | { error: string; errors: SbsImportErrors }> => {
  const parsed = parseSbsCsv(text);
  if ('error' in parsed) return { error: parsed.error, errors: { file: [parsed.error] } };
  const present = await documentStore
    .collection<SbsNodeDoc>(SBS_NODES_COLLECTION)
    .find({ projectId, versionId }, { projection: { _id: 1, code: 1, parentKey: 1 } });
  const codeOf = new Map(present.map((n) => [n._id, n.code]));
  const existing = new Map<string, SbsExistingNode>(
    present.map((n) => [n.code, { id: n._id, parentCode: codeOf.get(n.parentKey) ?? null }]),
  );
  const plan = planSbsImport(parsed.rows, existing);
  if ('errors' in plan) return { error: sbsMessages.importFailed, errors: plan.errors };
  return { steps: plan.steps, present: new Map(present.map((n) => [n.code, n._id])) };
};

const readText = async (blobStore: BlobStore, blobId: string): Promise<string | null> => {
  const stored = await blobStore.get(blobId);
  if (!stored) return null;
  const parts: Buffer[] = [];
  for await (const part of stored.stream) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
};

/**
 * `POST /sbs-import` (docs/sbs.md "Bulk calls"): the rows of a checked CSV become SBS nodes. The plan reads the upload
 * and checks it again (an error now fails the job with 'The import has errors; nothing was imported.', before
 * anything is written), then splits the rows level by level, parents first, into chunks of at most SBS_CHUNK rows of
 * one level each, so a level's parents are in the log before its children. A chunk creates and changes its nodes side
 * by side as the job's owner: row n of job j creates node `importedSbsNodeId(j, n)`, only where its stream is empty,
 * and a change to equal values appends nothing, so a chunk run again writes nothing twice. The file lists each row,
 * its node and what was done.
 */
export const sbsImportKind = defineJobKind<SbsImportParams>({
  kind: SBS_IMPORT_KIND,
  params: sbsImportParamsSchema,
  async plan(job, params, { documentStore, blobStore }) {
    const text = await readText(blobStore, params.blobId);
    if (text === null) throw new JobRefused(sbsMessages.importFailed);
    const checked = await checkSbsImport(documentStore, params.projectId, params.versionId, text);
    if ('error' in checked) throw new JobRefused(sbsMessages.importFailed);
    const idOf = new Map(checked.present);
    for (const step of checked.steps) if (!step.id) idOf.set(step.code, importedSbsNodeId(job.jobId, step.line));
    const steps = checked.steps.map((step): ImportStep & { depth: number } => ({
      line: step.line,
      code: step.code,
      label: step.label,
      nodeId: idOf.get(step.code)!,
      parent: step.parentCode ? { code: step.parentCode, id: idOf.get(step.parentCode)! } : null,
      create: step.id === null,
      depth: step.depth,
    }));
    const chunks = byDepth(steps, 'parents-first').map((level) => ({ steps: level.map(({ depth: _depth, ...step }) => step) }));
    return {
      chunks,
      items: chunks.map((c) => c.steps.length),
      filename: params.filename,
      contentType: 'text/csv; charset=utf-8',
    };
  },
  async runChunk(job, params, chunk, { pipeline, now }) {
    const { steps } = chunkSchema.parse(chunk);
    const actor: Actor = { userId: job.ownerId, licenceId: job.licenceId };
    const at = now().toISOString();
    const context = { actor, correlationId: job.jobId, causationId: job.jobId, projectId: params.projectId };
    await Promise.all(
      steps.map(async (step) => {
        const command: SbsNodeCommand = step.create
          ? {
              type: 'CreateSbsNode',
              data: {
                nodeId: step.nodeId,
                projectId: params.projectId,
                versionId: params.versionId,
                code: step.code,
                label: step.label,
                parent: step.parent,
                codeTaken: false,
              },
              metadata: { actor, now: at },
            }
          : {
              type: 'UpdateSbsNode',
              data: { code: step.code, label: step.label, parent: step.parent, codeTaken: false },
              metadata: { actor, now: at },
            };
        try {
          await pipeline({
            decider: sbsNodeDecider,
            schemas: sbsNodeSchemas,
            streamId: toSbsNodeStreamId(step.nodeId),
            command,
            context,
            // a created node's id is this job's and row's own: its stream is new, unless this chunk ran before
            newStream: step.create,
          });
        } catch (e) {
          // created by an earlier run of this chunk (409), or a changed node deleted since (404): nothing to write
          if (!(e instanceof DomainError && (e.status === 409 || e.status === 404))) throw e;
        }
      }),
    );
    return {
      content: tabularPart(
        'csv',
        steps.map((s) => [s.line, s.code, s.nodeId, s.create ? 'created' : 'updated']),
      ),
      items: steps.length,
    };
  },
  /** canceled or failed while at work: the upload goes; the nodes written stay */
  async discard(job, params, { blobStore }) {
    await blobStore.delete(params.blobId);
  },
  assemble(_job, params, _plan, parts, { blobStore }) {
    const file = tabularFile('csv', ['row', 'code', 'node', 'action'], parts);
    return Readable.from(
      (async function* () {
        yield* file;
        // every chunk is recorded: the upload is no longer needed
        await blobStore.delete(params.blobId);
      })(),
    );
  },
});
