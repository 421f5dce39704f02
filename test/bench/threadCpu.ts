import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time by thread of this process (Linux: /proc/self/task/<tid>/stat, utime + stime in clock ticks of 10 ms), for
 * benches of work spread over worker threads: the process's total (process.cpuUsage) says what the work costs, the
 * busiest thread what bounds its wall-clock time on an idle machine.
 */
/** a thread's name and user + system CPU time in ms */
const threadStat = (tid: string | number): { name: string; ms: number } => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(') ')), ms: (Number(fields[11]) + Number(fields[12])) * 10 };
};

/** the main thread's user + system CPU time in ms (meaningful on a busy machine, where wall-clock figures are not) */
export const mainThreadCpuMs = (): number => threadStat(process.pid).ms;

export const threadCpuMs = (): Map<string, { name: string; ms: number }> => {
  const threads = new Map<string, { name: string; ms: number }>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      threads.set(tid, threadStat(tid));
    } catch {
      // the thread ended meanwhile
    }
  }
  return threads;
};

/** the CPU time each thread spent since `before` (threads that spent at least `minMs`), the main thread first */
export const threadCpuSince = (
  before: Map<string, { name: string; ms: number }>,
  minMs = 20,
): { tid: string; name: string; ms: number }[] =>
  [...threadCpuMs()]
    .map(([tid, { name, ms }]) => ({ tid, name, ms: ms - (before.get(tid)?.ms ?? 0) }))
    .filter((t) => t.ms >= minMs || t.tid === String(process.pid))
    .sort((a, b) => (a.tid === String(process.pid) ? -1 : b.tid === String(process.pid) ? 1 : b.ms - a.ms));
