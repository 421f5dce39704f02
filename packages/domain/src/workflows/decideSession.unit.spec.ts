import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { sessionDecider, type SessionCommand } from './decideSession';
import { JOB_FILE_MAX_BYTES, JOB_FILES_MAX } from './constants';
import { workflowMessages } from './messages';
import { NO_PANEL_FACTS } from './panelValues';
import { sessionProgress, type SessionEvent } from './session';
import { automatedConfig, commandOf, graphOf, manualConfig } from './testFixtures';
import { toJobId, toSessionStreamId } from './workflowStream';

const spec = deciderSpec(sessionDecider);
const command = commandOf<SessionCommand>();
const decide = (events: SessionEvent[], c: SessionCommand) => sessionDecider.decide(c, fold(sessionDecider, events));
const ids = { sessionId: 's1', projectId: 'p1' };
const job = (nodeId: string) => ({ ...ids, jobId: toJobId('s1', nodeId), nodeId });
/** what an assignment tells the assignee's notification: the session's name and the job's block name */
const names = { sessionName: 'Block A', jobName: 'Check' };

const form = manualConfig([{ id: 'remarks', label: 'Remarks', type: 'text', required: true }]);
const notify = automatedConfig();
/** n1 (manual, start) -> n2 (automated) and n3 (manual); both -> n4 (manual) */
const graph = graphOf({ n1: form, n2: notify, n3: form, n4: form }, ['n1>n2', 'n1>n3', 'n2>n4', 'n3>n4']);
const start = {
  ...ids,
  projectWorkflowId: 'pw1',
  workflowId: 'w1',
  workflowName: 'Inspection',
  version: 1,
  graph,
  name: 'Block A',
  sbsCode: '01',
  sbsCodeKnown: true,
};

const started: SessionEvent = {
  type: 'SessionStarted',
  data: {
    ...ids,
    projectWorkflowId: 'pw1',
    workflowId: 'w1',
    workflowName: 'Inspection',
    version: 1,
    name: 'Block A',
    sbsCode: '01',
    startedBy: 'starter',
    graph,
    jobs: ['n1', 'n2', 'n3', 'n4'].map((nodeId) => ({ jobId: toJobId('s1', nodeId), nodeId })),
  },
};
const opened = (nodeId: string): SessionEvent => ({ type: 'SessionJobOpened', data: job(nodeId) });
const finished = (nodeId: string, values: Record<string, string> = { remarks: 'ok' }): SessionEvent => ({
  type: 'SessionJobFinished',
  data: { ...job(nodeId), values, result: null },
});
const finishAuto = (nodeId: string): SessionEvent => ({
  type: 'SessionJobFinished',
  data: { ...job(nodeId), values: {}, result: { sent: 1 } },
});
const running = [started, opened('n1')];
const finish = (nodeId: string, values: Record<string, unknown> = { remarks: 'ok' }) =>
  command('FinishSessionJob', { jobId: toJobId('s1', nodeId), values, facts: NO_PANEL_FACTS });

describe('Session', () => {
  it('lives in the stream session-<id>; a job id is uuid v5 of session and node', () => {
    expect(toSessionStreamId('s1')).toBe('session-s1');
    expect(toJobId('s1', 'n1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(toJobId('s1', 'n1')).toBe(toJobId('s1', 'n1'));
    expect(toJobId('s1', 'n1')).not.toBe(toJobId('s2', 'n1'));
  });

  describe('when started', () => {
    it('copies the version, makes one job per node and opens the start node’s job', () =>
      spec
        .given([])
        .when(command('StartSession', { ...start, name: ' Block A ' }))
        .then(running));
    it('refuses an empty name, an SBS code not of the project, a graph that cannot run and a second start', () => {
      expect(decide([], command('StartSession', { ...start, name: '' }))).toMatchObject({ status: 422, errors: { name: ['Required.'] } });
      expect(decide([], command('StartSession', { ...start, sbsCodeKnown: false }))).toMatchObject({
        errors: { sbs_code: ["Choose a code of the project's SBS."] },
      });
      spec
        .given([])
        .when(command('StartSession', { ...start, graph: graphOf({ a: form, b: form }) }))
        .thenThrows(workflowMessages.versionCannotRun, 422);
      spec.given(running).when(command('StartSession', start)).thenThrows(workflowMessages.sessionExists, 409);
    });
    it('takes no SBS code', () =>
      expect(decide([], command('StartSession', { ...start, sbsCode: ' ', sbsCodeKnown: false }))).toMatchObject([
        { type: 'SessionStarted', data: { sbsCode: null } },
        opened('n1'),
      ]));
  });

  describe('a manual job', () => {
    it('is assigned to a user who may take it, open or still waiting, counting assignments', () => {
      spec
        .given(running)
        .when(command('AssignSessionJob', { jobId: toJobId('s1', 'n3'), userId: 'u1', userMayTake: true }))
        .then([{ type: 'SessionJobAssigned', data: { ...job('n3'), userId: 'u1', previousUserId: null, assignment: 1, ...names } }]);
      const assigned: SessionEvent = {
        type: 'SessionJobAssigned',
        data: { ...job('n1'), userId: 'u1', previousUserId: null, assignment: 1 },
      };
      spec
        .given([...running, assigned])
        .when(command('AssignSessionJob', { jobId: toJobId('s1', 'n1'), userId: 'u2', userMayTake: true }))
        .then([{ type: 'SessionJobAssigned', data: { ...job('n1'), userId: 'u2', previousUserId: 'u1', assignment: 2, ...names } }]);
      spec
        .given([...running, assigned])
        .when(command('AssignSessionJob', { jobId: toJobId('s1', 'n1'), userId: 'u1', userMayTake: true }))
        .then([]);
    });
    it('is not assigned to a user who may not take it, nor once finished, nor when automated', () => {
      expect(decide(running, command('AssignSessionJob', { jobId: toJobId('s1', 'n1'), userId: 'u9', userMayTake: false }))).toMatchObject({
        errors: { user: [workflowMessages.userMayNotTake] },
      });
      spec
        .given([...running, finished('n1')])
        .when(command('AssignSessionJob', { jobId: toJobId('s1', 'n1'), userId: 'u1', userMayTake: true }))
        .thenThrows(workflowMessages.jobFinished, 409);
      spec
        .given(running)
        .when(command('AssignSessionJob', { jobId: toJobId('s1', 'n2'), userId: 'u1', userMayTake: true }))
        .thenThrows(workflowMessages.jobNotManual, 422);
      spec
        .given(running)
        .when(command('AssignSessionJob', { jobId: 'nope', userId: 'u1', userMayTake: true }))
        .thenThrows(workflowMessages.jobNotFound, 404);
    });
    it('saves checked values as a draft, only the changed ones', () => {
      spec
        .given(running)
        .when(command('SaveSessionJobPanel', { jobId: toJobId('s1', 'n1'), values: { remarks: 'half' }, facts: NO_PANEL_FACTS }))
        .then([{ type: 'SessionJobPanelSaved', data: { ...job('n1'), values: { remarks: 'half' } } }]);
      const saved: SessionEvent = { type: 'SessionJobPanelSaved', data: { ...job('n1'), values: { remarks: 'half' } } };
      spec
        .given([...running, saved])
        .when(command('SaveSessionJobPanel', { jobId: toJobId('s1', 'n1'), values: { remarks: 'half' }, facts: NO_PANEL_FACTS }))
        .then([]);
      expect(
        decide(running, command('SaveSessionJobPanel', { jobId: toJobId('s1', 'n1'), values: { other: 1 }, facts: NO_PANEL_FACTS })),
      ).toMatchObject({
        status: 422,
        errors: { other: [workflowMessages.unknownField] },
      });
      spec
        .given(running)
        .when(command('SaveSessionJobPanel', { jobId: toJobId('s1', 'n3'), values: {}, facts: NO_PANEL_FACTS }))
        .thenThrows(workflowMessages.jobNotOpen, 409);
    });
    it('finishes with complete values and opens the jobs it links to, in the same decision', () => {
      spec
        .given(running)
        .when(finish('n1'))
        .then([finished('n1'), opened('n2'), opened('n3')]);
      const saved: SessionEvent = { type: 'SessionJobPanelSaved', data: { ...job('n1'), values: { remarks: 'saved' } } };
      spec
        .given([...running, saved])
        .when(finish('n1', {}))
        .then([finished('n1', { remarks: 'saved' }), opened('n2'), opened('n3')]);
    });
    it('opens a job given to a user while it waited with its assignee and names, for their notification', () => {
      const assigned = (nodeId: string, userId: string, assignment: number): SessionEvent => ({
        type: 'SessionJobAssigned',
        data: { ...job(nodeId), userId, previousUserId: null, assignment, ...names },
      });
      spec
        .given([...running, assigned('n3', 'u1', 1), assigned('n3', 'u2', 2)])
        .when(finish('n1'))
        .then([
          finished('n1'),
          opened('n2'),
          { type: 'SessionJobOpened', data: { ...job('n3'), assignee: 'u2', assignment: 2, ...names } },
        ]);
    });
    it('does not finish with a required field empty, twice, or before it is open', () => {
      expect(decide(running, finish('n1', {}))).toMatchObject({ status: 422, errors: { remarks: ['Required.'] } });
      spec
        .given([...running, finished('n1')])
        .when(finish('n1'))
        .thenThrows(workflowMessages.jobFinished, 409);
      spec.given(running).when(finish('n3')).thenThrows(workflowMessages.jobNotOpen, 409);
      spec.given(running).when(finish('n2')).thenThrows(workflowMessages.jobNotManual, 422);
    });
  });

  describe('a node with several incoming links', () => {
    const middle = [...running, finished('n1'), opened('n2'), opened('n3')];
    it('opens only when all of them are finished, and the last job finishes the session', () => {
      spec
        .given(middle)
        .when(finish('n3'))
        .then([finished('n3')]);
      spec
        .given([...middle, finished('n3')])
        .when(command('FinishAutomatedJob', { jobId: toJobId('s1', 'n2'), result: { sent: 1 } }))
        .then([finishAuto('n2'), opened('n4')]);
      spec
        .given([...middle, finished('n3'), finishAuto('n2'), opened('n4')])
        .when(finish('n4'))
        .then([finished('n4'), { type: 'SessionFinished', data: ids }]);
    });
  });

  describe('an automated job', () => {
    const open = [...running, finished('n1'), opened('n2'), opened('n3')];
    it('finishes once: a second finish changes nothing', () =>
      spec
        .given([...open, finishAuto('n2')])
        .when(command('FinishAutomatedJob', { jobId: toJobId('s1', 'n2'), result: null }))
        .then([]));
    it('may set the session’s SBS code', () =>
      spec
        .given(open)
        .when(command('FinishAutomatedJob', { jobId: toJobId('s1', 'n2'), result: null, sbsCode: '02' }))
        .then([
          { type: 'SessionJobFinished', data: { ...job('n2'), values: {}, result: null } },
          { type: 'SessionSbsCodeChanged', data: { ...ids, sbsCode: '02', previousSbsCode: '01' } },
        ]));
    it('fails with its error, is retried by an admin and then finishes', () => {
      const failed: SessionEvent = { type: 'SessionJobFailed', data: { ...job('n2'), error: 'Table Log not found', attempts: 8 } };
      spec
        .given(open)
        .when(command('FailAutomatedJob', { jobId: toJobId('s1', 'n2'), error: 'Table Log not found', attempts: 8 }))
        .then([failed]);
      expect(fold(sessionDecider, [...open, failed]).jobs[1]).toMatchObject({
        status: 'failed',
        error: 'Table Log not found',
        attempts: 8,
      });
      spec
        .given([...open, failed])
        .when(command('FinishAutomatedJob', { jobId: toJobId('s1', 'n2'), result: null }))
        .thenThrows(workflowMessages.jobNotOpen, 409);
      const retried: SessionEvent = { type: 'SessionJobRetried', data: job('n2') };
      spec
        .given([...open, failed])
        .when(command('RetryAutomatedJob', { jobId: toJobId('s1', 'n2') }))
        .then([retried]);
      spec
        .given(open)
        .when(command('RetryAutomatedJob', { jobId: toJobId('s1', 'n2') }))
        .thenThrows(workflowMessages.jobNotFailed, 409);
      spec
        .given([...open, failed, retried])
        .when(command('FinishAutomatedJob', { jobId: toJobId('s1', 'n2'), result: null }))
        .then([{ type: 'SessionJobFinished', data: { ...job('n2'), values: {}, result: null } }]);
    });
    it('is not finished as a manual job, nor a manual job as an automated one', () => {
      spec
        .given(open)
        .when(command('FinishAutomatedJob', { jobId: toJobId('s1', 'n3'), result: null }))
        .thenThrows(workflowMessages.jobNotAutomated, 422);
      spec
        .given(running)
        .when(command('FinishAutomatedJob', { jobId: toJobId('s1', 'n2'), result: null }))
        .thenThrows(workflowMessages.jobNotOpen, 409);
    });
  });

  describe('the files of a manual job', () => {
    const photo = manualConfig([{ id: 'photo', label: 'Photo', type: 'file', required: true }]);
    const fileGraph = graphOf({ f1: photo, f2: form }, ['f1>f2']);
    const fileJob = (nodeId: string) => ({ ...ids, jobId: toJobId('s1', nodeId), nodeId });
    const fileStarted: SessionEvent = {
      type: 'SessionStarted',
      data: { ...(started.data as object), graph: fileGraph, jobs: ['f1', 'f2'].map((n) => ({ jobId: toJobId('s1', n), nodeId: n })) },
    } as SessionEvent;
    const fileRunning: SessionEvent[] = [fileStarted, { type: 'SessionJobOpened', data: fileJob('f1') }];
    const upload = (data: Partial<{ jobId: string; fileId: string; name: string; size: number; contentType: string }> = {}) =>
      command('UploadSessionJobFile', {
        jobId: toJobId('s1', 'f1'),
        fileId: 'file-1',
        name: ' plan.pdf ',
        size: 1234,
        contentType: 'application/pdf',
        ...data,
      });
    const uploaded: SessionEvent = {
      type: 'SessionJobFileUploaded',
      data: { ...fileJob('f1'), fileId: 'file-1', name: 'plan.pdf', size: 1234, contentType: 'application/pdf', userId: 'starter' },
    };
    const finishFile = (value: unknown) =>
      command('FinishSessionJob', {
        jobId: toJobId('s1', 'f1'),
        values: { photo: value },
        facts: { ...NO_PANEL_FACTS, knownFileIds: fold(sessionDecider, [...fileRunning, uploaded]).jobs[0]!.files.map((f) => f.fileId) },
      });

    it('takes a file of an open job with a file field, recorded with who uploaded it, once per file id', () => {
      spec.given(fileRunning).when(upload()).then([uploaded]);
      expect(fold(sessionDecider, [...fileRunning, uploaded]).jobs[0]!.files).toEqual([
        { fileId: 'file-1', name: 'plan.pdf', size: 1234, contentType: 'application/pdf', userId: 'starter' },
      ]);
      spec
        .given([...fileRunning, uploaded])
        .when(upload())
        .then([]);
      spec
        .given([...fileRunning, uploaded])
        .when(upload({ size: 99 }))
        .thenThrows(workflowMessages.jobFileExists, 409);
    });
    it('finishes with one of the job’s files as the field’s value, and refuses any other id', () => {
      spec
        .given([...fileRunning, uploaded])
        .when(finishFile('file-1'))
        .then([
          { type: 'SessionJobFinished', data: { ...fileJob('f1'), values: { photo: 'file-1' }, result: null } },
          { type: 'SessionJobOpened', data: fileJob('f2') },
        ]);
      expect(decide([...fileRunning, uploaded], finishFile('file-2'))).toMatchObject({
        status: 422,
        errors: { photo: [workflowMessages.fieldNotAFile] },
      });
    });
    it('refuses a job that is not open, finished, automated or without a file field', () => {
      spec.given([fileStarted]).when(upload()).thenThrows(workflowMessages.jobNotOpen, 409);
      const done: SessionEvent = { type: 'SessionJobFinished', data: { ...fileJob('f1'), values: { photo: 'file-1' }, result: null } };
      spec
        .given([...fileRunning, uploaded, done])
        .when(upload({ fileId: 'file-2' }))
        .thenThrows(workflowMessages.jobFinished, 409);
      spec
        .given(running)
        .when(upload({ jobId: toJobId('s1', 'n1') }))
        .thenThrows(workflowMessages.jobTakesNoFiles, 422);
      spec
        .given([...running, finished('n1'), opened('n2'), opened('n3')])
        .when(upload({ jobId: toJobId('s1', 'n2') }))
        .thenThrows(workflowMessages.jobNotManual, 422);
      spec
        .given(fileRunning)
        .when(upload({ jobId: 'nope' }))
        .thenThrows(workflowMessages.jobNotFound, 404);
    });
    it('refuses an empty name, an empty or too large file, a type not allowed, and more files than the maximum', () => {
      expect(decide(fileRunning, upload({ name: '  ' }))).toMatchObject({ status: 422, errors: { name: ['Required.'] } });
      expect(decide(fileRunning, upload({ size: 0 }))).toMatchObject({ status: 422, errors: { file: ['The file is empty.'] } });
      expect(decide(fileRunning, upload({ size: JOB_FILE_MAX_BYTES + 1 }))).toMatchObject({
        status: 422,
        errors: { file: ['The file is larger than 25 MB.'] },
      });
      expect(decide(fileRunning, upload({ contentType: 'application/x-msdownload' }))).toMatchObject({
        status: 422,
        errors: { file: ['This type of file cannot be attached.'] },
      });
      const full = Array.from({ length: JOB_FILES_MAX }, (_, i): SessionEvent => ({
        type: 'SessionJobFileUploaded',
        data: { ...(uploaded.data as object), fileId: `file-${i}` } as Extract<SessionEvent, { type: 'SessionJobFileUploaded' }>['data'],
      }));
      spec
        .given([...fileRunning, ...full])
        .when(upload({ fileId: 'one-more' }))
        .thenThrows(`A job has at most ${JOB_FILES_MAX} files.`, 422);
    });
  });

  describe('when deleted', () => {
    it('refuses every later command with 404', () => {
      spec
        .given(running)
        .when(command('DeleteSession', {}))
        .then([{ type: 'SessionDeleted', data: ids }]);
      const gone = [...running, { type: 'SessionDeleted', data: ids } as SessionEvent];
      spec.given(gone).when(finish('n1')).thenThrows(workflowMessages.sessionNotFound, 404);
      spec.given(gone).when(command('DeleteSession', {})).thenThrows(workflowMessages.sessionNotFound, 404);
    });
  });

  describe('progress', () => {
    it('is the share of finished jobs as a percentage, rounded down', () => {
      const state = fold(sessionDecider, [...running, finished('n1')]);
      expect(sessionProgress(state.jobs)).toBe(25);
      expect(sessionProgress([{ status: 'finished' }, { status: 'open' }, { status: 'waiting' }])).toBe(33);
      expect(sessionProgress([{ status: 'finished' }])).toBe(100);
      expect(sessionProgress([])).toBe(0);
    });
  });
});
