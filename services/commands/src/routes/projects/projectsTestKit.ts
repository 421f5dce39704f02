import { randomUUID } from 'node:crypto';
import { ApiError, identityRoutes, type ApiClient } from '@stramien/api';
import { toUserStreamId, userDecider, userSchemas, type Actor } from '@stramien/domain';
import { createPasswordHasher } from '@stramien/infra';
import { createCommandPipeline } from '../../pipeline/commandPipeline';
import { createLicence } from '../licences/createLicence';
import type { TestServer } from '../../testing/testServer';

/** Test fixtures for the projects and licences API tests: users and licences appended through the real pipeline. */
export const createProjectsTestKit = (server: TestServer) => {
  const pipeline = createCommandPipeline({ eventStore: server.adapters.eventStore });
  const system: Actor = { userId: 'system', licenceId: 'system', isSystemAdmin: true };
  const context = () => ({ actor: system, correlationId: randomUUID(), causationId: 'test' });
  const now = () => new Date().toISOString();
  const settle = (position: number) => server.projections.runner.waitForPosition(position, 5000);
  let passwordHash: Promise<string> | null = null;
  const PASSWORD = 'Kit#Pass1234';

  return {
    /** a licence created as the demo seed does, with its standard modules */
    async createLicence(name: string): Promise<string> {
      const licenceId = randomUUID();
      const position = await createLicence(pipeline, { licenceId, name, themePrimary: null }, context(), now());
      await settle(position);
      return licenceId;
    },
    /** a user in the given licences (id -> admin flag); answers its id and a token */
    async createUser(firstname: string, licences: Record<string, boolean>): Promise<{ id: string; email: string; token: string }> {
      const userId = randomUUID();
      const email = `${firstname.toLowerCase()}-${userId.slice(0, 8)}@kit.stramien.test`;
      passwordHash ??= createPasswordHasher().hash(PASSWORD);
      let result = await pipeline({
        decider: userDecider,
        schemas: userSchemas,
        streamId: toUserStreamId(userId),
        command: {
          type: 'RegisterUser',
          data: { userId, email, firstname, lastname: 'Kit', language: 'en', passwordHash: await passwordHash, isSystemAdmin: false },
          metadata: { actor: system, now: now() },
        },
        context: context(),
      });
      for (const [licenceId, isAdmin] of Object.entries(licences)) {
        result = await pipeline({
          decider: userDecider,
          schemas: userSchemas,
          streamId: toUserStreamId(userId),
          command: { type: 'AddUserToLicence', data: { licenceId, isAdmin }, metadata: { actor: system, now: now() } },
          context: context(),
        });
      }
      await settle(result.position);
      return { id: userId, email, token: await server.signIn({ email, password: PASSWORD }) };
    },
    async me(token: string) {
      return server.api(token).call(identityRoutes.currentUser);
    },
    settle,
  };
};

/** The ApiError of a call that must fail. */
export const failure = async (call: Promise<unknown>): Promise<ApiError> => {
  try {
    await call;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('the call succeeded');
};

export type Api = ApiClient;
