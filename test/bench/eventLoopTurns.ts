import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

/** One turn of the event loop, from one check phase to the next (a `setImmediate` chain). */
export interface Turn {
  /** start and end on the monotonic clock, µs (a .cpuprofile's clock) */
  from: number;
  to: number;
  /** start, performance.now() */
  startedAt: number;
  /** wall-clock ms */
  wall: number;
  /** ms the main thread ran, and waited on the kernel's run queue (/proc/<pid>/task/<pid>/schedstat) */
  ran: number;
  queued: number;
  /** ms of GC that began in the turn */
  gc: number;
  /** HTTP requests whose headers were read in it */
  requests: number;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);
/** the main thread's time on the CPU and on the run queue, in ns */
const schedstat = (): [number, number] => {
  const [ran, queued] = readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
  return [ran!, queued!];
};

/**
 * Records every turn of the main thread's event loop until `stop`: how long it took, whether the thread ran or waited
 * for a core meanwhile, its GC and the requests read in it (docs/performance.md 39.). A probe for profiling runs: the
 * schedstat read costs a few µs a turn.
 */
export const recordTurns = (): { stop(): Turn[] } => {
  const turns: Turn[] = [];
  const gcs: Array<{ at: number; ms: number }> = [];
  let requests = 0;
  const onRequest = () => requests++;
  subscribe('http.server.request.start', onRequest);
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcs.push({ at: entry.startTime, ms: entry.duration });
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  let recording = true;
  let last = { at: performance.now(), us: nowUs(), sched: schedstat() };
  const turn = () => {
    const next = { at: performance.now(), us: nowUs(), sched: schedstat() };
    turns.push({
      from: last.us,
      to: next.us,
      wall: next.at - last.at,
      ran: (next.sched[0] - last.sched[0]) / 1e6,
      queued: (next.sched[1] - last.sched[1]) / 1e6,
      startedAt: last.at,
      gc: 0,
      requests,
    });
    requests = 0;
    last = next;
    if (recording) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stop() {
      recording = false;
      unsubscribe('http.server.request.start', onRequest);
      gcObserver.disconnect();
      let g = 0;
      for (const t of turns) {
        while (g < gcs.length && gcs[g]!.at < t.startedAt) g++;
        for (let i = g; i < gcs.length && gcs[i]!.at < t.startedAt + t.wall; i++) t.gc += gcs[i]!.ms;
      }
      return turns;
    },
  };
};

/** the turns by length: how many, and what an average one of each length held */
export const turnTable = (turns: Turn[]): string[] => {
  const total = turns.reduce((sum, t) => sum + t.wall, 0);
  const rows = ['turns (ms)   count  wall   ran  queued    gc  requests  share of time'];
  for (const [lo, hi] of [
    [0, 5],
    [5, 10],
    [10, 15],
    [15, 20],
    [20, 30],
    [30, 50],
    [50, Infinity],
  ] as const) {
    const these = turns.filter((t) => t.wall >= lo && t.wall < hi);
    const mean = (of: (t: Turn) => number) => (these.reduce((sum, t) => sum + of(t), 0) / (these.length || 1)).toFixed(1);
    const share = (100 * these.reduce((sum, t) => sum + t.wall, 0)) / total;
    rows.push(
      `${`${lo}-${hi === Infinity ? '' : hi}`.padEnd(10)} ${String(these.length).padStart(7)} ${mean((t) => t.wall).padStart(5)} ${mean((t) => t.ran).padStart(5)} ${mean((t) => t.queued).padStart(7)} ${mean((t) => t.gc).padStart(5)} ${mean((t) => t.requests).padStart(9)} ${share.toFixed(0).padStart(10)} %`,
    );
  }
  return rows;
};
