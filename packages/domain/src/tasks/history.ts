import type { EventEnvelope } from '../shared/envelope';
import type { TaskEvent } from './task';

/** One change as the task detail's history shows it; `field` uses the API's names, the web app words it. */
export interface TaskHistoryChange {
  field: string;
  from?: unknown;
  to: unknown;
}
export interface TaskHistoryEntry {
  eventId: string;
  position: number;
  at: string;
  userId: string;
  /** the event type, e.g. 'TaskClosed'; the web app has a text per type */
  action: TaskEvent['type'];
  changes: TaskHistoryChange[];
}

const API_FIELD: Record<string, string> = {
  title: 'title',
  description: 'description',
  priority: 'priority',
  sbscode: 'sbscode',
  isPrivate: 'is_private',
  taskType: 'task_type',
  metadata: 'metadata',
  automationId: 'automation_id',
};

const changesOf = (event: TaskEvent): TaskHistoryChange[] => {
  switch (event.type) {
    case 'TaskCreated':
      return [];
    case 'TaskUpdated':
      return Object.entries(event.data.changes)
        .filter(([, to]) => to !== undefined)
        .map(([field, to]) => ({ field: API_FIELD[field] ?? field, to }));
    case 'TaskAssigned':
      return [{ field: 'assigned_to', from: event.data.previousAssignee, to: event.data.assignedTo }];
    case 'TaskRescheduled': {
      const { plannedStart, plannedEnd, due, previousDue } = event.data;
      return [
        { field: 'planned_start', to: plannedStart },
        { field: 'planned_end', to: plannedEnd },
        { field: 'due', from: previousDue, to: due },
      ];
    }
    case 'TaskParentChanged':
      return [{ field: 'parent', from: event.data.previousParentId, to: event.data.parentId }];
    case 'TaskClosed':
      return [{ field: 'status', to: 'closed' }];
    case 'TaskCanceled':
      return [{ field: 'status', to: 'canceled' }];
    case 'TaskReopened':
      return [{ field: 'status', from: event.data.previousStatus, to: 'open' }];
    case 'TaskExecuted':
      return [{ field: 'automation_id', to: event.data.automationId }];
    case 'TaskDeleted':
      return [];
    case 'TaskAppendixAdded':
      return [{ field: 'appendixes', to: event.data.appendix.name }];
    case 'TaskAppendixRemoved':
      return [{ field: 'appendixes', from: event.data.appendixId, to: null }];
    case 'TaskMessagePosted':
      return [{ field: 'messages', to: event.data.message.message }];
    case 'TaskCheckAdded':
    case 'TaskCheckUpdated':
      return [{ field: 'checks', to: event.data.check }];
    case 'TaskCheckRemoved':
      return [{ field: 'checks', from: event.data.checkId, to: null }];
    case 'TaskLabelAdded':
      return [{ field: 'labels', to: event.data.labelId }];
    case 'TaskLabelRemoved':
      return [{ field: 'labels', from: event.data.labelId, to: null }];
    case 'TaskRelationAdded':
      return [{ field: 'relations', to: event.data.relation }];
    case 'TaskRelationRemoved':
      return [{ field: 'relations', from: event.data.relation, to: null }];
  }
};

/**
 * "Who changed what and when" for one event of a task's stream: the user and time come from the event's
 * metadata, the before and after from the event (the log is the truth; the history is read from it).
 */
export const taskHistoryEntry = (event: EventEnvelope<TaskEvent>): TaskHistoryEntry => ({
  eventId: event.id,
  position: event.position,
  at: event.metadata.occurredAt,
  userId: event.metadata.userId,
  action: event.type,
  changes: changesOf({ type: event.type, data: event.data } as TaskEvent),
});
