import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { identityRoutes, labelRoutes, licenceRoutes, projectRoutes, taskRoutes, type CreateTaskBody, type Task } from '@stramien/api';
import { toTaskStreamId, type TaskEvent } from '@stramien/domain';
import { DEMO, startTestServer, type TestServer } from '../../testing/testServer';
import { createUser } from '../identity/accountTesting';
import { createTeamsWorld, failure, type TeamsWorld } from '../teams/testFixtures';

/**
 * The kit of the task API specs (taskRoutes and the part routes: appendixes, checks, import, labels, messages,
 * relations): a test server per spec file with a world of users, projects and tasks of known standing, and the checks
 * that a refused call appended nothing.
 */

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

/**
 * The world of the task part tests: the teams world (DEMO.user a member of `memberProjectId`, not of
 * `foreignProjectId`, a second licence) plus tasks DEMO.user may and may not see, made through the API.
 */
export interface TaskPartsWorld extends TeamsWorld {
  /** a new open task in the member project, created by the admin and assigned to DEMO.user */
  task(overrides?: Record<string, unknown>): Promise<Task>;
  /** private, created by and assigned to the admin, in the member project: DEMO.user gets 404 */
  privateTaskId: string;
  /** in a project of the licence DEMO.user is not a member of */
  foreignTaskId: string;
  /** in the other licence */
  otherLicenceTaskId: string;
  /** a licence-wide label of the demo licence, one of the member project, one of the foreign project, one of the other licence */
  labels: { licence: string; project: string; foreignProject: string; otherLicence: string };
  /** files in the blob store */
  blobCount(): number;
}

export const createTaskPartsWorld = async (server: TestServer): Promise<TaskPartsWorld> => {
  const w = await createTeamsWorld(server);
  const create = async (api: Api, projectId: string, assignee: string, overrides: Record<string, unknown> = {}) =>
    (
      await api.call(taskRoutes.create, {
        body: { title: `Task ${randomUUID().slice(0, 6)}`, priority: 'normal', project: projectId, assigned_to: assignee, ...overrides },
      })
    ).data;
  const label = async (licenceId: string, projectId: string | null) =>
    (
      await w.admin.call(labelRoutes.create, {
        body: {
          title: `L ${randomUUID().slice(0, 6)}`,
          color: '#336699',
          license: { id: licenceId },
          ...(projectId ? { project: { id: projectId } } : {}),
        },
      })
    ).data.id;
  const [privateTask, foreignTask, otherLicenceTask] = await Promise.all([
    create(w.admin, w.memberProjectId, w.adminId, { is_private: true }),
    create(w.admin, w.foreignProjectId, w.adminId),
    create(w.admin, w.otherLicenceProjectId, w.adminId, { license: w.otherLicenceId }),
  ]);
  const labels = {
    licence: await label(w.demoLicenceId, null),
    project: await label(w.demoLicenceId, w.memberProjectId),
    foreignProject: await label(w.demoLicenceId, w.foreignProjectId),
    otherLicence: await label(w.otherLicenceId, null),
  };
  const blobDir = join(server.dataDir, 'blobs');
  return {
    ...w,
    task: (overrides) => create(w.admin, w.memberProjectId, w.userId, overrides),
    privateTaskId: privateTask.id,
    foreignTaskId: foreignTask.id,
    otherLicenceTaskId: otherLicenceTask.id,
    labels,
    blobCount: () => {
      let count = 0;
      let shards: string[] = [];
      try {
        shards = readdirSync(blobDir).filter((d) => d !== '.tmp');
      } catch {
        return 0;
      }
      for (const shard of shards) count += readdirSync(join(blobDir, shard)).filter((f) => !f.endsWith('.json')).length;
      return count;
    },
  };
};

/** Tasks DEMO.user may not see: every part call on them answers 404 'Task not found.'. */
export const UNSEEN_TASKS = [
  'a private task of others',
  'a task of a project the user is not in',
  'a task of another licence',
  'an unknown task',
] as const;
export const unseenTaskId = (w: TaskPartsWorld, which: (typeof UNSEEN_TASKS)[number]): string =>
  ({
    'a private task of others': w.privateTaskId,
    'a task of a project the user is not in': w.foreignTaskId,
    'a task of another licence': w.otherLicenceTaskId,
    'an unknown task': randomUUID(),
  })[which];

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

/** What every kit world adds: its server, and checks that refused calls left the event log as it was. */
export interface Suite {
  server: TestServer;
  /** the event store's head, to show a refused call appended nothing */
  head(): Promise<number>;
  /** runs `calls` and expects the event store's head unchanged after them */
  appendsNothing(calls: () => Promise<void>): Promise<void>;
  /** a failing call (its status, message and errors, as `failure`) that must append nothing */
  refused(call: () => Promise<unknown>): ReturnType<typeof failure>;
}

/**
 * Registers beforeAll/afterAll for a spec file: a fresh test server and the world `create` builds on it. The object
 * answered is filled in by beforeAll, so tests read `w.user`, `w.server` … as soon as they run.
 */
const suite = <W extends object>(create: (server: TestServer) => Promise<W>): W & Suite => {
  const w = {} as W & Suite;
  beforeAll(async () => {
    const server = await startTestServer();
    const head = () => server.adapters.eventStore.headPosition();
    const appendsNothing = async (calls: () => Promise<void>) => {
      const before = await head();
      await calls();
      expect(await head()).toBe(before);
    };
    const refused = async (call: () => Promise<unknown>) => {
      const before = await head();
      const answer = await failure(call());
      expect(await head()).toBe(before);
      return answer;
    };
    Object.assign(w, { server, head, appendsNothing, refused });
    Object.assign(w, await create(server));
  }, 60_000);
  afterAll(async () => {
    await w.server?.close();
  });
  return w;
};

/** The tasks world of taskRoutes.int.spec.ts on its own server. */
export const tasksSuite = (): TasksWorld & Suite => suite(createTasksWorld);
/** The task parts world of the part specs on its own server. */
export const taskPartsSuite = (): TaskPartsWorld & Suite => suite(createTaskPartsWorld);
