import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

/**
 * Kinds of background work. A kind is a kebab-case slug; the known ones are listed so the worker can refuse what
 * it has no runner for. The tables work adds its exports and imports here.
 */
export const JOB_KIND_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const KNOWN_JOB_KINDS = ['tasks-export'] as const;
export const JOB_REASON_MAX = 1000;

export const JOB_STATUSES = ['requested', 'running', 'finished', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** A job in one of these states never changes again. */
export const ENDED_JOB_STATUSES: readonly JobStatus[] = ['finished', 'failed', 'canceled'];

/** The file a finished job leaves in /downloads; its id in the BlobStore is `blobId`. */
export const jobDownloadSchema = z.object({
  blobId: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type JobDownload = z.infer<typeof jobDownloadSchema>;

/** what to do, e.g. the task query of an export and its format: any JSON object */
export const jobParamsSchema = z.record(z.string(), z.json());
export type JobParams = z.infer<typeof jobParamsSchema>;

export const jobEventSchemas = {
  JobRequested: z.object({
    jobId: z.string(),
    licenceId: z.string(),
    ownerId: z.string(),
    projectId: z.string().nullable(),
    kind: z.string(),
    params: jobParamsSchema,
    requestedAt: z.string(),
  }),
  /** attempt 1 is the first run; a later attempt is a worker resuming the job after a crash or restart */
  JobStarted: z.object({ jobId: z.string(), attempt: z.number().int().positive(), totalChunks: z.number().int().nonnegative().nullable() }),
  JobProgressed: z.object({ jobId: z.string(), done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  /** chunk `index` is done and its output stored (under a key of the job and the index); never recorded twice */
  JobChunkCompleted: z.object({ jobId: z.string(), index: z.number().int().nonnegative(), items: z.number().int().nonnegative() }),
  /** carries the owner, so the notifier can send the download notification without a read */
  JobFinished: z.object({ jobId: z.string(), ownerId: z.string(), download: jobDownloadSchema, finishedAt: z.string() }),
  JobFailed: z.object({ jobId: z.string(), ownerId: z.string(), reason: z.string(), failedAt: z.string() }),
  JobCanceled: z.object({ jobId: z.string(), canceledBy: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof jobEventSchemas;
export type JobEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export type JobEventType = JobEvent['type'];
export const jobEventTypes = Object.keys(jobEventSchemas) as JobEventType[];
export const jobSchemas: EventSchemas<JobEvent> = jobEventSchemas;

export interface JobState {
  exists: boolean;
  jobId: string;
  licenceId: string;
  ownerId: string;
  projectId: string | null;
  kind: string;
  params: JobParams;
  status: JobStatus;
  attempt: number;
  totalChunks: number | null;
  completedChunks: number[];
  progress: { done: number; total: number };
  download: JobDownload | null;
  reason: string | null;
  requestedAt: string;
}

export const initialJobState = (): JobState => ({
  exists: false,
  jobId: '',
  licenceId: '',
  ownerId: '',
  projectId: null,
  kind: '',
  params: {},
  status: 'requested',
  attempt: 0,
  totalChunks: null,
  completedChunks: [],
  progress: { done: 0, total: 0 },
  download: null,
  reason: null,
  requestedAt: '',
});

export const evolveJob = (state: JobState, event: JobEvent): JobState => {
  switch (event.type) {
    case 'JobRequested':
      return { ...initialJobState(), ...event.data, exists: true };
    case 'JobStarted':
      return { ...state, status: 'running', attempt: event.data.attempt, totalChunks: event.data.totalChunks ?? state.totalChunks };
    case 'JobProgressed':
      return { ...state, progress: { done: event.data.done, total: event.data.total } };
    case 'JobChunkCompleted':
      return state.completedChunks.includes(event.data.index)
        ? state
        : { ...state, completedChunks: [...state.completedChunks, event.data.index] };
    case 'JobFinished':
      return { ...state, status: 'finished', download: event.data.download };
    case 'JobFailed':
      return { ...state, status: 'failed', reason: event.data.reason };
    case 'JobCanceled':
      return { ...state, status: 'canceled' };
  }
};
