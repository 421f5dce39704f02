import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { DomainError } from '../shared/domainError';
import { canSeeJob, downloadNotificationData, jobDecider, jobProgressPercent, remainingChunks, type JobCommand } from './decide';
import { jobMessages } from './messages';
import type { JobEvent } from './job';
import { toJobStreamId } from './jobStream';

const spec = deciderSpec(jobDecider);
const metadata = { actor: { userId: 'owner', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const command = <T extends JobCommand['type']>(type: T, data: Extract<JobCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<JobCommand, { type: T }>;

const requested: JobEvent = {
  type: 'JobRequested',
  data: {
    jobId: 'j1',
    licenceId: 'l1',
    ownerId: 'owner',
    projectId: null,
    kind: 'tasks-export',
    params: { format: 'csv', filters: [] },
    requestedAt: metadata.now,
  },
};
const started: JobEvent = { type: 'JobStarted', data: { jobId: 'j1', attempt: 1, totalChunks: 3 } };
const chunk = (index: number): JobEvent => ({ type: 'JobChunkCompleted', data: { jobId: 'j1', index, items: 100 } });
const file = { blobId: 'blob1', filename: 'tasks.csv', size: 1234, contentType: 'text/csv' };
const finished: JobEvent = { type: 'JobFinished', data: { jobId: 'j1', ownerId: 'owner', download: file, finishedAt: metadata.now } };
const allChunks = [requested, started, chunk(0), chunk(1), chunk(2)];

describe('Job', () => {
  it('lives in the stream job-<id>', () => expect(toJobStreamId('j1')).toBe('job-j1'));

  describe('when requested', () => {
    it('records the kind, what to do and its owner', () =>
      spec
        .given([])
        .when(command('RequestJob', { jobId: 'j1', licenceId: 'l1', kind: 'tasks-export', params: { format: 'csv', filters: [] } }))
        .then([requested]));
    it('refuses a kind that is not a slug', () =>
      spec
        .given([])
        .when(command('RequestJob', { jobId: 'j1', licenceId: 'l1', kind: 'Export!', params: {} }))
        .thenThrows(jobMessages.invalidKind, 422));
    it('refuses the same job twice', () =>
      spec
        .given([requested])
        .when(command('RequestJob', { jobId: 'j1', licenceId: 'l1', kind: 'tasks-export', params: {} }))
        .thenThrows(jobMessages.alreadyExists, 409));
    it('is not running yet: progress and chunks are refused', () =>
      spec
        .given([requested])
        .when(command('CompleteJobChunk', { index: 0, items: 1 }))
        .thenThrows(jobMessages.notRunning, 409));
  });

  describe('when started', () => {
    it('records the first attempt and the number of chunks', () =>
      spec
        .given([requested])
        .when(command('StartJob', { totalChunks: 3 }))
        .then([started]));
    it('counts a resume after a restart as a new attempt and keeps the chunks done', () => {
      spec
        .given([requested, started, chunk(0)])
        .when(command('StartJob', {}))
        .then([{ type: 'JobStarted', data: { jobId: 'j1', attempt: 2, totalChunks: 3 } }]);
      const resumed = fold(jobDecider, [
        requested,
        started,
        chunk(0),
        { type: 'JobStarted', data: { jobId: 'j1', attempt: 2, totalChunks: 3 } },
      ]);
      expect(remainingChunks(resumed)).toEqual([1, 2]);
    });
    it('records progress for the browser', () => {
      spec
        .given([requested, started])
        .when(command('ReportJobProgress', { done: 150, total: 300 }))
        .then([{ type: 'JobProgressed', data: { jobId: 'j1', done: 150, total: 300 } }]);
      expect(
        jobProgressPercent(fold(jobDecider, [requested, started, { type: 'JobProgressed', data: { jobId: 'j1', done: 150, total: 300 } }])),
      ).toBe(50);
    });
    it('refuses progress beyond the total', () =>
      spec
        .given([requested, started])
        .when(command('ReportJobProgress', { done: 301, total: 300 }))
        .thenThrows(jobMessages.invalidProgress, 422));
  });

  describe('when a chunk completes', () => {
    it('records it', () =>
      spec
        .given([requested, started])
        .when(command('CompleteJobChunk', { index: 1, items: 100 }))
        .then([chunk(1)]));
    it('ignores a chunk already completed, so a retried chunk records nothing twice', () =>
      spec
        .given([requested, started, chunk(1)])
        .when(command('CompleteJobChunk', { index: 1, items: 100 }))
        .then([]));
    it('refuses a chunk outside the job', () =>
      spec
        .given([requested, started])
        .when(command('CompleteJobChunk', { index: 3, items: 1 }))
        .thenThrows('Chunk 3 is not part of this job.', 422));
    it('records every chunk exactly once however often and in whatever order chunks are retried', () =>
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 30 }), (attempts) => {
          const events: JobEvent[] = [requested, started];
          for (const index of attempts) {
            const result = jobDecider.decide(command('CompleteJobChunk', { index, items: 1 }), fold(jobDecider, events));
            if (result instanceof DomainError) return false;
            events.push(...result);
          }
          const indexes = events.flatMap((e) => (e.type === 'JobChunkCompleted' ? [e.data.index] : []));
          return indexes.length === new Set(attempts).size && new Set(indexes).size === indexes.length;
        }),
      ));
  });

  describe('when finished', () => {
    it('records the download with its owner, once every chunk is done', () =>
      spec.given(allChunks).when(command('FinishJob', file)).then([finished]));
    it('refuses to finish while chunks remain', () =>
      spec
        .given([requested, started, chunk(0)])
        .when(command('FinishJob', file))
        .thenThrows('This job still has 2 chunks to do.', 409));
    it('never finishes twice', () =>
      spec
        .given([...allChunks, finished])
        .when(command('FinishJob', file))
        .thenThrows(jobMessages.alreadyFinished, 409));
    it('refuses any later work, start and failure', () => {
      spec
        .given([...allChunks, finished])
        .when(command('StartJob', {}))
        .thenThrows(jobMessages.alreadyFinished, 409);
      spec
        .given([...allChunks, finished])
        .when(command('CompleteJobChunk', { index: 0, items: 1 }))
        .thenThrows(jobMessages.alreadyFinished, 409);
      spec
        .given([...allChunks, finished])
        .when(command('FailJob', { reason: 'late' }))
        .thenThrows(jobMessages.alreadyFinished, 409);
      spec
        .given([...allChunks, finished])
        .when(command('CancelJob', {}))
        .thenThrows(jobMessages.alreadyFinished, 409);
    });
    it('is 100% done', () => expect(jobProgressPercent(fold(jobDecider, [...allChunks, finished]))).toBe(100));
    it('gives the download notification its downloadId and downloadFilename', () =>
      expect(downloadNotificationData(finished as Extract<JobEvent, { type: 'JobFinished' }>)).toEqual({
        downloadId: 'j1',
        downloadFilename: 'tasks.csv',
      }));
    it('finishes a job whose chunk count is unknown without chunk checks', () =>
      spec
        .given([requested, { type: 'JobStarted', data: { jobId: 'j1', attempt: 1, totalChunks: null } }])
        .when(command('FinishJob', file))
        .then([finished]));
  });

  describe('when failed', () => {
    const failed: JobEvent = { type: 'JobFailed', data: { jobId: 'j1', ownerId: 'owner', reason: 'Disk full', failedAt: metadata.now } };
    it('records the reason', () =>
      spec
        .given([requested, started])
        .when(command('FailJob', { reason: ' Disk full ' }))
        .then([failed]));
    it('cannot finish afterwards', () =>
      spec.given([requested, started, failed]).when(command('FinishJob', file)).thenThrows(jobMessages.ended, 409));
  });

  describe('when canceled', () => {
    const canceled: JobEvent = { type: 'JobCanceled', data: { jobId: 'j1', canceledBy: 'owner' } };
    it('records who canceled it', () => spec.given([requested, started]).when(command('CancelJob', {})).then([canceled]));
    it('appends nothing when canceled again', () => spec.given([requested, canceled]).when(command('CancelJob', {})).then([]));
    it('stops the worker: chunks and finishing are refused', () => {
      spec
        .given([requested, started, canceled])
        .when(command('CompleteJobChunk', { index: 0, items: 1 }))
        .thenThrows(jobMessages.ended, 409);
      spec.given([requested, started, canceled]).when(command('FinishJob', file)).thenThrows(jobMessages.ended, 409);
    });
  });

  it('answers 404 for a job that does not exist', () => spec.given([]).when(command('StartJob', {})).thenThrows(jobMessages.notFound, 404));

  it('shows a job and its download to its owner only', () => {
    const job = fold(jobDecider, [requested]);
    expect(canSeeJob({ userId: 'owner', licenceId: 'l1' }, job)).toBe(true);
    expect(canSeeJob({ userId: 'admin', licenceId: 'l1' }, job)).toBe(false);
    expect(canSeeJob({ userId: 'owner', licenceId: 'l2' }, job)).toBe(false);
  });
});
