import { expect } from 'vitest';
import { jobRoutes, type Download } from '@stramien/api';
import { failure } from '../routes/teams/testFixtures';
import type { TestServer } from './testServer';

type Api = ReturnType<TestServer['api']>;

/** The call fails with `status` (and `message`, when given) and appends nothing: bad input never writes an event. */
export const expectRefused = async (
  server: Pick<TestServer, 'adapters'>,
  call: () => Promise<unknown>,
  status: number,
  message?: string,
): ReturnType<typeof failure> => {
  const before = await server.adapters.eventStore.headPosition();
  const answer = await failure(call());
  expect(answer.status).toBe(status);
  if (message !== undefined) expect(answer.message).toBe(message);
  expect(await server.adapters.eventStore.headPosition()).toBe(before);
  return answer;
};

/** A background job's download once it has ended (finished, failed or canceled), polled every 50 ms for up to 30 s. */
export const jobEnded = async (api: Api, jobId: string): Promise<Download> => {
  for (let i = 0; i < 600; i++) {
    const { data } = await api.call(jobRoutes.get, { params: { jobId } });
    if (data.state !== 'requested' && data.state !== 'running') return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not end`);
};
