import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { labelMessages } from '../labels/messages';
import { parseEvent } from '../shared/envelope';
import { DomainError } from '../shared/domainError';
import { taskCreatedMessage, taskDecider, type TaskCommand } from './decide';
import { taskMessages } from './messages';
import { taskSchemas, type TaskEvent } from './task';
import { toTaskStreamId } from './taskStream';

const spec = deciderSpec(taskDecider);
const metadata = { actor: { userId: 'creator', licenceId: 'l1' }, now: '2026-01-01T09:00:00.000Z' };
const command = <T extends TaskCommand['type']>(type: T, data: Extract<TaskCommand, { type: T }>['data'], userId = 'creator') =>
  ({ type, data, metadata: { ...metadata, actor: { ...metadata.actor, userId } } }) as Extract<TaskCommand, { type: T }>;

type CreateData = Extract<TaskCommand, { type: 'CreateTask' }>['data'];
const createData = (over: Partial<CreateData> = {}): CreateData => ({
  taskId: 't1',
  licenceId: 'l1',
  projectId: 'p1',
  number: 7,
  title: '  Pour the slab ',
  priority: 'high',
  assignedTo: 'worker',
  assigneeCanSeeProject: true,
  parentAvailable: true,
  labelsAvailable: true,
  ...over,
});
const create = (over: Partial<CreateData> = {}) => command('CreateTask', createData(over));

const created: TaskEvent = {
  type: 'TaskCreated',
  data: {
    taskId: 't1',
    licenceId: 'l1',
    projectId: 'p1',
    number: 7,
    title: 'Pour the slab',
    description: null,
    parentId: null,
    taskType: null,
    metadata: null,
    sbscode: null,
    priority: 'high',
    assignedTo: 'worker',
    createdBy: 'creator',
    plannedStart: null,
    plannedEnd: null,
    due: null,
    isPrivate: false,
    labels: [],
    automated: false,
    automationId: null,
    createdAt: '2026-01-01T09:00:00.000Z',
  },
};
const automatedTask: TaskEvent = { type: 'TaskCreated', data: { ...created.data, automated: true, automationId: 'auto-1' } } as TaskEvent;
/** the task as the notifier needs it, carried on assignee, schedule and status events */
const notice = { title: 'Pour the slab', createdBy: 'creator', assignedTo: 'worker' };
const closed: TaskEvent = { type: 'TaskClosed', data: { taskId: 't1', ...notice } };
const canceled: TaskEvent = { type: 'TaskCanceled', data: { taskId: 't1', ...notice } };
const deleted: TaskEvent = { type: 'TaskDeleted', data: { taskId: 't1', projectId: 'p1' } };

const errorOf = (events: TaskEvent[], cmd: TaskCommand): DomainError => {
  const result = taskDecider.decide(cmd, fold(taskDecider, events));
  if (!(result instanceof DomainError)) throw new Error(`expected an error, got ${JSON.stringify(result)}`);
  return result;
};

describe('Task', () => {
  it('lives in the stream task-<id>', () => expect(toTaskStreamId('t1')).toBe('task-t1'));
  it('has a zod schema for every event it produces', () => expect(parseEvent(taskSchemas, 'TaskCreated', created.data)).toEqual(created));
  it("words the success text as the spec: Successfully created task '{title}'", () =>
    expect(taskCreatedMessage('Pour the slab')).toBe("Successfully created task 'Pour the slab'"));

  describe('when created', () => {
    it('records the task with its number, the trimmed title and the creator from the metadata', () =>
      spec.given([]).when(create()).then([created]));
    it('starts open, with no checks, appendixes, messages or relations', () =>
      expect(fold(taskDecider, [created])).toMatchObject({ status: 'open', checks: [], appendixes: [], messages: [], relations: [] }));
    it('records module fields: task type with custom fields, metadata JSON and sbscode', () => {
      const taskType = { type: 'rfi', rfi_x: 1.5, rfi_y: 2, rfi_module: 'gis-viewer', custom_1: 'planned', custom_11: 3 };
      spec
        .given([])
        .when(create({ taskType, metadata: { nl: 'Stort', en: 'Pour' }, sbscode: ' A.1 ' }))
        .then([{ type: 'TaskCreated', data: { ...created.data, taskType, metadata: { nl: 'Stort', en: 'Pour' }, sbscode: 'A.1' } }]);
    });
    it("refuses an empty title with 'Please fill in the tasks title' and the field error 'Required.'", () => {
      const error = errorOf([], create({ title: '  ' }));
      expect(error.message).toBe(taskMessages.titleRequired);
      expect(error.message).toBe('Please fill in the tasks title');
      expect(error.errors).toEqual({ title: ['Required.'] });
      expect(error.status).toBe(422);
    });
    it("refuses a missing assignee with 'Please add an assigned user'", () =>
      spec
        .given([])
        .when(create({ assignedTo: null }))
        .thenThrows('Please add an assigned user', 422));
    it("refuses a missing priority with 'Required.'", () =>
      spec
        .given([])
        .when(create({ priority: null }))
        .thenThrows('Required.', 422));
    it("refuses a missing project with 'Required.'", () =>
      spec
        .given([])
        .when(create({ projectId: '' }))
        .thenThrows('Required.', 422));
    it("refuses a description over 250 characters with 'Max 250 characters'", () => {
      spec
        .given([])
        .when(create({ description: 'x'.repeat(251) }))
        .thenThrows('Max 250 characters', 422);
      spec
        .given([])
        .when(create({ description: 'x'.repeat(250) }))
        .then([{ type: 'TaskCreated', data: { ...created.data, description: 'x'.repeat(250) } }]);
    });
    it('lists every field error at once, the title message first', () =>
      expect(errorOf([], create({ title: '', assignedTo: '', priority: null })).errors).toEqual({
        title: ['Required.'],
        priority: ['Required.'],
        assigned_to: ['Please add an assigned user'],
      }));
    it('refuses an automated task without an automation id', () =>
      spec
        .given([])
        .when(create({ automated: true, automationId: ' ' }))
        .thenThrows(taskMessages.automationRequired, 422));
    it('records the automation of an automated task', () =>
      spec
        .given([])
        .when(create({ automated: true, automationId: 'auto-1' }))
        .then([automatedTask]));
    it('refuses an assignee who cannot see the project', () =>
      spec
        .given([])
        .when(create({ assigneeCanSeeProject: false }))
        .thenThrows(taskMessages.assigneeCannotSeeProject, 422));
    it('refuses a planned end before the planned start', () =>
      spec
        .given([])
        .when(create({ plannedStart: '2026-02-10', plannedEnd: '2026-02-09' }))
        .thenThrows(taskMessages.plannedEndBeforeStart, 422));
    it('records a date-time in UTC, so dates compare as strings', () =>
      spec
        .given([])
        .when(create({ due: '2026-02-05T10:00:00+02:00' }))
        .then([{ type: 'TaskCreated', data: { ...created.data, due: '2026-02-05T08:00:00.000Z' } }]));
    it('refuses a date that does not parse', () =>
      spec
        .given([])
        .when(create({ due: 'tomorrow' }))
        .thenThrows(taskMessages.invalidDate, 422));
    it('refuses a number that is not a positive whole number', () =>
      spec
        .given([])
        .when(create({ number: 0 }))
        .thenThrows(taskMessages.invalidNumber, 422));
    it('answers 404 for a parent it may not see', () =>
      spec
        .given([])
        .when(create({ parentId: 'other', parentAvailable: false }))
        .thenThrows(taskMessages.parentNotFound, 404));
    it('answers 404 for a label of another licence or project', () =>
      spec
        .given([])
        .when(create({ labels: ['lb1'], labelsAvailable: false }))
        .thenThrows(labelMessages.notFound, 404));
    it('records each label once', () =>
      spec
        .given([])
        .when(create({ labels: ['lb1', 'lb1', 'lb2'] }))
        .then([{ type: 'TaskCreated', data: { ...created.data, labels: ['lb1', 'lb2'] } }]));
    it('refuses to create the same task twice', () => spec.given([created]).when(create()).thenThrows(taskMessages.alreadyExists, 409));
  });

  describe('when updated', () => {
    it('records only the detail fields that change', () =>
      spec
        .given([created])
        .when(command('UpdateTask', { title: 'Pour the slab', description: 'Level 2', priority: 'urgent' }))
        .then([{ type: 'TaskUpdated', data: { taskId: 't1', changes: { description: 'Level 2', priority: 'urgent' } } }]));
    it('appends nothing when nothing changes', () =>
      spec
        .given([created])
        .when(command('UpdateTask', { title: ' Pour the slab', priority: 'high' }))
        .then([]));
    it('records a new assignee with the previous one, for the notifier', () =>
      spec
        .given([created])
        .when(command('UpdateTask', { assignedTo: 'other', assigneeCanSeeProject: true }))
        .then([
          {
            type: 'TaskAssigned',
            data: { taskId: 't1', assignedTo: 'other', previousAssignee: 'worker', title: 'Pour the slab', createdBy: 'creator' },
          },
        ]));
    it('refuses a new assignee who cannot see the project', () =>
      spec
        .given([created])
        .when(command('UpdateTask', { assignedTo: 'stranger', assigneeCanSeeProject: false }))
        .thenThrows(taskMessages.assigneeCannotSeeProject, 422));
    it('refuses to clear the assignee or the title', () => {
      spec
        .given([created])
        .when(command('UpdateTask', { assignedTo: null }))
        .thenThrows(taskMessages.assigneeRequired, 422);
      spec
        .given([created])
        .when(command('UpdateTask', { title: '' }))
        .thenThrows(taskMessages.titleRequired, 422);
    });
    it('records a new schedule in one event, with the previous due date', () =>
      spec
        .given([created])
        .when(command('UpdateTask', { plannedStart: '2026-02-01', due: '2026-02-05' }))
        .then([
          {
            type: 'TaskRescheduled',
            data: { taskId: 't1', plannedStart: '2026-02-01', plannedEnd: null, due: '2026-02-05', previousDue: null, ...notice },
          },
        ]));
    it('moves the task under another parent', () =>
      spec
        .given([created])
        .when(command('UpdateTask', { parentId: 'p-task', parentAvailable: true, parentCycle: false }))
        .then([{ type: 'TaskParentChanged', data: { taskId: 't1', parentId: 'p-task', previousParentId: null } }]));
    it('refuses a parent that would make the task its own ancestor', () =>
      spec
        .given([created])
        .when(command('UpdateTask', { parentId: 'child', parentAvailable: true, parentCycle: true }))
        .thenThrows(taskMessages.parentCycle, 409));
    it('refuses the task as its own parent', () =>
      spec
        .given([created])
        .when(command('UpdateTask', { parentId: 't1', parentAvailable: true }))
        .thenThrows(taskMessages.parentIsSelf, 422));
    it('answers 404 for a task that does not exist', () =>
      spec
        .given([])
        .when(command('UpdateTask', { title: 'x' }))
        .thenThrows(taskMessages.notFound, 404));
  });

  describe('when closed', () => {
    it('records the closing of an open task', () => spec.given([created]).when(command('CloseTask', {})).then([closed]));
    it('appends nothing when closed again', () => spec.given([created, closed]).when(command('CloseTask', {})).then([]));
    it('refuses to cancel it', () =>
      spec.given([created, closed]).when(command('CancelTask', {})).thenThrows(taskMessages.cancelClosed, 409));
    it('refuses a change of its details', () =>
      spec
        .given([created, closed])
        .when(command('UpdateTask', { title: 'Other' }))
        .thenThrows('This task is closed. Reopen it to change it.', 409));
    it('refuses a new check, label, relation or appendix', () => {
      spec
        .given([created, closed])
        .when(command('AddTaskCheck', { checkId: 'c1', title: 'x' }))
        .thenThrows(/closed/, 409);
      spec
        .given([created, closed])
        .when(command('AddTaskLabel', { labelId: 'lb1', labelAvailable: true }))
        .thenThrows(/closed/, 409);
      spec
        .given([created, closed])
        .when(command('AddTaskRelation', { relatedTaskId: 't2', kind: 'predecessor', relatedTaskAvailable: true, wouldCreateCycle: false }))
        .thenThrows(/closed/, 409);
    });
    it('still takes messages', () =>
      spec
        .given([created, closed])
        .when(command('PostTaskMessage', { messageId: 'm1', message: 'Done, see photos' }, 'worker'))
        .then([
          {
            type: 'TaskMessagePosted',
            data: { taskId: 't1', message: { messageId: 'm1', userId: 'worker', message: 'Done, see photos', postedAt: metadata.now } },
          },
        ]));
    it('reopens, remembering it was closed', () =>
      spec
        .given([created, closed])
        .when(command('ReopenTask', {}))
        .then([{ type: 'TaskReopened', data: { taskId: 't1', previousStatus: 'closed', ...notice } }]));
  });

  describe('when canceled', () => {
    it('records the cancelling of an open task', () => spec.given([created]).when(command('CancelTask', {})).then([canceled]));
    it('appends nothing when canceled again', () => spec.given([created, canceled]).when(command('CancelTask', {})).then([]));
    it('refuses to close it', () =>
      spec.given([created, canceled]).when(command('CloseTask', {})).thenThrows(taskMessages.closeCanceled, 409));
    it('reopens', () =>
      spec
        .given([created, canceled])
        .when(command('ReopenTask', {}))
        .then([{ type: 'TaskReopened', data: { taskId: 't1', previousStatus: 'canceled', ...notice } }]));
    it('is open again after reopening', () =>
      expect(
        fold(taskDecider, [created, canceled, { type: 'TaskReopened', data: { taskId: 't1', previousStatus: 'canceled', ...notice } }])
          .status,
      ).toBe('open'));
  });

  describe('when reopened while open', () => {
    it('appends nothing', () => spec.given([created]).when(command('ReopenTask', {})).then([]));
  });

  describe('when executed', () => {
    it('starts the automation of an automated open task', () =>
      spec
        .given([automatedTask])
        .when(command('ExecuteTask', {}))
        .then([{ type: 'TaskExecuted', data: { taskId: 't1', automationId: 'auto-1' } }]));
    it('refuses a task without automation', () =>
      spec.given([created]).when(command('ExecuteTask', {})).thenThrows(taskMessages.notAutomated, 422));
    it('refuses a closed task', () =>
      spec.given([automatedTask, closed]).when(command('ExecuteTask', {})).thenThrows(taskMessages.executeNotOpen, 409));
  });

  describe('when deleted', () => {
    it('records the deletion', () =>
      spec
        .given([created])
        .when(command('DeleteTask', { hasChildren: false }))
        .then([deleted]));
    it('refuses while it has subtasks', () =>
      spec
        .given([created])
        .when(command('DeleteTask', { hasChildren: true }))
        .thenThrows(taskMessages.hasChildren, 409));
    it('answers 404 for every later command', () => {
      spec
        .given([created, deleted])
        .when(command('DeleteTask', { hasChildren: false }))
        .thenThrows(taskMessages.notFound, 404);
      spec.given([created, deleted]).when(command('CloseTask', {})).thenThrows(taskMessages.notFound, 404);
      spec
        .given([created, deleted])
        .when(command('PostTaskMessage', { messageId: 'm', message: 'hi' }))
        .thenThrows(taskMessages.notFound, 404);
    });
  });

  describe('when an appendix is added', () => {
    const file = { appendixId: 'a1', blobId: 'b1', name: ' plan.pdf ', size: 1000, contentType: 'application/pdf' };
    const added: TaskEvent = {
      type: 'TaskAppendixAdded',
      data: {
        taskId: 't1',
        appendix: {
          appendixId: 'a1',
          blobId: 'b1',
          name: 'plan.pdf',
          size: 1000,
          contentType: 'application/pdf',
          addedBy: 'creator',
          addedAt: metadata.now,
        },
      },
    };
    it('records its metadata: blob id, name, size, content type, who and when', () =>
      spec.given([created]).when(command('AddTaskAppendix', file)).then([added]));
    it('appends nothing when the same upload is retried', () =>
      spec.given([created, added]).when(command('AddTaskAppendix', file)).then([]));
    it('refuses a file over 25 MB', () =>
      spec
        .given([created])
        .when(command('AddTaskAppendix', { ...file, size: 25 * 1024 * 1024 + 1 }))
        .thenThrows('The file is larger than 25 MB.', 422));
    it('refuses an empty file and a type it does not accept', () => {
      spec
        .given([created])
        .when(command('AddTaskAppendix', { ...file, size: 0 }))
        .thenThrows(taskMessages.appendixEmpty, 422);
      spec
        .given([created])
        .when(command('AddTaskAppendix', { ...file, contentType: 'application/x-msdownload' }))
        .thenThrows(taskMessages.appendixType, 422);
    });
    it('removes it, naming the blob so its file can go', () =>
      spec
        .given([created, added])
        .when(command('RemoveTaskAppendix', { appendixId: 'a1' }))
        .then([{ type: 'TaskAppendixRemoved', data: { taskId: 't1', appendixId: 'a1', blobId: 'b1' } }]));
    it('answers 404 when removing an unknown appendix', () =>
      spec
        .given([created])
        .when(command('RemoveTaskAppendix', { appendixId: 'a1' }))
        .thenThrows(taskMessages.appendixNotFound, 404));
  });

  describe('when a message is posted', () => {
    const posted: TaskEvent = {
      type: 'TaskMessagePosted',
      data: { taskId: 't1', message: { messageId: 'm1', userId: 'creator', message: 'Hello', postedAt: metadata.now } },
    };
    it('records the author and time', () =>
      spec
        .given([created])
        .when(command('PostTaskMessage', { messageId: 'm1', message: ' Hello ' }))
        .then([posted]));
    it('appends nothing for a retried message id', () =>
      spec
        .given([created, posted])
        .when(command('PostTaskMessage', { messageId: 'm1', message: 'Hello' }))
        .then([]));
    it("refuses an empty message with 'Required.' and one over 2000 characters", () => {
      spec
        .given([created])
        .when(command('PostTaskMessage', { messageId: 'm1', message: ' ' }))
        .thenThrows('Required.', 422);
      spec
        .given([created])
        .when(command('PostTaskMessage', { messageId: 'm1', message: 'x'.repeat(2001) }))
        .thenThrows(taskMessages.messageTooLong, 422);
    });
  });

  describe('when checks change', () => {
    const added: TaskEvent = {
      type: 'TaskCheckAdded',
      data: { taskId: 't1', check: { checkId: 'c1', title: 'Formwork', checked: false } },
    };
    it('adds an unchecked check', () =>
      spec
        .given([created])
        .when(command('AddTaskCheck', { checkId: 'c1', title: ' Formwork ' }))
        .then([added]));
    it("refuses an empty title with 'Required.'", () =>
      spec
        .given([created])
        .when(command('AddTaskCheck', { checkId: 'c1', title: '' }))
        .thenThrows('Required.', 422));
    it('ticks it off', () =>
      spec
        .given([created, added])
        .when(command('UpdateTaskCheck', { checkId: 'c1', checked: true }))
        .then([{ type: 'TaskCheckUpdated', data: { taskId: 't1', check: { checkId: 'c1', title: 'Formwork', checked: true } } }]));
    it('appends nothing when nothing changes', () =>
      spec
        .given([created, added])
        .when(command('UpdateTaskCheck', { checkId: 'c1', checked: false }))
        .then([]));
    it('removes it', () =>
      spec
        .given([created, added])
        .when(command('RemoveTaskCheck', { checkId: 'c1' }))
        .then([{ type: 'TaskCheckRemoved', data: { taskId: 't1', checkId: 'c1' } }]));
    it('answers 404 for an unknown check', () => {
      spec
        .given([created])
        .when(command('UpdateTaskCheck', { checkId: 'c9', checked: true }))
        .thenThrows(taskMessages.checkNotFound, 404);
      spec
        .given([created])
        .when(command('RemoveTaskCheck', { checkId: 'c9' }))
        .thenThrows(taskMessages.checkNotFound, 404);
    });
  });

  describe('when labels change', () => {
    const added: TaskEvent = { type: 'TaskLabelAdded', data: { taskId: 't1', labelId: 'lb1' } };
    it('adds a label of the licence or the project', () =>
      spec
        .given([created])
        .when(command('AddTaskLabel', { labelId: 'lb1', labelAvailable: true }))
        .then([added]));
    it('appends nothing for a label it has', () =>
      spec
        .given([created, added])
        .when(command('AddTaskLabel', { labelId: 'lb1', labelAvailable: true }))
        .then([]));
    it('answers 404 for a label of another licence or project', () =>
      spec
        .given([created])
        .when(command('AddTaskLabel', { labelId: 'lb9', labelAvailable: false }))
        .thenThrows(labelMessages.notFound, 404));
    it('removes it', () =>
      spec
        .given([created, added])
        .when(command('RemoveTaskLabel', { labelId: 'lb1' }))
        .then([{ type: 'TaskLabelRemoved', data: { taskId: 't1', labelId: 'lb1' } }]));
    it('answers 404 when removing a label it does not have', () =>
      spec
        .given([created])
        .when(command('RemoveTaskLabel', { labelId: 'lb1' }))
        .thenThrows(taskMessages.labelNotOnTask, 404));
  });

  describe('when relations change', () => {
    const relate = (relatedTaskId: string, kind: 'predecessor' | 'successor', over: { available?: boolean; cycle?: boolean } = {}) =>
      command('AddTaskRelation', {
        relatedTaskId,
        kind,
        relatedTaskAvailable: over.available ?? true,
        wouldCreateCycle: over.cycle ?? false,
      });
    const predecessor: TaskEvent = { type: 'TaskRelationAdded', data: { taskId: 't1', relation: { taskId: 't0', kind: 'predecessor' } } };
    it('records a predecessor', () => spec.given([created]).when(relate('t0', 'predecessor')).then([predecessor]));
    it('appends nothing for a relation it has', () => spec.given([created, predecessor]).when(relate('t0', 'predecessor')).then([]));
    it('refuses a relation the handler found would close a cycle', () =>
      spec
        .given([created])
        .when(relate('t2', 'successor', { cycle: true }))
        .thenThrows(taskMessages.relationCycle, 409));
    it('refuses the same task as predecessor and successor, even without the handler', () =>
      spec.given([created, predecessor]).when(relate('t0', 'successor')).thenThrows(taskMessages.relationCycle, 409));
    it('refuses a relation to itself', () =>
      spec.given([created]).when(relate('t1', 'successor')).thenThrows(taskMessages.relationToSelf, 422));
    it('answers 404 for a task it may not see', () =>
      spec
        .given([created])
        .when(relate('t9', 'successor', { available: false }))
        .thenThrows(taskMessages.relatedTaskNotFound, 404));
    it('removes it', () =>
      spec
        .given([created, predecessor])
        .when(command('RemoveTaskRelation', { relatedTaskId: 't0', kind: 'predecessor' }))
        .then([{ type: 'TaskRelationRemoved', data: { taskId: 't1', relation: { taskId: 't0', kind: 'predecessor' } } }]));
    it('answers 404 when removing a relation it does not have', () =>
      spec
        .given([created])
        .when(command('RemoveTaskRelation', { relatedTaskId: 't0', kind: 'successor' }))
        .thenThrows(taskMessages.relationNotFound, 404));
  });
});
