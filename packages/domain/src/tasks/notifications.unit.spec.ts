import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../shared/envelope';
import { notificationsForTaskEvent } from './notifications';
import type { TaskEvent } from './task';

const notice = { title: 'Pour the slab', createdBy: 'creator', assignedTo: 'worker' };
const envelope = (event: TaskEvent, userId = 'someone'): EventEnvelope<TaskEvent> => ({
  id: 'e1',
  type: event.type,
  data: event.data,
  metadata: { userId, licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T10:00:00.000Z' },
  streamId: 'task-t1',
  revision: 3,
  position: 42,
  recordedAt: '2026-01-01T10:00:00.000Z',
});
const recipients = (event: TaskEvent, userId?: string) => notificationsForTaskEvent(envelope(event, userId)).map((n) => n.recipientId);

describe('Task notifications', () => {
  it('tell the assignee and the creator that the status changed, with taskId and taskTitle', () => {
    const drafts = notificationsForTaskEvent(envelope({ type: 'TaskClosed', data: { taskId: 't1', ...notice } }));
    expect(drafts).toEqual([
      {
        id: 'e1:worker',
        recipientId: 'worker',
        licenceId: 'l1',
        type: 'task',
        data: { taskId: 't1', taskTitle: 'Pour the slab', change: 'status', status: 'closed' },
        createdAt: '2026-01-01T10:00:00.000Z',
      },
      expect.objectContaining({ id: 'e1:creator', recipientId: 'creator' }),
    ]);
  });
  it('never notify the user who made the change', () =>
    expect(recipients({ type: 'TaskCanceled', data: { taskId: 't1', ...notice } }, 'worker')).toEqual(['creator']));
  it('notify a creator who assigned the task to themselves once, and not at all when they did it', () => {
    const own = { ...notice, assignedTo: 'creator' };
    expect(recipients({ type: 'TaskReopened', data: { taskId: 't1', previousStatus: 'closed', ...own } })).toEqual(['creator']);
    expect(recipients({ type: 'TaskReopened', data: { taskId: 't1', previousStatus: 'closed', ...own } }, 'creator')).toEqual([]);
  });
  it('tell the new assignee about an assignment', () =>
    expect(
      notificationsForTaskEvent(
        envelope(
          {
            type: 'TaskAssigned',
            data: { taskId: 't1', assignedTo: 'new', previousAssignee: 'worker', title: 'Pour the slab', createdBy: 'creator' },
          },
          'creator',
        ),
      ),
    ).toEqual([
      expect.objectContaining({
        recipientId: 'new',
        data: { taskId: 't1', taskTitle: 'Pour the slab', change: 'assigned_to', assignedTo: 'new' },
      }),
    ]));
  it('tell of a new due date, but not of a move of the planned start alone', () => {
    const schedule = { taskId: 't1', plannedStart: '2026-02-01', plannedEnd: null, ...notice };
    expect(recipients({ type: 'TaskRescheduled', data: { ...schedule, due: '2026-02-05', previousDue: '2026-02-04' } })).toEqual([
      'worker',
      'creator',
    ]);
    expect(recipients({ type: 'TaskRescheduled', data: { ...schedule, due: '2026-02-05', previousDue: '2026-02-05' } })).toEqual([]);
  });
  it('are not made of other task events', () =>
    expect(recipients({ type: 'TaskLabelAdded', data: { taskId: 't1', labelId: 'lb1' } })).toEqual([]));
});
