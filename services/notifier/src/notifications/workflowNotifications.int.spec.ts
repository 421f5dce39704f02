import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyNotificationId, toJobId, toSessionStreamId, workflowTaskId } from '@stramien/domain';
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

/** Workflow notifications through the real path: event log -> forwarder -> NATS JetStream -> notifier (docs/workflows.md). */
let nats: NatsServerHandle;
let dir: string;
let eventStore: EventStore;
let documentStore: DocumentStore;
let buses: Bus[] = [];
let forwarder: ReturnType<typeof createForwarder>;
const pushes: PushMessage[] = [];

const LICENCE = 'licence-1';
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
  dir = mkdtempSync(join(tmpdir(), 'stramien-workflow-notifications-'));
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

const ids = (sessionId: string) => ({ sessionId, projectId: 'p1', jobId: toJobId(sessionId, 'n1'), nodeId: 'n1' });

describe('the notifier', () => {
  describe('when a workflow job is given to a user', () => {
    it('notifies the assignee with the job and session names and ids, and pushes it', async () => {
      const notifier = createNotifier({ bus: await bus('notifier-wf-a'), documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const eventId = await append(toSessionStreamId(sessionId), 'SessionJobAssigned', {
        ...ids(sessionId),
        userId: ASSIGNEE,
        previousUserId: null,
        assignment: 1,
        sessionName: 'Block A',
        jobName: 'Inspect',
      });
      await expect.poll(async () => (await notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(1);
      expect((await notificationsOf(eventId))[0]).toMatchObject({
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
      await expect.poll(() => pushes.filter((p) => p.notification.id.startsWith(eventId)).map((p) => p.userId)).toEqual([ASSIGNEE]);
      await notifier.stop();
    });

    it('does not notify a user who took the job themselves', async () => {
      const notifier = createNotifier({ bus: await bus('notifier-wf-b'), documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const self = await append(
        toSessionStreamId(sessionId),
        'SessionJobAssigned',
        { ...ids(sessionId), userId: ASSIGNEE, previousUserId: null, assignment: 1, sessionName: 'S', jobName: 'J' },
        ASSIGNEE,
      );
      // a later event of the same kind is handled after it: when its notification is there, the first one was handled
      const other = await append(toSessionStreamId(sessionId), 'SessionJobAssigned', {
        ...ids(sessionId),
        userId: 'someone',
        previousUserId: ASSIGNEE,
        assignment: 2,
        sessionName: 'S',
        jobName: 'J',
      });
      await expect.poll(async () => (await notificationsOf(other)).length, { timeout: 10_000 }).toBe(1);
      expect(await notificationsOf(self)).toEqual([]);
      await notifier.stop();
    });
  });

  describe('when a job given to a user while it waited opens', () => {
    it('tells the assignee it is ready, with the names and ids, and pushes it; not a job without assignee', async () => {
      const notifier = createNotifier({ bus: await bus('notifier-wf-d'), documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const bare = await append(toSessionStreamId(sessionId), 'SessionJobOpened', ids(sessionId));
      const eventId = await append(toSessionStreamId(sessionId), 'SessionJobOpened', {
        ...ids(sessionId),
        assignee: ASSIGNEE,
        assignment: 1,
        sessionName: 'Block A',
        jobName: 'Inspect',
      });
      await expect.poll(async () => (await notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(1);
      expect((await notificationsOf(eventId))[0]).toMatchObject({
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
      await expect.poll(() => pushes.filter((p) => p.notification.id.startsWith(eventId)).map((p) => p.userId)).toEqual([ASSIGNEE]);
      // the bare one came first on the same consumer: handled, and made nothing
      expect(await notificationsOf(bare)).toEqual([]);
      await notifier.stop();
    });

    it('does not tell an assignee who opened it themselves (finished the job before it)', async () => {
      const notifier = createNotifier({ bus: await bus('notifier-wf-e'), documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const opened = { ...ids(sessionId), assignee: ASSIGNEE, assignment: 1, sessionName: 'S', jobName: 'J' };
      const self = await append(toSessionStreamId(sessionId), 'SessionJobOpened', opened, ASSIGNEE);
      const other = await append(toSessionStreamId(sessionId), 'SessionJobOpened', opened);
      await expect.poll(async () => (await notificationsOf(other)).length, { timeout: 10_000 }).toBe(1);
      expect(await notificationsOf(self)).toEqual([]);
      await notifier.stop();
    });
  });

  describe("when a notify action's job finishes", () => {
    it('notifies each recipient once with the rendered message, by an id derived from the job id', async () => {
      const notifier = createNotifier({ bus: await bus('notifier-wf-c'), documentStore });
      await notifier.start();
      const sessionId = randomUUID();
      const { jobId } = ids(sessionId);
      const finished = {
        ...ids(sessionId),
        values: {},
        result: { notify: { to: [ASSIGNEE, 'u2', ASSIGNEE], message: 'Block A is ready' } },
      };
      await append(toSessionStreamId(sessionId), 'SessionJobFinished', finished, 'system');
      // the same finish again (a manager that repeated it): still one notification each
      await append(toSessionStreamId(sessionId), 'SessionJobFinished', finished, 'system');
      const notifications = documentStore.collection<NotificationDoc>(NOTIFICATIONS_COLLECTION);
      const wanted = [notifyNotificationId(jobId, ASSIGNEE), notifyNotificationId(jobId, 'u2')];
      await expect.poll(async () => (await notifications.find({ _id: { $in: wanted } })).length, { timeout: 10_000 }).toBe(2);
      expect(await notifications.findOne({ _id: wanted[0]! })).toMatchObject({
        recipientId: ASSIGNEE,
        type: 'default',
        data: { message: 'Block A is ready', status: 'info', sessionId, jobId },
      });
      await expect.poll(() => pushes.filter((p) => wanted.includes(p.notification.id)).length).toBe(2);
      expect(pushes.filter((p) => wanted.includes(p.notification.id))).toHaveLength(2);
      await notifier.stop();
    });
  });
});
