import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { identityRoutes, projectRoutes, taskRoutes } from '@stramien/api';
import { TASK_PRIORITIES, type TaskRelation } from '@stramien/domain';
import { DEMO, startTestServer } from '@stramien/commands/testing/testServer';
import { TASKS_COLLECTION, type TaskDoc } from '@stramien/projections/tasks/tasks';
import { atLeast, atMost, elapsedMs, info, percentile, round, type BenchFigure } from './figures';
import { startCpuProfile } from './cpuProfile';
import { createBenchUsers, createHttpClient, createLoadGenerator } from './http';

export interface TasksBenchOptions {
  /** tasks in the licence; default 200,000 */
  tasks?: number;
  /** projects they are spread over; default 100 */
  projects?: number;
  /** tasks (with relations) of the Gantt project; default 2,000 */
  ganttTasks?: number;
  /** samples per query figure; default 200 */
  samples?: number;
  /** concurrent command clients; default 50 */
  clients?: number;
  /** measured time of the command run; default 10 s */
  durationMs?: number;
  log?: (line: string) => void;
}

const DAY = 86_400_000;
const day = (offset: number): string => new Date(Date.UTC(2026, 0, 1) + offset * DAY).toISOString().slice(0, 10);

/**
 * Task queries and commands on a licence of `tasks` tasks across `projects` projects (spec figures of issue 7).
 * The projects, users and memberships are made through the API; the tasks are seeded as documents of the `tasks`
 * read model directly (as the projection writes them), in bulk: replaying 200,000 creations through the command
 * pipeline would measure the seeding, not the queries. The command run then goes through HTTP, the pipeline and the
 * projection like any request. `BENCH_PROFILE_DIR` writes the command run's CPU profile there.
 */
export async function benchTasks(options: TasksBenchOptions = {}): Promise<BenchFigure[]> {
  const total = options.tasks ?? 200_000;
  const projectCount = options.projects ?? 100;
  const ganttTasks = options.ganttTasks ?? 2_000;
  const samples = options.samples ?? 200;
  const clients = options.clients ?? 50;
  const durationMs = options.durationMs ?? 10_000;
  const log = options.log ?? (() => {});
  const server = await startTestServer();
  const http = createHttpClient(server.url, clients);
  const load = createLoadGenerator(server.url);
  try {
    log(`tasks: ${clients} users and ${projectCount} projects`);
    const users = await createBenchUsers(server, clients);
    const admin = server.api(await server.signIn(DEMO.admin));
    const licenceId = (await admin.call(identityRoutes.currentUser)).licenses[0]!.id;
    const projectIds: string[] = [];
    for (let p = 0; p < projectCount; p++) {
      const created = await admin.call(projectRoutes.create, {
        body: {
          license: licenceId,
          name: `Bench ${p}`,
          number: `B${p}-${randomUUID().slice(0, 4)}`,
          roles: [{ name: 'Crew', is_projectadmin: false, users: users.map((u) => u.id) }],
        },
      });
      projectIds.push(created.data.id);
    }

    log(`tasks: seeding ${total} task documents (${ganttTasks} with relations in the Gantt project)`);
    const collection = server.adapters.documentStore.collection<TaskDoc>(TASKS_COLLECTION);
    const ganttProject = projectIds[0]!;
    const today = day(100);
    const perProject = Math.ceil(total / projectCount);
    const batch: TaskDoc[] = [];
    let ganttIds: string[] = [];
    for (let p = 0; p < projectCount; p++) {
      const count = p === 0 ? Math.max(ganttTasks, Math.min(perProject, total)) : Math.max(0, Math.min(perProject, total - p * perProject));
      const ids = Array.from({ length: count }, () => randomUUID());
      if (p === 0) ganttIds = ids;
      for (let n = 0; n < count; n++) {
        const start = (n * 7 + p) % 360;
        const relations: TaskRelation[] = p === 0 && n > 0 && n % 2 === 0 ? [{ taskId: ids[n - 1]!, kind: 'predecessor' }] : [];
        const linkedRelations: TaskRelation[] = p === 0 && n % 2 === 1 && n + 1 < count ? [{ taskId: ids[n + 1]!, kind: 'successor' }] : [];
        batch.push({
          _id: ids[n]!,
          licenceId,
          projectId: projectIds[p]!,
          number: n + 1,
          title: `Task ${p}-${n + 1}`,
          description: n % 3 === 0 ? 'Check the drawings before pouring.' : null,
          parentId: n % 10 === 0 || n < 10 ? null : ids[n - (n % 10)]!,
          taskType: null,
          metadata: null,
          sbscode: null,
          status: n % 10 < 7 ? 'open' : n % 10 < 9 ? 'closed' : 'canceled',
          priority: TASK_PRIORITIES[n % 4]!,
          assignedTo: users[(n + p) % users.length]!.id,
          createdBy: users[(n * 3 + p) % users.length]!.id,
          plannedStart: day(start),
          plannedEnd: day(start + 3),
          due: day(start + 4),
          isPrivate: n % 20 === 0,
          visibility: n % 20 === 0 ? 'private' : 'public',
          automated: false,
          automationId: null,
          labels: [],
          checks: [],
          appendixes: [],
          messages: [],
          relations,
          linkedRelations,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        });
        if (batch.length >= 5_000) await collection.insertMany(batch.splice(0));
      }
    }
    if (batch.length > 0) await collection.insertMany(batch.splice(0));
    log(`tasks: ${await collection.count({ licenceId })} tasks in the licence`);

    const viewer = users[0]!;
    const headers = { authorization: `Bearer ${viewer.token}` };
    const measure = async (label: string, method: string, path: string, body?: unknown) => {
      const latencies: number[] = [];
      let rows = 0;
      for (let i = 0; i < samples + 20; i++) {
        const sentAt = process.hrtime.bigint();
        const answer = await http.call(method, path, body, headers);
        const ms = elapsedMs(sentAt);
        if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${answer.body.slice(0, 300)}`);
        if (i >= 20) latencies.push(ms);
        rows = (JSON.parse(answer.body) as { data: unknown[] }).data.length;
      }
      log(`tasks: ${label}: ${rows} rows, p95 ${round(percentile(latencies, 95), 1)} ms`);
      return { p95: round(percentile(latencies, 95), 2), p50: round(percentile(latencies, 50), 2), rows };
    };

    const licenceQuery = await measure('licence query', 'POST', `/api/licenses/${licenceId}/tasks/query`, { filters: [], per_page: 50 });
    const openList = await measure('open tasks by due date', 'POST', '/api/tasks?filter[status]=open&sort=due', undefined);
    const todays = await measure('today', 'POST', `/api/tasks?filter[today]=1&filter[day]=${today}&filter[assigned_to]=me`, undefined);
    const gantt = await measure('gantt', 'GET', `/api/project/${ganttProject}/tasks/gantt`);

    log(`tasks: one task per client for the command run`);
    const taskOf = new Map<string, string>();
    for (const u of users) {
      const created = await server.api(u.token).call(taskRoutes.create, {
        body: { project: projectIds[1]!, title: 'Bench command', priority: 'normal', assigned_to: u.id },
      });
      taskOf.set(u.id, created.data.id);
    }
    // the clients run in a worker_thread, not in the server's event loop (see createLoadGenerator)
    const callers = users.map((user) => ({
      method: 'PUT',
      path: `/api/tasks/${taskOf.get(user.id)!}`,
      headers: { authorization: `Bearer ${user.token}` },
      bodies: [{ priority: 'high' }, { priority: 'low' }],
    }));
    const run = (ms: number) => load.run(callers, ms);
    log('tasks: command warm-up 2 s');
    await run(2_000);
    log(`tasks: ${clients} clients for ${durationMs} ms`);
    const profile = process.env.BENCH_PROFILE_DIR ? await startCpuProfile() : null;
    const measured = await run(durationMs);
    await profile?.stop(join(process.env.BENCH_PROFILE_DIR!, 'tasks-commands.cpuprofile'));
    const failed = measured.failed;
    if (failed > 0) log(`tasks: non-200 answers ${JSON.stringify(Object.fromEntries(measured.failures))}, first: ${measured.sample}`);
    return [
      atMost(`tasks: licence task query, first page of 50 (${total} tasks, ${projectCount} projects): p95`, licenceQuery.p95, 'ms', 50),
      info('tasks: licence task query: p50', licenceQuery.p50, 'ms'),
      info('tasks: open tasks by due date (POST /api/tasks), first page: p95', openList.p95, 'ms'),
      atMost(`tasks: today's tasks (filter[today]=1, ${todays.rows} rows): p95`, todays.p95, 'ms', 30),
      atMost(`tasks: Gantt data of a project (${gantt.rows} tasks with relations): p95`, gantt.p95, 'ms', 150),
      atLeast(
        `tasks: task commands over HTTP (PUT /api/tasks/:id), ${clients} clients`,
        Math.round(measured.latencies.length / measured.seconds),
        'commands/s',
        2_000,
      ),
      atMost('tasks: task commands p95 latency', round(percentile(measured.latencies, 95), 2), 'ms', 25),
      info('tasks: task commands p50 latency', round(percentile(measured.latencies, 50), 2), 'ms'),
      atMost('tasks: task commands failed answers', failed, 'requests', 0),
      info('tasks: gantt project tasks seeded', ganttIds.length, 'tasks'),
    ];
  } finally {
    http.close();
    await load.close();
    await server.close();
  }
}
