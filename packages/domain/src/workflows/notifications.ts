import type { EventEnvelope } from '../shared/envelope';
import { derivedId } from '../shared/ids';
import { messageData, type NotificationDraft } from '../notifications/notification';
import type { SessionEvent } from './session';

/** The session events the notifier turns into notifications (docs/workflows.md "The process manager as built"). */
export const SESSION_NOTIFICATION_EVENT_TYPES = ['SessionJobAssigned', 'SessionJobFinished'] as const;

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
