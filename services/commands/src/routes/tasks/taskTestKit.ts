import { randomUUID } from 'node:crypto';
import { identityRoutes, licenceRoutes, projectRoutes, taskRoutes, type CreateTaskBody } from '@stramien/api';
import { toTaskStreamId, type TaskEvent } from '@stramien/domain';
import { DEMO, type TestServer } from '../../testing/testServer';
import { createUser } from '../identity/accountTesting';

type Api = ReturnType<TestServer['api']>;

/**
 * Signed-in users with known standings for the task routes: `user` (DEMO.user) and `colleague` are members of
 * `projectId`; `admin` is a system admin; `outsider` is a user of the demo licence outside the project; a project
 * the user cannot see (`foreignProjectId`) and one in another licence (`otherLicenceProjectId`).
 */
export interface TasksWorld {
  admin: Api;
  user: Api;
  colleague: Api;
  outsider: Api;
  adminId: string;
  userId: string;
  colleagueId: string;
  outsiderId: string;
  licenceId: string;
  otherLicenceId: string;
  projectId: string;
  foreignProjectId: string;
  otherLicenceProjectId: string;
}

export const createTasksWorld = async (server: TestServer): Promise<TasksWorld> => {
  const adminToken = await server.signIn(DEMO.admin);
  const admin = server.api(adminToken);
  const user = server.api(await server.signIn(DEMO.user));
  const [adminMe, userMe] = await Promise.all([admin.call(identityRoutes.currentUser), user.call(identityRoutes.currentUser)]);
  const licenceId = userMe.licenses[0]!.id;
  const otherLicenceId = (await admin.call(licenceRoutes.create, { body: { name: `Other ${randomUUID().slice(0, 8)}` } })).data.id;
  const [colleague, outsider] = await Promise.all([
    createUser(server, adminToken, licenceId, { label: 'colleague' }),
    createUser(server, adminToken, licenceId, { label: 'outsider' }),
  ]);
  const project = async (licence: string, users: string[]) => {
    const suffix = randomUUID().slice(0, 8);
    const created = await admin.call(projectRoutes.create, {
      body: { license: licence, name: `Tasks ${suffix}`, number: suffix, roles: [{ name: 'Crew', is_projectadmin: false, users }] },
    });
    return created.data.id;
  };
  return {
    admin,
    user,
    colleague: server.api(colleague.token),
    outsider: server.api(outsider.token),
    adminId: adminMe.id,
    userId: userMe.id,
    colleagueId: colleague.id,
    outsiderId: outsider.id,
    licenceId,
    otherLicenceId,
    projectId: await project(licenceId, [userMe.id, colleague.id]),
    foreignProjectId: await project(licenceId, []),
    otherLicenceProjectId: await project(otherLicenceId, []),
  };
};

/** A valid create-task body in the world's project, assigned to the user. */
export const newTask = (w: TasksWorld, over: Partial<CreateTaskBody> = {}): CreateTaskBody => ({
  project: w.projectId,
  title: `Task ${randomUUID().slice(0, 6)}`,
  priority: 'normal',
  assigned_to: w.userId,
  ...over,
});

export const createTask = async (api: Api, body: CreateTaskBody) => (await api.call(taskRoutes.create, { body })).data;

/** Appends task events straight to a task's stream (for parts whose routes live elsewhere) and waits for the read model. */
export const appendTaskEvents = async (server: TestServer, taskId: string, events: TaskEvent[], userId: string, licenceId: string) => {
  const metadata = { userId, licenceId, correlationId: 'test', causationId: 'test', occurredAt: new Date().toISOString() };
  const { position } = await server.adapters.eventStore.append(
    toTaskStreamId(taskId),
    events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
    'any',
  );
  await server.projections.runner.waitForPosition(position, 5000);
};
