import { describe, expect, it } from 'vitest';
import { matchesAny, matchesPattern } from './patterns';
import { redactEventData, taskPrivacyAfter, webhookPayload, WEBHOOK_PAYLOAD_MAX_BYTES, type PublishableEvent } from './payload';

const event = (over: Partial<PublishableEvent> = {}): PublishableEvent => ({
  id: 'ev1',
  type: 'TaskClosed',
  streamId: 'task-t1',
  position: 7,
  data: { taskId: 't1', title: 'Pour', createdBy: 'u1', assignedTo: 'u2' },
  metadata: { licenceId: 'l1', projectId: 'p1', occurredAt: '2026-01-01T00:00:00.000Z' },
  ...over,
});

describe('event patterns', () => {
  it('select by category, by type, or everything', () => {
    expect(matchesPattern('task.*', 'task.TaskClosed')).toBe(true);
    expect(matchesPattern('task.*', 'taskList.TaskListCreated')).toBe(false);
    expect(matchesPattern('user.UserSignedIn', 'user.UserSignedIn')).toBe(true);
    expect(matchesPattern('user.UserSignedIn', 'user.UserSignedOut')).toBe(false);
    expect(matchesAny(['*'], 'project.ProjectCreated')).toBe(true);
    expect(matchesAny([], 'project.ProjectCreated')).toBe(false);
  });
});

describe('the webhook payload', () => {
  it('says what happened: event id, type, time, licence, project and the data', () =>
    expect(webhookPayload(event(), { privateTask: false })).toEqual({
      type: 'task.TaskClosed',
      timestamp: '2026-01-01T00:00:00.000Z',
      data: {
        eventId: 'ev1',
        eventType: 'TaskClosed',
        position: 7,
        licenceId: 'l1',
        projectId: 'p1',
        streamId: 'task-t1',
        data: { taskId: 't1', title: 'Pour', createdBy: 'u1', assignedTo: 'u2' },
      },
    }));
  it('never carries secrets, hashes, tokens or session ids, at any depth', () => {
    const redacted = JSON.stringify(
      redactEventData('UserSignedIn', {
        userId: 'u1',
        sessionId: 's',
        deviceId: 'd',
        userAgent: 'ua',
        nested: [{ passwordHash: 'x', tokenHash: 'y', encryptedSecret: 'z', keep: 1 }],
      }),
    );
    expect(redacted).toBe('{"userId":"u1","nested":[{"keep":1}]}');
    expect(redactEventData('UserSignedOut', { userId: 'u1', sessionId: 's' })).toEqual({ userId: 'u1' });
  });
  it("keeps a workflow session's id: it names a session, not a sign-in", () => {
    const data = { sessionId: 's1', jobId: 'j1', nodeId: 'n1', userId: 'u2', assignment: 1 };
    expect(redactEventData('SessionJobAssigned', data)).toEqual(data);
  });
  it('is withheld for private tasks and the webhook endpoints themselves', () => {
    expect(webhookPayload(event(), { privateTask: true })).toBeNull();
    expect(webhookPayload(event({ streamId: 'webhookEndpoint-e1', type: 'WebhookEndpointCreated' }), { privateTask: false })).toBeNull();
  });
  it('leaves out data that would make it larger than 20 KB', () => {
    const payload = webhookPayload(event({ data: { text: 'x'.repeat(30_000) } }), { privateTask: false })!;
    expect(payload.data).toMatchObject({ eventId: 'ev1', dataOmitted: true });
    expect(payload.data).not.toHaveProperty('data');
    expect(JSON.stringify(payload).length).toBeLessThan(WEBHOOK_PAYLOAD_MAX_BYTES);
  });
  it("follows a task's privacy through its updates", () => {
    let p = taskPrivacyAfter(false, { type: 'TaskCreated', data: { isPrivate: true } });
    expect(p).toBe(true);
    p = taskPrivacyAfter(p, { type: 'TaskClosed', data: {} });
    expect(p).toBe(true);
    expect(taskPrivacyAfter(p, { type: 'TaskUpdated', data: { changes: { isPrivate: false } } })).toBe(false);
  });
});
