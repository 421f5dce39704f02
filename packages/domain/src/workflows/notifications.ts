import type { EventEnvelope } from '../shared/envelope';
import { derivedId } from '../shared/ids';
import { messageData, type NotificationDraft } from '../notifications/notification';
import type { SessionEvent } from './session';
import { workflowTaskId } from './workflowTask';

/** The session events the notifier turns into notifications (docs/workflows.md "The process manager as built"). */
export const SESSION_NOTIFICATION_EVENT_TYPES = ['SessionJobAssigned', 'SessionJobOpened', 'SessionJobFinished'] as const;

/** What a `notify` action's job leaves in its `SessionJobFinished` result: the recipients and the rendered message. */
export interface NotifyResult {
  notify: { to: string[]; message: string };
}

const isNotifyResult = (result: unknown): result is NotifyResult => {
  const notify = (result as { notify?: { to?: unknown; message?: unknown } } | null)?.notify;
  return Array.isArray(notify?.to) && notify.to.every((id) => typeof id === 'string') && typeof notify.message === 'string';
};

/** the notification id of a `notify` action's recipient: derived from the job id, so the job notifies each recipient once */
export const notifyNotificationId = (jobId: string, recipientId: string): string => derivedId('workflow-notify', jobId, recipientId);

/**
 * Notifications of a session's events:
 * - `SessionJobAssigned`: the assignee ('You have been given the job {job} of the session {session}', type
 *   `workflow_job_assigned`, with the session, job, node and project ids), unless they assigned the job to themselves;
 * - `SessionJobOpened` of a job given to a user while it was still waiting: the assignee ('The job {job} of the
 *   session {session} is ready for you', type `workflow_job_opened`, the same ids), unless they opened it themselves
 *   (finished the job before it);
 * - `SessionJobFinished` of a `notify` action's job: each recipient its rendered message (a default notification).
 */
export const notificationsForSessionEvent = (event: EventEnvelope<SessionEvent>): NotificationDraft[] => {
  const { licenceId, occurredAt, userId: actorId } = event.metadata;
  if (event.type === 'SessionJobAssigned') {
    const data = event.data as Extract<SessionEvent, { type: 'SessionJobAssigned' }>['data'];
    if (data.userId === actorId) return [];
    const job = data.jobName ?? '';
    const session = data.sessionName ?? '';
    return [
      {
        id: `${event.id}:${data.userId}`,
        recipientId: data.userId,
        licenceId,
        type: 'workflow_job_assigned',
        data: {
          ...messageData({ key: 'notifications.workflowJobAssigned', values: { job, session } }),
          status: 'info',
          sessionId: data.sessionId,
          projectId: data.projectId,
          jobId: data.jobId,
          nodeId: data.nodeId,
          // the assignee's task of type workflow (the process manager makes it): the bell opens it, and the task its job
          taskId: workflowTaskId(data.jobId, data.assignment),
          sessionName: session,
          jobName: job,
        },
        createdAt: occurredAt,
      },
    ];
  }
  if (event.type === 'SessionJobOpened') {
    const data = event.data as Extract<SessionEvent, { type: 'SessionJobOpened' }>['data'];
    const { assignee, assignment } = data;
    if (assignee === undefined || assignment === undefined || assignee === actorId) return [];
    const job = data.jobName ?? '';
    const session = data.sessionName ?? '';
    return [
      {
        id: `${event.id}:${assignee}`,
        recipientId: assignee,
        licenceId,
        type: 'workflow_job_opened',
        data: {
          ...messageData({ key: 'notifications.workflowJobOpened', values: { job, session } }),
          status: 'info',
          sessionId: data.sessionId,
          projectId: data.projectId,
          jobId: data.jobId,
          nodeId: data.nodeId,
          taskId: workflowTaskId(data.jobId, assignment),
          sessionName: session,
          jobName: job,
        },
        createdAt: occurredAt,
      },
    ];
  }
  if (event.type === 'SessionJobFinished') {
    const data = event.data as Extract<SessionEvent, { type: 'SessionJobFinished' }>['data'];
    if (!isNotifyResult(data.result)) return [];
    const { to, message } = data.result.notify;
    return [...new Set(to)].map((recipientId) => ({
      id: notifyNotificationId(data.jobId, recipientId),
      recipientId,
      licenceId,
      type: 'default',
      data: { message, status: 'info', sessionId: data.sessionId, projectId: data.projectId, jobId: data.jobId, nodeId: data.nodeId },
      createdAt: occurredAt,
    }));
  }
  return [];
};
