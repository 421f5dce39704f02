import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyNotificationId, toJobId, toSessionStreamId, workflowTaskId } from '@stramien/domain';
import { createNotifier } from './notifier';
import { startNotificationPath, type NotificationPath } from '../testing/notificationPath';
import { NOTIFICATIONS_COLLECTION, type NotificationDoc } from './notificationDoc';

/** Workflow notifications through the real path: event log -> forwarder -> NATS JetStream -> notifier (docs/workflows.md). */
let path: NotificationPath;
const ASSIGNEE = 'assignee';

beforeAll(async () => {
  path = await startNotificationPath('workflow');
});
afterAll(() => path?.stop());

const ids = (sessionId: string) => ({ sessionId, projectId: 'p1', jobId: toJobId(sessionId, 'n1'), nodeId: 'n1' });

describe('the notifier', () => {
  describe('when a workflow job is given to a user', () => {
    it('notifies the assignee with the job and session names and ids, and pushes it', async () => {
      const notifier = createNotifier({ bus: await path.bus('notifier-wf-a'), documentStore: path.documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const eventId = await path.append(toSessionStreamId(sessionId), 'SessionJobAssigned', {
        ...ids(sessionId),
        userId: ASSIGNEE,
        previousUserId: null,
        assignment: 1,
        sessionName: 'Block A',
        jobName: 'Inspect',
      });
      await expect.poll(async () => (await path.notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(1);
      expect((await path.notificationsOf(eventId))[0]).toMatchObject({
        recipientId: ASSIGNEE,
        type: 'workflow_job_assigned',
        readAt: null,
        data: {
          message: 'You have been given the job Inspect of the session Block A',
          messageKey: 'notifications.workflowJobAssigned',
          messageValues: { job: 'Inspect', session: 'Block A' },
          ...ids(sessionId),
          taskId: workflowTaskId(ids(sessionId).jobId, 1),
          sessionName: 'Block A',
          jobName: 'Inspect',
        },
      });
      await expect.poll(() => path.pushes.filter((p) => p.notification.id.startsWith(eventId)).map((p) => p.userId)).toEqual([ASSIGNEE]);
      await notifier.stop();
    });

    it('does not notify a user who took the job themselves', async () => {
      const notifier = createNotifier({ bus: await path.bus('notifier-wf-b'), documentStore: path.documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const self = await path.append(
        toSessionStreamId(sessionId),
        'SessionJobAssigned',
        { ...ids(sessionId), userId: ASSIGNEE, previousUserId: null, assignment: 1, sessionName: 'S', jobName: 'J' },
        ASSIGNEE,
      );
      // a later event of the same kind is handled after it: when its notification is there, the first one was handled
      const other = await path.append(toSessionStreamId(sessionId), 'SessionJobAssigned', {
        ...ids(sessionId),
        userId: 'someone',
        previousUserId: ASSIGNEE,
        assignment: 2,
        sessionName: 'S',
        jobName: 'J',
      });
      await expect.poll(async () => (await path.notificationsOf(other)).length, { timeout: 10_000 }).toBe(1);
      expect(await path.notificationsOf(self)).toEqual([]);
      await notifier.stop();
    });
  });

  describe('when a job given to a user while it waited opens', () => {
    it('tells the assignee it is ready, with the names and ids, and pushes it; not a job without assignee', async () => {
      const notifier = createNotifier({ bus: await path.bus('notifier-wf-d'), documentStore: path.documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const bare = await path.append(toSessionStreamId(sessionId), 'SessionJobOpened', ids(sessionId));
      const eventId = await path.append(toSessionStreamId(sessionId), 'SessionJobOpened', {
        ...ids(sessionId),
        assignee: ASSIGNEE,
        assignment: 1,
        sessionName: 'Block A',
        jobName: 'Inspect',
      });
      await expect.poll(async () => (await path.notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(1);
      expect((await path.notificationsOf(eventId))[0]).toMatchObject({
        recipientId: ASSIGNEE,
        type: 'workflow_job_opened',
        readAt: null,
        data: {
          message: 'The job Inspect of the session Block A is ready for you',
          messageKey: 'notifications.workflowJobOpened',
          messageValues: { job: 'Inspect', session: 'Block A' },
          ...ids(sessionId),
          taskId: workflowTaskId(ids(sessionId).jobId, 1),
        },
      });
      await expect.poll(() => path.pushes.filter((p) => p.notification.id.startsWith(eventId)).map((p) => p.userId)).toEqual([ASSIGNEE]);
      // the bare one came first on the same consumer: handled, and made nothing
      expect(await path.notificationsOf(bare)).toEqual([]);
      await notifier.stop();
    });

    it('does not tell an assignee who opened it themselves (finished the job before it)', async () => {
      const notifier = createNotifier({ bus: await path.bus('notifier-wf-e'), documentStore: path.documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const opened = { ...ids(sessionId), assignee: ASSIGNEE, assignment: 1, sessionName: 'S', jobName: 'J' };
      const self = await path.append(toSessionStreamId(sessionId), 'SessionJobOpened', opened, ASSIGNEE);
      const other = await path.append(toSessionStreamId(sessionId), 'SessionJobOpened', opened);
      await expect.poll(async () => (await path.notificationsOf(other)).length, { timeout: 10_000 }).toBe(1);
      expect(await path.notificationsOf(self)).toEqual([]);
      await notifier.stop();
    });
  });

  describe("when a notify action's job finishes", () => {
    it('notifies each recipient once with the rendered message, by an id derived from the job id', async () => {
      const notifier = createNotifier({ bus: await path.bus('notifier-wf-c'), documentStore: path.documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const { jobId } = ids(sessionId);
      const finished = {
        ...ids(sessionId),
        values: {},
        result: { notify: { to: [ASSIGNEE, 'u2', ASSIGNEE], message: 'Block A is ready' } },
      };
      await path.append(toSessionStreamId(sessionId), 'SessionJobFinished', finished, 'system');
      // the same finish again (a manager that repeated it): still one notification each
      await path.append(toSessionStreamId(sessionId), 'SessionJobFinished', finished, 'system');
      const notifications = path.documentStore.collection<NotificationDoc>(NOTIFICATIONS_COLLECTION);
      const wanted = [notifyNotificationId(jobId, ASSIGNEE), notifyNotificationId(jobId, 'u2')];
      await expect.poll(async () => (await notifications.find({ _id: { $in: wanted } })).length, { timeout: 10_000 }).toBe(2);
      expect(await notifications.findOne({ _id: wanted[0]! })).toMatchObject({
        recipientId: ASSIGNEE,
        type: 'default',
        data: { message: 'Block A is ready', status: 'info', sessionId, jobId },
      });
      await expect.poll(() => path.pushes.filter((p) => wanted.includes(p.notification.id)).length).toBe(2);
      expect(path.pushes.filter((p) => wanted.includes(p.notification.id))).toHaveLength(2);
      await notifier.stop();
    });
  });
});
