import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Session } from 'node:inspector/promises';

export interface RunningProfile {
  /** ends the profile and writes it to `file` */
  stop(file: string): Promise<void>;
}

/** An inspector profile of this thread from now on: `start` begins it, `stop` answers it (the profile as JSON). */
const startProfile = async (
  start: (session: Session) => Promise<unknown>,
  stop: (session: Session) => Promise<{ profile: unknown }>,
): Promise<RunningProfile> => {
  const session = new Session();
  session.connect();
  await start(session);
  return {
    async stop(file) {
      const { profile } = await stop(session);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
};

/** A CPU profile of this thread from now on; `stop` writes it (a .cpuprofile for cpuprofileTop.mjs or DevTools). */
export const startCpuProfile = (): Promise<RunningProfile> =>
  startProfile(
    async (session) => {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    },
    (session) => session.post('Profiler.stop'),
  );

/**
 * A sampling profile of what this thread allocates from now on, the objects the GC already took included (so it
 * shows what makes the young generation fill, not what stays alive); `stop` writes it as a .heapprofile (DevTools,
 * or `node test/bench/heapprofileTop.mjs`). One sample per `intervalBytes` allocated on average.
 */
export const startAllocationProfile = (intervalBytes = 16_384): Promise<RunningProfile> =>
  startProfile(
    async (session) => {
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: intervalBytes,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    },
    (session) => session.post('HeapProfiler.stopSampling'),
  );
