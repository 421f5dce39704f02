import { describe, expect, it } from 'vitest';
import { parseImportBoolean, validateTaskImportChunk, validateTaskImportRow, type TaskImportContext, type TaskImportRow } from './import';
import { taskMessages } from './messages';

const context: TaskImportContext = {
  projectIds: new Set(['p1', 'p2']),
  users: new Map([
    ['u1', { userId: 'u1', projectIds: new Set(['p1']) }],
    ['ann@example.com', { userId: 'u1', projectIds: new Set(['p1']) }],
    ['u2', { userId: 'u2', projectIds: new Set(['p2']) }],
  ]),
  labels: new Map([
    ['lb1', { labelId: 'lb1', projectId: null }],
    ['urgent', { labelId: 'lb1', projectId: null }],
    ['lb2', { labelId: 'lb2', projectId: 'p2' }],
  ]),
};
const row: TaskImportRow = {
  title: 'Pour',
  priority: 'High',
  project: 'p1',
  assigned_to: 'Ann@Example.com',
  labels: 'Urgent, lb1',
  is_private: '1',
};

describe('Task import', () => {
  describe('a valid row', () => {
    it('becomes a task with users and labels named by e-mail or title resolved to ids', () =>
      expect(validateTaskImportRow(row, 3, context)).toEqual({
        row: 3,
        ok: true,
        task: {
          title: 'Pour',
          description: null,
          priority: 'high',
          projectId: 'p1',
          assignedTo: 'u1',
          plannedStart: null,
          plannedEnd: null,
          due: null,
          labels: ['lb1'],
          sbscode: null,
          isPrivate: true,
          taskType: null,
        },
      }));
    it('keeps the task type with its custom fields', () => {
      const result = validateTaskImportRow({ ...row, task_type: 'dhme-work-package', custom_1: 'planned', custom_11: 4 }, 0, context);
      expect(result.ok && result.task.taskType).toEqual({ type: 'dhme-work-package', custom_1: 'planned', custom_11: '4' });
    });
    it('takes the project the import runs in when the row names none', () =>
      expect(validateTaskImportRow({ ...row, project: undefined }, 0, { ...context, projectId: 'p1' }).ok).toBe(true));
  });

  describe('an invalid row', () => {
    it('lists every error of the row under its field', () =>
      expect(
        validateTaskImportRow({ description: 'x'.repeat(251), priority: 'asap', labels: 'nope', is_private: 'maybe' }, 5, context),
      ).toEqual({
        row: 5,
        ok: false,
        errors: {
          title: ['Required.'],
          description: ['Max 250 characters'],
          priority: [taskMessages.invalidPriority],
          project: ['Required.'],
          assigned_to: ['Please add an assigned user'],
          labels: ['Unknown label: nope.'],
          is_private: [taskMessages.invalidBoolean],
        },
      }));
    it('refuses an assignee who cannot see the project, and an unknown one', () => {
      expect(validateTaskImportRow({ ...row, assigned_to: 'u2' }, 0, context)).toMatchObject({
        ok: false,
        errors: { assigned_to: [taskMessages.assigneeCannotSeeProject] },
      });
      expect(validateTaskImportRow({ ...row, assigned_to: 'ghost' }, 0, context)).toMatchObject({
        ok: false,
        errors: { assigned_to: [taskMessages.unknownAssignee] },
      });
    });
    it("refuses a project label of another project and a project the importer can't use", () => {
      expect(validateTaskImportRow({ ...row, labels: 'lb2' }, 0, context)).toMatchObject({
        ok: false,
        errors: { labels: ['Unknown label: lb2.'] },
      });
      expect(validateTaskImportRow({ ...row, project: 'p9' }, 0, context)).toMatchObject({
        ok: false,
        errors: { project: [taskMessages.unknownProject] },
      });
    });
  });

  describe('a chunk', () => {
    it('is all tasks when every row is valid', () => {
      const result = validateTaskImportChunk([row, { ...row, title: 'Second' }], context);
      expect(result.ok && result.tasks.map((t) => t.title)).toEqual(['Pour', 'Second']);
    });
    it('is nothing but the failing rows, numbered from the first row of the chunk, when one row is invalid', () => {
      const result = validateTaskImportChunk([row, { ...row, title: '' }], context, 50);
      expect(result).toEqual({
        ok: false,
        rows: [{ row: 51, errors: { title: ['Required.'] } }],
        message: '1 rows have errors; nothing of this chunk was imported.',
      });
    });
    it('refuses more than 50 rows', () =>
      expect(
        validateTaskImportChunk(
          Array.from({ length: 51 }, () => row),
          context,
        ).ok,
      ).toBe(false));
  });

  it('parses booleans as spec 1 §5: true, 1, "1", "true"; nullable values pass through', () => {
    expect([true, 1, '1', 'true', 'TRUE'].map(parseImportBoolean)).toEqual([true, true, true, true, true]);
    expect([false, 0, '0', 'false'].map(parseImportBoolean)).toEqual([false, false, false, false]);
    expect([null, undefined, ''].map(parseImportBoolean)).toEqual([null, null, null]);
    expect(parseImportBoolean('yes')).toBeUndefined();
  });
});
