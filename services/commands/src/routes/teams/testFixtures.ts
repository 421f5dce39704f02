import { randomUUID } from 'node:crypto';
import { identityRoutes, licenceRoutes, projectRoutes } from '@stramien/api';
import { toUserStreamId } from '@stramien/domain';
import { DEMO, type TestServer } from '../../testing/testServer';

type Api = ReturnType<TestServer['api']>;

/** The two demo accounts signed in once, a second licence, and projects with known standings for DEMO.user. */
export interface TeamsWorld {
  admin: Api;
  user: Api;
  adminId: string;
  userId: string;
  demoLicenceId: string;
  otherLicenceId: string;
  /** DEMO.user is project admin (not licence admin) */
  adminProjectId: string;
  /** DEMO.user is a member with an ordinary role */
  memberProjectId: string;
  /** DEMO.user is not a member */
  foreignProjectId: string;
  /** in the other licence */
  otherLicenceProjectId: string;
  /** a user who belongs only to the other licence */
  outsiderId: string;
}

/**
 * A user of another licence, appended straight to the event log (it never signs in): the account routes are
 * not what these tests are about.
 */
export const registerOutsider = async (server: TestServer, licenceId: string): Promise<string> => {
  const userId = randomUUID();
  const metadata = { userId: 'test', licenceId, correlationId: 'test', causationId: 'test', occurredAt: new Date().toISOString() };
  const { position } = await server.adapters.eventStore.append(
    toUserStreamId(userId),
    [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId,
          email: `outsider-${userId}@example.com`,
          firstname: 'Otto',
          lastname: 'Outsider',
          language: 'en',
          passwordHash: 'not-a-hash',
          isSystemAdmin: false,
        },
        metadata,
      },
      { id: randomUUID(), type: 'UserAddedToLicence', data: { userId, licenceId, isAdmin: true }, metadata },
    ],
    'no_stream',
  );
  await server.projections.runner.waitForPosition(position, 5000);
  return userId;
};

export const createTeamsWorld = async (server: TestServer): Promise<TeamsWorld> => {
  const admin = server.api(await server.signIn(DEMO.admin));
  const user = server.api(await server.signIn(DEMO.user));
  const [adminMe, userMe] = await Promise.all([admin.call(identityRoutes.currentUser), user.call(identityRoutes.currentUser)]);
  const demoLicenceId = userMe.licenses[0]!.id;
  const other = await admin.call(licenceRoutes.create, { body: { name: `Other ${randomUUID().slice(0, 8)}` } });
  const otherLicenceId = other.data.id;
  const project = async (licence: string, roles: { name: string; is_projectadmin?: boolean; users?: string[] }[]) => {
    const suffix = randomUUID().slice(0, 8);
    const created = await admin.call(projectRoutes.create, {
      body: { license: licence, name: `Project ${suffix}`, number: suffix, modules: ['build-order', 'gis-viewer'], roles },
    });
    return created.data.id;
  };
  const adminProjectId = await project(demoLicenceId, [{ name: 'Lead', is_projectadmin: true, users: [userMe.id] }]);
  const memberProjectId = await project(demoLicenceId, [{ name: 'Contributor', is_projectadmin: false, users: [userMe.id] }]);
  const foreignProjectId = await project(demoLicenceId, []);
  const otherLicenceProjectId = await project(otherLicenceId, []);
  const outsiderId = await registerOutsider(server, otherLicenceId);
  return {
    admin,
    user,
    adminId: adminMe.id,
    userId: userMe.id,
    demoLicenceId,
    otherLicenceId,
    adminProjectId,
    memberProjectId,
    foreignProjectId,
    otherLicenceProjectId,
    outsiderId,
  };
};

/** Runs a call expected to fail and answers its status and message. */
export const failure = async (call: Promise<unknown>): Promise<{ status: number; message: string; errors?: Record<string, string[]> }> => {
  try {
    await call;
  } catch (error) {
    const e = error as { status: number; message: string; errors?: Record<string, string[]> };
    return { status: e.status, message: e.message, ...(e.errors ? { errors: e.errors } : {}) };
  }
  throw new Error('Expected the call to fail, but it succeeded');
};
