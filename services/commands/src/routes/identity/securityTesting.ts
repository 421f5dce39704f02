import { randomUUID } from 'node:crypto';
import { authenticator } from 'otplib';
import { toUserStreamId, type EventMetadata } from '@stramien/domain';
import { createPasswordHasher, newEventId } from '@stramien/infra';
import type { TestServer } from '../../testing/testServer';

/** scrypt with a small cost: users made by the security tests sign in quickly (a hash names its own parameters) */
const quickHasher = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

export interface TestUser {
  userId: string;
  email: string;
  password: string;
}

/** Appends events to a stream at its current revision, as the pipeline would, and waits for the read models. */
export const appendEvents = async (
  server: TestServer,
  streamId: string,
  events: Array<{ type: string; data: unknown }>,
  metadata: Partial<EventMetadata> = {},
): Promise<number> => {
  const last = (await server.adapters.eventStore.readStream(streamId)).at(-1);
  const meta: EventMetadata = {
    userId: 'system',
    licenceId: '',
    correlationId: randomUUID(),
    causationId: 'test',
    occurredAt: new Date().toISOString(),
    ...metadata,
  };
  const { position } = await server.adapters.eventStore.append(
    streamId,
    events.map((e) => ({ id: newEventId(), type: e.type, data: e.data, metadata: meta })),
    last ? last.revision : 'no_stream',
  );
  await server.projections.runner.waitForPosition(position, 5000);
  return position;
};

/** A user of its own for a test (so its limiter and two-factor state touch no other test). */
export const createTestUser = async (server: TestServer, name: string, licenceId?: string): Promise<TestUser> => {
  const userId = randomUUID();
  const email = `${name}-${userId.slice(0, 8)}@security.test`;
  const password = `Pass#${userId.slice(0, 8)}A1`;
  await appendEvents(server, toUserStreamId(userId), [
    {
      type: 'UserRegistered',
      data: {
        userId,
        email,
        firstname: 'Sec',
        lastname: name,
        language: 'en',
        passwordHash: await quickHasher.hash(password),
        isSystemAdmin: false,
      },
    },
    ...(licenceId ? [{ type: 'UserAddedToLicence', data: { userId, licenceId, isAdmin: false } }] : []),
  ]);
  return { userId, email, password };
};

/** POST /oauth/token with raw fetch, so the status and body of failures can be read. */
export const requestToken = (server: { url: string }, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ grant_type: 'password', client_id: 'stramien-web', client_secret: 'stramien-web', ...body }),
  });

export const STEP_MS = 30_000;

/**
 * Codes for a test: each one of a TOTP time step after the previous one (a step can be used once), inside the window
 * the server accepts (one step before and after now). Waits for the next step only when that window is used up.
 */
export const codeSource = (secret: string) => {
  let last = -1;
  return async (): Promise<string> => {
    for (;;) {
      const now = Date.now();
      const current = Math.floor(now / STEP_MS);
      // close to a step boundary the previous step may expire on its way to the server
      const lowest = STEP_MS - (now % STEP_MS) > 2000 ? current - 1 : current;
      const step = Math.max(last + 1, lowest);
      if (step <= current + 1) {
        last = step;
        return authenticator.clone({ epoch: step * STEP_MS + 1000 }).generate(secret);
      }
      await new Promise((r) => setTimeout(r, STEP_MS - (now % STEP_MS) + 100));
    }
  };
};

/** A code certainly not valid now: of a step far away. */
export const staleCode = (secret: string): string => authenticator.clone({ epoch: Date.now() - 10 * STEP_MS }).generate(secret);
