import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type WebSocket from 'ws';
import { identityRoutes, projectRoutes, taskRoutes } from '@stramien/api';
import { jobDecider, jobSchemas, toJobStreamId } from '@stramien/domain';
import {
  createCommandPipeline,
  createEmbeddedDocumentStore,
  createFileBlobStore,
  createInProcessBus,
  createSqliteEventStore,
  type Doc,
} from '@stramien/infra';
import { createJobWorker, defaultJobKinds, jobBlobIds } from '@stramien/jobs';
import { TASKS_COLLECTION } from '@stramien/projections';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import { atLeast, atMost, info, percentile, round, type BenchFigure } from './figures';
import { createHttpClient } from './http';
import { subscribedUserSocket } from './userSocket';

export interface ExportBenchOptions {
  /** tasks to export; default 100,000 */
  tasks?: number;
  /** task changes whose notification is timed; default 100 */
  samples?: number;
  log?: (line: string) => void;
}

const MB = 1024 * 1024;

/**
 * Export of a task list on the embedded default: `tasks` task documents, one CSV export run by the job worker
 * (plan, chunks, streamed assembly, the events of each chunk), timed from the request to JobFinished, with the RSS
 * before, after and at its peak (sampled every 20 ms).
 */
const benchExportThroughput = async (dir: string, total: number, log: (line: string) => void): Promise<BenchFigure[]> => {
  const eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const documentStore = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
  const blobStore = createFileBlobStore({ dir: join(dir, 'blobs') });
  const bus = createInProcessBus();
  try {
    log(`export: writing ${total} tasks`);
    const tasks = documentStore.collection<Doc>(TASKS_COLLECTION);
    for (let i = 0; i < total; i += 5_000) {
      await tasks.insertMany(
        Array.from({ length: Math.min(5_000, total - i) }, (_, k) => ({
          _id: randomUUID(),
          licenceId: 'licence-1',
          projectId: `project-${(i + k) % 100}`,
          number: i + k + 1,
          title: `Task ${i + k + 1}: place the façade panels of level ${(i + k) % 12}`,
          description: 'Check the anchors before placing.',
          status: (i + k) % 3 === 0 ? 'closed' : 'open',
          priority: 'normal',
          assignedTo: `user-${(i + k) % 50}`,
          createdBy: 'user-0',
          isPrivate: false,
          labels: [],
          due: '2026-12-01',
          plannedStart: null,
          plannedEnd: null,
          taskType: { type: null },
          sbscode: null,
        })),
      );
    }
    const worker = createJobWorker({ eventStore, documentStore, blobStore, bus, kinds: defaultJobKinds() });
    const pipeline = createCommandPipeline({ eventStore });
    const jobId = randomUUID();
    const actor = { userId: 'user-0', licenceId: 'licence-1' };
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    await pipeline({
      decider: jobDecider,
      schemas: jobSchemas,
      streamId: toJobStreamId(jobId),
      command: {
        type: 'RequestJob',
        data: {
          jobId,
          licenceId: 'licence-1',
          kind: 'tasks-export',
          params: { format: 'csv', filters: [], filename: 'tasks.csv', query: { isPrivate: false } },
        },
        metadata: { actor, now: new Date().toISOString() },
      },
      context: { actor, correlationId: 'bench', causationId: 'bench' },
    });
    await worker.runJob(jobId);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rssAfter = process.memoryUsage().rss;
    const events = await eventStore.readStream(toJobStreamId(jobId));
    if (!events.some((e) => e.type === 'JobFinished')) throw new Error('the export did not finish');
    const file = await blobStore.stat(jobBlobIds.file(jobId));
    log(`export: ${total} rows in ${round(seconds, 2)} s, file ${round((file?.size ?? 0) / MB, 1)} MB`);
    return [
      atLeast(`task export: ${total} tasks to CSV (request -> JobFinished)`, Math.round(total / seconds), 'rows/s', 50_000),
      info('task export: RSS before', round(rssBefore / MB), 'MB'),
      info('task export: RSS after', round(rssAfter / MB), 'MB'),
      atMost('task export: RSS peak above the start (memory flat: streamed, chunked)', round((peak - rssBefore) / MB), 'MB', 256),
      info('task export: file size', round((file?.size ?? 0) / MB, 1), 'MB'),
    ];
  } finally {
    await bus.close();
    await eventStore.close();
    await documentStore.close();
    await blobStore.close();
  }
};

/**
 * Task change -> notification on the assignee's socket, over HTTP on the embedded default: the creator moves the
 * due date of a task assigned to another user, whose socket is subscribed to their private channel; timed from
 * the PUT's answer to the socket message (0 when the push came first), and from sending the PUT.
 */
const benchTaskNotification = async (samples: number, log: (line: string) => void): Promise<BenchFigure[]> => {
  const server = await startTestServer();
  const http = createHttpClient(server.url, 2);
  let ws: WebSocket | undefined;
  try {
    const [adminToken, userToken] = await Promise.all([server.signIn(DEMO.admin), server.signIn(DEMO.user)]);
    const admin = server.api(adminToken);
    const user = await server.api(userToken).call(identityRoutes.currentUser);
    const project = await admin.call(projectRoutes.create, {
      body: {
        license: user.licenses[0]!.id,
        name: 'Bench notifications',
        number: 'BN-1',
        roles: [{ name: 'Crew', is_projectadmin: false, users: [user.id] }],
      },
    });
    const task = await admin.call(taskRoutes.create, {
      body: { project: project.data.id, title: 'Bench task', priority: 'normal', assigned_to: user.id },
    });
    const arrivals: number[] = [];
    let onArrival: (() => void) | undefined;
    ws = await subscribedUserSocket(server, { id: user.id, token: userToken }, (notification, at) => {
      if (notification.type !== 'task') return;
      arrivals.push(at);
      onArrival?.();
    });
    log(`notifications: ${samples} due-date changes of a task assigned to another user`);
    const latencies: number[] = [];
    const fromRequest: number[] = [];
    const path = taskRoutes.update.path.replace(':id', task.data.id);
    for (let i = 0; i < samples; i++) {
      const before = arrivals.length;
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no notification within 10 s for change ${i}`)), 10_000);
        onArrival = () => {
          if (arrivals.length > before) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      const due = new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10);
      const sentAt = performance.now();
      const answer = await http.call('PUT', path, { due }, { authorization: `Bearer ${adminToken}` });
      const answeredAt = performance.now();
      if (answer.status !== 200) throw new Error(`the task update answered ${answer.status}: ${answer.body}`);
      await arrived;
      latencies.push(Math.max(0, arrivals[before]! - answeredAt));
      fromRequest.push(arrivals[before]! - sentAt);
    }
    return [
      atMost(
        'task change -> notification on the assignee socket (PUT answer -> message), p95',
        round(percentile(latencies, 95), 2),
        'ms',
        100,
      ),
      info('task change -> notification on the assignee socket, p50', round(percentile(latencies, 50), 2), 'ms'),
      // the PUT answers once the read models have its event, so the push often comes first: timed from sending it too
      info('task change -> notification on the assignee socket (PUT sent -> message), p95', round(percentile(fromRequest, 95), 2), 'ms'),
    ];
  } finally {
    ws?.close();
    http.close();
    await server.close();
  }
};

/** Background export throughput and memory, and task-notification latency (BENCHMARKS.md). */
export async function benchExport(dir: string, options: ExportBenchOptions = {}): Promise<BenchFigure[]> {
  const log = options.log ?? (() => {});
  return [
    ...(await benchExportThroughput(dir, options.tasks ?? 100_000, log)),
    ...(await benchTaskNotification(options.samples ?? 100, log)),
  ];
}
