import type { EventEnvelope } from '../shared/envelope';
import type { NotificationDraft } from '../notifications/notification';
import type { TaskEvent, TaskStatus } from './task';

/** The events a task notification is made of (spec 1 §3: changes of due date, status and assigned user). */
export const TASK_NOTIFICATION_EVENT_TYPES = ['TaskAssigned', 'TaskRescheduled', 'TaskClosed', 'TaskCanceled', 'TaskReopened'] as const;
export type TaskNotificationEventType = (typeof TASK_NOTIFICATION_EVENT_TYPES)[number];
type NotifyingEvent = Extract<TaskEvent, { type: TaskNotificationEventType }>;

/** What changed; the web app words it in the user's language. */
export type TaskNotificationData =
  | { taskId: string; taskTitle: string; change: 'assigned_to'; assignedTo: string }
  | { taskId: string; taskTitle: string; change: 'due'; due: string | null; previousDue: string | null }
  | { taskId: string; taskTitle: string; change: 'status'; status: TaskStatus };

const statusOf: Record<'TaskClosed' | 'TaskCanceled' | 'TaskReopened', TaskStatus> = {
  TaskClosed: 'closed',
  TaskCanceled: 'canceled',
  TaskReopened: 'open',
};

const dataOf = (event: NotifyingEvent): TaskNotificationData | null => {
  const { taskId, title: taskTitle } = event.data;
  switch (event.type) {
    case 'TaskAssigned':
      return { taskId, taskTitle, change: 'assigned_to', assignedTo: event.data.assignedTo };
    case 'TaskRescheduled':
      // a move of the planned start or end alone is no due-date change
      return event.data.due === event.data.previousDue
        ? null
        : { taskId, taskTitle, change: 'due', due: event.data.due, previousDue: event.data.previousDue };
    case 'TaskClosed':
    case 'TaskCanceled':
    case 'TaskReopened':
      return { taskId, taskTitle, change: 'status', status: statusOf[event.type] };
  }
};

export const isTaskNotificationEvent = (event: { type: string }): event is NotifyingEvent =>
  (TASK_NOTIFICATION_EVENT_TYPES as readonly string[]).includes(event.type);

/**
 * Task notifications for an event: one for the assignee and one for the creator (once when they are the same
 * person), never for the user who made the change. Ids derive from the event id and the recipient, so a
 * redelivered event yields the same notifications.
 */
export const notificationsForTaskEvent = (event: EventEnvelope<TaskEvent>): NotificationDraft[] => {
  if (!isTaskNotificationEvent(event)) return [];
  const data = dataOf(event);
  if (!data) return [];
  const recipients = new Set([event.data.assignedTo, event.data.createdBy].filter((id) => id !== '' && id !== event.metadata.userId));
  return [...recipients].map((recipientId) => ({
    id: `${event.id}:${recipientId}`,
    recipientId,
    licenceId: event.metadata.licenceId,
    type: 'task',
    data,
    createdAt: event.metadata.occurredAt,
  }));
};
