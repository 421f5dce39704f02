import { jobRoutes, recordImportRoutes, type Body, type Download, type Response } from '@stramien/api';
import { IMPORT_VERIFY_PAGE_DEFAULT } from '@stramien/domain';
import { api } from '../../../shared/api';

export type VerifyRequest = Body<typeof recordImportRoutes.verify>;
export type VerifyAnswer = Response<typeof recordImportRoutes.verify>['data'];
export type VerifyError = VerifyAnswer['errors'][number];
export type ImportRequest = Body<typeof recordImportRoutes.import>;
export type ImportAnswer = Response<typeof recordImportRoutes.import>;

/** Errors fetched per call while the user scrolls the list of a file's errors. */
export const ERRORS_PAGE_SIZE = IMPORT_VERIFY_PAGE_DEFAULT;

export { hasEnded } from '../../../shared/jobs/jobQuery';

/** The calls of the import wizard (spec 2 §5 import and verify, and the job routes for its progress). */
export const importCalls = {
  /** POST /api/records/verify — the file's errors per row and column (one page), written nowhere */
  verify: async (body: VerifyRequest): Promise<VerifyAnswer> => (await api.call(recordImportRoutes.verify, { body })).data,
  /** POST /api/records/import — starts the import job */
  start: (body: ImportRequest): Promise<ImportAnswer> => api.call(recordImportRoutes.import, { body }),
  /** GET /api/jobs/:jobId — the job's state and progress (rows written) */
  job: async (jobId: string): Promise<Download> => (await api.call(jobRoutes.get, { params: { jobId } })).data,
  /** POST /api/jobs/:jobId/cancel — stops the job between two chunks */
  cancel: async (jobId: string): Promise<void> => {
    await api.call(jobRoutes.cancel, { params: { jobId } });
  },
};
