import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordImportRoutes, type ImportError } from '@stramien/api';
import {
  DomainError,
  IMPORT_CHUNK_ROWS,
  IMPORT_FILE_MAX_BASE64,
  jobDecider,
  jobSchemas,
  tableMessages,
  toJobStreamId,
} from '@stramien/domain';
import {
  checkBatch,
  importBlobIds,
  openCsv,
  readModelLookups,
  resolveMapping,
  RECORDS_IMPORT_KIND,
  type ImportMapping,
  type RecordsImportParams,
} from '@stramien/jobs';
import { addRoute } from '../../plugins/route';
import { BASE64 } from '../../plugins/uploads';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { loadTableAccess, type TableAccess } from '../../access/tableAccess';
import { exportFilename } from '../jobs/jobRoutes';
import { toJobView } from '../notifications/downloadView';

/** the largest body of the two routes: the base64 file and the rest of the JSON */
const BODY_LIMIT = IMPORT_FILE_MAX_BASE64 + 1024 * 1024;

/** the uploaded file's bytes; 422 for text that is not base64, or for nothing */
const decoded = (file: string): Buffer => {
  if (!BASE64.test(file) || file.length % 4 === 1)
    throw new DomainError(tableMessages.importInvalidBase64, 422, { file: [tableMessages.importInvalidBase64] });
  const bytes = Buffer.from(file, 'base64');
  if (bytes.length === 0) throw new DomainError(tableMessages.importEmpty, 422, { file: [tableMessages.importEmpty] });
  return bytes;
};

/**
 * `POST /records/verify` and `POST /records/import` (spec 2 §5, §7; docs/tables.md "Bulk work"). Both need the table's
 * write right, read the file's header line and resolve the mapping (422 for an empty file, text that is not CSV, a
 * header twice, or a mapping that does not fit the file or the table). Verify then reads every row, in batches, and
 * answers a page of the refused cells; import stores the file and starts a `records-import` job, which checks it
 * again before writing anything.
 */
export const registerRecordImportRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore, blobStore } = deps.adapters;
  const handleJob = createCommandHandler(app, { decider: jobDecider, schemas: jobSchemas, toStreamId: toJobStreamId });
  const lookups = readModelLookups(documentStore);

  const open = async (request: FastifyRequest, table: string, file: string, mapping: ImportMapping | undefined) => {
    const access: TableAccess = await loadTableAccess(deps, request, table, 'write');
    const bytes = decoded(file);
    const csv = await openCsv(Readable.from([bytes]), IMPORT_CHUNK_ROWS);
    return { access, bytes, csv, mapping: resolveMapping(csv.head, access.table.columns, mapping) };
  };

  addRoute(
    app,
    recordImportRoutes.verify,
    async ({ body, request }) => {
      const { access, csv, mapping } = await open(request, body.table, body.file, body.mapping);
      const target = { tableId: access.table.tableId, projectId: access.table.projectId, columns: access.table.columns };
      const end = body.offset + body.limit;
      const page: ImportError[] = [];
      let total = 0;
      let rows = 0;
      for await (const batch of csv.batches()) {
        const checked = await checkBatch(target, csv.head, mapping, batch, lookups);
        rows += batch.length;
        for (const error of checked.errors) {
          if (total >= body.offset && total < end) page.push(error);
          total++;
        }
      }
      return {
        data: { headers: csv.head.headers, delimiter: csv.head.delimiter, rows, mapping, total_errors: total, errors: page },
      };
    },
    { bodyLimit: BODY_LIMIT },
  );

  addRoute(
    app,
    recordImportRoutes.import,
    async ({ body, request }) => {
      const { access, bytes, csv, mapping } = await open(request, body.table, body.file, body.mapping);
      // the header is all the request reads; the job reads the rows
      csv.close();
      const jobId = randomUUID();
      const blob = await blobStore.put(bytes, { id: importBlobIds.upload(jobId), contentType: 'text/csv', filename: 'import.csv' });
      const params: RecordsImportParams = {
        tableId: access.table.tableId,
        projectId: access.table.projectId,
        blobId: blob.id,
        mapping,
        filename: exportFilename('records-import', 'csv', deps.clock()),
      };
      const result = await handleJob(
        request,
        jobId,
        {
          type: 'RequestJob',
          data: { jobId, licenceId: access.actor.licenceId, projectId: access.table.projectId, kind: RECORDS_IMPORT_KIND, params },
        },
        { actor: access.actor, projectId: access.table.projectId },
      );
      return {
        message: tableMessages.importStarted,
        data: toJobView(result.state),
        position: result.position,
      };
    },
    { bodyLimit: BODY_LIMIT },
  );
};
