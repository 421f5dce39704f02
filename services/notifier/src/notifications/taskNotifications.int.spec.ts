import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJobStreamId, toTaskStreamId } from '@stramien/domain';
import {
  createEmbeddedDocumentStore,
  createNatsBus,
  createSqliteEventStore,
  type Bus,
  type DocumentStore,
  type EventStore,
} from '@stramien/infra';
import { startNatsServer, type NatsServerHandle } from '@stramien/infra/testing/index';
import { createForwarder } from '@stramien/projections';
import { createNotifier, PUSH_PATTERN, type PushMessage } from './notifier';
import { NOTIFICATIONS_COLLECTION, type NotificationDoc } from './notificationDoc';

/** Task, download and failed-job notifications through the real path: event log -> forwarder -> NATS JetStream -> notifier. */
let nats: NatsServerHandle;
let dir: string;
let eventStore: EventStore;
let documentStore: DocumentStore;
let buses: Bus[] = [];
let forwarder: ReturnType<typeof createForwarder>;
const pushes: PushMessage[] = [];

const LICENCE = 'licence-1';
const CREATOR = 'creator';
const ASSIGNEE = 'assignee';
const CHANGER = 'changer';

const bus = async (name: string) => {
  const b = await createNatsBus({ servers: nats.url, name });
  buses.push(b);
  return b;
};

const append = async (streamId: string, type: string, data: Record<string, unknown>, userId = CHANGER) => {
  const id = randomUUID();
  const metadata = { userId, licenceId: LICENCE, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() };
  await eventStore.append(streamId, [{ id, type, data, metadata }], 'any');
  return id;
};

const notificationsOf = (eventId: string) =>
  documentStore
    .collection<NotificationDoc>(NOTIFICATIONS_COLLECTION)
    .find({ _id: { $regex: `^${eventId}:` } }, { sort: { recipientId: 1 } });

beforeAll(async () => {
  nats = await startNatsServer();
  dir = mkdtempSync(join(tmpdir(), 'stramien-task-notifications-'));
  eventStore = createSqliteEventStore({ file: join(dir, 'events.sqlite') });
  documentStore = createEmbeddedDocumentStore({ file: join(dir, 'documents.sqlite') });
  forwarder = createForwarder({ eventStore, documentStore, bus: await bus('forwarder') });
  await forwarder.start();
  await (await bus('sockets')).subscribe<PushMessage>(PUSH_PATTERN, (m) => void pushes.push(m.data));
});
afterAll(async () => {
  await forwarder?.stop();
  for (const b of buses) await b.close();
  buses = [];
  await eventStore?.close();
  await documentStore?.close();
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the notifier', () => {
  describe('when a task is reassigned by a third user', () => {
    it('notifies the new assignee and the creator with taskId and taskTitle, not the user who changed it, and pushes both', async () => {
      const notifier = createNotifier({ bus: await bus('notifier-a'), documentStore });
      await notifier.start();
      const taskId = randomUUID();
      const eventId = await append(toTaskStreamId(taskId), 'TaskAssigned', {
        taskId,
        assignedTo: ASSIGNEE,
        previousAssignee: CHANGER,
        title: 'Pour the foundation',
        createdBy: CREATOR,
      });
      await expect.poll(async () => (await notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(2);
      const docs = await notificationsOf(eventId);
      expect(docs.map((d) => d.recipientId)).toEqual([ASSIGNEE, CREATOR]);
      for (const d of docs)
        expect(d).toMatchObject({ type: 'task', readAt: null, data: { taskId, taskTitle: 'Pour the foundation', change: 'assigned_to' } });
      await expect
        .poll(() =>
          pushes
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
      const notifier = createNotifier({ bus: await bus('notifier-b'), documentStore });
      await notifier.start();
      const taskId = randomUUID();
      const eventId = await append(
        toTaskStreamId(taskId),
        'TaskClosed',
        { taskId, title: 'Order bricks', createdBy: CREATOR, assignedTo: ASSIGNEE },
        CREATOR,
      );
      await expect.poll(async () => (await notificationsOf(eventId)).map((d) => d.recipientId), { timeout: 10_000 }).toEqual([ASSIGNEE]);
      expect((await notificationsOf(eventId))[0]!.data).toMatchObject({ change: 'status', status: 'closed' });
      await notifier.stop();
    });
  });

  describe('when a job fails', () => {
    it("notifies its owner 'Your export could not be made. Please try again.' and pushes it", async () => {
      const notifier = createNotifier({ bus: await bus('notifier-e'), documentStore });
      await notifier.start();
      const jobId = randomUUID();
      const eventId = await append(
        toJobStreamId(jobId),
        'JobFailed',
        { jobId, ownerId: CREATOR, reason: 'This job could not be completed. Please try again.', failedAt: new Date().toISOString() },
        'system',
      );
      await expect.poll(async () => (await notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(1);
      expect((await notificationsOf(eventId))[0]).toMatchObject({
        recipientId: CREATOR,
        type: 'default',
        readAt: null,
        data: { message: 'Your export could not be made. Please try again.', messageKey: 'jobs.failedNotice', status: 'error' },
      });
      await expect.poll(() => pushes.filter((p) => p.notification.id.startsWith(eventId)).map((p) => p.userId)).toEqual([CREATOR]);
      await notifier.stop();
    });
  });

  describe('when it was stopped while a due date changed and a job finished', () => {
    it('stores and pushes both notifications once it is back', async () => {
      const first = createNotifier({ bus: await bus('notifier-c'), documentStore });
      await first.start();
      await first.stop();
      const taskId = randomUUID();
      const jobId = randomUUID();
      const rescheduled = await append(toTaskStreamId(taskId), 'TaskRescheduled', {
        taskId,
        plannedStart: null,
        plannedEnd: null,
        due: '2026-12-01',
        previousDue: '2026-11-30',
        title: 'Inspect the roof',
        createdBy: CREATOR,
        assignedTo: ASSIGNEE,
      });
      const finished = await append(
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
      await expect.poll(() => forwarder.position(), { timeout: 10_000 }).toBe(await eventStore.headPosition());
      expect(await notificationsOf(rescheduled)).toEqual([]);

      const second = createNotifier({ bus: await bus('notifier-d'), documentStore });
      await second.start();
      await expect.poll(async () => (await notificationsOf(rescheduled)).length, { timeout: 10_000 }).toBe(2);
      await expect.poll(async () => (await notificationsOf(finished)).length, { timeout: 10_000 }).toBe(1);
      expect((await notificationsOf(finished))[0]).toMatchObject({
        recipientId: CREATOR,
        type: 'download',
        data: { downloadId: jobId, downloadFilename: 'tasks.csv' },
      });
      await expect.poll(() => pushes.filter((p) => p.notification.id.startsWith(finished)).length).toBe(1);
      await second.stop();
    });
  });
});
