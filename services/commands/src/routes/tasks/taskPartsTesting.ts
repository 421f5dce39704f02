import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { labelRoutes, taskRoutes, type Task } from '@stramien/api';
import type { TestServer } from '../../testing/testServer';
import { createTeamsWorld, type TeamsWorld } from '../teams/testFixtures';

type Api = TeamsWorld['admin'];

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
  /** the event store's head, to show a refused call appended nothing */
  head(): Promise<number>;
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
    head: () => server.adapters.eventStore.headPosition(),
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
