import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJobStreamId, toTaskStreamId } from '@stramien/domain';
import { createNotifier } from './notifier';
import { startNotificationPath, type NotificationPath } from '../testing/notificationPath';

/** Task, download and failed-job notifications through the real path: event log -> forwarder -> NATS JetStream -> notifier. */
let path: NotificationPath;
const CREATOR = 'creator';
const ASSIGNEE = 'assignee';
const CHANGER = 'changer';

beforeAll(async () => {
  path = await startNotificationPath('task');
});
afterAll(() => path?.stop());

describe('the notifier', () => {
  describe('when a task is reassigned by a third user', () => {
    it('notifies the new assignee and the creator with taskId and taskTitle, not the user who changed it, and pushes both', async () => {
      const notifier = createNotifier({ bus: await path.bus('notifier-a'), documentStore: path.documentStore });
      await notifier.start();
      const taskId = randomUUID();
      const eventId = await path.append(toTaskStreamId(taskId), 'TaskAssigned', {
        taskId,
        assignedTo: ASSIGNEE,
        previousAssignee: CHANGER,
        title: 'Pour the foundation',
        createdBy: CREATOR,
      });
      await expect.poll(async () => (await path.notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(2);
      const docs = await path.notificationsOf(eventId);
      expect(docs.map((d) => d.recipientId)).toEqual([ASSIGNEE, CREATOR]);
      for (const d of docs)
        expect(d).toMatchObject({ type: 'task', readAt: null, data: { taskId, taskTitle: 'Pour the foundation', change: 'assigned_to' } });
      await expect
        .poll(() =>
          path.pushes
            .filter((p) => p.notification.id.startsWith(eventId))
            .map((p) => p.userId)
            .sort(),
        )
        .toEqual([ASSIGNEE, CREATOR]);
      await notifier.stop();
    });
  });

  describe('when the creator closes their own task', () => {
    it('notifies only the assignee', async () => {
      const notifier = createNotifier({ bus: await path.bus('notifier-b'), documentStore: path.documentStore });
      await notifier.start();
      const taskId = randomUUID();
      const eventId = await path.append(
        toTaskStreamId(taskId),
        'TaskClosed',
        { taskId, title: 'Order bricks', createdBy: CREATOR, assignedTo: ASSIGNEE },
        CREATOR,
      );
      await expect
        .poll(async () => (await path.notificationsOf(eventId)).map((d) => d.recipientId), { timeout: 10_000 })
        .toEqual([ASSIGNEE]);
      expect((await path.notificationsOf(eventId))[0]!.data).toMatchObject({ change: 'status', status: 'closed' });
      await notifier.stop();
    });
  });

  describe('when a job fails', () => {
    it("notifies its owner 'Your export could not be made. Please try again.' and pushes it", async () => {
      const notifier = createNotifier({ bus: await path.bus('notifier-e'), documentStore: path.documentStore });
      await notifier.start();
      const jobId = randomUUID();
      const eventId = await path.append(
        toJobStreamId(jobId),
        'JobFailed',
        { jobId, ownerId: CREATOR, reason: 'This job could not be completed. Please try again.', failedAt: new Date().toISOString() },
        'system',
      );
      await expect.poll(async () => (await path.notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(1);
      expect((await path.notificationsOf(eventId))[0]).toMatchObject({
        recipientId: CREATOR,
        type: 'default',
        readAt: null,
        data: { message: 'Your export could not be made. Please try again.', messageKey: 'jobs.failedNotice', status: 'error' },
      });
      await expect.poll(() => path.pushes.filter((p) => p.notification.id.startsWith(eventId)).map((p) => p.userId)).toEqual([CREATOR]);
      await notifier.stop();
    });
  });

  describe('when it was stopped while a due date changed and a job finished', () => {
    it('stores and pushes both notifications once it is back', async () => {
      const first = createNotifier({ bus: await path.bus('notifier-c'), documentStore: path.documentStore });
      await first.start();
      await first.stop();
      const taskId = randomUUID();
      const jobId = randomUUID();
      const rescheduled = await path.append(toTaskStreamId(taskId), 'TaskRescheduled', {
        taskId,
        plannedStart: null,
        plannedEnd: null,
        due: '2026-12-01',
        previousDue: '2026-11-30',
        title: 'Inspect the roof',
        createdBy: CREATOR,
        assignedTo: ASSIGNEE,
      });
      const finished = await path.append(
        toJobStreamId(jobId),
        'JobFinished',
        {
          jobId,
          ownerId: CREATOR,
          download: { blobId: 'b', filename: 'tasks.csv', size: 10, contentType: 'text/csv' },
          finishedAt: new Date().toISOString(),
        },
        CREATOR,
      );
      await expect.poll(() => path.forwarder.position(), { timeout: 10_000 }).toBe(await path.eventStore.headPosition());
      expect(await path.notificationsOf(rescheduled)).toEqual([]);

      const second = createNotifier({ bus: await path.bus('notifier-d'), documentStore: path.documentStore });
      await second.start();
      await expect.poll(async () => (await path.notificationsOf(rescheduled)).length, { timeout: 10_000 }).toBe(2);
      await expect.poll(async () => (await path.notificationsOf(finished)).length, { timeout: 10_000 }).toBe(1);
      expect((await path.notificationsOf(finished))[0]).toMatchObject({
        recipientId: CREATOR,
        type: 'download',
        data: { downloadId: jobId, downloadFilename: 'tasks.csv' },
      });
      await expect.poll(() => path.pushes.filter((p) => p.notification.id.startsWith(finished)).length).toBe(1);
      await second.stop();
    });
  });
});
