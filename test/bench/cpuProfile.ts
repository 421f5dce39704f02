import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Session } from 'node:inspector/promises';

/** A CPU profile of this thread from now on; `stop` writes it (a .cpuprofile for cpuprofileTop.mjs or DevTools). */
export const startCpuProfile = async (): Promise<{ stop(file: string): Promise<void> }> => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
};

/**
 * A sampling profile of what this thread allocates from now on, the objects the GC already took included (so it
 * shows what makes the young generation fill, not what stays alive); `stop` writes it as a .heapprofile (DevTools,
 * or `node test/bench/heapprofileTop.mjs`). One sample per `intervalBytes` allocated on average.
 */
export const startAllocationProfile = async (intervalBytes = 16_384): Promise<{ stop(file: string): Promise<void> }> => {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: intervalBytes,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop(file) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
};
