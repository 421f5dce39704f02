import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../shared/envelope';
import { taskHistoryEntry } from './history';
import type { TaskEvent } from './task';

const envelope = (event: TaskEvent): EventEnvelope<TaskEvent> => ({
  id: 'e7',
  type: event.type,
  data: event.data,
  metadata: { userId: 'ann', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-02T08:00:00.000Z' },
  streamId: 'task-t1',
  revision: 4,
  position: 99,
  recordedAt: '2026-01-02T08:00:00.000Z',
});
const notice = { title: 'Pour', createdBy: 'creator', assignedTo: 'worker' };

describe('Task history', () => {
  it('says who changed what and when, from the event and its metadata', () =>
    expect(
      taskHistoryEntry(
        envelope({
          type: 'TaskAssigned',
          data: { taskId: 't1', assignedTo: 'bob', previousAssignee: 'worker', title: 'Pour', createdBy: 'creator' },
        }),
      ),
    ).toEqual({
      eventId: 'e7',
      position: 99,
      at: '2026-01-02T08:00:00.000Z',
      userId: 'ann',
      action: 'TaskAssigned',
      changes: [{ field: 'assigned_to', from: 'worker', to: 'bob' }],
    }));
  it('names the changed detail fields as the API does', () =>
    expect(
      taskHistoryEntry(envelope({ type: 'TaskUpdated', data: { taskId: 't1', changes: { isPrivate: true, title: 'New' } } })).changes,
    ).toEqual([
      { field: 'is_private', to: true },
      { field: 'title', to: 'New' },
    ]));
  it('gives a reopening its previous status', () =>
    expect(
      taskHistoryEntry(envelope({ type: 'TaskReopened', data: { taskId: 't1', previousStatus: 'canceled', ...notice } })).changes,
    ).toEqual([{ field: 'status', from: 'canceled', to: 'open' }]));
});
