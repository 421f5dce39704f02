import { Readable } from 'node:stream';
import {
  DomainError,
  fold,
  jobDecider,
  jobMessages,
  jobSchemas,
  remainingChunks,
  toJobStreamId,
  type Actor,
  type JobCommand,
  type JobEvent,
  type JobState,
} from '@stramien/domain';
import {
  createCommandPipeline,
  sleep,
  supervise,
  type BlobInfo,
  type BlobStore,
  type Bus,
  type BusSubscription,
  type DocumentStore,
  type EventStore,
  type HealthRegistry,
  type Supervised,
} from '@stramien/infra';
import { DOWNLOADS_COLLECTION, type DownloadDoc } from '@stramien/projections';
import { JobRefused, type JobContext, type JobKind, type JobKindRegistry, type JobPlan } from '../kinds/jobKind';

/** the worker's name in the health report */
export const JOB_WORKER_COMPONENT = 'job-worker';

/** Where a job keeps its files in the BlobStore: its plan, each chunk's output (by index) and the finished file. */
export const jobBlobIds = {
  plan: (jobId: string) => `job-${jobId}-plan`,
  part: (jobId: string, index: number) => `job-${jobId}-part-${index}`,
  /** what chunk `index` handed on to the next (`next` of `runChunk`) */
  cursor: (jobId: string, index: number) => `job-${jobId}-cursor-${index}`,
  file: (jobId: string) => `job-${jobId}-file`,
};

/** subject of a requested job, as the forwarder publishes it */
export const JOB_REQUESTED_PATTERN = 'stramien.*.job.JobRequested';

class Stopped extends Error {
  override readonly name = 'Stopped';
}

type Unsent<C> = C extends unknown ? Omit<C, 'metadata'> : never;

const readAll = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

/**
 * The parts of a job whose kind assembles along (`JobKind.assemblesAlong`), handed from the chunk loop to the file
 * being written: part i is the chunk's output once the chunk is recorded, or null (read it from the blob store) for a
 * chunk recorded by an earlier attempt or whose output was a stream. A slot is let go once its part is taken, so the
 * parts are not all held until the end. `stop` fails the parts not given yet (a job stopped, failed or canceled).
 */
const partFeed = (count: number, remaining: readonly number[]) => {
  const slots = Array.from({ length: count }, () => {
    let give!: (content: Uint8Array | null) => void;
    let fail!: (error: Error) => void;
    const promise = new Promise<Uint8Array | null>((resolve, reject) => {
      give = resolve;
      fail = reject;
    });
    promise.catch(() => undefined);
    return { promise, give, fail };
  });
  const todo = new Set(remaining);
  for (let i = 0; i < count; i++) if (!todo.has(i)) slots[i]!.give(null);
  const taken = new Set<number>();
  return {
    part: async (index: number): Promise<Uint8Array | null> => {
      const content = await slots[index]!.promise;
      taken.add(index);
      slots[index] = { promise: Promise.resolve(null), give: () => undefined, fail: () => undefined };
      return content;
    },
    give: (index: number, content: Uint8Array | null) => slots[index]!.give(content),
    stop: () => {
      for (let i = 0; i < count; i++) if (!taken.has(i)) slots[i]!.fail(new Error('the job stopped before this part'));
    },
  };
};

/**
 * The checkpointed background-job worker (docs/jobs.md). It takes the jobs still requested or running from the
 * `downloads` read model (woken by JobRequested on the bus, and polling as a safety net), and runs each from its
 * stream, the truth: plan once (stored), then every chunk not yet recorded — output stored under the job and chunk
 * index, then `CompleteJobChunk` (ignored when already recorded) and `ReportJobProgress` — then the file, assembled
 * streaming from the parts, then `FinishJob`, which the decider allows once. A worker killed anywhere resumes where
 * the log says it stood: nothing is recorded twice and no job finishes twice.
 */
export const createJobWorker = (deps: {
  eventStore: EventStore;
  documentStore: DocumentStore;
  blobStore: BlobStore;
  bus: Bus;
  kinds: JobKindRegistry;
  health?: HealthRegistry;
  /** how often it looks for work without being woken; default 5 s */
  pollMs?: number;
  now?: () => Date;
  /** told of every job that failed and every attempt that broke */
  onError?: (error: unknown) => void;
}) => {
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? 5_000;
  const pipeline = createCommandPipeline({ eventStore: deps.eventStore });
  const downloads = deps.documentStore.collection<DownloadDoc>(DOWNLOADS_COLLECTION);
  const reporter = deps.health?.register(JOB_WORKER_COMPONENT, {
    lag: async () => downloads.count({ state: { $in: ['requested', 'running'] } }),
  });
  const context: JobContext = {
    documentStore: deps.documentStore,
    blobStore: deps.blobStore,
    pipeline,
    now,
    appendNewStreams: (streams) => deps.eventStore.appendNewStreams(streams),
  };
  let wake: (() => void) | null = null;
  /** jobs named by JobRequested on the bus, which the read model may not hold yet */
  const woken = new Set<string>();
  let supervised: Supervised | null = null;
  let subscription: BusSubscription | null = null;

  const load = async (jobId: string): Promise<JobState> =>
    fold(
      jobDecider,
      (await deps.eventStore.readStream(toJobStreamId(jobId))).map((r) => ({ type: r.type, data: r.data }) as JobEvent),
    );

  /** sends a command as the job's owner (the worker acts for them) and answers the job's state after it */
  const send = async (job: JobState, command: Unsent<JobCommand>): Promise<JobState> => {
    const actor: Actor = { userId: job.ownerId, licenceId: job.licenceId };
    const result = await pipeline({
      decider: jobDecider,
      schemas: jobSchemas,
      streamId: toJobStreamId(job.jobId),
      command: { ...command, metadata: { actor, now: now().toISOString() } } as JobCommand,
      context: { actor, correlationId: job.jobId, causationId: job.jobId, ...(job.projectId ? { projectId: job.projectId } : {}) },
    });
    return result.state;
  };

  /** stores a blob under a fixed id, replacing what an earlier attempt left there */
  const putReplacing = async (id: string, content: Readable | Uint8Array, contentType: string, filename?: string) => {
    await deps.blobStore.delete(id);
    return deps.blobStore.put(content, { id, contentType, ...(filename !== undefined ? { filename } : {}) });
  };

  /** a JSON blob, null when absent */
  const readJson = async (id: string): Promise<unknown> => {
    const stored = await deps.blobStore.get(id);
    return stored ? (JSON.parse((await readAll(stored.stream)).toString('utf8')) as unknown) : null;
  };

  const planOf = async (job: JobState, kind: JobKind, params: unknown): Promise<JobPlan> => {
    if (job.status === 'running') {
      const stored = await readJson(jobBlobIds.plan(job.jobId));
      if (stored) return stored as JobPlan;
    }
    const plan = await kind.plan(job, params, context);
    await putReplacing(jobBlobIds.plan(job.jobId), Buffer.from(JSON.stringify(plan)), 'application/json');
    return plan;
  };

  const cleanUp = async (job: JobState, plan: JobPlan) => {
    await deps.blobStore.delete(jobBlobIds.plan(job.jobId));
    for (let i = 0; i < plan.chunks.length; i++) {
      await deps.blobStore.delete(jobBlobIds.part(job.jobId, i));
      await deps.blobStore.delete(jobBlobIds.cursor(job.jobId, i));
    }
  };

  const finish = (job: JobState, file: BlobInfo) =>
    send(job, {
      type: 'FinishJob',
      data: { blobId: file.id, filename: file.filename ?? job.kind, size: file.size, contentType: file.contentType },
    });

  /** runs one job to its end (or to the stop); true when it did any work */
  const runJob = async (jobId: string, signal: AbortSignal): Promise<boolean> => {
    let job = await load(jobId);
    if (!job.exists || job.status === 'finished' || job.status === 'failed' || job.status === 'canceled') return false;
    const kind = deps.kinds.get(job.kind);
    const parsed = kind?.params.safeParse(job.params);
    if (!kind || !parsed?.success) {
      await send(job, { type: 'FailJob', data: { reason: jobMessages.invalidKind } });
      return true;
    }
    const params = parsed.data;
    let plan: JobPlan | null = null;
    try {
      // killed after the file was stored and the parts removed: the file is all that is left to record
      const stored =
        job.status === 'running' && remainingChunks(job).length === 0 ? await deps.blobStore.stat(jobBlobIds.file(jobId)) : null;
      if (stored) {
        await finish(job, stored);
        return true;
      }
      plan = await planOf(job, kind, params);
      const fixedPlan = plan;
      job = await send(job, { type: 'StartJob', data: { totalChunks: plan.chunks.length } });
      const total = plan.items.reduce((a, b) => a + b, 0);
      const doneOf = (state: JobState) => state.completedChunks.reduce((sum, i) => sum + (fixedPlan.items[i] ?? 0), 0);
      // the total from the start ("0 of 5,000"), not "Starting…" until the first chunk ends; a resume repeats nothing
      job = await send(job, { type: 'ReportJobProgress', data: { done: Math.min(doneOf(job), total), total } });
      // a kind whose file is its parts: each part handed over in memory once its chunk is recorded (partFeed)
      const fed = kind.assemblesAlong ? partFeed(plan.chunks.length, remainingChunks(job)) : null;
      async function* parts(): AsyncGenerator<Readable> {
        for (let i = 0; i < fixedPlan.chunks.length; i++) {
          const content = fed ? await fed.part(i) : null;
          if (content) {
            yield Readable.from([content]);
            continue;
          }
          const part = await deps.blobStore.get(jobBlobIds.part(jobId, i));
          if (!part) throw new Error(`part ${i} of job ${jobId} is missing`);
          yield part.stream;
        }
      }
      const assembleFile = () =>
        putReplacing(
          jobBlobIds.file(jobId),
          kind.assemble(job, params, fixedPlan, parts, context),
          fixedPlan.contentType,
          fixedPlan.filename,
        );
      // written while the chunks run; visible once complete, which is after the last chunk is recorded
      const along = fed ? assembleFile() : null;
      along?.catch(() => undefined);
      try {
        for (const index of remainingChunks(job)) {
          if (signal.aborted) throw new Stopped();
          const previous = index === 0 ? null : await readJson(jobBlobIds.cursor(jobId, index - 1));
          const output = await kind.runChunk(job, params, plan.chunks[index], context, previous);
          // the part and the cursor side by side: the chunk is recorded only once both are stored
          await Promise.all([
            putReplacing(jobBlobIds.part(jobId, index), output.content, 'application/octet-stream'),
            output.next !== undefined
              ? putReplacing(jobBlobIds.cursor(jobId, index), Buffer.from(JSON.stringify(output.next)), 'application/json')
              : null,
          ]);
          job = await send(job, { type: 'CompleteJobChunk', data: { index, items: output.items } });
          fed?.give(index, output.content instanceof Uint8Array ? output.content : null);
          if (job.status !== 'running') return true; // canceled meanwhile
          job = await send(job, { type: 'ReportJobProgress', data: { done: Math.min(doneOf(job), total), total } });
        }
        if (signal.aborted) throw new Stopped();
        const file = await (along ?? assembleFile());
        await cleanUp(job, plan);
        await finish(job, file);
        return true;
      } finally {
        // a job that stopped before its last chunk: the file being written is dropped (its put fails, nothing shows)
        fed?.stop();
      }
    } catch (error) {
      if (error instanceof Stopped || signal.aborted) throw error;
      // canceled or finished by someone else meanwhile: nothing left to do
      if (error instanceof DomainError && error.status === 409) {
        await kind.discard?.(job, params, context).catch((e: unknown) => deps.onError?.(e));
        return true;
      }
      const refused = error instanceof JobRefused;
      if (!refused) deps.onError?.(error);
      const current = await load(jobId);
      if (current.status === 'requested' || current.status === 'running') {
        await send(current, { type: 'FailJob', data: { reason: refused ? error.message : jobMessages.failed } });
      }
      if (plan) await cleanUp(job, plan).catch(() => undefined);
      await kind.discard?.(job, params, context).catch(() => undefined);
      return true;
    }
  };

  const idle = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (woken.size > 0) return resolve();
      const done = () => {
        wake = null;
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      signal.addEventListener('abort', done, { once: true });
      wake = done;
    });

  return {
    /** runs one job now (tests, and the loop) */
    runJob: (jobId: string) => runJob(jobId, new AbortController().signal),
    /**
     * readies the kinds' threads (`JobKind.warm`); resolves when they are ready. Not done by `start`: bundled, a thread
     * starts in milliseconds, and every process with a job worker (each test server) would load two threads from
     * source for nothing; the job-alone bench warms before its timer, as a worker that ran an import before has them.
     */
    warm: async () => {
      await Promise.all(deps.kinds.kinds().map((name) => deps.kinds.get(name)?.warm?.()));
    },
    async start() {
      subscription = await deps.bus.subscribe<{ data?: { jobId?: unknown } }>(
        JOB_REQUESTED_PATTERN,
        (message) => {
          const jobId = message.data.data?.jobId;
          if (typeof jobId === 'string') woken.add(jobId);
          wake?.();
        },
        { queue: 'job-worker' },
      );
      supervised = supervise({
        ...(reporter ? { reporter } : {}),
        ...(deps.onError ? { onError: deps.onError } : {}),
        async run({ signal, running }) {
          while (!signal.aborted) {
            const listed = await downloads.find({ state: { $in: ['requested', 'running'] } }, { sort: { requestedAt: 1 }, limit: 50 });
            running();
            const pending = new Set([...listed.map((d) => d._id), ...woken]);
            woken.clear();
            let worked = false;
            for (const jobId of pending) {
              if (signal.aborted) break;
              try {
                worked = (await runJob(jobId, signal)) || worked;
              } catch (error) {
                if (error instanceof Stopped || signal.aborted) return;
                throw error;
              }
            }
            if (!worked) await idle(signal);
            else await sleep(0, signal);
          }
        },
      });
    },
    async stop() {
      await subscription?.unsubscribe().catch(() => undefined);
      subscription = null;
      await supervised?.stop(2_000);
      supervised = null;
    },
  };
};
export type JobWorker = ReturnType<typeof createJobWorker>;
