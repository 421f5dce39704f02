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
