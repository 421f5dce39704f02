import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../shared/envelope';
import { notificationsForSessionEvent } from './notifications';
import type { SessionEvent } from './session';
import { workflowTaskId } from './workflowTask';
import { toJobId } from './workflowStream';

const jobId = toJobId('s1', 'n2');
const ids = { sessionId: 's1', projectId: 'p1', jobId, nodeId: 'n2' };
const envelope = (event: SessionEvent, actor = 'finisher'): EventEnvelope<SessionEvent> => ({
  id: 'e1',
  streamId: 'session-s1',
  revision: 3,
  position: 7,
  recordedAt: '2026-01-01T08:00:00.000Z',
  ...event,
  metadata: { userId: actor, licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T08:00:00.000Z' },
});

describe('notificationsForSessionEvent', () => {
  describe('a job that opens', () => {
    const opened: SessionEvent = {
      type: 'SessionJobOpened',
      data: { ...ids, assignee: 'u1', assignment: 2, sessionName: 'Block A', jobName: 'Inspect' },
    };
    it('tells the user it was given to, while it waited, that it is ready, with the ids the bell opens it by', () =>
      expect(notificationsForSessionEvent(envelope(opened))).toEqual([
        {
          id: 'e1:u1',
          recipientId: 'u1',
          licenceId: 'l1',
          type: 'workflow_job_opened',
          data: {
            message: 'The job Inspect of the session Block A is ready for you',
            messageKey: 'notifications.workflowJobOpened',
            messageValues: { job: 'Inspect', session: 'Block A' },
            status: 'info',
            ...ids,
            taskId: workflowTaskId(jobId, 2),
            sessionName: 'Block A',
            jobName: 'Inspect',
          },
          createdAt: '2026-01-01T08:00:00.000Z',
        },
      ]));
    it('tells no one when the job has no assignee, or when the assignee opened it themselves', () => {
      expect(notificationsForSessionEvent(envelope({ type: 'SessionJobOpened', data: ids }))).toEqual([]);
      expect(notificationsForSessionEvent(envelope(opened, 'u1'))).toEqual([]);
    });
  });

  it('tells the user a job is given to, unless they took it themselves', () => {
    const assigned: SessionEvent = {
      type: 'SessionJobAssigned',
      data: { ...ids, userId: 'u1', previousUserId: null, assignment: 1, sessionName: 'Block A', jobName: 'Inspect' },
    };
    expect(notificationsForSessionEvent(envelope(assigned))).toMatchObject([
      { recipientId: 'u1', type: 'workflow_job_assigned', data: { message: 'You have been given the job Inspect of the session Block A' } },
    ]);
    expect(notificationsForSessionEvent(envelope(assigned, 'u1'))).toEqual([]);
  });
});
