import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../shared/envelope';
import type { JobEvent } from './job';
import { notificationsForJobEvent } from './notifications';
import { tableMessages } from '../tables/messages';

const envelope = (event: JobEvent): EventEnvelope<JobEvent> => ({
  ...event,
  id: 'e1',
  metadata: { userId: 'owner', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' },
  streamId: 'job-j1',
  revision: 3,
  position: 9,
  recordedAt: '2026-01-01T00:00:00.000Z',
});

describe('notificationsForJobEvent', () => {
  it('gives the owner of a finished job a download notification with downloadId and downloadFilename', () => {
    const finished: JobEvent = {
      type: 'JobFinished',
      data: {
        jobId: 'j1',
        ownerId: 'owner',
        download: { blobId: 'b1', filename: 'tasks.csv', size: 10, contentType: 'text/csv' },
        finishedAt: '2026-01-01T00:00:00.000Z',
      },
    };
    expect(notificationsForJobEvent(envelope(finished))).toEqual([
      {
        id: 'e1:owner',
        recipientId: 'owner',
        licenceId: 'l1',
        type: 'download',
        data: { downloadId: 'j1', downloadFilename: 'tasks.csv' },
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });

  it("gives the owner of a failed job a default notification 'Your export could not be made. Please try again.'", () => {
    const failed: JobEvent = {
      type: 'JobFailed',
      data: {
        jobId: 'j1',
        ownerId: 'owner',
        reason: 'This job could not be completed. Please try again.',
        failedAt: '2026-01-01T00:00:00.000Z',
      },
    };
    expect(notificationsForJobEvent(envelope(failed))).toEqual([
      {
        id: 'e1:owner',
        recipientId: 'owner',
        licenceId: 'l1',
        type: 'default',
        data: {
          message: 'Your export could not be made. Please try again.',
          messageKey: 'jobs.failedNotice',
          messageValues: {},
          status: 'error',
        },
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });

  it("tells the owner a job's own reason when its kind refused the input", () => {
    const refused: JobEvent = {
      type: 'JobFailed',
      data: { jobId: 'j1', ownerId: 'owner', reason: tableMessages.importInvalid, failedAt: '2026-01-01T00:00:00.000Z' },
    };
    expect(notificationsForJobEvent(envelope(refused))[0]?.data).toEqual({
      message: tableMessages.importInvalid,
      messageKey: 'tables.importInvalid',
      messageValues: {},
      status: 'error',
    });
  });

  it('makes none for the other job events', () => {
    expect(notificationsForJobEvent(envelope({ type: 'JobProgressed', data: { jobId: 'j1', done: 1, total: 2 } }))).toEqual([]);
    expect(notificationsForJobEvent(envelope({ type: 'JobCanceled', data: { jobId: 'j1', canceledBy: 'owner' } }))).toEqual([]);
  });
});
