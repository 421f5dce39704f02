/**
 * Profiling aid for the command path (not a benchmark): starts the test server, drives one kind of command from
 * the worker load generator and prints the main thread's CPU time per answered command (read from
 * /proc/self/task/<pid>/stat, so it holds on a busy machine where wall-clock throughput does not).
 * `node --import tsx --import ./test/bench/production.mjs test/bench/profileCommands.ts user|task|record [ms] [--prof] [--clients=N] [--coalesce=MS] [--hist]`
 * (--hist: the latencies' percentiles and histogram)
 * (production.mjs: compiled as the bundled service is, and the profile has line numbers); with --prof the measured run's
 * main-thread profile is written to .tmp/prof/<kind>.cpuprofile: `node test/bench/cpuprofileTop.mjs .tmp/prof/user.cpuprofile`.
 * It prints every thread's CPU per command (the load generator's too: the budget of both cores). With --turns it prints the event loop's turns by length (eventLoopTurns.ts) and writes them to .tmp/prof/<kind>.turns.json;
 * with both, `node test/bench/turnProfile.mjs .tmp/prof/task.cpuprofile .tmp/prof/task.turns.json` compares the
 * long turns' profile with the ordinary ones' (docs/performance.md 39.).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { identityRoutes, projectRoutes, tableRoutes, taskRoutes } from '@stramien/api';
import { startTestServer } from '@stramien/commands/testing/testServer';
import { createBenchUsers, createLoadGenerator, type LoopCaller } from './http';
import { startAllocationProfile, startCpuProfile } from './cpuProfile';
import { recordTurns, turnTable } from './eventLoopTurns';
import { mainThreadCpuMs, threadCpuMs, threadCpuSince } from './threadCpu';

const kind = process.argv[2] ?? 'user';
const ms = Number(process.argv[3] ?? 8_000);
/** `--clients=N`: fewer clients give smaller commit groups and projection batches, so CPU per command depends less
 * on how busy the machine is (for before/after pairs of per-request work) */
const clients = Number(process.argv.find((arg) => arg.startsWith('--clients='))?.slice('--clients='.length) ?? 50);

/** `--coalesce=MS`: the projections' STRAMIEN_PROJECTION_COALESCE_MS (default the config's) */
const coalesce = process.argv.find((arg) => arg.startsWith('--coalesce='))?.slice('--coalesce='.length);
const server = await startTestServer(coalesce === undefined ? {} : { STRAMIEN_PROJECTION_COALESCE_MS: coalesce });
const load = createLoadGenerator(server.url);
try {
  const users = await createBenchUsers(server, clients);
  let callers: LoopCaller[];
  if (kind === 'user') {
    callers = users.map((u) => ({
      method: 'PUT',
      path: `/api/user/${u.id}`,
      headers: { authorization: `Bearer ${u.token}` },
      bodies: [{ language: 'nl' }, { language: 'de' }],
    }));
  } else {
    const admin = server.api(await server.signIn({ email: 'admin@stramien.test', password: 'Admin#Pass123' }));
    const licenceId = (await admin.call(identityRoutes.currentUser)).licenses[0]!.id;
    const project = await admin.call(projectRoutes.create, {
      body: {
        license: licenceId,
        name: 'Prof',
        number: `P-${Date.now()}`,
        roles: [{ name: 'Crew', is_projectadmin: false, users: users.map((u) => u.id) }],
      },
    });
    if (kind === 'task') {
      callers = [];
      for (const u of users) {
        const created = await server.api(u.token).call(taskRoutes.create, {
          body: { project: project.data.id, title: 'Prof', priority: 'normal', assigned_to: u.id },
        });
        callers.push({
          method: 'PUT',
          path: `/api/tasks/${created.data.id}`,
          headers: { authorization: `Bearer ${u.token}` },
          bodies: [{ priority: 'high' }, { priority: 'low' }],
        });
      }
    } else {
      const adminToken = await server.signIn({ email: 'admin@stramien.test', password: 'Admin#Pass123' });
      const table = await admin.call(tableRoutes.createTable, { body: { project: project.data.id, name: 'Prof' } });
      const column = await admin.call(tableRoutes.createColumn, {
        body: { table: table.data.id, name: 'Text', type: 'text', position: 0 },
      });
      callers = [];
      for (let i = 0; i < clients; i++) {
        const created = await admin.call(tableRoutes.createRecord, {
          body: { project: project.data.id, table: table.data.id, values: { [column.data.id]: 'edit 0' } },
        });
        callers.push({
          method: 'PUT',
          path: `/api/record/${created.data.id}`,
          headers: { authorization: `Bearer ${adminToken}` },
          bodies: [{ values: { [column.data.id]: `edit ${i}.a` } }, { values: { [column.data.id]: `edit ${i}.b` } }],
        });
      }
    }
  }
  await load.run(callers, 2_000);
  const profile = process.argv.includes('--prof') ? await startCpuProfile() : null;
  const allocations = process.argv.includes('--alloc') ? await startAllocationProfile() : null;
  const cpu0 = mainThreadCpuMs();
  const threads0 = threadCpuMs();
  // how late a 1 ms timer runs: the longest turns of the event loop (a turn that parses many requests, a GC, a batch)
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const turns = process.argv.includes('--turns') ? recordTurns() : null;
  const run = await load.run(callers, ms);
  loop.disable();
  if (turns) {
    const recorded = turns.stop();
    for (const row of turnTable(recorded)) console.log(row);
    mkdirSync('.tmp/prof', { recursive: true });
    writeFileSync(`.tmp/prof/${kind}.turns.json`, JSON.stringify(recorded));
  }
  console.log(
    `loop delay ms: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} p95 ${(loop.percentile(95) / 1e6).toFixed(1)} p99 ${(loop.percentile(99) / 1e6).toFixed(1)} max ${(loop.max / 1e6).toFixed(1)}`,
  );
  const cpu = mainThreadCpuMs() - cpu0;
  // every thread's share (the load generator, the fsync and checkpoint threads too): what the command costs both cores
  const threads = threadCpuSince(threads0);
  const perCommand = (threadMs: number) => ((1000 * threadMs) / Math.max(1, run.latencies.length)).toFixed(0);
  console.log(
    `CPU µs/command by thread: ${threads.map((t) => `${t.name} ${perCommand(t.ms)}`).join(', ')}; all ${perCommand(threads.reduce((sum, t) => sum + t.ms, 0))}`,
  );
  await profile?.stop(`.tmp/prof/${kind}.cpuprofile`);
  await allocations?.stop(`.tmp/prof/${kind}.heapprofile`);
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);
  console.log(
    `${kind}: ${run.latencies.length} ok, ${run.failed} failed ${run.sample ?? ''}; ${Math.round(run.latencies.length / run.seconds)}/s, p50 ${p(0.5)} p95 ${p(0.95)} ms; main thread CPU ${((1000 * cpu) / run.latencies.length).toFixed(0)} µs/command (${Math.round((100 * cpu) / (run.seconds * 1000))} % of one core)`,
  );
  if (process.argv.includes('--hist')) {
    // the latencies' spread: a closed loop's mean is fixed by its throughput (Little's law), its p95 by the spread
    console.log(`percentiles ms: ${[10, 25, 50, 75, 90, 95, 99].map((q) => `p${q} ${p(q / 100)}`).join(' ')}`);
    const bins = new Map<number, number>();
    for (const latency of sorted) {
      const bin = Math.floor(latency / 2) * 2;
      bins.set(bin, (bins.get(bin) ?? 0) + 1);
    }
    for (const [from, n] of [...bins].sort((a, b) => a[0] - b[0]))
      console.log(`${String(from).padStart(3)}-${String(from + 2).padEnd(3)} ms ${'#'.repeat(Math.round((200 * n) / sorted.length))} ${n}`);
  }
} finally {
  await load.close();
  await server.close();
}
process.exit(0);
