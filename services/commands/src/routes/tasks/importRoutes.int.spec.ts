import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { taskPartRoutes, taskRoutes } from '@stramien/api';
import { format, messages, TASK_IMPORT_CHUNK_SIZE, taskMessages } from '@stramien/domain';
import { DEMO } from '../../testing/testServer';
import { failure } from '../teams/testFixtures';
import { importedTaskId } from './importRoutes';
import { taskPartsSuite } from './taskTestKit';

const w = taskPartsSuite();
const userEmail = DEMO.user.email;

type Row = Record<string, unknown>;
const rows = (n: number, overrides: (i: number) => Row = () => ({})): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    title: `Imported ${i + 1}`,
    priority: 'high',
    project: w.memberProjectId,
    assigned_to: userEmail,
    ...overrides(i),
  }));
const send = (tasks: Row[], importId = randomUUID(), offset = 0, extra: Row = {}) =>
  w.user.call(taskPartRoutes.import, { body: { tasks, import: importId, offset, ...extra } as never });

describe('POST /api/tasks-import', () => {
  it('creates a chunk of 50 tasks, each with its own number, the assignee named by e-mail', async () => {
    const importId = randomUUID();
    const res = await send(
      rows(TASK_IMPORT_CHUNK_SIZE, (i) => (i === 0 ? { is_private: '1', due: '2026-03-01' } : {})),
      importId,
      100,
    );
    expect(res.message).toBe(taskMessages.imported);
    expect(res.data).toHaveLength(TASK_IMPORT_CHUNK_SIZE);
    const numbers = res.data.map((t) => t.number);
    expect(new Set(numbers).size).toBe(TASK_IMPORT_CHUNK_SIZE);
    expect(res.data[0]!.id).toBe(importedTaskId(w.demoLicenceId, w.userId, importId, 100));
    const first = await w.user.call(taskRoutes.get, { params: { id: res.data[0]!.id }, minPosition: res.position });
    expect(first.data).toMatchObject({
      title: 'Imported 1',
      priority: 'high',
      assigned_to: w.userId,
      created_by: w.userId,
      project: w.memberProjectId,
      is_private: true,
      due: '2026-03-01',
    });
  });

  it('takes labels as a comma-separated list and the project the dialog fixed', async () => {
    const res = await send(
      [{ title: 'Labelled', priority: 'low', assigned_to: w.userId, labels: `${w.labels.licence}, ${w.labels.project}` }],
      randomUUID(),
      0,
      {
        project: w.memberProjectId,
      },
    );
    const task = await w.user.call(taskRoutes.get, { params: { id: res.data[0]!.id }, minPosition: res.position });
    expect(task.data.labels.sort()).toEqual([w.labels.licence, w.labels.project].sort());
  });

  it('creates each task once when a chunk is sent again, and answers the same ids and numbers', async () => {
    const importId = randomUUID();
    const chunk = rows(10);
    const first = await send(chunk, importId, 50);
    await w.appendsNothing(async () => {
      const again = await send(chunk, importId, 50);
      expect(again.data).toEqual(first.data);
    });
    // the same rows under another import are new tasks
    const other = await send(chunk, randomUUID(), 50);
    expect(other.data.map((t) => t.id)).not.toEqual(first.data.map((t) => t.id));
  });

  it('refuses the whole chunk when one row is bad, listing every bad row numbered from the start of the file, appending nothing', async () => {
    await w.appendsNothing(async () => {
      const chunk = rows(5, (i) =>
        i === 1 ? { title: '' } : i === 3 ? { assigned_to: 'nobody@example.test', priority: 'someday', labels: 'No such label' } : {},
      );
      expect(await failure(send(chunk, randomUUID(), 200))).toEqual({
        status: 422,
        message: format(taskMessages.importRowsInvalid, { count: 2 }),
        errors: {
          'tasks.201.title': [taskMessages.required],
          'tasks.203.priority': [taskMessages.invalidPriority],
          'tasks.203.assigned_to': [taskMessages.unknownAssignee],
          'tasks.203.labels': [format(taskMessages.unknownLabel, { label: 'No such label' })],
        },
      });
    });
  });

  it.each([
    ['a project the user is not in', () => w.foreignProjectId],
    ['a project of another licence', () => w.otherLicenceProjectId],
    ['an unknown project', () => randomUUID()],
  ])("answers a row in %s with 'Unknown project.', appending nothing", async (_name, project) => {
    expect(await w.refused(() => send(rows(2, (i) => (i === 1 ? { project: project() } : {}))))).toMatchObject({
      status: 422,
      errors: { 'tasks.1.project': [taskMessages.unknownProject] },
    });
  });

  it("answers an assignee outside the licence with 'Unknown user.'", async () => {
    expect(await failure(send(rows(1, () => ({ project: w.memberProjectId, assigned_to: w.outsiderId }))))).toMatchObject({
      status: 422,
      errors: { 'tasks.0.assigned_to': [taskMessages.unknownAssignee] },
    });
  });

  it.each([
    ['more than 50 rows', () => ({ tasks: rows(51), import: randomUUID(), offset: 0 })],
    ['no rows', () => ({ tasks: [], import: randomUUID(), offset: 0 })],
    ['no import id', () => ({ tasks: [{ title: 'x' }], offset: 0 })],
    ['a negative offset', () => ({ tasks: [{ title: 'x' }], import: randomUUID(), offset: -1 })],
    ['a 1 MB title', () => ({ tasks: [{ title: 'x'.repeat(1_000_000) }], import: randomUUID(), offset: 0 })],
    ['an unknown column', () => ({ tasks: [{ title: 'x', colour: 'red' }], import: randomUUID(), offset: 0 })],
    [
      'a project fixed by the dialog that is not a uuid',
      () => ({ tasks: [{ title: 'x' }], import: randomUUID(), offset: 0, project: 'p1' }),
    ],
  ])('answers 400 for %s, appending nothing', async (_name, body) => {
    expect(await w.refused(() => w.user.call(taskPartRoutes.import, { body: body() as never }))).toMatchObject({
      status: 400,
      message: messages.shared.invalidInput,
    });
  });

  it('answers 404 when the dialog fixes a project the user cannot see', async () => {
    expect((await w.refused(() => send(rows(1), randomUUID(), 0, { project: w.foreignProjectId }))).status).toBe(404);
    expect((await w.refused(() => send(rows(1), randomUUID(), 0, { project: w.otherLicenceProjectId }))).status).toBe(404);
  });
});
